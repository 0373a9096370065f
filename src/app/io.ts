// File output for the shells: atomic writes, so a failed run never leaves a
// half-written file and an existing file is replaced only by a complete one; and
// checks, before anything runs, that no output would destroy something else.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {batches, entryAt, isBelow, isDirectory, processRunning, realpath, writeAll} from '../engine/index.js'
import {UsageError} from './errors.js'
import {refuseIfParentGone} from './parent.js'

/** A folder's files by their `/`-separated path inside it (a CSAR folder), written as one output. */
export interface FolderContent {
    readonly folder: ReadonlyMap<string, Uint8Array>
}

/** What an output holds: a text, a text made piece by piece while it is written, bytes (an archive), or a folder. */
export type Content = string | Uint8Array | Iterable<string> | FolderContent

function isFolder(content: Content): content is FolderContent {
    return typeof content === 'object' && 'folder' in content
}

export function writeFileAtomic(file: string, content: Content): Promise<void> {
    return writeFilesAtomic([{file, content}])
}

/** Signals that end a process by default and can be caught: held back while files are staged. */
const DEFERRED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Writes every file or none: each goes to a temporary file beside its target first, and only when
 * all are written are they renamed into place (a folder too: made in full beside its target, and
 * put in its place in one rename). Temporary files are removed on every failure. An
 * interrupt (Ctrl-C, SIGTERM, SIGHUP) arriving meanwhile is a failure too: nothing is renamed, the
 * temporary files are removed, and then the signal takes effect (the process ends as it would
 * have). The event loop turns between pieces and before renaming, so that a signal is seen while
 * the files are still temporary. A temporary file or folder left by a killed process (SIGKILL,
 * power loss) is removed by the next write of the same output.
 */
export async function writeFilesAtomic(files: readonly {readonly file: string; readonly content: Content}[]): Promise<void> {
    let staging = true
    let received: NodeJS.Signals | undefined
    const release = () => {
        for (const signal of DEFERRED_SIGNALS) process.off(signal, hold)
        // sent again, now that no temporary file is left: the default action, or the handlers that remain
        // (some act only when they are the last listener, which they were not while staging)
        if (received) process.kill(process.pid, received)
    }
    const hold = (signal: NodeJS.Signals) => {
        received ??= signal
        if (!staging) release()
    }
    for (const signal of DEFERRED_SIGNALS) process.on(signal, hold)
    try {
        await stageAndRename(files, () => received !== undefined)
    } finally {
        staging = false
        // a signal that arrived while staging is dispatched by the event loop after this returns, when
        // it polls for I/O: keep listening until it has polled once (the second check phase after now
        // comes after a poll, from whichever phase this runs in), not for a time a busy machine may outlast
        if (received) release()
        else setImmediate(() => setImmediate(release))
    }
}

/** Lets the event loop poll once (signal handlers run then): the second check phase after now comes after a poll. */
function turn(): Promise<void> {
    return new Promise(resolve => setImmediate(() => setImmediate(resolve)))
}

/** Writing stopped by a signal, before anything was renamed: its temporary files are gone. */
class WriteInterrupted extends UsageError {}

async function stageAndRename(files: readonly {readonly file: string; readonly content: Content}[], interrupted: () => boolean): Promise<void> {
    const staged: {temp: string; target: string; file: string}[] = []
    const stop = async () => {
        await turn()
        if (interrupted()) throw new WriteInterrupted('interrupted: nothing written')
    }
    try {
        for (const [index, {file, content}] of files.entries()) {
            const target = path.resolve(file)
            removeLeftovers(target)
            const temp = path.join(path.dirname(target), `${tempPrefix(target)}${process.pid}-${Date.now().toString(36)}-${index}`)
            staged.push({temp, target, file})
            if (isFolder(content)) await stageFolder(temp, content, stop)
            else await stageFile(temp, target, content, stop)
        }
        // the last moment a signal, or a process started for a command that is gone, can still change nothing
        await stop()
        refuseIfParentGone()
        renameAll(staged)
    } catch (e) {
        for (const {temp} of staged) removeQuietly(temp)
        // name the file asked for, not the temporary one beside it
        const error = e as NodeJS.ErrnoException
        const asked = staged.find(s => s.temp === error?.path)
        if (asked) error.path = asked.file
        throw e
    }
}

