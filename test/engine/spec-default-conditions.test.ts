// Spec "Default Conditions" and "Pruning Modes": each element-generic default
// condition and alternative mode, pruning, modes, precedence, propagation.
import {describe, expect, it} from 'vitest'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide} from '../../src/engine/resolve/index.js'
import {resolved} from '../helpers/v4t.js'

function presence(text: string, version = 'tosca_variability_1_0'): Record<string, boolean> {
    const model = decide(templateFromText(`tosca_definitions_version: ${version}\n${text}`), {})
    return Object.fromEntries(model.graph.elements.filter(e => e.kind !== 'type').map(e => [e.id, model.present(e)]))
}

function deciding(text: string, id: string): string[] {
    const model = decide(templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${text}`), {})
    const element = model.graph.element(id)!
    return model.conditions
        .of(element.seq)
        .records.map(r => (r.origin.kind === 'default' || r.origin.kind === 'pruning' ? `${r.origin.kind}:${r.origin.wrapper.token}` : r.origin.kind))
}

const CHAIN = (options: string) => `topology_template:
    variability:
        options:
            type_default_condition: true
            checks: false
${options}
    node_templates:
        source:
            type: s
            conditions: false
            requirements:
                - uses: {node: middle, relationship: link}
        middle:
            type: m
            requirements:
                - host: base
            properties:
                - port: 80
            artifacts:
                - image: {type: tosca.artifacts.File, file: a.img}
        base:
            type: b
    relationship_templates:
        link:
            type: tosca.relationships.ConnectsTo
            properties:
                - weight: 1
`

describe('node default conditions', () => {
    const node = (mode: string) =>
        presence(CHAIN(`            node_default_condition: true\n            node_default_condition_mode: ${mode}\n            relation_default_condition: true`))
    it('incoming: a node without a present incoming relation is absent, and so is what it hosts onto', () => {
        expect(node('incoming')).toMatchObject({'node.source': false, 'node.middle': false, 'node.base': false})
    })
    it('incomingnaive: the same through the relation variables', () => {
        expect(node('incomingnaive')).toMatchObject({'node.middle': false, 'relation.uses@0.node.source': false})
    })
    it('source: a node whose incoming relations have no present source', () => {
        expect(node('source')).toMatchObject({'node.middle': false})
    })
    it('host: a node whose host is absent', () => {
        const result = presence(
            CHAIN('            node_default_condition: true\n            node_default_condition_mode: host').replace(
                '        base:\n            type: b',
                '        base:\n            type: b\n            conditions: false',
            ),
        )
        expect(result).toMatchObject({'node.middle': false, 'node.base': false})
    })
    it('outgoing: a node without a present outgoing relation (nodes without outgoing relations are untouched)', () => {
        expect(node('outgoing')).toMatchObject({'node.middle': true, 'node.base': true})
    })
    it('artifact: a node whose artifacts are all absent', () => {
        const text = CHAIN('            node_default_condition: true\n            node_default_condition_mode: artifact').replace('file: a.img}', 'file: a.img, conditions: false}')
        expect(presence(text)).toMatchObject({'node.middle': false})
    })
    it('a default condition applies only to an element without conditions', () => {
        expect(deciding(CHAIN('            node_default_condition: true\n            node_default_condition_mode: incoming'), 'node.source')).toEqual(['manual'])
        expect(deciding(CHAIN('            node_default_condition: true\n            node_default_condition_mode: incoming'), 'node.middle')).toEqual(['default:incoming'])
    })
    it('persistent nodes get no default condition', () => {
        const text = CHAIN('            node_default_condition: true\n            node_default_condition_mode: incoming').replace(
            '        middle:\n            type: m',
            '        middle:\n            type: m\n            persistent: true',
        )
        expect(presence(text)).toMatchObject({'node.middle': true, 'node.base': true})
    })
    it('an element can switch its own default condition and mode', () => {
        const off = CHAIN('            node_default_condition: true\n            node_default_condition_mode: incoming').replace(
            '        middle:\n            type: m',
            '        middle:\n            type: m\n            default_condition: false',
        )
        expect(presence(off)).toMatchObject({'node.middle': true})
        const own = CHAIN('            node_default_condition: true\n            node_default_condition_mode: outgoing').replace(
            '        middle:\n            type: m',
            '        middle:\n            type: m\n            default_condition_mode: incoming',
        )
        expect(presence(own)).toMatchObject({'node.middle': false})
    })
})

describe('pruning', () => {
    it('adds the default condition even to elements with conditions, and propagates through the topology', () => {
        const text = CHAIN('            pruning: true').replace(
            '                - uses: {node: middle, relationship: link}',
            '                - uses: {node: middle, relationship: link, conditions: true}',
        )
        const model = decide(templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${text}`), {})
        const property = model.graph.elements.find(e => e.id === 'property.weight@0.relation.uses@0.node.source')!
        // a property of a relationship template used by a relation whose source node is absent is absent
        expect(model.present(property)).toBe(false)
        // middle keeps no present incoming relation: pruned too, with its property and artifact
        expect(presence(text)).toMatchObject({
            'relation.uses@0.node.source': false,
            'node.middle': false,
            'property.port@0.node.middle': false,
            'artifact.image@0.node.middle': false,
        })
    })

    const MODES = `topology_template:
    variability:
        options:
            mode: MODE
            checks: false
    node_templates:
        gone:
            type: g
            conditions: false
            properties:
                - p: 1
            requirements:
                - uses: kept
        kept:
            type: k
            properties:
                - q: {value: 2, conditions: true}
`
    const run = (mode: string) => presence(MODES.replace('MODE', mode))
    it('manual: no default conditions, no pruning', () => {
        expect(run('manual')).toMatchObject({'property.p@0.node.gone': true, 'relation.uses@0.node.gone': true, 'node.kept': true})
    })
    it('consistent-strict: consistency default conditions for elements without conditions', () => {
        expect(run('consistent-strict')).toMatchObject({'property.p@0.node.gone': false, 'relation.uses@0.node.gone': false, 'node.kept': true})
    })
    it('consistent-loose: consistency pruning, even for elements with conditions', () => {
        expect(run('consistent-loose')).toMatchObject({'property.p@0.node.gone': false, 'node.kept': true})
    })
    it('default: consistency and semantic default conditions (kept loses its only incoming relation)', () => {
        expect(run('default')).toMatchObject({'relation.uses@0.node.gone': false, 'node.kept': false, 'property.q@0.node.kept': true})
    })
    it('semantic-loose: pruning everywhere (the property with a condition goes with its node)', () => {
        expect(run('semantic-loose')).toMatchObject({'node.kept': false, 'property.q@0.node.kept': false})
    })
    it('a narrower option overrides the mode: manual mode with node pruning prunes nodes only', () => {
        const text = MODES.replace('mode: MODE', 'mode: manual\n            node_pruning: true')
        expect(presence(text)).toMatchObject({'node.kept': false, 'property.p@0.node.gone': true})
    })
    it('a wider option is overridden by a narrower one: pruning with relation pruning off', () => {
        const text = MODES.replace('mode: MODE', 'pruning: true\n            relation_pruning: false')
        expect(presence(text)).toMatchObject({'relation.uses@0.node.gone': true, 'property.p@0.node.gone': false})
    })
    it('an option written in the template beats the mode for the options derived from it', () => {
        // consistent-loose turns on relation consistency pruning; relation_pruning: false turns it off again
        const text = MODES.replace('mode: MODE', 'mode: consistent-loose\n            relation_pruning: false')
        expect(presence(text)).toMatchObject({'relation.uses@0.node.gone': true, 'property.p@0.node.gone': false})
    })

    it('rc_3 modes include inputs and outputs; rc_2 modes do not', () => {
        const io = `topology_template:
    variability:
        options:
            checks: false
            optimization_topology: false
            technology_constraint: false
    inputs:
        unused: {type: string}
    node_templates:
        n: {type: t, managed: false, persistent: true}
`
        expect(presence(io, 'tosca_variability_1_0_rc_3')['input.unused@0']).toBe(false)
        expect(presence(io, 'tosca_variability_1_0_rc_2')['input.unused@0']).toBe(true)
    })
})

