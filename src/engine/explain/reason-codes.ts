// The reason codes, each with its meaning: the one list. The ReasonCode type is read
// from it, docs/explanations.md and the report schema are checked against it
// (test/docs/reference.test.ts, test/report/json.test.ts), and every table keyed
// by code (the wizard's short reasons) is a Record over it: a new code is a
// compile error there until it has its words.

/** Reason codes are stable: scripts and reports read them. */
export const REASON_CODES = {
    'no-conditions': 'present: nothing conditions the element',
    'all-conditions-hold': 'present: every condition holds',
    'manual-condition-true': 'a condition written on the element holds',
    'manual-condition-false': 'a condition written on the element does not hold',
    'group-condition-true': 'the condition of a variability group (ConditionalMembers) the element belongs to holds',
    'group-condition-false': 'the condition of a variability group the element belongs to does not hold',
    'default-alternative-chosen': 'the element is the default alternative and none of its alternatives is present',
    'default-alternative-other-present': 'the element is the default alternative and an alternative is present',
    'input-condition-true': 'the variability input named after the element is true',
    'input-condition-false': 'the variability input named after the element is false',
    'default-condition-true': 'a default or pruning condition holds',
    'default-incoming-none-present': 'node default condition (incoming, incomingnaive): no incoming relation is present',
    'default-outgoing-none-present': 'node default condition (outgoing, outgoingnaive): no outgoing relation is present',
    'default-source-none-present': 'node default condition (source): no source of an incoming relation is present',
    'default-host-absent': 'node default condition (host): no host is present',
    'default-artifact-none-present': 'node default condition (artifact, artifactnaive): no artifact is present',
    'container-absent': "default condition (container): the element's container is absent",
    'source-absent': 'relation default condition (source): the source node is absent',
    'target-absent': 'relation default condition (target): the target node is absent',
    'consumed-absent': 'property default condition (consuming): the consumed input or container is absent',
    'not-managed': 'artifact default condition (managed): no present technology manages the artifact',
    'technology-other-present': 'technology default condition (container-other): the node is absent or another technology is present',
    'no-present-member': 'group default condition: no member is present',
    'no-present-target': 'policy default condition: no target is present',
    'not-consumed': 'input default condition: no present property consumes the input',
    'not-produced': 'output default condition: nothing present produces the output',
    'type-specific-condition-false': 'a type-specific default condition does not hold',
    'technology-rule-false': 'the conditions of the technology rule (or plugin) that proposed the technology do not hold',
    'technology-rule-true': 'the conditions of the technology rule (or plugin) that proposed the technology hold',
    'optimization-chosen': 'several variants satisfy every condition and differ in this element; the optimizer chose one with it',
    'optimization-not-chosen': 'several variants satisfy every condition and differ in this element; the optimizer chose one without it',
    'free-choice-present':
        'several variants satisfy every condition and nothing chose (no optimization, or a tie at its optimum, and no uniqueness check): the preference kept the element',
    'free-choice-pruned':
        'several variants satisfy every condition and nothing chose (no optimization, or a tie at its optimum, and no uniqueness check): the preference left the element out',
    'constraint-requires': 'a constraint or implication requires the element: without it, its conditions would allow either verdict',
    'constraint-excludes': 'a constraint or implication excludes the element: without it, its conditions would allow either verdict',
    'variability-group': 'a variability group (ConditionalMembers) is always removed when resolving; its conditions apply to its members',
    'in-variability-group': 'a type or property of a variability group, removed with the group',
} as const satisfies Readonly<Record<string, string>>

export type ReasonCode = keyof typeof REASON_CODES