/**
 * Renames each staged file onto its target. With several, every target file that exists is first
 * linked beside itself, so a rename failing half way (a target that became a folder, a full
 * directory table) puts back the targets already replaced: all outputs change or none. A folder
 * cannot be renamed onto another: the one it replaces is renamed aside first (put back on a
 * failure, removed once everything is in place).
 */
function renameAll(staged: readonly {readonly temp: string; readonly target: string}[]): void {
    const folders = staged.filter(s => fs.lstatSync(s.temp).isDirectory())
    if (staged.length === 1 && folders.length === 0) return fs.renameSync(staged[0]!.temp, staged[0]!.target)
    const previous: (string | undefined)[] = []
    let done = 0
    try {
        for (const {temp, target} of staged) {
            const backup = fs.existsSync(target) ? `${temp}.previous` : undefined
            // pushed first: a backup that fails half made is removed with the others
            previous.push(backup)
            if (!backup) continue
            if (folders.some(f => f.temp === temp)) fs.renameSync(target, backup)
            else
                try {
                    fs.linkSync(target, backup)
                } catch {
                    fs.copyFileSync(target, backup)
                }
        }
        for (; done < staged.length; done++) fs.renameSync(staged[done]!.temp, staged[done]!.target)
    } catch (e) {
        for (let i = 0; i < previous.length; i++) {
            const {temp, target} = staged[i]!
            const backup = previous[i]
            const folder = folders.some(f => f.temp === temp)
            if (i < done) {
                // the new output is in place: the old one goes back over it, or it goes
                if (!backup || folder) fs.rmSync(target, {recursive: true, force: true})
                if (backup) fs.renameSync(backup, target)
            } else if (folder && backup && !entryAt(target)) fs.renameSync(backup, target)
        }
        throw e
    } finally {
        // everything is in place: an old output that cannot be removed (a folder made read-only) is no failure
        for (const backup of previous) if (backup) removeQuietly(backup)
    }
}

/**
 * The start of a temporary file's name beside `target`. A name may be 255 bytes long, and the
 * temporary one adds about 30: a long name is shortened, a hash of it keeping it apart from others.
 */
function tempPrefix(target: string): string {
    const name = path.basename(target)
    const bytes = Buffer.from(name)
    if (bytes.length <= MAX_KEPT_NAME) return `.${name}.trellis-tmp-`
    const hash = crypto.createHash('sha256').update(name).digest('hex').slice(0, 8)
    // cut on a character, not inside one
    const kept = new TextDecoder('utf-8', {fatal: false}).decode(bytes.subarray(0, MAX_KEPT_NAME - 9)).replace(/\uFFFD$/, '')
    return `.${kept}~${hash}.trellis-tmp-`
}
/** Of a target's name, the bytes a temporary name keeps (with the 8 of a hash when shortened). */
const MAX_KEPT_NAME = 200

/**
 * Temporary files and folders of `target` whose process is gone (killed before it could clean up).
 * A folder that process had renamed aside to put a new one in its place is put back when the new
 * one never arrived.
 */
function removeLeftovers(target: string): void {
    const prefix = tempPrefix(target)
    let names: string[]
    try {
        names = fs.readdirSync(path.dirname(target)).filter(n => n.startsWith(prefix))
    } catch {
        return
    }
    for (const name of names) {
        const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1])
        if (!Number.isSafeInteger(pid) || pid === process.pid || processRunning(pid)) continue
        const leftover = path.join(path.dirname(target), name)
        try {
            if (name.endsWith('.previous') && !entryAt(target)) fs.renameSync(leftover, target)
            else removeQuietly(leftover)
        } catch {
            // what cannot be put back or removed never stops a write of its own
        }
    }
}

