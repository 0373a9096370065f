// Random small variable service templates for property-based tests: conditions
// over inputs and presence, every node default-condition mode, groups,
// policies, properties, artifacts, optimization and pruning options.
import fc from 'fast-check'
import {stringify} from 'yaml'

const NODE_MODES = [
    'incoming',
    'incomingnaive',
    'source',
    'outgoing',
    'outgoingnaive',
    'host',
    'artifact',
    'artifactnaive',
    'incoming-host',
    'incomingnaive-artifact-host',
    'outgoing-artifactnaive',
]
const PRUNING_MODES = ['manual', 'consistent-strict', 'consistent-loose', 'default', 'semantic-strict', 'semantic-loose']

export interface GeneratedTemplate {
    readonly text: string
    readonly nodes: number
}

function condition(nodes: number): fc.Arbitrary<unknown> {
    const leaf = fc.oneof(
        fc.boolean(),
        fc.constantFrom({variability_input: 'x'}, {variability_input: 'y'}),
        fc.integer({min: 0, max: nodes - 1}).map(i => ({node_presence: `n${i}`})),
        fc.integer({min: 0, max: nodes - 1}).map(i => ({has_incoming_relation: `n${i}`})),
        fc.constant({equal: [{variability_input: 'level'}, 2]}),
    )
    return fc.oneof(
        {weight: 4, arbitrary: leaf},
        {weight: 1, arbitrary: fc.array(leaf, {minLength: 1, maxLength: 2}).map(args => ({and: args}))},
        {weight: 1, arbitrary: fc.array(leaf, {minLength: 1, maxLength: 2}).map(args => ({or: args}))},
        {weight: 1, arbitrary: leaf.map(arg => ({not: arg}))},
    )
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, {nil: undefined, freq: 2})

export function template(): fc.Arbitrary<GeneratedTemplate> {
    return fc.integer({min: 1, max: 3}).chain(nodes =>
        fc
            .record({
                version: fc.constantFrom('tosca_variability_1_0', 'tosca_variability_1_0_rc_2', 'tosca_variability_1_0_rc_3'),
                mode: maybe(fc.constantFrom(...PRUNING_MODES)),
                nodeMode: maybe(fc.constantFrom(...NODE_MODES)),
                nodePruning: maybe(fc.boolean()),
                relationPruning: maybe(fc.boolean()),
                optimization: maybe(fc.constantFrom(true, false, 'min', 'max')),
                optimizationMode: maybe(fc.constantFrom('count', 'weight')),
                unique: maybe(fc.boolean()),
                hostingStack: maybe(fc.boolean()),
                x: fc.boolean(),
                y: fc.boolean(),
                level: fc.integer({min: 1, max: 3}),
                conditions: fc.array(maybe(condition(nodes)), {minLength: nodes, maxLength: nodes}),
                weights: fc.array(maybe(fc.constantFrom(0, 1, 2, true, false)), {minLength: nodes, maxLength: nodes}),
                persistent: fc.array(fc.boolean(), {minLength: nodes, maxLength: nodes}),
                relations: fc.array(
                    fc.record({
                        from: fc.integer({min: 0, max: nodes - 1}),
                        to: fc.integer({min: 0, max: nodes - 1}),
                        name: fc.constantFrom('host', 'uses', 'connects'),
                        condition: maybe(condition(nodes)),
                    }),
                    {maxLength: 3},
                ),
                properties: fc.array(fc.record({node: fc.integer({min: 0, max: nodes - 1}), condition: maybe(condition(nodes))}), {maxLength: 1}),
                artifacts: fc.array(fc.record({node: fc.integer({min: 0, max: nodes - 1}), condition: maybe(condition(nodes))}), {maxLength: 1}),
                group: maybe(
                    fc.record({
                        members: fc.uniqueArray(fc.integer({min: 0, max: nodes - 1}), {minLength: 1, maxLength: nodes}),
                        variability: fc.boolean(),
                        condition: condition(nodes),
                    }),
                ),
                policy: maybe(fc.record({targets: fc.uniqueArray(fc.integer({min: 0, max: nodes - 1}), {maxLength: nodes}), condition: maybe(condition(nodes))})),
            })
            .map(g => {
                const options: Record<string, unknown> = {checks: false, persistent_check: false, technology_constraint: false, enrich_technologies: false}
                if (g.mode !== undefined) options.mode = g.mode
                if (g.nodeMode !== undefined) options.node_default_condition_mode = g.nodeMode
                if (g.nodePruning !== undefined) options.node_pruning = g.nodePruning
                if (g.relationPruning !== undefined) options.relation_pruning = g.relationPruning
                if (g.optimization !== undefined) options.optimization_topology = g.optimization
                if (g.optimizationMode !== undefined) options.optimization_topology_mode = g.optimizationMode
                if (g.unique !== undefined) options.optimization_topology_unique = g.unique
                if (g.hostingStack !== undefined) options.hosting_stack_constraint = g.hostingStack
                const nodeTemplates: Record<string, Record<string, unknown>> = {}
                for (let i = 0; i < nodes; i++) {
                    const node: Record<string, unknown> = {type: `t${i}`}
                    if (g.conditions[i] !== undefined) node.conditions = g.conditions[i]
                    if (g.weights[i] !== undefined) node.weight = g.weights[i]
                    if (g.persistent[i]) node.persistent = true
                    nodeTemplates[`n${i}`] = node
                }
                for (const r of g.relations) {
                    const node = nodeTemplates[`n${r.from}`]!
                    const requirement = r.condition === undefined ? `n${r.to}` : {node: `n${r.to}`, conditions: r.condition}
                    node.requirements = [...((node.requirements as unknown[]) ?? []), {[r.name]: requirement}]
                }
                g.properties.forEach((p, i) => {
                    const node = nodeTemplates[`n${p.node}`]!
                    const property = p.condition === undefined ? {value: i} : {value: i, conditions: p.condition}
                    node.properties = [...((node.properties as unknown[]) ?? []), {[`p${i}`]: property}]
                })
                g.artifacts.forEach((a, i) => {
                    const node = nodeTemplates[`n${a.node}`]!
                    const artifact: Record<string, unknown> = {type: 'tosca.artifacts.File', file: `a${i}.txt`}
                    if (a.condition !== undefined) artifact.conditions = a.condition
                    node.artifacts = [...((node.artifacts as unknown[]) ?? []), {[`a${i}`]: artifact}]
                })
                const topology: Record<string, unknown> = {
                    variability: {
                        inputs: {x: {type: 'boolean', default: g.x}, y: {type: 'boolean', default: g.y}, level: {type: 'integer', default: g.level}},
                        options,
                    },
                    node_templates: nodeTemplates,
                }
                if (g.group)
                    topology.groups = {
                        g0: {
                            type: g.group.variability ? 'variability.groups.ConditionalMembers' : 'tosca.groups.Root',
                            members: g.group.members.map(i => `n${i}`),
                            conditions: g.group.condition,
                        },
                    }
                if (g.policy) {
                    const policy: Record<string, unknown> = {type: 'tosca.policies.Root', targets: g.policy.targets.map(i => `n${i}`)}
                    if (g.policy.condition !== undefined) policy.conditions = g.policy.condition
                    topology.policies = [{p0: policy}]
                }
                return {text: stringify({tosca_definitions_version: g.version, topology_template: topology}), nodes}
            }),
    )
}
