// Whether the process that left a file behind (a lock, an unpacked archive, a cache's temporary
// entry, a staged output) still runs: what it left is removed only once it is gone.

/** Whether a process of this machine with that id runs (someone else's counts: signalling it is refused, not failed). */
export function processRunning(pid: number): boolean {
    try {
        process.kill(pid, 0)
        return true
    } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'EPERM'
    }
}
