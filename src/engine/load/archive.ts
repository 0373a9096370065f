// A CSAR archive (.csar, .zip) is unpacked into a folder of its own under the system's temporary
// folder, removed when the process ends (after a signal, by the next process that unpacks one),
// and read as a CSAR folder. The archive is untrusted: every
// entry lands inside that folder (no absolute name, no `..`, no drive letter, no backslash), only
// regular files are made (an entry a packer marked as a link becomes a file holding its target's
// name, never a link), and the archive's size, its entry count and what it unpacks to are bounded,
// counted while inflating (a zip bomb lies about its sizes). fflate reads it; nothing in it runs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {TrellisError} from '../errors.js'
import {readRegularFile} from './files.js'
import {showAs} from './paths.js'
import {fflatePackage} from '../yaml-package.js'
import {grouped} from '../plural.js'

/** The largest archive read. */
export const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024
/** The most entries an archive may hold. */
export const MAX_ARCHIVE_ENTRIES = 10_000
/** The most bytes an archive may unpack to, all entries together. */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024

/** How large an archive may be, how many entries it may hold and how much it may unpack to. */
export interface ArchiveLimits {
    readonly bytes: number
    readonly entries: number
    readonly unpacked: number
}

const LIMITS: ArchiveLimits = {bytes: MAX_ARCHIVE_BYTES, entries: MAX_ARCHIVE_ENTRIES, unpacked: MAX_UNPACKED_BYTES}

const ARCHIVE = /\.(csar|zip)$/i

/** Whether `file` names a CSAR archive by its extension. */
export function isArchiveName(file: string): boolean {
    return ARCHIVE.test(file)
}

/** Folders unpacked by this process, removed when it ends. */
const unpacked: string[] = []
let cleaning = false

/**
 * Unpacks the archive `file` (`shown`: as messages name it) into a new folder and returns the CSAR
 * folder in it (the archive's root, or the one folder it holds); messages name the files in it as
 * `shown/…`.
 */
export function unpackArchive(file: string, shown = file, limits: ArchiveLimits = LIMITS): string {
    const bytes = readRegularFile(file, shown, {maxBytes: limits.bytes, why: size => `"${shown}" is ${mib(size)}; archives of up to ${mib(limits.bytes)} are read`})
    removeOrphans()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`))
    unpacked.push(dir)
    if (!cleaning) {
        cleaning = true
        process.on('exit', () => {
            for (const made of unpacked) fs.rmSync(made, {recursive: true, force: true})
        })
    }
    try {
        extract(bytes, dir, shown, limits)
    } catch (e) {
        fs.rmSync(dir, {recursive: true, force: true})
        throw e
    }
    showAs(dir, shown)
    // an archive made by zipping a folder holds that one folder: the CSAR is inside it
    const top = fs.readdirSync(dir, {withFileTypes: true})
    return top.length === 1 && top[0]!.isDirectory() ? path.join(dir, top[0]!.name) : dir
}

/** Unpacked folders are named after the process that made them: `trellis-csar-<pid>-…`. */
const PREFIX = 'trellis-csar-'

/**
 * Removes the folders unpacked by processes that are gone: a signal ends Node without its exit
 * handlers, and a listener for it would keep Node from ending (see bin/trellis.js), so the next
 * archive opened cleans up after them.
 */
function removeOrphans(): void {
    let names: string[]
    try {
        names = fs.readdirSync(os.tmpdir())
    } catch {
        return
    }
    for (const name of names) {
        const pid = Number(/^trellis-csar-(\d+)-/.exec(name)?.[1])
        if (!Number.isSafeInteger(pid) || pid === process.pid || running(pid)) continue
        fs.rmSync(path.join(os.tmpdir(), name), {recursive: true, force: true})
    }
}

function running(pid: number): boolean {
    try {
        process.kill(pid, 0)
        return true
    } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'EPERM'
    }
}

function extract(bytes: Uint8Array, dir: string, shown: string, limits: ArchiveLimits): void {
    const bad = (why: string) => new TrellisError('invalid-template', `"${shown}" is not a CSAR Trellis reads: ${why}`)
    let entries = 0
    let total = 0
    const files: {target: string; chunks: Uint8Array[]}[] = []
    const {Unzip, UnzipInflate, UnzipPassThrough} = fflatePackage()
    const unzip = new Unzip(entry => {
        if (++entries > limits.entries) throw bad(`it holds more than ${grouped(limits.entries)} entries`)
        const name = safeName(entry.name)
        if (name === undefined) throw bad(`the entry "${entry.name.replace(/[\u0000-\u001f\u007f]/g, '?')}" would land outside the archive's folder`)
        if (name.endsWith('/')) return // a folder: made with the files in it
        const file = {target: path.join(dir, name), chunks: [] as Uint8Array[]}
        files.push(file)
        entry.ondata = (error, chunk) => {
            // fflate hands back what the handler threw the last time, to the handler: not wrapped twice
            if (error) throw error instanceof TrellisError ? error : bad(error.message)
            total += chunk.length
            if (total > limits.unpacked) throw bad(`it unpacks to more than ${mib(limits.unpacked)}`)
            file.chunks.push(chunk)
        }
        entry.start()
    })
    unzip.register(UnzipInflate)
    unzip.register(UnzipPassThrough)
    try {
        unzip.push(bytes, true)
    } catch (e) {
        if (e instanceof TrellisError) throw e
        throw bad((e as Error).message)
    }
    if (entries === 0) throw bad('it holds no entries (is it a zip archive?)')
    for (const {target, chunks} of files) {
        let fd: number
        try {
            fs.mkdirSync(path.dirname(target), {recursive: true})
            // a new regular file: an entry named twice (or a file where a folder is) is refused, never overwritten
            fd = fs.openSync(target, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600)
        } catch {
            throw bad(`the entry "${path.relative(dir, target)}" is there twice, or where a folder of the same name is`)
        }
        try {
            for (const chunk of chunks) fs.writeSync(fd, chunk)
        } finally {
            fs.closeSync(fd)
        }
    }
}

/** The entry's name as a path inside the folder, or undefined when it would lead outside. */
function safeName(name: string): string | undefined {
    if (name === '' || name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return undefined
    const parts = name.split('/')
    if (parts.some((part, i) => part === '..' || part === '.' || (part === '' && i !== parts.length - 1))) return undefined
    return name
}

function mib(bytes: number): string {
    return `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MiB`
}
