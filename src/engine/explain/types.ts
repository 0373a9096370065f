// The explanation model: plain data, rendered as text by the CLI and as JSON
// for scripts and reports. Reason codes are stable; docs/explanations.md lists them.
import type {SourceLocation} from '../errors.js'
import type {InputSource} from '../inputs/index.js'

export type Verdict = 'present' | 'pruned'

export type ReasonCode =
    | 'no-conditions'
    | 'all-conditions-hold'
    | 'manual-condition-true'
    | 'manual-condition-false'
    | 'group-condition-true'
    | 'group-condition-false'
    | 'default-alternative-chosen'
    | 'default-alternative-other-present'
    | 'input-condition-true'
    | 'input-condition-false'
    | 'default-condition-true'
    | 'default-incoming-none-present'
    | 'default-outgoing-none-present'
    | 'default-source-none-present'
    | 'default-host-absent'
    | 'default-artifact-none-present'
    | 'container-absent'
    | 'source-absent'
    | 'target-absent'
    | 'consumed-absent'
    | 'not-managed'
    | 'technology-other-present'
    | 'no-present-member'
    | 'no-present-target'
    | 'not-consumed'
    | 'not-produced'
    | 'type-specific-condition-false'
    | 'technology-rule-false'
    | 'technology-rule-true'
    | 'optimization-chosen'
    | 'optimization-not-chosen'
    | 'free-choice-present'
    | 'free-choice-pruned'
    | 'constraint-requires'
    | 'constraint-excludes'
    | 'variability-group'
    | 'in-variability-group'

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

/** One reason, with the chain behind it. */
export interface Because {
    /** manual, group, default, pruning, type-specific, default-alternative, input, technology-rule, constraint, variability-group; element for a followed element; reference for one shown above. */
    readonly kind: string
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
    return location ? `${location.file}:${location.line}:${location.column}` : undefined
}
