// The explanation model: plain data, rendered as text by the CLI and as JSON
// for scripts and reports. Reason codes are stable: reason-codes.ts lists them.
import {formatLocation, type SourceLocation} from '../errors.js'
import type {InputSource} from '../inputs/index.js'
import type {ReasonCode} from './reason-codes.js'

export type Verdict = 'present' | 'pruned'

export type {ReasonCode}

export interface InputCitation {
    readonly name: string
    readonly value: unknown
    readonly source: InputSource
    /** One line: `mode: prod — --set, overriding preset dev`. */
    readonly text: string
}

/** A part of a condition with its value: a value expression, a presence operator, a named expression. */
export interface Term {
    readonly text: string
    readonly value: boolean | undefined
    readonly inputs: readonly InputCitation[]
    /** Elements whose presence this term reads. */
    readonly refers: readonly ElementRef[]
}

export interface ElementRef {
    readonly id: string
    readonly display: string
    readonly verdict: Verdict
}

/**
 * What a condition is to the verdict it is shown under: a cause (followed into what it reads), another
 * condition that fails too and would prune the element alone (`also`, not followed), or one settled
 * only by the verdict itself or together with it by the solver (`consequence`, not followed).
 */
export type Role = 'cause' | 'also' | 'consequence'

/** The kinds of condition a reason can be, as the JSON document names them (see codes.ts kindOf). */
const CONDITION_KINDS = ['manual', 'group', 'default', 'pruning', 'type-specific', 'default-alternative', 'input', 'technology-rule'] as const
export type ConditionKind = (typeof CONDITION_KINDS)[number]

/**
 * What a reason is: a condition of one of those kinds, a constraint that decides the verdict, the free
 * choice, a variability group; `element` for an element followed in the chain, `reference` for one
 * shown above. docs/explanations.md and the report schema list the same (checked by tests).
 */
export const BECAUSE_KINDS = [...CONDITION_KINDS, 'constraint', 'free-choice', 'variability-group', 'element', 'reference'] as const
export type BecauseKind = (typeof BECAUSE_KINDS)[number]

/** One reason, with the chain behind it. */
export interface Because {
    readonly kind: BecauseKind
    readonly code: ReasonCode
    readonly text: string
    /** The condition as written or generated, and its value. */
    readonly condition?: string
    readonly value?: boolean
    readonly location?: string
    readonly terms: readonly Term[]
    /** Explanations of the elements this reason depends on (depth-limited; repeats are referenced, not unrolled). */
    readonly because: readonly Because[]
    /** Set when this element was already explained higher up: a cycle or a shared cause. */
    readonly seeAbove?: string
    readonly element?: ElementRef
    /** Where the condition was written when that is not the element itself: the variability group of a group condition. */
    readonly writtenOn?: ElementRef
    /** Set for a condition that is not a cause (see Role); a cause has none. */
    readonly role?: Exclude<Role, 'cause'>
    /** Of a condition that is not a cause: the elements its deciding parts read (it is not followed into them). */
    readonly reads?: readonly ElementRef[]
}

export interface Explanation {
    readonly element: ElementRef & {readonly kind: string; readonly location?: string}
    readonly verdict: Verdict
    readonly code: ReasonCode
    readonly summary: string
    /**
     * How the verdict was reached: conditions alone, the SAT solver, the optimizer choosing among
     * variants, or the specification itself (a variability group is always removed).
     */
    readonly decidedBy: 'conditions' | 'solver' | 'optimization' | 'preference' | 'specification'
    /** The user's decisions and the template conditions that decided the verdict. */
    readonly rootCauses: {
        readonly inputs: readonly InputCitation[]
        readonly conditions: readonly {readonly text: string; readonly location?: string; readonly element: string}[]
    }
    readonly because: readonly Because[]
}

export function formatSourceLocation(location: SourceLocation | undefined): string | undefined {
    return location ? formatLocation(location) : undefined
}
