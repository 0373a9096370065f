// What the solver is given: each variable is defined by a formula (v ⇔ F), some
// formulas must hold, and presence of node templates may be optimized.
import type {Formula} from '../conditions/formula.js'

export interface Problem {
    readonly variableCount: number
    /** v ⇔ definitions[v]; undefined for variables nobody refers to. */
    readonly definitions: readonly (Formula | undefined)[]
    readonly constraints: readonly Formula[]
    readonly optimization: Optimization
}

export interface Optimization {
    readonly direction: false | 'min' | 'max'
    /** Fail when another variant, equally good, differs in these variables (node templates). */
    readonly unique: boolean
    /** The variables compared for uniqueness and weighed for optimization, with their weights. */
    readonly objective: readonly {readonly v: number; readonly weight: number}[]
}

export type VariableState = 'propagated' | 'solved' | 'optimized'

export interface Solution {
    /** 1 present, 0 absent, -1 unused. */
    readonly values: Int8Array
    /** How each variable was decided: fixed by propagation, the only model of its part, or chosen by optimization. */
    readonly state: readonly (VariableState | undefined)[]
    /** Independent parts handed to the SAT solver (for explanations and benchmarks). */
    readonly components: readonly Component[]
}

export interface Component {
    readonly variables: readonly number[]
    /** The objective's value the optimizer reached in this part, when it optimized. */
    readonly optimum?: number
    /** True when more than one assignment satisfied this part before optimization chose. */
    readonly chosen: boolean
}

export type SolveFailure =
    | {readonly kind: 'unsatisfiable'; readonly constraint?: number; readonly variables: readonly number[]}
    | {readonly kind: 'ambiguous'; readonly optimized: boolean; readonly variables: readonly number[]; readonly alternative: ReadonlyMap<number, boolean>}
