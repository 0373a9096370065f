// Typed errors a user can cause. Each carries a stable code, a message in the
// words of the specification (or the conformance suite), where known the source
// location, and what a compiler would add below its message: other places that
// take part (a duplicate's first definition), notes, and help. Nothing here prints.

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

/** What kind of mistake or failure an error is; the JSON report gives it (docs/cli.md lists them). */
export const ERROR_CODES = [
    'yaml-syntax',
    'yaml-duplicate-key',
    'file-not-found',
    'unsupported-version',
    'invalid-template',
    'unknown-operator',
    'operand-count',
    'operand-type',
    'undefined-reference',
    'expression-cycle',
    'too-deep',
    'too-large',
    'unknown-preset',
    'input-type',
    'input-unknown',
    'input-missing',
    'invalid-option',
    'plugin-load',
    'unsatisfiable',
    'inputs-constraints-violated',
    'ambiguous',
    'check-failed',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** Another place a diagnostic involves, with what it is there ("first defined here"). */
export interface RelatedLocation {
    readonly location: SourceLocation
    readonly label: string
}

/** What a diagnostic says besides its message, each part shown on lines of its own. */
export interface DiagnosticDetails {
    /** Other places that take part, each labelled. */
    readonly related?: readonly RelatedLocation[]
    /** Facts that explain the mistake. */
    readonly notes?: readonly string[]
    /** What would fix it (the closest defined name, the accepted values). */
    readonly help?: readonly string[]
}

export type DiagnosticSeverity = 'error' | 'warning'

export class TrellisError extends Error {
    readonly code: ErrorCode
    readonly errorClass: ErrorClass
    readonly location?: SourceLocation
    readonly related: readonly RelatedLocation[]
    readonly notes: readonly string[]
    readonly help: readonly string[]
    /** Further independent mistakes the same pass found (see collectErrors); this error is the first. */
    more: readonly TrellisError[] = []

    constructor(code: ErrorCode, message: string, location?: SourceLocation, details: DiagnosticDetails & {readonly errorClass?: ErrorClass} = {}) {
        super(message)
        this.name = 'TrellisError'
        this.code = code
        this.location = location
        this.errorClass = details.errorClass ?? (RESOLUTION_CODES.has(code) ? 'resolution' : 'input')
        this.related = details.related ?? []
        this.notes = details.notes ?? []
        this.help = details.help ?? []
    }

    /** The one line shown to a user: location first, as compilers do. */
    describe(): string {
        return this.location ? `${formatLocation(this.location)}: ${this.message}` : this.message
    }

    /** This error (or warning) alone, as a diagnostic. */
    diagnostic(severity: DiagnosticSeverity = 'error'): Diagnostic {
        return {code: this.code, severity, message: this.message, location: this.location, related: this.related, notes: this.notes, help: this.help}
    }

    /** Every mistake this error stands for, as diagnostics: itself first, then the ones found beside it. */
    diagnostics(): Diagnostic[] {
        return [this, ...this.more].map(e => e.diagnostic())
    }
}

/** One problem in a template, as compilers report them; the app layer adds the ranges and the excerpts. */
export interface Diagnostic {
    readonly code: ErrorCode
    readonly severity: DiagnosticSeverity
    readonly message: string
    readonly location?: SourceLocation
    readonly related: readonly RelatedLocation[]
    readonly notes: readonly string[]
    readonly help: readonly string[]
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

/** Mistakes in what was chosen (a value, a preset, an input that does not exist), as opposed to mistakes in the template. */
const CHOICE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['input-type', 'input-unknown', 'input-missing', 'unknown-preset', 'inputs-constraints-violated'])

/** Whether an error is about the choices (other choices may resolve) rather than the template (no choice will). */
export function aboutChoices(code: ErrorCode | string): boolean {
    return CHOICE_CODES.has(code as ErrorCode)
}

export function isTrellisError(e: unknown): e is TrellisError {
    return e instanceof TrellisError
}
