// What analysis finds, as the command line, the wizard and --json read it.
import type {LoadedPlugin} from '../load/index.js'
import type {Trial} from './presets.js'

export type FindingCode =
    | 'no-variant'
    | 'preset-unresolvable'
    | 'preset-pair-unresolvable'
    | 'defaults-unresolvable'
    | 'dead-element'
    | 'equivalent-presets'
    | 'input-decides-nothing'
    | 'value-unresolvable'
    | 'preset-order'
    | 'core-element'
    | 'analysis-incomplete'

export type Severity = 'error' | 'warning' | 'info'

export interface ReasonLine {
    readonly text: string
    readonly condition?: string
    readonly location?: string
}

export interface Finding {
    readonly code: FindingCode
    readonly severity: Severity
    readonly message: string
    /** The element's identifier (dead and core elements). */
    readonly element?: string
    /** Elements that share one cause, reported together (a node's technology candidates never chosen): each with where it is written. */
    readonly members?: readonly {readonly element: string; readonly location?: string}[]
    readonly location?: string
    readonly reason?: readonly ReasonLine[]
    readonly presets?: readonly string[]
    readonly input?: string
}

export interface Analysis {
    readonly findings: readonly Finding[]
    readonly variants: {
        /** Distinct topologies found. */
        readonly count: number
        /** More than `count` exist (the bound was reached). */
        readonly more: boolean
        /** `count` is the exact number of variants. */
        readonly exact: boolean
        readonly explored: number
        readonly combinations: number
    }
    readonly inputs: readonly {readonly name: string; readonly regions: readonly string[]}[]
    readonly presets: readonly {readonly name: string; readonly outcome: Trial['kind']}[]
    /** Elements no assignment makes present / that every assignment keeps, by identifier. */
    readonly dead: ReadonlyMap<string, readonly ReasonLine[]>
    readonly core: ReadonlyMap<string, readonly ReasonLine[]>
    readonly elapsed: number
}

export interface AnalysisOptions {
    readonly plugins?: readonly LoadedPlugin[]
    /**
     * Time budget in milliseconds (default 10 s), a last resort: when it is spent the analysis stops
     * where it is and says so (an `analysis-incomplete` finding); what it reached then depends on the machine.
     */
    readonly budget?: number
    /** Distinct variants counted exactly before "more than" (default 10,000). */
    readonly bound?: number
    /** The most input combinations resolved (default 20,000); beyond it a repeatable sample, and an `analysis-incomplete` finding. */
    readonly combinations?: number
}

export const DEFAULT_COMBINATIONS = 20_000

export const FINDING_SEVERITY: Readonly<Record<FindingCode, Severity>> = {
    'no-variant': 'error',
    'preset-unresolvable': 'error',
    'preset-pair-unresolvable': 'error',
    'defaults-unresolvable': 'warning',
    'dead-element': 'warning',
    'equivalent-presets': 'warning',
    'input-decides-nothing': 'warning',
    'value-unresolvable': 'warning',
    'preset-order': 'info',
    'core-element': 'info',
    'analysis-incomplete': 'warning',
}