/** An output a command will write, with the flag that named it (for messages). */
export interface OutputTarget {
    readonly flag: string
    readonly file: string
    /** A folder written as one output (a CSAR folder): why the folder there may not be replaced, if it may not. */
    readonly folder?: {readonly problem: (dir: string) => string | undefined}
}

/**
 * Refuses, before anything is resolved or written, an output that would destroy something: one
 * that is an input of the run (the template, an inputs file) or, for a folder, holds one, the same
 * file as another output or a folder holding it, anything but a regular file or a new path (a
 * device, a folder, a FIFO; for a folder output, anything but a folder its `problem` allows), a
 * symbolic link (renaming onto it would replace the link, not its target: name the target
 * instead), or a path whose folder does not exist. Every path is judged as it resolves (`x/..`,
 * a trailing `/`, links in the folders above), as the writer will use it.
 */
export function checkOutputs(targets: readonly OutputTarget[], inputs: readonly string[]): void {
    const seen: {target: OutputTarget; id: string; place: string}[] = []
    for (const target of targets) {
        if (target.file.trim() === '') throw new UsageError(`${target.flag} expects a ${target.folder ? 'folder or archive' : 'file'} name`)
        const absolute = path.resolve(target.file)
        const folder = path.dirname(absolute)
        if (!isDirectory(folder)) throw new UsageError(`${target.flag} ${target.file}: the folder ${path.relative(process.cwd(), folder) || '.'} does not exist`)
        const entry = entryAt(absolute)
        if (entry?.isSymbolicLink()) throw new UsageError(`${target.flag} ${target.file} is a symbolic link: name the ${target.folder ? 'folder' : 'file'} it points to instead`)
        const id = identity(absolute)
        if (target.folder) checkFolder(target, absolute, entry, inputs)
        else if (entry && !entry.isFile()) throw new UsageError(`${target.flag} ${target.file} is not a regular file`)
        for (const input of inputs)
            if (identity(path.resolve(input)) === id) throw new UsageError(`${target.flag} ${target.file} is an input of this run (${input}): it would be overwritten`)
        const twin = seen.find(s => s.id === id)
        if (twin) throw new UsageError(`${twin.target.flag} and ${target.flag} name the same file (${target.file})`)
        const place = placeOf(absolute)
        const within = seen.find(s => (s.target.folder && isBelow(place, s.place)) || (target.folder && isBelow(s.place, place)))
        if (within) {
            const [inner, outer] = target.folder && isBelow(within.place, place) ? [within.target, target] : [target, within.target]
            throw new UsageError(`${inner.flag} ${inner.file} lies inside the folder ${outer.flag} ${outer.file} writes`)
        }
        seen.push({target, id, place})
    }
}

/** A folder output replaces only a folder its `problem` allows, never one holding an input or the working folder. */
function checkFolder(target: OutputTarget, absolute: string, entry: fs.Stats | undefined, inputs: readonly string[]): void {
    const shown = `${target.flag} ${target.file}`
    if (entry && !entry.isDirectory()) throw new UsageError(`${shown} exists and is not a folder`)
    if (!entry) return
    const real = realpath(absolute) ?? absolute
    for (const input of inputs) {
        const inside = realpath(input) ?? path.resolve(input)
        if (inside === real || isBelow(inside, real)) throw new UsageError(`${shown} is or holds an input of this run (${input}): it would be replaced`)
    }
    const here = realpath(process.cwd()) ?? process.cwd()
    if (here === real || isBelow(here, real)) throw new UsageError(`${shown} is the working folder or holds it: it would be replaced`)
    const problem = target.folder!.problem(absolute)
    if (problem) throw new UsageError(`${shown}: ${problem}`)
}

/** Where `file` is, every link in its folders resolved (it need not exist). */
function placeOf(file: string): string {
    const folder = realpath(path.dirname(file)) ?? path.dirname(file)
    return path.join(folder, path.basename(file))
}

