// Conditions with provenance: every condition an element gets says where it
// came from, so explanations never have to re-derive the semantics.
import type {SourceLocation} from '../errors.js'
import type {Element, GroupElement, TechnologyElement} from '../model/index.js'
import type {Formula} from './formula.js'

/**
 * Which default condition: the mode token of the spec (incoming, host,
 * container, …) or a type-specific one. Descriptors are shared by every
 * element they apply to; the formula lives in the element's record.
 */
export interface DefaultWrapper {
    readonly token: string
    readonly consistency: boolean
    readonly semantic: boolean
    /** Set for type-specific default conditions: the type they were defined for. */
    readonly typeSpecific?: string
    /** The condition as the spec would write it, for explanations (e.g. `{has_incoming_relation: SELF}`). */
    readonly expression: unknown
    /** The origins of records this wrapper produces, made once with the wrapper. */
    readonly origins: {readonly default: ConditionOrigin; readonly pruning: ConditionOrigin}
}

/** One default condition of one element. */
export interface DefaultCondition {
    readonly wrapper: DefaultWrapper
    readonly formula: Formula
}

export type ConditionOrigin =
    | {readonly kind: 'manual'}
    | {readonly kind: 'group'; readonly group: GroupElement}
    | {readonly kind: 'default-alternative'; readonly siblings: readonly Element[]}
    | {readonly kind: 'input-condition'; readonly input: string}
    | {readonly kind: 'technology-rule'; readonly rule: NonNullable<TechnologyElement['rule']>}
    | {readonly kind: 'technology-plugin'; readonly plugin: string}
    | {readonly kind: 'default'; readonly wrapper: DefaultWrapper}
    | {readonly kind: 'pruning'; readonly wrapper: DefaultWrapper}

export interface ConditionRecord {
    readonly element: Element
    readonly origin: ConditionOrigin
    /** The condition as written (manual, group) or generated (defaults, pruning). */
    readonly expression: unknown
    readonly formula: Formula
    readonly location?: SourceLocation
    /** Default and pruning conditions are generated; the rest are the element's manual conditions. */
    readonly generated: boolean
}

export type ConstraintOrigin =
    | {readonly kind: 'constraint'}
    | {readonly kind: 'implies'; readonly element: Element}
    | {readonly kind: 'implied'; readonly element: Element}
    | {readonly kind: 'option'; readonly option: string; readonly element?: Element}

/** A formula that must hold in every variant. */
export interface ConstraintRecord {
    readonly origin: ConstraintOrigin
    readonly expression: unknown
    readonly formula: Formula
    readonly location?: SourceLocation
    readonly description: string
}
