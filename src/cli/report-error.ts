// How the shells turn any failure into one line on stderr and an exit code:
// 0 ok, 1 resolution or check failed, 2 bad usage or bad input.
import {isTrellisError} from '../engine/errors.js'
import {errorSummary} from '../engine/explain/index.js'
import {ProfileError} from '../profiles/types.js'

export const EXIT_OK = 0
export const EXIT_RESOLUTION = 1
export const EXIT_USAGE = 2

export class UsageError extends Error {}

/** Warnings the engine kept (input values used although they do not fit their type), one line each. */
export function reportWarnings(warnings: readonly {describe(): string}[], write: (line: string) => void = line => process.stderr.write(line)): void {
    for (const w of warnings) write(`trellis: warning: ${w.describe()}\n`)
}

export function reportError(e: unknown, debug: boolean, write: (line: string) => void = line => process.stderr.write(line)): number {
    if (isTrellisError(e)) {
        // "Could not solve" never stands alone: the minimal conflict (or the tie) follows in the same line
        const summary = errorSummary(e)
        write(`trellis: ${e.describe()}${summary ? `: ${summary}` : ''}\n`)
        if (debug && e.stack) write(`${e.stack}\n`)
        return e.errorClass === 'resolution' ? EXIT_RESOLUTION : EXIT_USAGE
    }
    if (e instanceof UsageError || e instanceof ProfileError) {
        write(`trellis: ${e.message}\n`)
        return EXIT_USAGE
    }
    const sys = e as NodeJS.ErrnoException
    if (sys && typeof sys.code === 'string' && typeof sys.syscall === 'string') {
        write(`trellis: cannot ${sys.syscall} ${sys.path ?? ''}: ${sys.code}\n`)
        return EXIT_USAGE
    }
    // A bug in Trellis, not in the user's input: say so, and show the stack only on request.
    write(`trellis: internal error: ${(e as Error)?.message ?? String(e)}${debug ? '' : ' (run with --debug for details)'}\n`)
    if (debug && (e as Error)?.stack) write(`${(e as Error).stack}\n`)
    return EXIT_RESOLUTION
}
