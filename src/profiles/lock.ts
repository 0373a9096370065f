// A lock file shared by every process that writes the profile store: created
// with O_EXCL ('wx'), so exactly one process holds it; others retry. A lock left
// by a crashed process (older than `staleMs`) is broken by one process at a time,
// under a second, short-lived lock: its holder looks again and removes the lock
// only if it is still stale. Nobody else removes a stale lock (its owner is gone),
// so the file looked at is the file removed. Comparing inode numbers is not
// enough: a freed inode is reused at once by the next fresh lock. A lock names
// its holder (pid and host): one whose holder still runs on this host is not
// stale however old (a suspended process keeps its lock), up to MAX_HELD_MS.
import fs from 'node:fs'
import os from 'node:os'
import {entryAt, processRunning} from '../engine/index.js'
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
            fs.writeSync(fd, `${process.pid} ${os.hostname()}\n`)
        } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
            const seen = entryAt(lockFile)
            if (seen && Date.now() - seen.mtimeMs > stale) {
                breakStale(lockFile, stale)
                if (!entryAt(lockFile)) continue // broken: take it at once
            }
            // (a lock path that exists but cannot be looked at, a dangling link, waits like a held lock)
            if (Date.now() - started > timeout) throw new ProfileError(`the profile store is locked by another process (${lockFile}); remove the file if no trellis is running`)
            sleep(wait + Math.floor(Math.random() * wait))
            wait = Math.min(wait * 2, 100)
        }
    }
    const own = fs.fstatSync(fd)
    try {
        return body()
    } finally {
        // never remove a lock that is not ours any more; the open descriptor keeps our inode from reuse
        const now = entryAt(lockFile)
        if (now && now.ino === own.ino && now.dev === own.dev) fs.rmSync(lockFile, {force: true})
        fs.closeSync(fd)
    }
}

/**
 * Removes `lockFile` if it is still stale, holding `<lockFile>.break` meanwhile; when another
 * process is breaking it, returns at once (the caller retries). A break lock is held for
 * microseconds, so one older than `staleMs` was left by a process that crashed while breaking.
 */
function breakStale(lockFile: string, staleMs: number): void {
    const breakFile = `${lockFile}.break`
    let fd: number
    try {
        fd = fs.openSync(breakFile, 'wx')
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
        const left = entryAt(breakFile)
        if (left && Date.now() - left.mtimeMs > staleMs) fs.rmSync(breakFile, {force: true})
        return
    }
    try {
        const now = entryAt(lockFile)
        const age = now ? Date.now() - now.mtimeMs : 0
        if (now && age > staleMs && (age > MAX_HELD_MS || !holderRuns(lockFile))) fs.rmSync(lockFile, {force: true})
    } finally {
        fs.closeSync(fd)
        fs.rmSync(breakFile, {force: true})
    }
}

/** However alive its holder, a lock this old is broken: no profile write takes minutes. */
const MAX_HELD_MS = 10 * 60_000

/** Whether the lock names a process of this host that still runs (a lock without a holder, or from another host, does not). */
function holderRuns(lockFile: string): boolean {
    let text: string
    try {
        text = fs.readFileSync(lockFile, 'utf8')
    } catch {
        return false
    }
    const holder = /^(\d+) (.+)\n$/.exec(text)
    if (!holder || holder[2] !== os.hostname() || Number(holder[1]) === process.pid) return false
    return processRunning(Number(holder[1]))
}
