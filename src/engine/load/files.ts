// Reading a file the user or a template names, safely: only a regular file is read (a FIFO would
// wait for a writer forever, a device may never end), and a YAML file only up to a size the
// readers can finish (see limits.ts).
import fs from 'node:fs'
import {TrellisError} from '../errors.js'

// O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting (there is no such flag on Windows)
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0)

/**
 * The bytes of `file`, when it is a regular file of at most `maxBytes` (`tooLarge` says why not).
 * It is opened without blocking and checked through the open descriptor: nothing can be put in its
 * place between the check and the read.
 */
export function readRegularFile(file: string, shown = file, tooLarge?: {maxBytes: number; why: (size: number) => string}): Buffer {
    let fd: number
    try {
        fd = fs.openSync(file, OPEN_FLAGS)
    } catch (e) {
        throw cannotRead(shown, e)
    }
    try {
        const stat = fs.fstatSync(fd)
        if (stat.isDirectory()) throw new TrellisError('file-not-found', `cannot read "${shown}": is a directory`)
        if (!stat.isFile()) throw new TrellisError('file-not-found', `cannot read "${shown}": not a regular file (a FIFO, socket or device is never read)`)
        if (tooLarge && stat.size > tooLarge.maxBytes) throw new TrellisError('too-large', tooLarge.why(stat.size))
        return fs.readFileSync(fd)
    } catch (e) {
        if (e instanceof TrellisError) throw e
        throw cannotRead(shown, e)
    } finally {
        fs.closeSync(fd)
    }
}

function cannotRead(shown: string, e: unknown): TrellisError {
    const code = (e as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String((e as Error).message)
    return new TrellisError('file-not-found', `cannot read "${shown}": ${why}`)
}

/** Whether `file` is a regular file (following links); false when it does not exist. */
export function isRegularFile(file: string): boolean {
    try {
        return fs.statSync(file).isFile()
    } catch {
        return false
    }
}
