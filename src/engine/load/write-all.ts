// Writing a text (or bytes) in full to a file descriptor: a write(2) may take fewer bytes than it is given.
import fs from 'node:fs'

/** Pieces joined into batches of at least `size` characters (the last one shorter): one write each. */
export function* batches(pieces: Iterable<string>, size: number): Generator<string> {
    let pending = ''
    for (const piece of pieces) {
        pending += piece
        if (pending.length >= size) {
            yield pending
            pending = ''
        }
    }
    if (pending) yield pending
}

/**
 * Writes every byte of `text` at `fd`'s position. A write may take only part of what it is given
 * (a file size limit, a disk filling up): the rest is offered again, so that the condition shows as
 * an error (EFBIG, ENOSPC) instead of a shorter file. `count.written` counts the bytes written.
 */
export function writeAll(fd: number, text: string | Uint8Array, count: {written: number} = {written: 0}): void {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text
    for (let offset = 0; offset < bytes.length;) {
        const written = fs.writeSync(fd, bytes, offset, bytes.length - offset)
        if (written <= 0) throw Object.assign(new Error('write accepted no bytes'), {code: 'EIO', syscall: 'write'})
        offset += written
        count.written += written
    }
}
