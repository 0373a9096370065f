// How the shells turn any failure into one located line on stderr (followed, for a
// mistake in a file, by the line it points at) and an exit code: 0 ok, 1 resolution
// or check failed, 2 bad usage or bad input.
import {renderExcerpt, shownDiagnostics} from '../app/diagnostics.js'
import {errorSummary, formatLocation, isTrellisError, MAX_ERRORS} from '../engine/index.js'
import {ProfileError} from '../profiles/types.js'

export const EXIT_OK = 0
export const EXIT_RESOLUTION = 1
export const EXIT_USAGE = 2
/** Interrupted by Ctrl-C, as shells report SIGINT (128 + 2). */
export const EXIT_INTERRUPTED = 130

import {describeSystemError, UsageError} from '../app/errors.js'
import {oneLine} from '../app/shown-text.js'

export {oneLine, UsageError}

/** Warnings the engine kept (input values used although they do not fit their type), one line each. */
export function reportWarnings(warnings: readonly {describe(): string}[], write: (line: string) => void = line => process.stderr.write(line)): void {
    for (const w of warnings) write(`trellis: warning: ${oneLine(w.describe())}\n`)
}

export function reportError(e: unknown, debug: boolean, write: (line: string) => void = line => process.stderr.write(line)): number {
    if (isTrellisError(e)) {
        // "Could not solve" never stands alone: the minimal conflict (or the tie) follows in the same line
        const summary = errorSummary(e)
        write(`trellis: ${oneLine(`${e.describe()}${summary ? `: ${summary}` : ''}`)}\n`)
        // the line each mistake points at, and the mistakes found beside the first
        const shown = shownDiagnostics(e)
        const width = Math.max(...shown.map(d => String(d.range?.start.line ?? '').length))
        const [first, ...more] = shown
        for (const line of first ? renderExcerpt(first, width) : []) write(`${line}\n`)
        for (const d of more) {
            write(`trellis: ${oneLine(d.location ? `${formatLocation(d.location)}: ${d.message}` : d.message)}\n`)
            for (const line of renderExcerpt(d, width)) write(`${line}\n`)
        }
        if (more.length) write(`trellis: ${more.length + 1} errors${more.length + 1 >= MAX_ERRORS ? ` (the first ${MAX_ERRORS} found)` : ''}\n`)
        if (debug && e.stack) write(`${e.stack}\n`)
        return e.errorClass === 'resolution' ? EXIT_RESOLUTION : EXIT_USAGE
    }
    if (e instanceof UsageError || e instanceof ProfileError) {
        write(`trellis: ${oneLine(e.message)}\n`)
        return EXIT_USAGE
    }
    const system = describeSystemError(e)
    if (system) {
        write(`trellis: ${oneLine(system)}\n`)
        return EXIT_USAGE
    }
    // A bug in Trellis, not in the user's input: say so, and show the stack only on request.
    write(`trellis: internal error: ${oneLine((e as Error)?.message ?? String(e))}${debug ? '' : ' (run with --debug for details)'}\n`)
    if (debug && (e as Error)?.stack) write(`${(e as Error).stack}\n`)
    return EXIT_RESOLUTION
}
