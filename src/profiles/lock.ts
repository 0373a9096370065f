// A lock file shared by every process that writes the profile store: created
// with O_EXCL ('wx'), so exactly one process holds it; others retry.
import fs from 'node:fs'
import {ProfileError} from './types.js'

const sleeper = new Int32Array(new SharedArrayBuffer(4))

function sleep(ms: number): void {
    Atomics.wait(sleeper, 0, 0, ms)
}

export interface LockOptions {
    /** Give up after this long (default 10 s). */
    readonly timeoutMs?: number
    /** A lock older than this is left over from a crashed process and is removed (default 30 s). */
    readonly staleMs?: number
}

export function withLock<T>(lockFile: string, body: () => T, options: LockOptions = {}): T {
    const timeout = options.timeoutMs ?? 10_000
    const stale = options.staleMs ?? 30_000
    const started = Date.now()
    let fd: number | undefined
    let wait = 5
    while (fd === undefined) {
        try {
            fd = fs.openSync(lockFile, 'wx')
            fs.writeSync(fd, `${process.pid}\n`)
        } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
            try {
                if (Date.now() - fs.statSync(lockFile).mtimeMs > stale) {
                    fs.rmSync(lockFile, {force: true})
                    continue
                }
            } catch {
                continue // removed meanwhile: try again at once
            }
            if (Date.now() - started > timeout)
                throw new ProfileError(`the profile store is locked by another process (${lockFile}); remove the file if no trellis is running`)
            sleep(wait + Math.floor(Math.random() * wait))
            wait = Math.min(wait * 2, 100)
        }
    }
    try {
        return body()
    } finally {
        fs.closeSync(fd)
        fs.rmSync(lockFile, {force: true})
    }
}
