// The operator catalogue of the specification, by family. Value operators are
// evaluated in TypeScript; logic and presence operators become boolean formulas
// (see conditions/); the names here let both sides recognise each other.
import {analytical} from './operators/analytical.js'
import {arithmetic} from './operators/arithmetic.js'
import {constraints} from './operators/constraint.js'
import {dates} from './operators/date.js'
import {strings} from './operators/string.js'
import type {Operator} from './types.js'
import {closestName} from '../names.js'

export const VALUE_OPERATORS: Readonly<Record<string, Operator>> = {
    ...arithmetic,
    ...strings,
    ...constraints,
    ...analytical,
    ...dates,
}

const LOGIC_OPERATORS = ['and', 'or', 'not', 'xor', 'exo', 'implies', 'amo'] as const
export type LogicOperator = (typeof LOGIC_OPERATORS)[number]

const PRESENCE_OPERATORS = [
    'node_presence',
    'host_presence',
    'has_source',
    'has_incoming_relation',
    'has_incoming_relation_naive',
    'has_outgoing_relation',
    'has_outgoing_relation_naive',
    'has_artifact',
    'has_artifact_naive',
    'relation_presence',
    'artifact_presence',
    'is_managed',
    'policy_presence',
    'group_presence',
    'input_presence',
    'is_consumed',
    'output_presence',
    'is_produced',
    'source_presence',
    'target_presence',
    'has_present_target',
    'has_present_member',
    'node_type_presence',
    'relation_type_presence',
    'group_type_presence',
    'policy_type_presence',
    'artifact_type_presence',
    'node_property_presence',
    'relation_property_presence',
    'group_property_presence',
    'policy_property_presence',
    'artifact_property_presence',
    'container_presence',
    'import_presence',
    'technology_presence',
] as const
export type PresenceOperator = (typeof PRESENCE_OPERATORS)[number]

const REFERENCE_OPERATORS = ['variability_input', 'value_expression', 'logic_expression'] as const

const ALL = new Set<string>([...Object.keys(VALUE_OPERATORS), ...LOGIC_OPERATORS, ...PRESENCE_OPERATORS, ...REFERENCE_OPERATORS])

export function isLogicOperator(name: string): name is LogicOperator {
    return (LOGIC_OPERATORS as readonly string[]).includes(name)
}

export function isPresenceOperator(name: string): name is PresenceOperator {
    return (PRESENCE_OPERATORS as readonly string[]).includes(name)
}

/** Every operator name a condition or expression may use (an editor's completion). */
export function operatorNames(): string[] {
    return [...ALL]
}

/** A suggestion for a misspelt operator. */
export function closestOperator(name: string): string | undefined {
    return closestName(name, [...ALL])
}
