// The entries of an untrusted zip archive, written into a folder. yauzl reads the archive through
// its central directory, as every zip tool does (local headers, and whatever hides in the comment or
// between entries, are never taken for entries: what a reviewer lists is what is read), refuses a
// cut archive, and checks each entry's size as it inflates; the CRC-32 of every entry is checked
// here, as unzip does, so a flipped bit never changes a template silently. Limits are counted on
// the declared sizes before anything inflates (a bomb is refused at once) and again on the bytes
// inflated. Entries are read one after another, in a loop: no recursion per entry or per folder.
import fs from 'node:fs'
import path from 'node:path'
import type {Readable} from 'node:stream'
import type {Entry, ZipFile} from 'yauzl'
import {crc32Package, yauzlPackage} from '../yaml-package.js'
import {grouped} from '../plural.js'
import {entryNameProblem} from './entry-names.js'
import {writeAll} from './write-all.js'

/** How large an archive may be, how many entries it may hold and how much it may unpack to. */
export interface ArchiveLimits {
    readonly bytes: number
    readonly entries: number
    readonly unpacked: number
}

/** Why an archive is refused: a sentence, naming the entry where one is at fault. */
export class ArchiveRefused extends Error {}

/** Writes every entry of the zip archive `bytes` below `dir` (a new, empty folder). */
export async function writeEntries(bytes: Buffer, dir: string, limits: ArchiveLimits): Promise<void> {
    let zip: ZipFile
    try {
        // names decoded below, so that one rule (entryNameProblem) judges them, a backslash included
        zip = await yauzlPackage().fromBufferPromise(bytes, {lazyEntries: true, decodeStrings: false, validateEntrySizes: true})
    } catch (e) {
        throw new ArchiveRefused(`it is not a zip archive, or a damaged or cut one (${(e as Error).message})`)
    }
    try {
        if (zip.entryCount > limits.entries) throw new ArchiveRefused(`it holds more than ${grouped(limits.entries)} entries`)
        if (zip.entryCount === 0) throw new ArchiveRefused('it holds no entries')
        const entries = await centralDirectory(zip)
        const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0)
        if (declared > limits.unpacked) throw new ArchiveRefused(`it unpacks to more than ${mib(limits.unpacked)}`)
        let total = 0
        const seen = new Set<string>()
        for (const entry of entries) {
            const name = yauzlPackage().getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true)
            const problem = entryNameProblem(name)
            if (problem) throw new ArchiveRefused(`the entry "${name}" cannot be read: ${problem}`)
            // two names a reviewer cannot tell apart (café in two Unicode forms) are one name twice
            const normal = name.normalize('NFC').replace(/\/$/, '')
            if (seen.has(normal)) throw new ArchiveRefused(`the entry "${name}" is there twice, or where a folder of the same name is`)
            seen.add(normal)
            if (name.endsWith('/')) {
                makeFolder(path.join(dir, name), name)
                continue
            }
            if (entry.isEncrypted()) throw new ArchiveRefused(`the entry "${name}" is encrypted`)
            if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
                throw new ArchiveRefused(`the entry "${name}" is compressed with method ${entry.compressionMethod}; Trellis reads stored and deflated entries`)
            total = await writeEntry(zip, entry, name, path.join(dir, name), total, limits)
        }
    } finally {
        zip.close()
    }
}

/** Every entry the central directory lists, read one at a time. */
async function centralDirectory(zip: ZipFile): Promise<Entry[]> {
    const entries: Entry[] = []
    await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: Entry) => {
            entries.push(entry)
            zip.readEntry()
        })
        zip.on('end', () => resolve())
        zip.on('error', (e: Error) => reject(new ArchiveRefused(`its central directory is damaged (${e.message})`)))
        zip.readEntry()
    })
    return entries
}

/** Inflates one entry into the new file `target`, checking its size and CRC-32; returns the bytes unpacked so far. */
async function writeEntry(zip: ZipFile, entry: Entry, name: string, target: string, before: number, limits: ArchiveLimits): Promise<number> {
    const fd = openNew(target, name)
    let total = before
    let crc = 0
    try {
        let stream: Readable
        try {
            stream = await zip.openReadStreamPromise(entry)
        } catch (e) {
            throw new ArchiveRefused(`the entry "${name}" cannot be read (${(e as Error).message})`)
        }
        const crc32 = crc32Package()
        try {
            for await (const chunk of stream as AsyncIterable<Buffer>) {
                total += chunk.length
                if (total > limits.unpacked) throw new ArchiveRefused(`it unpacks to more than ${mib(limits.unpacked)}`)
                crc = crc32.unsigned(chunk, crc)
                writeAll(fd, chunk)
            }
        } catch (e) {
            stream.destroy()
            if (e instanceof ArchiveRefused) throw e
            throw new ArchiveRefused(`the entry "${name}" is damaged (${(e as Error).message})`)
        }
    } finally {
        fs.closeSync(fd)
    }
    if (crc !== entry.crc32) throw new ArchiveRefused(`the entry "${name}" is damaged: its CRC-32 does not match its content`)
    return total
}

/** A new regular file: an entry named twice (or a file where a folder is) is refused, never overwritten. */
function openNew(target: string, name: string): number {
    try {
        fs.mkdirSync(path.dirname(target), {recursive: true})
        return fs.openSync(target, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600)
    } catch (e) {
        throw unpackFailure(e, name)
    }
}

/** A folder entry's folder (a file of the same name before it is refused as for a file). */
function makeFolder(target: string, name: string): void {
    try {
        fs.mkdirSync(target, {recursive: true})
    } catch (e) {
        throw unpackFailure(e, name)
    }
}

function unpackFailure(e: unknown, name: string): ArchiveRefused {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') return new ArchiveRefused(`the entry "${name}" is there twice, or where a folder of the same name is`)
    return new ArchiveRefused(`the entry "${name}" cannot be unpacked (${(e as Error).message})`)
}

export function mib(bytes: number): string {
    return `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MiB`
}
