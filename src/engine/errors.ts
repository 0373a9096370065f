// Typed errors a user can cause. Each carries a stable code, a message in the
// words of the specification (or the conformance suite), and where known the
// source location. The CLI prints them as one line; nothing here prints.

export interface SourceLocation {
    readonly file: string
    readonly line: number
    readonly column: number
}

export function formatLocation(location: SourceLocation): string {
    return `${location.file}:${location.line}:${location.column}`
}

/** Why a run failed: bad input (exit 2) or a resolution that cannot succeed (exit 1). */
export type ErrorClass = 'input' | 'resolution'

export type ErrorCode =
    | 'yaml-syntax'
    | 'yaml-duplicate-key'
    | 'file-not-found'
    | 'unsupported-version'
    | 'invalid-template'
    | 'unknown-operator'
    | 'operand-count'
    | 'operand-type'
    | 'undefined-reference'
    | 'expression-cycle'
    | 'too-deep'
    | 'too-large'
    | 'unknown-preset'
    | 'input-type'
    | 'input-unknown'
    | 'input-missing'
    | 'invalid-option'
    | 'plugin-load'
    | 'unsatisfiable'
    | 'inputs-constraints-violated'
    | 'ambiguous'
    | 'check-failed'

export class TrellisError extends Error {
    readonly code: ErrorCode
    readonly errorClass: ErrorClass
    readonly location?: SourceLocation
    /** Further independent mistakes the same pass found (see collectErrors); this error is the first. */
    more: readonly TrellisError[] = []

    constructor(code: ErrorCode, message: string, location?: SourceLocation, errorClass?: ErrorClass) {
        super(message)
        this.name = 'TrellisError'
        this.code = code
        this.location = location
        this.errorClass = errorClass ?? (RESOLUTION_CODES.has(code) ? 'resolution' : 'input')
    }

    /** The one line shown to a user: location first, as compilers do. */
    describe(): string {
        return this.location ? `${formatLocation(this.location)}: ${this.message}` : this.message
    }

    /** Every mistake this error stands for, as diagnostics: itself first, then the ones found beside it. */
    diagnostics(): Diagnostic[] {
        return [this, ...this.more].map(e => ({code: e.code, severity: 'error', message: e.message, location: e.location, notes: []}))
    }
}

/** One problem in a template, as compilers report them; the app layer adds the range's end and the excerpt. */
export interface Diagnostic {
    readonly code: ErrorCode
    readonly severity: 'error' | 'warning'
    readonly message: string
    readonly location?: SourceLocation
    readonly notes: readonly string[]
}

/** At most this many independent mistakes are reported at once; the rest usually follow from them. */
export const MAX_ERRORS = 20

/** The mistakes of one pass as one error: the first, carrying the others (up to MAX_ERRORS in all). */
export function collectErrors(errors: readonly TrellisError[]): TrellisError {
    const [first, ...rest] = errors
    if (!first) throw new Error('collectErrors needs at least one error')
    first.more = rest.slice(0, MAX_ERRORS - 1)
    return first
}

// Violated variability input constraints are the user's inputs contradicting what the template
// allows (like a value of the wrong type): bad input, not a resolution that failed.
const RESOLUTION_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['unsatisfiable', 'ambiguous', 'check-failed'])

export function isTrellisError(e: unknown): e is TrellisError {
    return e instanceof TrellisError
}
