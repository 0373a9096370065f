// Files a template reads besides itself, read once. A template's lib/ folder holds megabytes of YAML
// (the reference's examples: 2–6.5 MB) that no one edits between two resolutions, and of which
// resolving needs only the types' names, parents, metadata and artifact types (type-digest.ts); its
// technology rules file is read whole. What is kept of each:
// - in the process, by path, while its content is unchanged (the wizard and --watch read the
//   template again on every change, the test command reads one library per case);
// - on disk between processes (cache-store.ts), by content alone (a SHA-256 of the bytes and of
//   what is kept of them) and for the build that kept it: what is served is what this build reading
//   these very bytes gives, so it can be neither stale, nor another file's, nor an older reader's.
//   Only files of CACHED_BYTES or more. TRELLIS_CACHE=off switches the disk cache off;
//   TRELLIS_CACHE_DIR moves it. Whatever goes wrong with the cache (no home, a full disk, an entry
//   damaged, cut short or of another build) reads the file instead.
// A message that needs a place in a file served from what was kept reads the file's text again.
import crypto from 'node:crypto'
import path from 'node:path'
import {readEntry, storeFor, writeEntry} from './cache-store.js'
import {decodeText} from './encoding.js'
import {readRegularFile} from './files.js'
import {maxYamlBytes, tooLargeFile} from './limits.js'
import {shownPath} from './paths.js'
import {digestParsed, typeDigest} from './type-digest.js'
import {parsedFromData, readYaml, type ParsedYaml} from './yaml/index.js'

/** Smaller files are read in a millisecond or two: not worth a file of their own. */
const CACHED_BYTES = 8 * 1024

/** What is kept of a file of one kind, and how it is served again. */
interface Kind<T> {
    /** Tells this kind's entries from another's of the same bytes (a new build tells itself: cache-store.ts). */
    readonly name: string
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
    name: 'type-digest',
    memo: new Map(),
    keep: parsed => typeDigest(parsed.data),
    serve: (digest, name, _text, read) => digestParsed(name, digest, read),
}

/** A file a template reads beside itself (technology rules): what the fast reader read, positions found in the text. */
const SIDE: Kind<unknown> = {
    name: 'parsed-yaml',
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
    const name = shownPath(file)
    const bytes = readRegularFile(file, name, {maxBytes: maxYamlBytes(), why: size => tooLargeFile(name, size)})
    const hash = crypto.createHash('sha256').update(kind.name).update('\0').update(bytes).digest('hex')
    const key = path.resolve(file)
    const text = () => decodeText(bytes, name)
    const read = () => readYaml(text(), name)
    const found = kind.memo.get(key)
    if (found?.hash === hash) return kind.serve(found.kept, name, text, read)
    const store = bytes.length >= CACHED_BYTES ? storeFor(hash) : undefined
    const stored = store && readEntry(store)
    if (stored) {
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
    if (store) writeEntry(store, kept)
    return kind.serve(kept, name, text, () => parsed)
}
