// Where a file really is, for keeping what a template names inside the template's folder.
import fs from 'node:fs'
import path from 'node:path'

/** Whether `file` lies below `dir` (not `dir` itself). */
export function isBelow(file: string, dir: string): boolean {
    const relative = path.relative(dir, file)
    // `..name` is a file below; `..` and `../x` are not
    return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative)
}

/** The path with every symbolic link resolved; undefined when it does not exist. */
export function realpath(file: string): string | undefined {
    try {
        return fs.realpathSync(file)
    } catch {
        return undefined
    }
}

/** Folders messages name otherwise (an unpacked archive, by the archive's name), by their path. */
const aliases = new Map<string, string>()

/** Messages name the files below `dir` as `name/…` (see archive.ts). */
export function showAs(dir: string, name: string): void {
    aliases.set(path.resolve(dir), name)
}

/**
 * A file as every shell names it to a user — in a location (file:line:col) of an error, an
 * explanation, a conflict, the wizard's panes — and as an input value's source: below an aliased
 * folder by its alias, else relative to the working directory when it lies below it (as compilers
 * print), else as it was given (absolute when given so). The one rule: the conformance and
 * differential tooling read locations in this form.
 */
export function shownPath(file: string, cwd = process.cwd()): string {
    const absolute = path.resolve(cwd, file)
    for (const [dir, name] of aliases) if (isBelow(absolute, dir)) return path.join(name, path.relative(dir, absolute))
    return isBelow(absolute, cwd) ? path.relative(cwd, absolute) : file
}

/** Whether `file` is a folder (following links); false when it does not exist. */
/** The entry itself at `file` (a link is not followed), or undefined when there is none or it cannot be read. */
export function entryAt(file: string): fs.Stats | undefined {
    try {
        return fs.lstatSync(file)
    } catch {
        return undefined
    }
}

export function isDirectory(file: string): boolean {
    try {
        return fs.statSync(file).isDirectory()
    } catch {
        return false
    }
}
