// Type library files, read once. A template's lib/ folder holds megabytes of YAML (the reference's
// examples: 2–6.5 MB) that no one edits between two resolutions, so its files are kept parsed:
// - in the process, by path, while its content is unchanged (the wizard and --watch read the
//   template again on every change, the test command reads one library per case);
// - on disk between processes, by content alone (a SHA-256 of the bytes and this reader's version),
//   in a folder only this user may write: what is served is what reading these very bytes gives, so
//   it can be neither stale nor another file's. Only what the fast reader read is kept (its positions
//   are found in the text whenever a message needs them), only files of CACHED_BYTES to MAX_CACHED_BYTES, at most
//   MAX_ENTRIES files. TRELLIS_CACHE=off switches the disk cache off; TRELLIS_CACHE_DIR moves it.
//   Whatever goes wrong with the cache (no home, a full disk, a damaged entry) reads the file instead.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import {decodeText} from './encoding.js'
import {readRegularFile} from './files.js'
import {maxYamlBytes, tooLargeFile} from './limits.js'
import {shown} from './paths.js'
import {parsedFromData, readYaml, type ParsedYaml} from './yaml/index.js'

/** Smaller files are read in a few milliseconds: not worth a file of their own. */
const CACHED_BYTES = 128 * 1024
/** Larger ones are not written: their entry, made in memory at once, would double the peak for a file read once. */
const MAX_CACHED_BYTES = 32 * 1024 * 1024
const MAX_ENTRIES = 200
/** Changes whenever what the readers make of a text may change (a new version of Trellis may). */
const FORMAT = 'trellis-parsed-yaml 1'

/** What each file's bytes were last read as (by path; the content hash says whether they still are). */
const memo = new Map<string, {readonly hash: string; readonly data: unknown}>()

/** Reads a YAML file of a type library, from what was kept when its bytes are unchanged. */
export function readLibraryFile(file: string): ParsedYaml {
    const name = shown(file)
    const bytes = readRegularFile(file, name, {maxBytes: maxYamlBytes(), why: size => tooLargeFile(name, size)})
    const hash = crypto.createHash('sha256').update(FORMAT).update('\0').update(bytes).digest('hex')
    const key = path.resolve(file)
    const text = decodeText(bytes, name)
    const kept = memo.get(key)
    if (kept?.hash === hash) return parsedFromData(text, name, kept.data)
    const large = bytes.length >= CACHED_BYTES && bytes.length <= MAX_CACHED_BYTES
    const stored = large ? readEntry(hash) : undefined
    if (stored !== undefined) {
        memo.set(key, {hash, data: stored.data})
        return parsedFromData(text, name, stored.data)
    }
    const parsed = readYaml(text, name)
    if (parsed.fast) {
        memo.set(key, {hash, data: parsed.data})
        if (large) writeEntry(hash, parsed.data)
    } else memo.delete(key)
    return parsed
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

function readEntry(hash: string): {data: unknown} | undefined {
    const dir = folder()
    if (!dir) return undefined
    try {
        const file = path.join(dir, `${hash}.v8`)
        const stat = fs.lstatSync(file)
        if (!stat.isFile()) return undefined
        const entry = v8.deserialize(fs.readFileSync(file)) as {format?: unknown; hash?: unknown; data?: unknown}
        return entry.format === FORMAT && entry.hash === hash ? {data: entry.data} : undefined
    } catch {
        return undefined
    }
}

function writeEntry(hash: string, data: unknown): void {
    const dir = folder()
    if (!dir) return
    const file = path.join(dir, `${hash}.v8`)
    const temporary = path.join(dir, `.${hash}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`)
    try {
        fs.writeFileSync(temporary, v8.serialize({format: FORMAT, hash, data}), {mode: 0o600, flag: 'wx'})
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
