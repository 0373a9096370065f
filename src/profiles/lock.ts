// A lock file shared by every process that writes the profile store: created
// with O_EXCL ('wx'), so exactly one process holds it; others retry. A lock left
// by a crashed process is broken by renaming it away, which only one process can
// do to a given file, and only if it is still the stale one; a holder releases
// the lock only if it is still its own.
import fs from 'node:fs'
import {ProfileError} from './types.js'

const sleeper = new Int32Array(new SharedArrayBuffer(4))

function sleep(ms: number): void {
    Atomics.wait(sleeper, 0, 0, ms)
}

export interface LockOptions {
    /** Give up after this long (default 10 s). */
    readonly timeoutMs?: number
    /** A lock older than this is left over from a crashed process and is broken (default 30 s). */
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
            const seen = stat(lockFile)
            if (!seen) continue // released meanwhile: try again at once
            if (Date.now() - seen.mtimeMs > stale) {
                breakStale(lockFile, seen)
                continue
            }
            if (Date.now() - started > timeout)
                throw new ProfileError(`the profile store is locked by another process (${lockFile}); remove the file if no trellis is running`)
            sleep(wait + Math.floor(Math.random() * wait))
            wait = Math.min(wait * 2, 100)
        }
    }
    const own = fs.fstatSync(fd)
    try {
        return body()
    } finally {
        fs.closeSync(fd)
        // never remove a lock that is not ours any more
        const now = stat(lockFile)
        if (now && now.ino === own.ino && now.dev === own.dev) fs.rmSync(lockFile, {force: true})
    }
}

/**
 * Removes the stale lock `seen`, and nothing else: the lock is renamed to a name of this process's
 * own (atomic: of several processes breaking it, one succeeds), then checked to be the file seen
 * stale. A fresh lock taken meanwhile by another process is put back where it was.
 */
function breakStale(lockFile: string, seen: fs.Stats): void {
    const aside = `${lockFile}.stale-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
    try {
        fs.renameSync(lockFile, aside)
    } catch {
        return // another process broke or released it first
    }
    const moved = stat(aside)
    if (moved && (moved.ino !== seen.ino || moved.dev !== seen.dev)) {
        // a live lock, taken after we looked: give it back to its holder
        try {
            fs.linkSync(aside, lockFile)
        } catch {
            fs.rmSync(aside, {force: true})
            throw new ProfileError(`the profile store's lock changed hands while a stale lock was broken (${lockFile}); try again`)
        }
    }
    fs.rmSync(aside, {force: true})
}

function stat(file: string): fs.Stats | undefined {
    try {
        return fs.statSync(file)
    } catch {
        return undefined
    }
}
