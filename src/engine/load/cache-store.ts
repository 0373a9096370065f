// The parsed-file cache on disk (parsed-cache.ts says what is kept and when): one file per entry,
// named by a SHA-256 (64 hex digits) and `.v8`, in a folder only this user may write. An entry is
//   MAGIC (16 bytes) | the build's identity (32) | a SHA-256 of the payload (32) | the payload
// and is served only when all of it holds: its header whole, of the running build (build-identity.ts),
// its payload intact, deserializable, and saying it is the entry of this name. A file that fails any
// of it is passed over without a word (the file it stood for is read instead): a changed byte or a
// cut never changes an answer. What an entry that passes holds is what this build wrote; one made
// up to pass would take writing into the user's own folder. The folder may be one the user points
// anywhere (TRELLIS_CACHE_DIR): what is deleted there is only ever an entry this cache wrote (its
// name and its header) or a temporary file of its own that a process now gone left.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import {buildIdentity} from './build-identity.js'
import {processRunning} from './processes.js'

const MAGIC = Buffer.from('trellis-parsed\n\0', 'latin1')
const HEADER = MAGIC.length + 32 + 32
const MAX_ENTRIES = 200
const ENTRY = /^[0-9a-f]{64}\.v8$/
/** `.NAME.PID.RANDOM`: a temporary file an entry is written to before it is renamed into place. */
const TEMPORARY = /^\.[0-9a-f]{64}\.(\d+)\.[0-9a-f]{8}$/

/** What is opened in the folder: never followed through a link, never waited on (a FIFO). */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0)

/** Where the running build keeps one entry: the folder, the entry's name (without `.v8`), the build's identity. */
export interface Store {
    readonly dir: string
    readonly name: string
    readonly build: Buffer
}

/** The store for what is kept under `key` (a SHA-256 of a file's bytes and of what is kept of them), or undefined when there is no cache. */
export function storeFor(key: string): Store | undefined {
    const build = buildIdentity()
    if (!build) return undefined
    const dir = folder()
    if (!dir) return undefined
    // each build its own entries: builds used side by side do not overwrite each other's
    const name = crypto.createHash('sha256').update(build).update(key).digest('hex')
    return {dir, name, build}
}

/** The cache folder, or undefined when switched off or unusable (not a folder of this user's that only it may write). */
function folder(): string | undefined {
    if (process.env.TRELLIS_CACHE === 'off' || process.env.TRELLIS_CACHE === '0') return undefined
    const base = process.env.TRELLIS_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'trellis', 'parsed')
    try {
        fs.mkdirSync(base, {recursive: true, mode: 0o700})
        const stat = fs.lstatSync(base)
        const uid = process.getuid?.()
        if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined
        return base
    } catch {
        return undefined
    }
}

/** What the store's entry holds, when there is one and every check holds. */
export function readEntry(store: Store): {kept: unknown} | undefined {
    try {
        const bytes = readRegular(path.join(store.dir, `${store.name}.v8`))
        if (bytes === undefined || bytes.length < HEADER || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined
        if (!bytes.subarray(MAGIC.length, MAGIC.length + 32).equals(store.build)) return undefined
        const payload = bytes.subarray(HEADER)
        if (!bytes.subarray(MAGIC.length + 32, HEADER).equals(crypto.createHash('sha256').update(payload).digest())) return undefined
        const entry: unknown = v8.deserialize(payload)
        if (entry === null || typeof entry !== 'object' || !('kept' in entry) || (entry as {name?: unknown}).name !== store.name) return undefined
        return {kept: entry.kept}
    } catch {
        return undefined
    }
}

/** Writes the store's entry: whole or not at all (a temporary file renamed into place). */
export function writeEntry(store: Store, kept: unknown): void {
    const temporary = path.join(store.dir, `.${store.name}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`)
    try {
        const payload = v8.serialize({name: store.name, kept})
        const header = Buffer.concat([MAGIC, store.build, crypto.createHash('sha256').update(payload).digest()])
        fs.writeFileSync(temporary, Buffer.concat([header, payload]), {mode: 0o600, flag: 'wx'})
        fs.renameSync(temporary, path.join(store.dir, `${store.name}.v8`))
    } catch {
        fs.rmSync(temporary, {force: true})
        return
    }
    pruneOnce(store.dir)
}

let pruned = false

/**
 * Keeps the MAX_ENTRIES entries written last, once per process, at its first write (what it writes
 * after that the next process's prune counts), and removes temporary files left by processes that
 * are gone. Whatever stands in the way (a file another process removed first) leaves the rest.
 */
function pruneOnce(dir: string): void {
    if (pruned) return
    pruned = true
    try {
        const names = fs.readdirSync(dir)
        for (const name of names) {
            const writer = TEMPORARY.exec(name)?.[1]
            if (writer !== undefined && !processRunning(Number(writer))) remove(path.join(dir, name))
        }
        const entries = names.filter(name => ENTRY.test(name))
        if (entries.length <= MAX_ENTRIES) return
        const dated = entries.map(name => ({file: path.join(dir, name), time: modified(path.join(dir, name))})).sort((a, b) => b.time - a.time)
        for (const {file} of dated.slice(MAX_ENTRIES)) if (isEntry(file)) remove(file)
    } catch {
        // a folder that cannot be listed is pruned by a later process, or not at all
    }
}

/** Whether a file is one this cache wrote: a regular file that begins with its header. */
function isEntry(file: string): boolean {
    let fd: number | undefined
    try {
        fd = fs.openSync(file, OPEN_FLAGS)
        if (!fs.fstatSync(fd).isFile()) return false
        const start = Buffer.alloc(HEADER)
        return fs.readSync(fd, start, 0, HEADER, 0) === HEADER && start.subarray(0, MAGIC.length).equals(MAGIC)
    } catch {
        return false
    } finally {
        if (fd !== undefined) fs.closeSync(fd)
    }
}

/** A regular file's bytes, or undefined for anything else (a link, a FIFO, a folder). */
function readRegular(file: string): Buffer | undefined {
    let fd: number | undefined
    try {
        fd = fs.openSync(file, OPEN_FLAGS)
        return fs.fstatSync(fd).isFile() ? fs.readFileSync(fd) : undefined
    } catch {
        return undefined
    } finally {
        if (fd !== undefined) fs.closeSync(fd)
    }
}

function modified(file: string): number {
    try {
        return fs.lstatSync(file).mtimeMs
    } catch {
        return Infinity
    }
}

function remove(file: string): void {
    try {
        fs.unlinkSync(file)
    } catch {
        // gone already, or not a file
    }
}