describe('other default conditions', () => {
    it('groups without present members, policies without present targets, outputs nothing produces', () => {
        const text = `topology_template:
    variability:
        options:
            default_condition: true
            # in 1_0 the pruning modes leave outputs alone, and the mode's own narrower options beat
            # output_default_condition (as in the reference): enable the narrowest ones by name
            output_default_condition: true
            output_default_consistency_condition: true
            output_default_semantic_condition: true
            checks: false
    node_templates:
        n: {type: t, conditions: false}
    groups:
        g: {type: tosca.groups.Root, members: [n]}
    policies:
        - p: {type: tosca.policies.Root, targets: [n]}
    outputs:
        o: {type: string, value: {get_property: [n, x]}}
`
        expect(presence(text)).toMatchObject({'group.g': false, 'policy.p@0': false, 'output.o@0': false})
        const output = resolved(templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${text}`), {}).output
        expect(output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
    })

    it('type-specific conditions replace the generic ones', () => {
        const text = CHAIN('            node_default_condition: true\n            node_default_condition_mode: incoming').replace(
            '    variability:\n',
            '    variability:\n        type_specific_conditions:\n            node_types:\n                m: {conditions: true}\n',
        )
        expect(presence(text)).toMatchObject({'node.middle': true})
        expect(deciding(text, 'node.middle')).toEqual(['default:type-specific'])
    })
})

describe('variability groups hand their conditions to their members', () => {
    it('a variability group without members never evaluates its conditions (as in the reference)', () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            unset: {type: boolean}
    node_templates:
        n: {type: tosca.nodes.Root}
    groups:
        g: {type: variability.groups.ConditionalMembers, members: [], conditions: {variability_input: unset}}
`
        expect(resolved(templateFromText(text), {}).output).toEqual({
            tosca_definitions_version: 'tosca_simple_yaml_1_3',
            topology_template: {node_templates: {n: {type: 'tosca.nodes.Root'}}},
        })
        // with a member, the condition is the member's and needs its input
        expect(() => resolved(templateFromText(text.replace('members: []', 'members: [n]')), {})).toThrow('Variability input "unset" has no value')
    })
})
