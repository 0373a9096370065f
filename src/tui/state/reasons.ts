// A few words per reason code for the topology's rows, where a whole sentence
// does not fit; the why pane gives the sentence. One entry per code, so a new
// code is a compile error here until it has its words.
import type {ReasonCode, ResolvedModel} from '../../engine/index.js'
import {explanationOf, type TopologyRow} from './session.js'

/** The row's reason: for pruned elements, and present ones the optimizer chose; empty for the rest (no explanation is built for them). */
export function shortReason(model: ResolvedModel, row: TopologyRow): string {
    if (row.present && model.solution.state[row.element.seq] !== 'optimized') return ''
    return SHORT_REASON[explanationOf(model, row.element).code]
}

export const SHORT_REASON: Readonly<Record<ReasonCode, string>> = {
    'no-conditions': 'no conditions',
    'all-conditions-hold': 'conditions hold',
    'manual-condition-true': 'condition holds',
    'manual-condition-false': 'condition false',
    'group-condition-true': 'group condition holds',
    'group-condition-false': 'group condition false',
    'default-alternative-chosen': 'default alternative',
    'default-alternative-other-present': 'an alternative is present',
    'input-condition-true': 'input condition holds',
    'input-condition-false': 'input condition false',
    'default-condition-true': 'default condition holds',
    'default-incoming-none-present': 'no incoming relation present',
    'default-outgoing-none-present': 'no outgoing relation present',
    'default-source-none-present': 'no source present',
    'default-host-absent': 'no host present',
    'default-artifact-none-present': 'no artifact present',
    'container-absent': 'container absent',
    'source-absent': 'source absent',
    'target-absent': 'target absent',
    'consumed-absent': 'consumed input absent',
    'not-managed': 'no technology manages it',
    'technology-other-present': 'another technology present',
    'no-present-member': 'no member present',
    'no-present-target': 'no target present',
    'not-consumed': 'not consumed',
    'not-produced': 'not produced',
    'type-specific-condition-false': 'type-specific condition false',
    'technology-rule-false': 'technology rule false',
    'technology-rule-true': 'technology rule holds',
    'optimization-chosen': 'chosen by optimization',
    'optimization-not-chosen': 'left out by optimization',
    'constraint-requires': 'a constraint requires it',
    'constraint-excludes': 'a constraint excludes it',
    'variability-group': 'variability group: always removed',
    'in-variability-group': 'removed with its variability group',
}
