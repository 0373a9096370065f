// The first generation of random variable service templates (kept unchanged so its
// seeds replay): every element kind, every definitions version and pruning mode, wider
// and narrower options, constraints and checks, technology rules, manual
// technologies, and variability inputs with defaults, default expressions and
// defaults written as value expressions.
import {random} from './random.mjs'

const VERSIONS = ['tosca_variability_1_0', 'tosca_variability_1_0_rc_2', 'tosca_variability_1_0_rc_3', 'tosca_simple_yaml_1_3']
const MODES = ['manual', 'consistent-strict', 'consistent-loose', 'default', 'semantic-strict', 'semantic-loose']
const NODE_MODES = ['incoming', 'incomingnaive', 'source', 'outgoing', 'host', 'artifact', 'incoming-artifact', 'incomingnaive-artifact-host']
const KINDS = ['node', 'relation', 'property', 'artifact', 'group', 'policy', 'type', 'input', 'output', 'technology']
const TECHNOLOGIES = ['ansible', 'terraform', 'docker']
const NODE_TYPES = ['app', 'db', 'vm', 'tosca.nodes.Compute', 'tosca.nodes.SoftwareComponent']

/** One template and how to resolve it: `{template, inputs, presets}` (plain data). */
export function generateFirst(seed) {
    const r = random(seed)
    const version = r.pick(VERSIONS)
    const nodes = r.int(1, 4)
    const names = Array.from({length: nodes}, (_, i) => `n${i}`)

    const leaf = () =>
        r.pick([
            () => r.chance(0.5),
            () => ({variability_input: r.pick(['x', 'y'])}),
            () => ({node_presence: r.pick(names)}),
            () => ({equal: [{variability_input: 'level'}, r.int(1, 3)]}),
            () => ({greater: [{variability_input: 'level'}, r.int(0, 2)]}),
            () => ({equal: [{variability_input: 'label'}, r.pick(['a-1', 'b-2'])]}),
            () => ({logic_expression: 'is_x'}),
        ])()
    const condition = () => r.pick([leaf, leaf, leaf, () => ({and: [leaf(), leaf()]}), () => ({or: [leaf(), leaf()]}), () => ({not: leaf()})])()

    // options: a mode, then a few wider and narrower ones in any combination
    const options = {}
    if (r.chance(0.6)) options.mode = r.pick(MODES)
    for (let i = r.int(0, 3); i > 0; i--) {
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
    if (r.chance(0.3)) options.node_default_condition_mode = r.pick(NODE_MODES)
    if (r.chance(0.3)) options.optimization_topology = r.pick([true, false, 'min', 'max'])
    if (r.chance(0.2)) options.optimization_topology_unique = r.chance(0.5)
    if (r.chance(0.2)) options.optimization_topology_mode = r.pick(['count', 'weight'])
    if (r.chance(0.2)) options.constraints = r.chance(0.5)
    if (r.chance(0.2)) options[r.pick(['unique_property_constraint', 'unique_artifact_constraint', 'hosting_stack_constraint', 'technology_constraint'])] = r.chance(0.5)
    if (r.chance(0.4)) options.checks = r.chance(0.5)
    if (r.chance(0.2)) options[r.pick(['consistency_checks', 'semantic_checks', 'persistent_check', 'unconsumed_input_check', 'unproduced_output_check'])] = r.chance(0.5)
    if (r.chance(0.2)) options.enrich_technologies = r.chance(0.5)
    if (r.chance(0.1)) options.enrich_input_condition = r.chance(0.5)
    if (r.chance(0.15)) options.relation_default_implied = r.chance(0.5)

    const nodeTemplates = {}
    for (const name of names) {
        const node = {}
        node.type = r.chance(0.15) ? [{[r.pick(NODE_TYPES)]: {conditions: condition()}}, {[r.pick(NODE_TYPES)]: {default_alternative: true}}] : r.pick(NODE_TYPES)
        if (r.chance(0.4)) node.conditions = condition()
        if (r.chance(0.3)) node.persistent = true
        if (r.chance(0.15)) node.weight = r.pick([0, 0.5, 1])
        if (r.chance(0.1)) node.managed = r.chance(0.5)
        if (r.chance(0.4)) {
            node.properties = []
            for (let i = r.int(1, 3); i > 0; i--) {
                const key = r.pick(['port', 'name', 'size'])
                const value = r.pick([() => r.int(1, 9), () => ({get_input: 'endpoint'}), () => ({concat: ['p-', {variability_input: 'label'}]})])()
                node.properties.push({[key]: r.chance(0.5) ? {value, conditions: condition()} : r.chance(0.2) ? {value, default_alternative: true} : {value}})
            }
        }
        if (r.chance(0.3)) {
            node.artifacts = []
            for (let i = r.int(1, 2); i > 0; i--) {
                const artifact = {type: r.pick(['tosca.artifacts.File', 'tosca.artifacts.Deployment.Image', 'zip']), file: `f${i}.zip`}
                if (r.chance(0.5)) artifact.conditions = condition()
                node.artifacts.push({[r.pick(['code', 'image'])]: artifact})
            }
        }
        if (r.chance(0.15)) node.technology = [{[r.pick(TECHNOLOGIES)]: r.chance(0.5) ? {conditions: condition()} : {}}]
        nodeTemplates[name] = node
    }
    for (let i = r.int(0, nodes + 1); i > 0; i--) {
        const node = nodeTemplates[r.pick(names)]
        const target = r.pick(names)
        const requirement = r.chance(0.5) ? {node: target, conditions: condition()} : r.chance(0.2) ? {node: target, default_alternative: true} : target
        ;(node.requirements ??= []).push({[r.pick(['host', 'connects_to', 'uses'])]: requirement})
    }

    const topology = {}
    if (r.chance(0.3)) topology.inputs = {endpoint: r.chance(0.5) ? {type: 'string', conditions: condition()} : {type: 'string'}}
    const variabilityInputs = {
        x: {type: 'boolean', default: r.chance(0.5)},
        y: r.chance(0.5) ? {type: 'boolean'} : {type: 'boolean', default_expression: {not: {variability_input: 'x'}}},
        level: {type: 'integer', default: r.int(1, 3)},
        label: r.chance(0.5) ? {type: 'string', default: {concat: [r.pick(['a', 'b']), '-', r.int(1, 2)]}} : {type: 'string', default: r.pick(['a-1', 'b-2'])},
    }
    const variability = {inputs: variabilityInputs, expressions: {is_x: {variability_input: 'x'}}}
    if (r.chance(0.5))
        variability.presets = {
            on: {inputs: {x: true, y: true, level: 3}},
            off: {inputs: {x: false, y: false}},
            mislabelled: {inputs: {level: 'high'}},
        }
    if (Object.keys(options).length) variability.options = options
    if (r.chance(0.25))
        variability.technology_rules = TECHNOLOGIES.map(technology => ({technology, component: r.pick(NODE_TYPES), ...(r.chance(0.5) ? {conditions: condition()} : {})}))
    if (r.chance(0.2)) variability.constraints = [condition()]
    topology.variability = variability
    topology.node_templates = nodeTemplates
    if (r.chance(0.3))
        topology.groups = {g0: {type: r.pick(['variability.groups.ConditionalMembers', 'tosca.groups.Root']), members: names.filter(() => r.chance(0.5)), conditions: condition()}}
    if (r.chance(0.3)) topology.policies = [{p0: {type: 'tosca.policies.Root', targets: names.filter(() => r.chance(0.5)), ...(r.chance(0.5) ? {conditions: condition()} : {})}}]
    if (r.chance(0.3)) topology.outputs = {out: {value: {get_property: [r.pick(names), 'port']}, ...(r.chance(0.5) ? {conditions: condition()} : {})}}
    const template = {tosca_definitions_version: version, topology_template: topology}
    if (r.chance(0.2)) template.imports = [{file: 'lib.yaml', conditions: condition()}]
    if (r.chance(0.25)) template.node_types = {app: {derived_from: 'tosca.nodes.SoftwareComponent'}, db: {derived_from: 'app'}}

    const inputs = {}
    if (r.chance(0.5)) inputs.x = r.chance(0.5)
    if (r.chance(0.7)) inputs.y = r.chance(0.5)
    if (r.chance(0.3)) inputs.level = r.int(1, 3)
    const presets = variability.presets ? [r.pick(['on', 'off', 'mislabelled'])].filter(() => r.chance(0.6)) : []
    return {template, inputs, presets}
}
