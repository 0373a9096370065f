// A deployable CSAR of a resolved template: the resolved template as its entry definitions (where
// the template was, so every relative path it names still resolves), TOSCA-Metadata/TOSCA.meta, and
// every file of the template's folder it still needs (needed.ts), paths unchanged. An archive
// (OUT ending in .csar or .zip) is one more output written all or nothing with the others; a folder
// is made beside OUT and put in its place in one rename, replacing only a CSAR folder.
import fs from 'node:fs'
import path from 'node:path'
import type {Zippable} from 'fflate'
import {fflatePackage, isArchiveName, isCsarFolder, readRegularFile, TOSCA_META, type LoadedTemplate} from '../../engine/index.js'
import {UsageError} from '../errors.js'
import {writeAll} from '../write-all.js'
import {neededFiles, type NeededFiles} from './needed.js'

/** Files one CSAR may take along, all together (the template's own folder: a larger one is a mistake). */
const MAX_CSAR_BYTES = 1024 * 1024 * 1024

/** The CSAR's files by path inside it, made in memory (every byte of them is written to one place). */
export interface CsarContent {
    readonly entries: ReadonlyMap<string, Uint8Array>
    readonly needed: NeededFiles
}

/** What the CSAR of the resolved template `text` (its YAML) holds. */
export function csarContent(template: LoadedTemplate, output: unknown, text: string): CsarContent {
    const needed = neededFiles(template, output)
    const entry = path.basename(template.file)
    const entries = new Map<string, Uint8Array>()
    let total = 0
    const add = (name: string, bytes: Uint8Array) => {
        total += bytes.length
        if (total > MAX_CSAR_BYTES) throw new UsageError(`--csar: the files the resolved template needs come to more than ${MAX_CSAR_BYTES / 1024 / 1024} MiB`)
        entries.set(name.split(path.sep).join('/'), bytes)
    }
    for (const file of needed.files)
        for (const inside of regularFiles(template.dir, file)) if (inside !== entry) add(inside, readRegularFile(path.join(template.dir, inside), inside))
    add(entry, Buffer.from(text, 'utf8'))
    add(TOSCA_META, Buffer.from(`TOSCA-Meta-File-Version: 1.1\nCSAR-Version: 1.1\nCreated-By: Trellis\nEntry-Definitions: ${entry}\n`, 'utf8'))
    return {entries, needed}
}

/** The regular files at `relative` (a file, or every regular file below a folder), relative to `root`. */
function regularFiles(root: string, relative: string): string[] {
    const full = path.join(root, relative)
    const stat = fs.statSync(full)
    if (stat.isFile()) return [relative]
    if (!stat.isDirectory()) return []
    return fs
        .readdirSync(full)
        .sort()
        .flatMap(name => {
            const child = path.join(relative, name)
            // links below a named folder are left behind: they could lead anywhere
            return fs.lstatSync(path.join(root, child)).isSymbolicLink() ? [] : regularFiles(root, child)
        })
}

/** The CSAR as a zip archive (fixed times: the same CSAR gives the same bytes). */
export function csarArchive(content: CsarContent): Uint8Array {
    const files: Zippable = {}
    for (const [name, bytes] of content.entries) files[name] = [bytes, {mtime: ARCHIVE_TIME}]
    return fflatePackage().zipSync(files, {level: 6})
}

const ARCHIVE_TIME = new Date('2000-01-01T00:00:00Z')

/** Refuses a folder `out` that is something other than a CSAR (it would be replaced): checked before anything is resolved. */
export function checkCsarFolder(out: string): void {
    if (isArchiveName(out)) return
    let stat: fs.Stats
    try {
        stat = fs.lstatSync(out)
    } catch {
        return
    }
    if (!stat.isDirectory() || (!isCsarFolder(out) && fs.readdirSync(out).length > 0))
        throw new UsageError(`--csar ${out}: it exists and is not a CSAR folder (one with ${TOSCA_META}); choose a new folder, or an archive name ending in .csar or .zip`)
}

/**
 * Writes the CSAR folder: made in full beside `out`, then put in its place (a CSAR folder there is
 * replaced: renamed aside first, removed once the new one is in place). A failure leaves `out` as
 * it was and nothing beside it.
 */
export function writeCsarFolder(out: string, content: CsarContent): void {
    checkCsarFolder(out)
    const target = path.resolve(out)
    const staged = fs.mkdtempSync(`${target}.trellis-`)
    const aside = `${staged}.previous`
    try {
        for (const [name, bytes] of content.entries) {
            const file = path.join(staged, ...name.split('/'))
            fs.mkdirSync(path.dirname(file), {recursive: true})
            const fd = fs.openSync(file, 'wx', 0o644)
            try {
                writeAll(fd, bytes)
                fs.fsyncSync(fd)
            } finally {
                fs.closeSync(fd)
            }
        }
        const replacing = fs.existsSync(target)
        if (replacing) fs.renameSync(target, aside)
        try {
            fs.renameSync(staged, target)
        } catch (e) {
            if (replacing) fs.renameSync(aside, target)
            throw e
        }
    } catch (e) {
        fs.rmSync(staged, {recursive: true, force: true})
        throw e
    } finally {
        fs.rmSync(aside, {recursive: true, force: true})
    }
}
