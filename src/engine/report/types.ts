// The explanation report as plain data: what the Markdown and JSON renderings
// show, and what schema/report.schema.json describes. Built once by build.ts
// from the engine's own records (the explanation document, the options, the
// solution, the check list); the renderers only format it.
import type {DiagnosticSeverity, ErrorCode} from '../errors.js'
import type {DocumentBecause, DocumentElement, FreeChoiceRule} from '../explain/index.js'
import type {ConflictItem} from '../resolve/index.js'

export const REPORT_FORMAT = 1

/** `invalid`: the template or the request has mistakes, found before anything could be solved. */
export type ReportStatus = 'resolved' | 'unsatisfiable' | 'ambiguous' | 'check-failed' | 'invalid'

export interface ReportData {
    readonly format: typeof REPORT_FORMAT
    /** The template as the user named it. */
    readonly template: string
    /** Null when the template (or an inputs file) could not be read. */
    readonly version: string | null
    /** ISO 8601; the only field that differs between two reports of the same resolution. */
    readonly generatedAt: string
    /** A shell command that reproduces this resolution (environment inputs included). */
    readonly command: string
    readonly status: ReportStatus
    /** The one-line error when resolving failed. */
    readonly error: string | null
    /** What resolving warned of (an input value that does not fit its type, used as given). */
    readonly warnings: readonly ReportDiagnostic[]
    /** Null when the template has mistakes (status `invalid`): nothing past them was read. */
    readonly pruningMode: {readonly value: string; readonly origin: string} | null
    /** Every option whose effective value differs from the definitions version's default, by name. */
    readonly options: readonly ReportOption[]
    /** Presets in the order they were applied (later ones win). */
    readonly presets: readonly string[]
    readonly profile: string | null
    readonly inputs: readonly ReportInput[]
    /** Kept and pruned elements by kind; null when no variant exists. */
    readonly summary: ReportSummary | null
    readonly topology: ReportTopology
    /** Pruned elements in template order, each with its explanation. */
    readonly pruned: readonly ReportElement[]
    readonly optimization: ReportOptimization
    readonly checks: readonly ReportCheck[]
    readonly conflict: ReportConflict | null
}

export interface ReportOption {
    readonly name: string
    readonly value: unknown
    readonly default: unknown
    /** Who set it: `template (file:line:col)`, `mode semantic-loose`, … */
    readonly origin: string
}

interface ReportInput {
    readonly name: string
    readonly value: unknown
    readonly source: string
    readonly overrides: readonly {readonly value: unknown; readonly source: string}[]
    /** False when no verdict reads the input; null when no variant exists. */
    readonly decidesSomething: boolean | null
}

export interface ReportSummary {
    readonly byKind: readonly {readonly kind: string; readonly kept: number; readonly pruned: number}[]
    readonly kept: number
    readonly pruned: number
}

export interface ReportTopology {
    /** `conditional`: the node template has conditions of its own (written, or from a group it belongs to). */
    readonly nodes: readonly {
        readonly id: string
        readonly name: string
        readonly type: string | null
        readonly present: boolean | null
        readonly conditional: boolean
        /** The technologies kept to deploy it (`terraform@6`), each with the code of its presence; none for a pruned node. */
        readonly technologies: readonly {readonly id: string; readonly name: string; readonly code: string}[]
    }[]
    readonly relations: readonly {readonly id: string; readonly name: string; readonly source: string; readonly target: string; readonly present: boolean | null}[]
}

export type ReportElement = Pick<DocumentElement, 'id' | 'display' | 'kind' | 'code' | 'reason' | 'decidedBy' | 'dependsOnInputs'> & {
    /** The element it belongs to (a property's or technology's node, a relation's source), by identifier; null for a top-level element. */
    readonly container: string | null
    /** The variability inputs the whole chain behind the verdict leads back to, by name. */
    readonly inputs: readonly string[]
    readonly location: string | null
    readonly because: readonly DocumentBecause[]
}

export interface ReportOptimization {
    readonly objectives: readonly {readonly subject: string; readonly direction: string | false; readonly mode: string; readonly unique: boolean; readonly origin: string}[]
    /** Independent parts where several variants satisfied every condition and the optimizer chose. */
    readonly decisions: readonly {
        readonly optima: readonly (number | null)[]
        readonly elements: readonly {readonly id: string; readonly display: string; readonly present: boolean}[]
    }[]
    /** Independent parts where several variants satisfied everything and nothing chose: the preference decided (see FreeChoice). */
    readonly freeChoices: readonly {
        readonly rule: FreeChoiceRule
        /** The options that would decide instead. */
        readonly decide: string
        readonly elements: readonly {readonly id: string; readonly display: string; readonly present: boolean}[]
    }[]
}

interface ReportCheck {
    readonly name: string
    readonly option: string
    readonly kind: 'consistency' | 'semantic'
    readonly enabled: boolean
    readonly origin: string
}

export type ReportConflict =
    | {readonly kind: 'unsatisfiable'; readonly items: readonly ConflictItem[]}
    | {
          readonly kind: 'ambiguous'
          readonly subject: string
          /** Whether the variants were compared by an optimization (and were equally good). */
          readonly optimized: boolean
          readonly differences: readonly {readonly element: string; readonly display: string; readonly chosen: boolean; readonly alternative: boolean}[]
      }
    | {readonly kind: 'check-failed'; readonly message: string; readonly location: string | null}
    /** Every independent mistake found (up to the limit the shells show). */
    | {readonly kind: 'invalid'; readonly mistakes: readonly ReportDiagnostic[]}

/** A mistake or a warning: where it is (`file:line:col`), the other places it involves, its notes and help. */
export interface ReportDiagnostic {
    readonly code: ErrorCode
    readonly severity: DiagnosticSeverity
    readonly message: string
    readonly location: string | null
    readonly related: readonly {readonly location: string; readonly label: string}[]
    readonly notes: readonly string[]
    readonly help: readonly string[]
}