/**
 * The same string for two paths of one file (hard links and symbolic links included); for a file
 * still to be made, its real folder and its name: `out.md` and `here/out.md` with `here -> .` are
 * one file, which the second write would replace.
 */
function identity(file: string): string {
    try {
        const s = fs.statSync(file)
        return `${s.dev}:${s.ino}`
    } catch {
        try {
            return path.join(fs.realpathSync(path.dirname(path.resolve(file))), path.basename(file))
        } catch {
            return path.resolve(file)
        }
    }
}

/**
 * Writes `content` to the new file `temp`, complete or with an error: every byte, then flushed to
 * the disk (fsync, a few milliseconds), so that once renamed into place it is whole even after a
 * power loss. A file replacing `target` gets its mode, and its owner where this process may set it.
 */
async function stageFile(temp: string, target: string, content: Exclude<Content, FolderContent>, stop: () => Promise<void>): Promise<void> {
    const replaced = entryAt(target)
    // a replaced file's content is never readable by more than the old one was, not even while staged
    const fd = fs.openSync(temp, 'wx', replaced?.isFile() ? 0o600 : 0o666)
    try {
        const pieces = content instanceof Uint8Array ? [content] : batches(typeof content === 'string' ? [content] : content, 1 << 20)
        for (const piece of pieces) {
            refuseIfParentGone()
            writeAll(fd, piece)
            await stop()
        }
        if (replaced?.isFile()) keepModeAndOwner(fd, replaced)
        fs.fsyncSync(fd)
    } catch (e) {
        // a failed write(2) names no file: name the temporary one, which the caller names as asked
        const error = e as NodeJS.ErrnoException
        if (error && typeof error === 'object' && typeof error.syscall === 'string' && error.path === undefined) error.path = temp
        throw e
    } finally {
        fs.closeSync(fd)
    }
}

/**
 * Removes a file or folder this process staged or replaced, as far as it can: a folder someone made
 * read-only is made writable first; what still cannot go is left (the next write tries again).
 */
function removeQuietly(file: string): void {
    try {
        fs.rmSync(file, {recursive: true, force: true})
    } catch {
        try {
            writable(file)
            fs.rmSync(file, {recursive: true, force: true})
        } catch {
            // left for the next write of the same output
        }
    }
}

/** Makes every folder below `dir` (links not followed) writable by its owner, walked with a list. */
function writable(dir: string): void {
    const pending = [dir]
    while (pending.length > 0) {
        const folder = pending.pop()!
        if (!fs.lstatSync(folder).isDirectory()) continue
        fs.chmodSync(folder, 0o700)
        for (const entry of fs.readdirSync(folder, {withFileTypes: true})) if (entry.isDirectory()) pending.push(path.join(folder, entry.name))
    }
}

/** Writes a folder's files below the new folder `temp`, each complete and flushed to the disk. */
async function stageFolder(temp: string, content: FolderContent, stop: () => Promise<void>): Promise<void> {
    fs.mkdirSync(temp, {mode: 0o755})
    for (const [name, bytes] of content.folder) {
        const file = path.join(temp, ...name.split('/'))
        fs.mkdirSync(path.dirname(file), {recursive: true})
        const fd = fs.openSync(file, 'wx', 0o644)
        try {
            refuseIfParentGone()
            writeAll(fd, bytes)
            fs.fsyncSync(fd)
        } finally {
            fs.closeSync(fd)
        }
        await stop()
    }
}

/** The owner (chown clears set-user-ID bits, so first) and the mode of the file replaced. */
function keepModeAndOwner(fd: number, replaced: fs.Stats): void {
    try {
        fs.fchownSync(fd, replaced.uid, replaced.gid)
    } catch {
        // another user's file, or a group this process is not in: the new file is this process's
    }
    fs.fchmodSync(fd, replaced.mode & 0o7777)
}
