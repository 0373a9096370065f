// Typed errors a user can cause. Each carries a stable code, a message in the
// words of the specification (or the conformance suite), where known the source
// location, and what a compiler would add below its message: other places that
// take part (a duplicate's first definition), notes, and help. Nothing here prints.

/** Where something was written: its first character, and where the reader knows it, the line and column just past its token (a span). */
export interface SourceLocation {
    readonly file: string
    readonly line: number
    readonly column: number
    readonly endLine?: number
    readonly endColumn?: number
}

/** A location as plain data (one found on first read carries the reader's bookkeeping: engine/load/yaml/positions/source-map.ts). */
function plainLocation(location: SourceLocation): SourceLocation {
    const {file, line, column, endLine, endColumn} = location
    return endLine === undefined || endColumn === undefined ? {file, line, column} : {file, line, column, endLine, endColumn}
}

export function formatLocation(location: SourceLocation): string {
    return `${location.file}:${location.line}:${location.column}`
}

/** Why a run failed: bad input (exit 2) or a resolution that cannot succeed (exit 1). */
export type ErrorClass = 'input' | 'resolution'

/**
 * What kind of mistake or failure an error is, and what that means: its headline and the JSON
 * report name it, `trellis help CODE` shows the meaning (docs/cli.md lists them; a test holds the
 * two to each other).
 */
export const ERROR_MEANINGS = {
    'yaml-syntax': 'a YAML file cannot be read: a syntax error, an alias that cannot be resolved or that expands too far',
    'yaml-duplicate-key': 'a map names the same key twice',
    'file-not-found': 'a file named (template, inputs file, rules, test case) cannot be read: missing, a folder, not a regular file',
    'unsupported-version': 'a tosca_definitions_version Trellis does not read',
    'invalid-template':
        'the template breaks a rule of the specification: an undefined type, a misplaced key, a value that would not come out as written, a file outside its folder',
    'unknown-operator': 'a condition or expression names an operator that does not exist',
    'operand-count': 'an operator has the wrong number of operands',
    'operand-type': 'an operand of the wrong type, such as a condition that is not true or false',
    'undefined-reference': 'a name that is not defined: an input, an expression, a node, a group',
    'expression-cycle': 'named expressions that refer to one another in a circle',
    'too-deep': 'maps, lists or expressions nested deeper than 500 levels',
    'too-large': "a limit crossed: a file's size, an expression's size, a type library's entries (docs/untrusted-templates.md, Limits)",
    'unknown-preset': 'a preset the template does not define',
    'input-constraint': "a value its input's TOSCA constraints (valid_values, in_range, pattern, …) do not allow (a warning: used as given, as the reference ignores them)",
    'input-type': 'a value of the wrong type for its input (a warning when resolving; refused where values are kept, as by profile save)',
    'input-unknown': 'a value for an input the template does not declare (a warning for one in an inputs file or a preset: it is ignored, as the reference ignores it)',
    'input-missing': 'inputs without a value and without a default',
    'input-case':
        'an input compared with a text that differs from its value only in letter case (large with LARGE): a warning, the comparison is false as the specification and the reference have it',
    'invalid-option': 'a variability option with an unknown name or value',
    'plugin-load': 'a technology plugin cannot be loaded',
    unsatisfiable: 'no variant satisfies every condition and constraint',
    'inputs-constraints-violated': "the input values break the template's constraints on inputs",
    ambiguous: 'two variants are equally good and nothing decides between them',
    'check-failed': 'a consistency or semantic check rejects the variant',
} as const

export const ERROR_CODES = Object.keys(ERROR_MEANINGS) as readonly (keyof typeof ERROR_MEANINGS)[]

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

    /** This error (or warning) alone, as a diagnostic: plain data (it crosses to the wizard's thread and into reports as it is). */
    diagnostic(severity: DiagnosticSeverity = 'error'): Diagnostic {
        return {
            code: this.code,
            severity,
            message: this.message,
            ...(this.location ? {location: plainLocation(this.location)} : {}),
            related: this.related.map(r => ({location: plainLocation(r.location), label: r.label})),
            notes: [...this.notes],
            help: [...this.help],
        }
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
const CHOICE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
    'input-constraint',
    'input-type',
    'input-unknown',
    'input-missing',
    'unknown-preset',
    'inputs-constraints-violated',
])

/** Whether an error is about the choices (other choices may resolve) rather than the template (no choice will). */
export function aboutChoices(code: ErrorCode | string): boolean {
    return CHOICE_CODES.has(code as ErrorCode)
}

export function isTrellisError(e: unknown): e is TrellisError {
    return e instanceof TrellisError
}
