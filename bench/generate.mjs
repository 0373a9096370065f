// The public Variability4TOSCA benchmark template for seed n: n present and n
// absent node templates whose conditions test the input `mode`; each present
// node is related to the next present and the next absent node, each relation
// with its own relationship template; type default conditions are on.
export function benchmarkTemplate(seed) {
    const expressions = {}
    const nodes = {}
    const relationships = {}
    for (let i = 0; i < seed; i++) {
        const next = (i + 1) % seed
        expressions[`condition_${i}_present`] = {equal: [{variability_input: 'mode'}, 'present']}
        expressions[`condition_${i}_removed`] = {equal: [{variability_input: 'mode'}, 'absent']}
        nodes[`component_${i}_present`] = {
            type: `component_type_${i}_present`,
            conditions: {logic_expression: `condition_${i}_present`},
            requirements: [
                {relation_present: {node: `component_${next}_present`, conditions: {logic_expression: `condition_${i}_present`}, relationship: `relationship_${i}_present`}},
                {relation_removed: {node: `component_${next}_removed`, conditions: {logic_expression: `condition_${i}_removed`}, relationship: `relationship_${i}_removed`}},
            ],
        }
        nodes[`component_${i}_removed`] = {type: `component_type_${i}_removed`, conditions: {logic_expression: `condition_${i}_removed`}}
        relationships[`relationship_${i}_present`] = {type: `relationship_type_${i}_present`}
        relationships[`relationship_${i}_removed`] = {type: `relationship_type_${i}_removed`}
    }
    return {
        tosca_definitions_version: 'tosca_variability_1_0',
        topology_template: {
            variability: {inputs: {mode: {type: 'string'}}, expressions, options: {type_default_condition: true}},
            node_templates: nodes,
            relationship_templates: relationships,
        },
    }
}
