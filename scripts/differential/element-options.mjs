// Random variability options for the second generation: the template-wide table
// (modes, default conditions and their modes, pruning, checks, constraints, solver,
// enricher) and the keywords an element may carry to override it (default_condition,
// default_condition_mode, pruning, …), with the modes the specification lists for
// each element kind, including ones a resolver may reject.

export const VERSIONS = ['tosca_variability_1_0', 'tosca_variability_1_0_rc_2', 'tosca_variability_1_0_rc_3', 'tosca_simple_yaml_1_3']
const MODES = ['manual', 'consistent-strict', 'consistent-loose', 'default', 'semantic-strict', 'semantic-loose']
const KINDS = ['node', 'relation', 'property', 'artifact', 'group', 'policy', 'type', 'input', 'output', 'technology']
const CHECKS = [
    'consistency_checks',
    'semantic_checks',
    'relation_source_check',
    'relation_target_check',
    'ambiguous_hosting_check',
    'missing_artifact_container_check',
    'ambiguous_artifact_check',
    'missing_property_container_check',
    'ambiguous_property_check',
    'missing_type_container_check',
    'ambiguous_type_check',
    'expected_hosting_check',
    'expected_incoming_relation_check',
    'expected_artifact_check',
    'expected_technology_check',
    'missing_technology_container_check',
    'ambiguous_technology_check',
    'ambiguous_relation_check',
    'ambiguous_input_check',
    'ambiguous_output_check',
    'unconsumed_input_check',
    'unproduced_output_check',
]
const CONSTRAINTS = [
    'relation_source_constraint',
    'relation_target_constraint',
    'artifact_container_constraint',
    'property_container_constraint',
    'type_container_constraint',
    'hosting_stack_constraint',
    'technology_constraint',
    'unique_property_constraint',
    'unique_artifact_constraint',
    'unique_input_constraint',
    'unique_output_constraint',
    'unique_relation_constraint',
    'required_artifact_constraint',
    'required_incoming_relation_constraint',
]

/** Default condition modes by element kind: the option table's tokens and the element keyword tables' values. */
export const ELEMENT_MODES = {
    node: [
        'incoming',
        'incomingnaive',
        'source',
        'outgoing',
        'outgoingnaive',
        'host',
        'artifact',
        'artifactnaive',
        'incoming-artifact',
        'incomingnaive-artifact-host',
        'source-host',
        'relation',
        'relation-host',
    ],
    relation: ['source-target', 'source', 'target'],
    property: ['container', 'consuming', 'container-consuming'],
    artifact: ['container', 'managed', 'container-managed'],
    technology: ['container', 'other', 'container-other'],
}

/** The template-wide options. */
export function variabilityOptions(r, version) {
    const options = {}
    if (r.chance(0.6)) options.mode = r.pick(MODES)
    for (let i = r.int(0, 4); i > 0; i--) {
        const kind = r.pick(KINDS)
        const option = r.pick([
            'default_condition',
            'pruning',
            `${kind}_default_condition`,
            `${kind}_pruning`,
            `${kind}_default_consistency_condition`,
            `${kind}_default_semantic_condition`,
            `${kind}_consistency_pruning`,
            `${kind}_semantic_pruning`,
        ])
        options[option] = r.chance(0.5)
    }
    if (r.chance(0.3)) options.node_default_condition_mode = r.pick(ELEMENT_MODES.node.filter(m => !m.startsWith('relation')))
    for (const kind of ['relation', 'property', 'artifact', 'technology']) if (r.chance(0.1)) options[`${kind}_default_condition_mode`] = r.pick(ELEMENT_MODES[kind])
    if (r.chance(0.15)) options.relation_default_implied = r.chance(0.5)
    if (r.chance(0.3)) options.optimization_topology = r.pick([true, false, 'min', 'max'])
    if (r.chance(0.2)) options.optimization_topology_unique = r.chance(0.5)
    if (r.chance(0.2)) options.optimization_topology_mode = r.pick(['count', 'weight'])
    if (r.chance(0.3)) options.optimization_technologies = r.pick([true, false, 'min', 'max'])
    if (r.chance(0.2)) options.optimization_technologies_unique = r.chance(0.5)
    // weight-count: the reference knows it only from rc_2 on (see the doc)
    if (r.chance(0.2)) options.optimization_technologies_mode = r.pick(['count', 'weight', ...(version.endsWith('_rc_2') || version.endsWith('_rc_3') ? ['weight-count'] : [])])
    if (r.chance(0.2)) options.constraints = r.chance(0.5)
    for (let i = r.int(0, 2); i > 0; i--) options[r.pick(CONSTRAINTS)] = r.chance(0.5)
    if (r.chance(0.4)) options.checks = r.chance(0.5)
    for (let i = r.int(0, 2); i > 0; i--) options[r.pick(CHECKS)] = r.chance(0.5)
    if (r.chance(0.2)) options.enrich_technologies = r.chance(0.5)
    if (r.chance(0.1)) options.enrich_input_condition = r.chance(0.5)
    return options
}

/** Per-element keywords that override the options for one element of the given kind. */
export function elementOptions(r, kind) {
    const own = {}
    if (r.chance(0.12)) own.default_condition = r.chance(0.5)
    if (r.chance(0.06)) own.default_consistency_condition = r.chance(0.5)
    if (r.chance(0.06)) own.default_semantic_condition = r.chance(0.5)
    if (r.chance(0.1)) own.pruning = r.chance(0.5)
    if (r.chance(0.05)) own.consistency_pruning = r.chance(0.5)
    if (r.chance(0.05)) own.semantic_pruning = r.chance(0.5)
    if (ELEMENT_MODES[kind] && r.chance(0.08)) own.default_condition_mode = r.pick(ELEMENT_MODES[kind])
    return own
}
