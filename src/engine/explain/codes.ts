// Reason codes and their sentences, one per kind of condition and outcome.
import type {ConditionOrigin, ConditionRecord, ConstraintRecord, DefaultWrapper} from '../conditions/index.js'
import type {Element} from '../model/index.js'
import {renderExpression} from '../text.js'
import type {ConditionKind, ReasonCode} from './types.js'
import {lowerFirst} from '../text.js'

/** The reason one condition record of an element gives, with its value: its code and sentence. */
export function recordReason(record: ConditionRecord, value: boolean): {code: ReasonCode; text: string} {
    const o = record.origin
    switch (o.kind) {
        case 'manual':
            return value ? {code: 'manual-condition-true', text: 'its condition holds'} : {code: 'manual-condition-false', text: 'its condition does not hold'}
        case 'group':
            return value
                ? {code: 'group-condition-true', text: `the condition of ${lowerFirst(o.group.display)} holds`}
                : {code: 'group-condition-false', text: `the condition of ${lowerFirst(o.group.display)}, a variability group it belongs to, does not hold`}
        case 'default-alternative':
            return value
                ? {code: 'default-alternative-chosen', text: 'it is the default alternative and no alternative is present'}
                : {code: 'default-alternative-other-present', text: 'it is the default alternative, and an alternative is present'}
        case 'input-condition':
            return value
                ? {code: 'input-condition-true', text: `variability input "${o.input}" is true`}
                : {code: 'input-condition-false', text: `variability input "${o.input}", named after this element, is false`}
        case 'technology-rule':
        case 'technology-plugin': {
            const from = o.kind === 'technology-rule' ? `technology rule #${o.rule.index + 1} (${o.rule.technology} for ${o.rule.component})` : `technology plugin ${o.plugin}`
            return value ? {code: 'technology-rule-true', text: `the conditions of ${from} hold`} : {code: 'technology-rule-false', text: `the conditions of ${from} do not hold`}
        }
        case 'default':
        case 'pruning': {
            const why = o.kind === 'pruning' ? 'pruning' : 'default condition'
            if (value) return {code: 'default-condition-true', text: `its ${why} (${wrapperName(o.wrapper)}) holds`}
            const {code, text} = defaultFalse(record.element, o.wrapper)
            return {code, text: `${text} (${why}: ${wrapperName(o.wrapper)})`}
        }
    }
}

/** A default or pruning condition that does not hold, as its reason names it: `no host is present (pruning: host, semantic)`. */
export interface NamedCondition {
    /** The reason without the name: `no host is present`. */
    readonly fact: string
    /** `pruning` when a pruning option gave the element the condition; `default` when it got it for having no condition of its own. */
    readonly by: 'pruning' | 'default'
    /** The condition's name in the specification (`host`, `incomingnaive`); for a type-specific one, its type. */
    readonly name: string
    readonly kind: 'consistency' | 'semantic' | 'type-specific'
}

const NAMED = /^(.*) \((pruning|default condition): (?:type-specific for (.*)|(\S+), (consistency|semantic))\)$/s

/** Reads back what recordReason writes of a default or pruning condition that does not hold; undefined for any other reason. */
export function namedCondition(text: string): NamedCondition | undefined {
    const m = NAMED.exec(text)
    if (!m) return undefined
    const by = m[2] === 'pruning' ? 'pruning' : 'default'
    if (m[3] !== undefined) return {fact: m[1]!, by, name: m[3], kind: 'type-specific'}
    return {fact: m[1]!, by, name: m[4]!, kind: m[5] as 'consistency' | 'semantic'}
}

function wrapperName(w: DefaultWrapper): string {
    if (w.typeSpecific) return `type-specific for ${w.typeSpecific}`
    return `${w.token}, ${w.consistency ? 'consistency' : 'semantic'}`
}

function defaultFalse(element: Element, w: DefaultWrapper): {code: ReasonCode; text: string} {
    if (w.typeSpecific) return {code: 'type-specific-condition-false', text: `the type-specific condition of "${w.typeSpecific}" does not hold`}
    const container = element.container ? lowerFirst(element.container.display) : 'its container'
    switch (w.token) {
        case 'incoming':
        case 'incomingnaive':
            return {code: 'default-incoming-none-present', text: 'no incoming relation is present'}
        case 'source':
            return element.kind === 'relation'
                ? {code: 'source-absent', text: `its source ${lowerFirst(element.source.display)} is absent`}
                : {code: 'default-source-none-present', text: 'no source of an incoming relation is present'}
        case 'target':
            return element.kind === 'relation'
                ? {code: 'target-absent', text: `its target ${lowerFirst(element.target.display)} is absent`}
                : {code: 'no-present-target', text: 'none of its targets is present'}
        case 'outgoing':
        case 'outgoingnaive':
            return {code: 'default-outgoing-none-present', text: 'no outgoing relation is present'}
        case 'host':
            return {code: 'default-host-absent', text: 'no host is present'}
        case 'artifact':
        case 'artifactnaive':
            return {code: 'default-artifact-none-present', text: 'none of its artifacts is present'}
        case 'container':
            return {code: 'container-absent', text: `its container ${container} is absent`}
        case 'consuming':
            return {code: 'consumed-absent', text: 'what it consumes (an input or its container) is absent'}
        case 'managed':
        case 'technology':
            return {code: 'not-managed', text: 'no present technology manages it'}
        case 'member':
            return {code: 'no-present-member', text: 'none of its members is present'}
        case 'consumed':
            return {code: 'not-consumed', text: 'no present property consumes it'}
        case 'produced':
            return {code: 'not-produced', text: 'no present property or node produces it'}
        default:
            // technology container-other
            return element.container && element.kind === 'technology'
                ? {code: 'technology-other-present', text: `its node is absent or another technology of ${container} is present`}
                : {code: 'container-absent', text: `its default condition (${w.token}) does not hold`}
    }
}

/** A constraint as the subject of a sentence: `the hosting_stack_constraint option (node "app" has exactly one hosting relation)`. */
export function describeConstraint(c: ConstraintRecord): string {
    switch (c.origin.kind) {
        case 'constraint':
            return `the topology constraint ${renderExpression(c.expression)}`
        case 'implies':
            return `the ${c.description}`
        case 'implied':
            return `the "implied" constraint (${c.description})`
        case 'option':
            return `the ${c.origin.option} option (${c.description})`
    }
}

/** The kind of a condition as the JSON document names it. */
export function kindOf(origin: ConditionOrigin): ConditionKind {
    switch (origin.kind) {
        case 'manual':
            return 'manual'
        case 'group':
            return 'group'
        case 'default-alternative':
            return 'default-alternative'
        case 'input-condition':
            return 'input'
        case 'technology-rule':
        case 'technology-plugin':
            return 'technology-rule'
        case 'default':
            return origin.wrapper.typeSpecific ? 'type-specific' : 'default'
        case 'pruning':
            return origin.wrapper.typeSpecific ? 'type-specific' : 'pruning'
    }
}
