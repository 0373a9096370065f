// A CSAR archive (.csar, .zip) is unpacked into a folder of its own under the system's temporary
// folder and read as a CSAR folder. The archive is untrusted (zip-entries.ts reads it: through
// its central directory, CRCs checked, every limit counted, every entry inside the folder, only
// regular files made). An archive is unpacked once per process while its bytes are unchanged (the
// wizard reads the template again on every change); every folder this process unpacked is removed
// when it ends, and one left by a process that is gone (a signal ends Node without its exit
// handlers) by the next process that unpacks one. Nothing in an archive runs.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {isMainThread, threadId} from 'node:worker_threads'
import {TrellisError} from '../errors.js'
import {readRegularFile} from './files.js'
import {entryAt, showAs} from './paths.js'
import {ArchiveRefused, mib, writeEntries, type ArchiveLimits} from './zip-entries.js'
import {processRunning} from './processes.js'

export type {ArchiveLimits} from './zip-entries.js'

/** The largest archive read. */
export const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024
/** The most entries an archive may hold. */
export const MAX_ARCHIVE_ENTRIES = 10_000
/** The most bytes an archive may unpack to, all entries together. */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024

const LIMITS: ArchiveLimits = {bytes: MAX_ARCHIVE_BYTES, entries: MAX_ARCHIVE_ENTRIES, unpacked: MAX_UNPACKED_BYTES}

const ARCHIVE = /\.(csar|zip)$/i

/** Whether `file` names a CSAR archive by its extension. */
export function isArchiveName(file: string): boolean {
    return ARCHIVE.test(file)
}

/** Unpacked folders are named after the process and thread that made them: `trellis-csar-<pid>-t<thread>-…`. */
const PREFIX = 'trellis-csar-'

/** The folders this thread unpacked, by the archive's path and a hash of its bytes. */
const unpacked = new Map<string, {readonly hash: string; readonly dir: string; readonly csar: string}>()
let cleaning = false

/**
 * Unpacks the archive `file` (`shown`: as messages name it) into a new folder and returns the CSAR
 * folder in it (the archive's root, or the one folder it holds); messages name the files in it as
 * `shown/…`. The same bytes read again give the same folder.
 */
export async function unpackArchive(file: string, shown = file, limits: ArchiveLimits = LIMITS): Promise<string> {
    const bytes = readRegularFile(file, shown, {maxBytes: limits.bytes, why: size => `"${shown}" is ${mib(size)}; archives of up to ${mib(limits.bytes)} are read`})
    const key = path.resolve(file)
    const hash = crypto.createHash('sha256').update(bytes).digest('hex')
    const known = unpacked.get(key)
    if (known?.hash === hash && fs.existsSync(known.csar)) return known.csar
    if (known) release(key)
    removeOrphans()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}${process.pid}-t${threadId}-`))
    removeArchivesAtExit()
    const stop = removedOnSignal(dir)
    try {
        await writeEntries(bytes, dir, limits)
    } catch (e) {
        removeQuietly(dir)
        if (e instanceof ArchiveRefused) throw new TrellisError('invalid-template', `"${shown}" is not a CSAR Trellis reads: ${e.message}`)
        throw e
    } finally {
        stop()
    }
    showAs(dir, shown)
    // an archive made by zipping a folder holds that one folder: the CSAR is inside it
    const top = fs.readdirSync(dir, {withFileTypes: true})
    const csar = top.length === 1 && top[0]!.isDirectory() ? path.join(dir, top[0]!.name) : dir
    unpacked.set(key, {hash, dir, csar})
    return csar
}

/** Signals that end a process by default and can be caught. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * While an archive is unpacked (up to a GiB, for seconds), a signal that would end the process
 * first removes what was unpacked, then takes effect as it would have; returns the listeners' removal.
 */
function removedOnSignal(dir: string): () => void {
    const stop = () => {
        for (const signal of SIGNALS) process.off(signal, remove)
    }
    const remove = (signal: NodeJS.Signals) => {
        removeQuietly(dir)
        stop()
        process.kill(process.pid, signal)
    }
    // the main thread's signals only: a worker's process object gets none
    if (isMainThread) for (const signal of SIGNALS) process.on(signal, remove)
    return stop
}

/** Removes every folder this thread unpacked (a worker that ends; the process, when it ends). */
export function releaseArchives(): void {
    for (const key of [...unpacked.keys()]) release(key)
}

function release(key: string): void {
    const made = unpacked.get(key)
    unpacked.delete(key)
    if (made) fs.rmSync(made.dir, {recursive: true, force: true})
}

/**
 * Removes, when the process ends, what it unpacked: this thread's folders, and from the main thread
 * those of every thread (a worker ended from outside runs no handler of its own).
 */
export function removeArchivesAtExit(): void {
    if (cleaning) return
    cleaning = true
    process.on('exit', () => {
        releaseArchives()
        if (isMainThread) removeFolders(`${PREFIX}${process.pid}-`)
    })
}

/** Removes the folders the worker thread `thread` of this process unpacked (it ended). */
export function removeThreadArchives(thread: number): void {
    removeFolders(`${PREFIX}${process.pid}-t${thread}-`)
}

function removeFolders(prefix: string): void {
    let names: string[]
    try {
        names = fs.readdirSync(os.tmpdir()).filter(name => name.startsWith(prefix))
    } catch {
        return
    }
    for (const name of names) removeQuietly(path.join(os.tmpdir(), name))
}

/** Removes a folder as far as it can: one that cannot go (another user's) never stops a run. */
function removeQuietly(dir: string): void {
    try {
        fs.rmSync(dir, {recursive: true, force: true})
    } catch {
        // left as it is
    }
}

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
    const uid = process.getuid?.()
    for (const name of names) {
        const pid = Number(/^trellis-csar-(\d+)-/.exec(name)?.[1])
        if (!Number.isSafeInteger(pid) || pid === process.pid || processRunning(pid)) continue
        // only this user's: another user's folder in a shared temporary folder is theirs to remove
        const owner = entryAt(path.join(os.tmpdir(), name))?.uid
        if (uid !== undefined && owner !== uid) continue
        removeQuietly(path.join(os.tmpdir(), name))
    }
}
