// A failed resolution in the words every shell shows it in — `trellis explain`, line
// mode and the wizard's conflict screen: when no variant exists, the minimal conflict
// (the headline, the input values taking part with where each came from, then each
// condition or constraint with where it was written and the values it read); any
// other failure as the command line reports an error: located, with the lines below
// it (the excerpt, other places, notes and help). The report numbers the same items
// in Markdown (report/markdown.ts).
import {aboutChoices, conflictHeadline, conflictInputs, type ConflictItem, formatLocation, type TrellisError} from '../engine/index.js'
import {renderDetails, shownDiagnostic} from './diagnostics.js'

export interface FailureLine {
    /** The line without its location, indentation included. */
    readonly text: string
    /** Where the condition or constraint was written: shown after the text (dimmed on a screen). */
    readonly location?: string
    /** A line below an error (its excerpt, a note, help): shown as it is, never wrapped, so an underline stays under its line. */
    readonly below?: boolean
}

/** A failed resolution's error as plain data (what crosses from the wizard's resolver to its screen). */
export interface ShownFailure {
    readonly code: TrellisError['code']
    /** No variant exists ('resolution'), or the choices themselves are wrong ('input': an unknown input, a missing value). */
    readonly errorClass: TrellisError['errorClass']
    readonly message: string
    /** `file:line:col` where the mistake is, when it is in a file. */
    readonly location?: string
    /** The lines shown below the message, as on the command line: the excerpt, other places, notes, help. */
    readonly details: readonly string[]
}

/** The error as a shell shows it; reads the template's lines for the excerpt. */
export function shownFailure(error: TrellisError): ShownFailure {
    const {code, errorClass, message, location} = error
    return {code, errorClass, message, ...(location ? {location: formatLocation(location)} : {}), details: renderDetails(shownDiagnostic(error.diagnostic()))}
}

/** The minimal conflict as lines, the headline first. */
export function conflictLines(conflict: readonly ConflictItem[]): FailureLine[] {
    const lines: FailureLine[] = [{text: `No variant exists: ${conflictHeadline(conflict)}${conflict.length ? ':' : '.'}`}]
    const inputs = conflictInputs(conflict)
    if (inputs.length)
        lines.push({text: `  with the input ${inputs.length === 1 ? 'value' : 'values'}:`}, ...inputs.map(i => ({text: `    input ${i}`})), {
            text: '  the conditions and constraints:',
        })
    for (const c of conflict) {
        lines.push({text: `  - ${c.text}: ${c.condition}`, location: c.location})
        for (const i of c.inputs) lines.push({text: `      input ${i}`})
    }
    return lines
}

/**
 * What a failed resolution says: the conflict when no variant exists (its items carry their places);
 * else what kind of failure it is, the error located, and the lines below it.
 */
export function failureLines(failure: ShownFailure, conflict: readonly ConflictItem[]): FailureLine[] {
    if (failure.code === 'unsatisfiable') return conflictLines(conflict)
    // "The result is ambiguous considering …" says what it is; a check's message names only what it found
    const kind =
        failure.errorClass !== 'input'
            ? failure.code === 'check-failed'
                ? 'A check rejects the variant: '
                : ''
            : aboutChoices(failure.code)
              ? 'These choices cannot be resolved: '
              : 'The template has a mistake: '
    return [{text: `${kind}${failure.location ? `${failure.location}: ` : ''}${failure.message}`}, ...failure.details.map(text => ({text, below: true}))]
}

/** The lines as plain text: a location two spaces after its line. */
export function plainLines(lines: readonly FailureLine[]): string[] {
    return lines.map(l => (l.location ? `${l.text}  (${l.location})` : l.text))
}
