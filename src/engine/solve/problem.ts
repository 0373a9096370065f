// What the solver is given: each variable is defined by a formula (v ⇔ F), some
// formulas must hold, and presence of node templates may be optimized.
import type {Formula} from '../conditions/index.js'

export interface Problem {
    readonly variableCount: number
    /** v ⇔ definitions[v]; undefined for variables nobody refers to. */
    readonly definitions: readonly (Formula | undefined)[]
    readonly constraints: readonly Formula[]
    /** Applied in order (lexicographically): node templates first, then technologies. */
    readonly objectives: readonly Objective[]
}

type ObjectiveSubject = 'nodes' | 'technologies'

export interface Objective {
    readonly subject: ObjectiveSubject
    readonly direction: false | 'min' | 'max'
    /** Weighted formulas summed by the objective (a presence variable, or "some technology named t"). */
    readonly terms: readonly {readonly formula: Formula; readonly weight: number}[]
    /** After this objective, fail when another equally good variant differs in `compare`. */
    readonly unique: boolean
    readonly compare: readonly number[]
}

/**
 * How a variable was decided: fixed by propagation, the only model of its part, chosen by
 * optimization, or free: several variants satisfy every condition and constraint (and, when the
 * part was optimized, are equally good at the optimum), nothing (optimization, a uniqueness check)
 * chose between them, and where the solver landed decided.
 */
export type VariableState = 'propagated' | 'solved' | 'optimized' | 'free'

export interface Solution {
    /** 1 present, 0 absent, -1 unused. */
    readonly values: Int8Array
    /** How each variable was decided (see VariableState). */
    readonly state: readonly (VariableState | undefined)[]
    /** For each propagated variable, the step of propagation that decided it (1 first); 0 for the others. */
    readonly order: Int32Array
    /** Independent parts handed to the SAT solver (for explanations and benchmarks). */
    readonly components: readonly Component[]
}

export interface Component {
    readonly variables: readonly number[]
    /** The value each optimizing objective reached in this part, in objective order. */
    readonly optima: readonly (number | undefined)[]
    /** True when more than one assignment satisfied this part before optimization chose. */
    readonly chosen: boolean
    /** Variables that differ among variants nothing chose between (equally good at the optimum when `chosen`); empty when the part has one such variant. */
    readonly free: readonly number[]
}

export type SolveFailure =
    | {readonly kind: 'unsatisfiable'; readonly constraint?: number; readonly variables: readonly number[]}
    | {
          readonly kind: 'ambiguous'
          readonly subject: ObjectiveSubject
          readonly optimized: boolean
          readonly variables: readonly number[]
          /** The chosen variant and another one that is just as good, over the part's variables. */
          readonly chosen: ReadonlyMap<number, boolean>
          readonly alternative: ReadonlyMap<number, boolean>
      }
