// Files a template reads besides itself, read once. A template's lib/ folder holds megabytes of YAML
// (the reference's examples: 2–6.5 MB) that no one edits between two resolutions, and of which
// resolving needs only the types' names, parents, metadata and artifact types (type-digest.ts); its
// technology rules file is read whole. What is kept of each:
// - in the process, by path, while its content is unchanged (the wizard and --watch read the
//   template again on every change, the test command reads one library per case);
// - on disk between processes, by content alone (a SHA-256 of the bytes and what is kept of them),
//   in a folder only this user may write: what is served is what reading these very bytes gives, so
//   it can be neither stale nor another file's. Only files of CACHED_BYTES or more, at most
//   MAX_ENTRIES of them. TRELLIS_CACHE=off switches the disk cache off; TRELLIS_CACHE_DIR moves it.
//   Whatever goes wrong with the cache (no home, a full disk, a damaged entry) reads the file instead.
// A message that needs a place in a file served from what was kept reads the file's text again.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import {decodeText} from './encoding.js'
import {readRegularFile} from './files.js'
import {maxYamlBytes, tooLargeFile} from './limits.js'
import {shown} from './paths.js'
import {digestParsed, typeDigest} from './type-digest.js'
import {parsedFromData, readYaml, type ParsedYaml} from './yaml/index.js'

/** Smaller files are read in a millisecond or two: not worth a file of their own. */
const CACHED_BYTES = 8 * 1024
const MAX_ENTRIES = 200

/** What is kept of a file of one kind, and how it is served again. */
interface Kind<T> {
    /** Changes whenever what is kept of a text may change (a new version of Trellis may). */
    readonly format: string
    /** What is kept of each file, by path (the content hash says whether the file is still what it was made of). */
    readonly memo: Map<string, {readonly hash: string; readonly kept: T}>
    /** What to keep of a file read, `none` when nothing can be. */
    keep(parsed: ParsedYaml): T | typeof none
    /** The file served from what was kept; `text` decodes its bytes, `read` reads them whole. */
    serve(kept: T, name: string, text: () => string, read: () => ParsedYaml): ParsedYaml
}

const none = Symbol('none')

/** A type library file: its types' digest, positions found by reading the text again. */
const LIBRARY: Kind<ReturnType<typeof typeDigest>> = {
    format: 'trellis-type-digest 1',
    memo: new Map(),
    keep: parsed => typeDigest(parsed.data),
    serve: (digest, name, _text, read) => digestParsed(name, digest, read),
}

/** A file a template reads beside itself (technology rules): what the fast reader read, positions found in the text. */
const SIDE: Kind<unknown> = {
    format: 'trellis-parsed-yaml 2',
    memo: new Map(),
    keep: parsed => (parsed.fast ? parsed.data : none),
    serve: (data, name, text) => parsedFromData(text(), name, data),
}

/** Reads the digest of a type library's YAML file, from what was kept when its bytes are unchanged. */
export function readLibraryFile(file: string): ParsedYaml {
    return readKept(file, LIBRARY)
}

/** Reads a YAML file the template reads beside itself, from what was kept when its bytes are unchanged. */
export function readSideFile(file: string): ParsedYaml {
    return readKept(file, SIDE)
}

function readKept<T>(file: string, kind: Kind<T>): ParsedYaml {
    const name = shown(file)
    const bytes = readRegularFile(file, name, {maxBytes: maxYamlBytes(), why: size => tooLargeFile(name, size)})
    const hash = crypto.createHash('sha256').update(kind.format).update('\0').update(bytes).digest('hex')
    const key = path.resolve(file)
    const text = () => decodeText(bytes, name)
    const read = () => readYaml(text(), name)
    const found = kind.memo.get(key)
    if (found?.hash === hash) return kind.serve(found.kept, name, text, read)
    const large = bytes.length >= CACHED_BYTES
    const stored = large ? readEntry(hash, kind.format) : undefined
    if (stored !== undefined) {
        kind.memo.set(key, {hash, kept: stored.kept as T})
        return kind.serve(stored.kept as T, name, text, read)
    }
    const parsed = read()
    const kept = kind.keep(parsed)
    if (kept === none) {
        kind.memo.delete(key)
        return parsed
    }
    kind.memo.set(key, {hash, kept})
    if (large) writeEntry(hash, kind.format, kept)
    return kind.serve(kept, name, text, () => parsed)
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

function readEntry(hash: string, format: string): {kept: unknown} | undefined {
    const dir = folder()
    if (!dir) return undefined
    try {
        const file = path.join(dir, `${hash}.v8`)
        const stat = fs.lstatSync(file)
        if (!stat.isFile()) return undefined
        const entry = v8.deserialize(fs.readFileSync(file)) as {format?: unknown; hash?: unknown; kept?: unknown}
        return entry.format === format && entry.hash === hash ? {kept: entry.kept} : undefined
    } catch {
        return undefined
    }
}

function writeEntry(hash: string, format: string, kept: unknown): void {
    const dir = folder()
    if (!dir) return
    const file = path.join(dir, `${hash}.v8`)
    const temporary = path.join(dir, `.${hash}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`)
    try {
        fs.writeFileSync(temporary, v8.serialize({format, hash, kept}), {mode: 0o600, flag: 'wx'})
        fs.renameSync(temporary, file)
        prune(dir)
    } catch {
        fs.rmSync(temporary, {force: true})
    }
}

/** Keeps the MAX_ENTRIES most recently written entries. */
function prune(dir: string): void {
    const entries = fs.readdirSync(dir).filter(name => name.endsWith('.v8'))
    if (entries.length <= MAX_ENTRIES) return
    const dated = entries.map(name => ({name, time: fs.statSync(path.join(dir, name)).mtimeMs})).sort((a, b) => b.time - a.time)
    for (const {name} of dated.slice(MAX_ENTRIES)) fs.rmSync(path.join(dir, name), {force: true})
}
