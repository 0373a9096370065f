// Which CSAR folder is Trellis's to replace. A CSAR folder Trellis writes carries a manifest of its
// files with their SHA-256 (`sha256sum -c` reads it); `--csar OUT` replaces a folder only when it is
// empty or holds exactly files that manifest lists, unchanged: a file the user added or edited
// there, or a folder that only looks like a CSAR, is never lost.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {entryNameProblem, MAX_ENTRY_DEPTH} from '../../engine/index.js'

/** The manifest's place inside a CSAR. */
export const CSAR_MANIFEST = 'TOSCA-Metadata/trellis-files.sha256'
/** A manifest lists at most this many bytes of lines (a CSAR of thousands of files). */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024
/** Names a message shows at most. */
const SHOWN = 3

/** The manifest of `entries` (without itself): one `SHA-256  path` line per file, sorted. */
export function manifestText(entries: ReadonlyMap<string, Uint8Array>): string {
    return [...entries.keys()]
        .filter(name => name !== CSAR_MANIFEST)
        .sort()
        .map(name => `${digest(entries.get(name)!)}  ${name}\n`)
        .join('')
}

/**
 * Why the folder `dir` may not be replaced by a CSAR, or undefined when it may: it is empty, or
 * it is a CSAR Trellis wrote and every file in it is one the manifest lists, unchanged.
 */
export function writtenByTrellis(dir: string): string | undefined {
    const files = filesBelow(dir)
    if (typeof files === 'string') return files
    if (files.length === 0) return undefined
    const listed = readManifest(path.join(dir, ...CSAR_MANIFEST.split('/')))
    if (!listed) return `it exists and is not a CSAR folder Trellis wrote (no ${CSAR_MANIFEST}); choose a new folder, or an archive name ending in .csar or .zip`
    const foreign: string[] = []
    const changed: string[] = []
    for (const name of files) {
        if (name === CSAR_MANIFEST) continue
        const expected = listed.get(name)
        if (expected === undefined) foreign.push(name)
        else if (digestOf(path.join(dir, ...name.split('/'))) !== expected) changed.push(name)
    }
    if (foreign.length > 0) return `it holds ${named(foreign)} Trellis did not write: move ${foreign.length === 1 ? 'it' : 'them'} away, or choose a new folder`
    if (changed.length > 0)
        return `it holds ${named(changed)} changed since Trellis wrote ${changed.length === 1 ? 'it' : 'them'}: move ${changed.length === 1 ? 'it' : 'them'} away, or choose a new folder`
    return undefined
}

function named(names: readonly string[]): string {
    const shown = names
        .slice(0, SHOWN)
        .map(n => `"${n}"`)
        .join(', ')
    return `${names.length === 1 ? 'the file' : 'the files'} ${shown}${names.length > SHOWN ? ` and ${names.length - SHOWN} more` : ''}`
}

/**
 * The regular files below `dir`, `/`-separated; a folder with no file below it counts as a file
 * (it is not Trellis's either). A link or anything but a file or folder is a reason to refuse.
 */
function filesBelow(dir: string): string[] | string {
    const found: string[] = []
    const pending: {folder: string; depth: number}[] = [{folder: '', depth: 0}]
    while (pending.length > 0) {
        const {folder, depth} = pending.pop()!
        const entries = fs.readdirSync(path.join(dir, ...folder.split('/').filter(Boolean)), {withFileTypes: true})
        if (entries.length === 0 && folder !== '') found.push(`${folder}/`)
        for (const entry of entries) {
            const name = folder ? `${folder}/${entry.name}` : entry.name
            if (entry.isFile()) found.push(name)
            else if (entry.isDirectory() && depth < MAX_ENTRY_DEPTH) pending.push({folder: name, depth: depth + 1})
            else return `it holds "${name}", which Trellis does not write (${entry.isDirectory() ? 'too deep' : 'not a regular file or folder'}): choose a new folder`
        }
    }
    return found
}

/** The files a manifest lists with their SHA-256, or undefined when there is none or it is not one. */
function readManifest(file: string): Map<string, string> | undefined {
    let text: string
    try {
        const stat = fs.lstatSync(file)
        if (!stat.isFile() || stat.size > MAX_MANIFEST_BYTES) return undefined
        text = fs.readFileSync(file, 'utf8')
    } catch {
        return undefined
    }
    const listed = new Map<string, string>()
    for (const line of text.split('\n')) {
        if (line === '') continue
        const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line)
        if (!match || entryNameProblem(match[2]!)) return undefined
        listed.set(match[2]!, match[1]!)
    }
    return listed
}

function digest(bytes: Uint8Array): string {
    return crypto.createHash('sha256').update(bytes).digest('hex')
}

function digestOf(file: string): string | undefined {
    try {
        return digest(fs.readFileSync(file))
    } catch {
        return undefined
    }
}
