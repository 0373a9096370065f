// A deployable CSAR of a resolved template: the resolved template as its entry definitions (where
// the template was, so every relative path it names still resolves), TOSCA-Metadata/TOSCA.meta, and
// every file of the template's folder it still needs (needed.ts), paths unchanged. It is written
// as one more output, all or nothing with the others (app/io.ts): an archive when OUT ends in .csar
// or .zip, else a folder, which replaces only an empty folder or a CSAR folder Trellis wrote and
// nobody changed since (its manifest says which files it wrote, with their SHA-256).
import fs from 'node:fs'
import path from 'node:path'
import type {Zippable} from 'fflate'
import {entryNameProblem, fflatePackage, isArchiveName, readRegularFile, realpath, TOSCA_META, type LoadedTemplate} from '../../engine/index.js'
import {UsageError} from '../errors.js'
import type {Content, OutputTarget} from '../io.js'
import {neededFiles, type NeededFiles} from './needed.js'
import {CSAR_MANIFEST, manifestText, writtenByTrellis} from './manifest.js'

/** Files one CSAR may take along, all together (the template's own folder: a larger one is a mistake). */
const MAX_CSAR_BYTES = 1024 * 1024 * 1024

/** The CSAR's files by path inside it, made in memory (every byte of them is written to one place). */
export interface CsarContent {
    readonly entries: ReadonlyMap<string, Uint8Array>
    readonly needed: NeededFiles
}

/** The output `--csar OUT` names, for checkOutputs: a folder replaces only a CSAR Trellis wrote. */
export function csarTarget(flag: string, out: string): OutputTarget {
    return isArchiveName(out) ? {flag, file: out} : {flag, file: out, folder: {problem: writtenByTrellis}}
}

/** What `--csar OUT` writes: the archive's bytes, or the folder's files. */
export function csarOutput(out: string, content: CsarContent): Content {
    return isArchiveName(out) ? csarArchive(content) : {folder: content.entries}
}

/**
 * What the CSAR of the resolved template `text` (its YAML) holds; `out`: where it goes, never taken
 * into itself (an OUT inside a folder it takes along would hold the CSAR written before).
 */
export function csarContent(template: LoadedTemplate, output: unknown, text: string, out?: string): CsarContent {
    const found = neededFiles(template, output)
    const skipped: string[] = []
    const outside = out === undefined ? undefined : (realpath(out) ?? path.resolve(out))
    const entry = path.basename(template.file)
    const entries = new Map<string, Uint8Array>()
    let total = 0
    const add = (name: string, bytes: Uint8Array) => {
        // what Trellis writes it must be able to read again (a backslash, a line break in TOSCA.meta)
        const problem = entryNameProblem(name)
        if (problem) throw new UsageError(`--csar: the file "${name}" cannot be put in a CSAR: ${problem}`)
        total += bytes.length
        if (total > MAX_CSAR_BYTES) throw new UsageError(`--csar: the files the resolved template needs come to more than ${MAX_CSAR_BYTES / 1024 / 1024} MiB`)
        entries.set(name, bytes)
    }
    for (const file of found.files)
        for (const inside of regularFiles(template.dir, file, outside, skipped))
            if (inside !== entry) add(inside, readRegularFile(path.join(template.dir, ...inside.split('/')), inside))
    add(entry, Buffer.from(text, 'utf8'))
    add(TOSCA_META.split(path.sep).join('/'), Buffer.from(`TOSCA-Meta-File-Version: 1.1\nCSAR-Version: 1.1\nCreated-By: Trellis\nEntry-Definitions: ${entry}\n`, 'utf8'))
    entries.set(CSAR_MANIFEST, Buffer.from(manifestText(entries), 'utf8'))
    // a named file that is no regular file (a FIFO, a device) is not taken: said as one the folder does not hold
    return {entries, needed: {files: found.files, missing: [...found.missing, ...skipped].sort()}}
}

/**
 * The regular files at `relative` (a file, or every regular file below a folder), `/`-separated
 * and relative to `root`, sorted; walked with a list, not a call per folder level, and no deeper
 * than a CSAR may be. Links below a named folder are left behind: they could lead anywhere; so are
 * the folder `out` (the CSAR being written) and what a write stages. A named file that is no
 * regular file or folder goes to `skipped`.
 */
function regularFiles(root: string, relative: string, out: string | undefined, skipped: string[]): string[] {
    const start = relative.split(path.sep).join('/')
    const stat = fs.statSync(path.join(root, relative))
    if (stat.isFile()) return [start]
    if (!stat.isDirectory()) {
        skipped.push(start)
        return []
    }
    const found: string[] = []
    const base = realpath(root) ?? root
    const pending = [start]
    while (pending.length > 0) {
        const folder = pending.pop()!
        for (const entry of fs.readdirSync(path.join(root, ...folder.split('/')), {withFileTypes: true})) {
            const name = `${folder}/${entry.name}`
            if (entry.name.includes('.trellis-tmp-') || (out !== undefined && path.join(base, ...name.split('/')) === out)) continue
            if (entry.isDirectory()) {
                const problem = entryNameProblem(`${name}/`)
                if (problem) throw new UsageError(`--csar: the folder "${name}" cannot be put in a CSAR: ${problem}`)
                pending.push(name)
            } else if (entry.isFile()) found.push(name)
        }
    }
    return found.sort()
}

/** The CSAR as a zip archive (fixed times: the same CSAR gives the same bytes). */
function csarArchive(content: CsarContent): Uint8Array {
    const files: Zippable = {}
    for (const [name, bytes] of content.entries) files[name] = [bytes, {mtime: ARCHIVE_TIME}]
    return fflatePackage().zipSync(files, {level: 6})
}

const ARCHIVE_TIME = new Date('2000-01-01T00:00:00Z')
