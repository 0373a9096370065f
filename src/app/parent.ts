// A process bin/trellis.js started to run a command for it (see runInChild there) works for that
// process alone: once its parent is gone (killed outright, which no handler can see), nothing
// it would still write is wanted, and writing it would replace files long after the user
// stopped the command. The parent passes its process id; writers check it before each write.
import {UsageError} from './errors.js'

/** The variable bin/trellis.js sets to its own process id in the environment of the child it starts. */
export const PARENT_VARIABLE = 'TRELLIS_PARENT_PID'

/** Whether this process was started for a parent that is no longer its parent (an orphan is adopted by another). */
function parentGone(): boolean {
    const parent = process.env[PARENT_VARIABLE]
    return parent !== undefined && parent !== String(process.ppid)
}

export function refuseIfParentGone(): void {
    if (parentGone()) throw new UsageError(`the trellis process that started this one (${process.env[PARENT_VARIABLE]}) is gone: nothing written`)
}
