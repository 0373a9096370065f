// A document (the resolved template, a JSON explanation) printed on standard output. Node writes
// to a file there with one write(2) per piece and ignores how many bytes it took: under a file
// size limit or on a full disk `trellis resolve t.yaml > out.yaml` would end with a shorter file
// and exit 0. A file is therefore written here, in full or with an error; pipes and terminals go
// through process.stdout, whose failures bin/trellis.js reports.
import fs from 'node:fs'
import {batches, writeAll} from '../engine/index.js'
import {refuseIfParentGone} from './parent.js'

const STDOUT = 1
/** Characters per write to a file, as for output files (io.ts). */
const FILE_BATCH = 1 << 20
/** Characters per write to a pipe or terminal: one write per 64 KB, not per piece (a million small writes cost more than making them), and no larger (each allocates its own buffer). */
const STREAM_BATCH = 65_536

/**
 * Prints `content` on standard output. When that is a file and a write fails, what this call wrote
 * is taken back where the file ends with it (`>` and `>>`), and the error, naming standard output,
 * is thrown: the file holds the whole document or none of it.
 */
export function writeStandardOutput(content: string | Iterable<string>): void {
    const pieces = typeof content === 'string' ? [content] : content
    const before = fileStat()
    if (!before) {
        for (const batch of batches(pieces, STREAM_BATCH)) {
            refuseIfParentGone()
            process.stdout.write(batch)
        }
        return
    }
    const count = {written: 0}
    try {
        for (const batch of batches(pieces, FILE_BATCH)) {
            refuseIfParentGone()
            writeAll(STDOUT, batch, count)
        }
    } catch (e) {
        takeBack(before.size, count.written)
        const error = e as NodeJS.ErrnoException
        if (error && typeof error === 'object' && typeof error.syscall === 'string') error.path = 'standard output'
        throw e
    }
}

/** Standard output's status when it is a regular file. */
function fileStat(): fs.Stats | undefined {
    try {
        const stat = fs.fstatSync(STDOUT)
        return stat.isFile() ? stat : undefined
    } catch {
        return undefined
    }
}

/** Cuts the file back to `size` when it ends with exactly the `written` bytes this process added (and nobody else wrote since). */
function takeBack(size: number, written: number): void {
    try {
        if (fs.fstatSync(STDOUT).size === size + written) fs.ftruncateSync(STDOUT, size)
    } catch {
        // the error that brought us here is the one to report
    }
}
