// How the shells turn any failure into one located line on stderr, `error[CODE]:` and its
// place (followed, for a mistake in a file, by the line it points at, the other places it
// involves, its notes and help) and an exit code: 0 ok, 1 resolution or check failed, 2 bad
// usage or bad input, 70 an internal error (a bug in Trellis). Warnings are shown the same way,
// after `warning[CODE]:`; `trellis help CODE` says what a code means.
import {gutterWidth, renderDetails, shownDiagnostic, shownDiagnostics, type ShownDiagnostic} from '../app/diagnostics.js'
import {choiceHeadline, conflictLocation, errorNotes, errorSummary, formatLocation, isTrellisError, MAX_ERRORS, type TrellisError} from '../engine/index.js'
import {terminalWidth, wrapDetail} from '../app/wrap.js'
import {ProfileError} from '../profiles/types.js'

export const EXIT_OK = 0
export const EXIT_RESOLUTION = 1
export const EXIT_USAGE = 2
/** Interrupted by Ctrl-C, as shells report SIGINT (128 + 2). */
export const EXIT_INTERRUPTED = 130
/** A bug in Trellis, not in the input: sysexits' EX_SOFTWARE, so that a script never takes it for a failed resolution. */
export const EXIT_INTERNAL = 70

import {describeSystemError, UsageError} from '../app/errors.js'
import {oneLine} from '../app/shown-text.js'

export {oneLine, UsageError}

/** Warnings the engine kept (input values used although they do not fit their type), each as a diagnostic. */
export function reportWarnings(warnings: readonly TrellisError[], write: (line: string) => void = line => process.stderr.write(line)): void {
    const shown = warnings.map(w => shownDiagnostic(w.diagnostic('warning')))
    const width = gutterWidth(shown)
    for (const d of shown) {
        write(`trellis: warning[${d.code}]: ${oneLine(located(d))}\n`)
        for (const line of renderDetails(d, width)) write(`${line}\n`)
    }
}

/**
 * The warnings a run says, before its error when it fails (a value of the wrong type may be why it
 * failed). A value in another letter case than the template's (input-case) warns of a variant picked
 * without a word: when none is, the failure's repairs name the value in the template's case first.
 */
export function shownWarnings(outcome: {readonly kind: string; readonly warnings: readonly TrellisError[]}): readonly TrellisError[] {
    return outcome.kind === 'resolved' ? outcome.warnings : outcome.warnings.filter(w => w.code !== 'input-case')
}

/** A warning of the shell's own (no diagnostic of the engine): one line. */
export function reportNote(message: string, write: (line: string) => void = line => process.stderr.write(line)): void {
    write(`trellis: warning: ${oneLine(message)}\n`)
}

/** A diagnostic's message after its location, as its first line shows it. */
const located = (d: ShownDiagnostic) => (d.location ? `${formatLocation(d.location)}: ${d.message}` : d.message)

/**
 * An error's first line, `trellis: error[CODE]: …`: for no variant the user's choices reach, the
 * choices in words (`env = gcp (from --set) leaves no variant`); else the message, located.
 */
export function errorHeadline(e: TrellisError): string {
    const chosen = choiceHeadline(e)
    if (chosen) return `trellis: error[${e.code}]: ${oneLine(chosen)}`
    const where = conflictLocation(e)
    const error: TrellisError = where ? (Object.create(e, {location: {value: where, enumerable: true}}) as TrellisError) : e
    // "Could not solve" never stands alone: what conflicts (or the tie) follows, in short on the line, then below it
    const summary = errorSummary(error)
    return `trellis: error[${error.code}]: ${oneLine(`${error.describe()}${summary ? `: ${summary}` : ''}`)}`
}

/** `help`: more help below the first error (what a failed resolution can be repaired with, app/repair-help.ts). */
export function reportError(
    e: unknown,
    debug: boolean,
    write: (line: string) => void = line => process.stderr.write(line),
    help: readonly string[] = [],
    columns = terminalWidth(process.stderr),
): number {
    if (isTrellisError(e)) {
        // no variant the user's choices reach: the choices first, in words; what conflicts follows as
        // notes (each located), the repairs as help; no excerpt (the notes say where each condition is)
        const chosen = choiceHeadline(e)
        // no variant: located where the conflict shown below is, not at the constraint the solver found broken
        const where = chosen ? undefined : conflictLocation(e)
        const error: TrellisError = chosen || where ? (Object.create(e, {location: {value: where, enumerable: true}}) as TrellisError) : e
        const summary = errorSummary(error)
        write(`${errorHeadline(e)}\n`)
        // what each mistake points at, and the mistakes found beside the first
        const shown = shownDiagnostics(error)
        const width = gutterWidth(shown)
        const [plain, ...more] = shown
        const notes = chosen ? [...(summary ? [summary] : []), ...errorNotes(error, {inputs: false})] : errorNotes(error)
        const first = plain && {...plain, notes: [...plain.notes, ...notes], help: [...plain.help, ...help]}
        for (const line of first ? renderDetails(first, width) : []) for (const row of wrapDetail(line, columns)) write(`${row}\n`)
        for (const d of more) {
            write(`trellis: error[${d.code}]: ${oneLine(located(d))}\n`)
            for (const line of renderDetails(d, width)) write(`${line}\n`)
        }
        if (more.length) write(`trellis: ${more.length + 1} errors${more.length + 1 >= MAX_ERRORS ? ` (the first ${MAX_ERRORS} found)` : ''}\n`)
        if (debug && error.stack) write(`${error.stack}\n`)
        return error.errorClass === 'resolution' ? EXIT_RESOLUTION : EXIT_USAGE
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
    write(
        'trellis: this is a bug in Trellis, not in your files: please report it to its maintainers with the command you ran, the template if you can share it, and what the command prints with --debug\n',
    )
    if (debug && (e as Error)?.stack) write(`${(e as Error).stack}\n`)
    return EXIT_INTERNAL
}
