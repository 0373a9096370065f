// Spec "Pruning Options" and "Pruning Modes": pruning adds the default
// condition even to elements with conditions; the six modes; the rc_2/rc_3
// defaults; wider versus narrower options; and how pruning propagates through
// the topology (asserting the output and the record that decided each step).
import {describe, expect, it} from 'vitest'
import {deciding, nodes, present, presence, provenance, run, topology} from '../helpers/v4t.js'

describe('pruning versus default conditions', () => {
    const TEMPLATE = (options: string) =>
        run(`topology_template:
    variability:
        options: {checks: false, node_default_condition_mode: incoming, ${options}}
    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s, conditions: true}
`)

    it('a default condition is not added to an element with conditions', () => {
        const r = TEMPLATE('node_default_condition: true')
        expect(nodes(r)).toEqual({server: {type: 's'}})
        expect(provenance(r.model, 'node.server')).toEqual(['manual'])
    })

    it('pruning adds it anyway, before the manual conditions', () => {
        const r = TEMPLATE('node_pruning: true')
        expect(nodes(r)).toEqual({})
        expect(provenance(r.model, 'node.server')).toEqual(['pruning:incoming', 'manual'])
        expect(deciding(r.model, 'node.server')).toEqual(['pruning:incoming'])
    })

    it('an element without conditions is pruned just the same', () => {
        const r = run(`topology_template:
    variability:
        options: {checks: false, node_default_condition_mode: incoming, node_pruning: true}
    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s}
`)
        expect(nodes(r)).toEqual({})
        expect(provenance(r.model, 'node.server')).toEqual(['pruning:incoming'])
    })

    it('an element can switch its own pruning off', () => {
        const r = TEMPLATE('node_pruning: true').model
        expect(present(r, 'node.server')).toBe(false)
        const own = run(`topology_template:
    variability:
        options: {checks: false, node_default_condition_mode: incoming, node_pruning: true}
    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s, conditions: true, pruning: false}
`)
        expect(nodes(own)).toEqual({server: {type: 's'}})
        expect(provenance(own.model, 'node.server')).toEqual(['manual'])
    })

    it('element semantic_pruning: false keeps the consistency pruning of a relation (its default conditions are consistency ones)', () => {
        const r = run(`topology_template:
    variability:
        options: {checks: false, pruning: true}
    node_templates:
        a: {type: a, persistent: true, requirements: [{uses: {node: b, conditions: true, semantic_pruning: false}}, {also: {node: b, conditions: true, consistency_pruning: false}}]}
        b: {type: b, conditions: false}
`)
        expect(deciding(r.model, 'relation.uses@0.node.a')).toEqual(['pruning:target'])
        expect(provenance(r.model, 'relation.also@1.node.a')).toEqual(['manual'])
        expect(nodes(r)).toEqual({a: {type: 'a', requirements: [{also: 'b'}]}})
    })
})

describe('pruning modes', () => {
    // keep's two relations lead to an absent node (consistency); plain and guarded only have
    // incoming relations from an absent node (semantic). "guarded" and "guarded_link" have
    // conditions, so only pruning (not a default condition) can remove them.
    const MODES = (mode: string) =>
        run(`topology_template:
    variability:
        options: {checks: false, mode: ${mode}}
    node_templates:
        gone: {type: g, conditions: false, requirements: [{uses: plain}, {uses: guarded}]}
        plain: {type: p}
        guarded: {type: q, conditions: true}
        keep: {type: k, requirements: [{plain_link: gone}, {guarded_link: {node: gone, conditions: true}}]}
`)
    const keep = (...links: string[]) => ({keep: links.length ? {type: 'k', requirements: links.map(l => ({[l]: 'gone'}))} : {type: 'k'}})
    const PLAIN = {plain: {type: 'p'}}
    const GUARDED = {guarded: {type: 'q'}}

    it('manual: no default conditions, no pruning', () => {
        const r = MODES('manual')
        expect(nodes(r)).toEqual({...PLAIN, ...GUARDED, ...keep('plain_link', 'guarded_link')})
        expect(provenance(r.model, 'node.plain')).toEqual([])
        expect(provenance(r.model, 'relation.plain_link@0.node.keep')).toEqual([])
    })

    it('consistent-strict: consistency default conditions for elements without conditions', () => {
        const r = MODES('consistent-strict')
        expect(nodes(r)).toEqual({...PLAIN, ...GUARDED, ...keep('guarded_link')})
        expect(deciding(r.model, 'relation.plain_link@0.node.keep')).toEqual(['default:target'])
        expect(provenance(r.model, 'node.plain')).toEqual([])
    })

    it('consistent-loose: consistency pruning, also of elements with conditions', () => {
        const r = MODES('consistent-loose')
        expect(nodes(r)).toEqual({...PLAIN, ...GUARDED, ...keep()})
        expect(deciding(r.model, 'relation.guarded_link@1.node.keep')).toEqual(['pruning:target'])
        expect(provenance(r.model, 'node.plain')).toEqual([])
    })

    it('default: consistency and semantic default conditions, only for elements without conditions', () => {
        const r = MODES('default')
        expect(nodes(r)).toEqual({...GUARDED, ...keep('guarded_link')})
        expect(deciding(r.model, 'node.plain')).toEqual(['default:incoming'])
        expect(provenance(r.model, 'node.guarded')).toEqual(['manual'])
    })

    it('semantic-strict: consistency pruning and semantic default conditions', () => {
        const r = MODES('semantic-strict')
        expect(nodes(r)).toEqual({...GUARDED, ...keep()})
        expect(deciding(r.model, 'node.plain')).toEqual(['default:incoming'])
        expect(deciding(r.model, 'relation.guarded_link@1.node.keep')).toEqual(['pruning:target'])
    })

    it('semantic-loose: pruning everywhere', () => {
        const r = MODES('semantic-loose')
        expect(nodes(r)).toEqual(keep())
        expect(deciding(r.model, 'node.guarded')).toEqual(['pruning:incoming'])
        expect(provenance(r.model, 'node.guarded')).toEqual(['pruning:incoming', 'manual'])
    })

    it('the older names strict and loose mean manual and semantic-loose', () => {
        expect(nodes(MODES('strict'))).toEqual(nodes(MODES('manual')))
        expect(nodes(MODES('loose'))).toEqual(nodes(MODES('semantic-loose')))
    })

    it('an unknown mode is an error', () => {
        expect(() => MODES('aggressive')).toThrow('Pruning mode "aggressive" unknown')
    })

    it('tosca_variability_1_0 defaults to manual', () => {
        const r = run(`topology_template:
    variability:
        options: {checks: false}
    node_templates:
        gone: {type: g, conditions: false, requirements: [{uses: plain}]}
        plain: {type: p}
`)
        expect(nodes(r)).toEqual({plain: {type: 'p'}})
        expect(provenance(r.model, 'node.plain')).toEqual([])
    })
})

describe('rc_2 and rc_3 defaults: semantic-loose', () => {
    // no technologies: managed: false; anchor is persistent (rc_2's node mode needs one)
    const TEMPLATE = (version: 'tosca_variability_1_0_rc_2' | 'tosca_variability_1_0_rc_3', options = '') =>
        run(
            `topology_template:
    variability:
        options: {checks: false${options}}
    inputs:
        unused: {type: string}
        used: {type: string}
    node_templates:
        anchor: {type: a, managed: false, persistent: true, properties: [{name: {get_input: used}}]}
        gone: {type: g, managed: false, conditions: false, requirements: [{uses: plain}], properties: [{name: n}]}
        plain: {type: p, managed: false}
    outputs:
        from_gone: {value: {get_property: [gone, name]}}
        from_anchor: {value: {get_property: [anchor, name]}}
`,
            {version},
        )

    it('rc_2 prunes nodes by default (mode semantic-loose, incomingnaive)', () => {
        const r = TEMPLATE('tosca_variability_1_0_rc_2')
        expect(Object.keys(nodes(r))).toEqual(['anchor'])
        expect(deciding(r.model, 'node.plain')).toEqual(['pruning:incomingnaive'])
    })

    it('rc_2 modes leave inputs and outputs alone', () => {
        const r = TEMPLATE('tosca_variability_1_0_rc_2')
        expect(Object.keys(topology(r).inputs as object)).toEqual(['unused', 'used'])
        expect(Object.keys(topology(r).outputs as object)).toEqual(['from_gone', 'from_anchor'])
        expect(provenance(r.model, 'input.unused@0')).toEqual([])
        expect(provenance(r.model, 'output.from_gone@0')).toEqual([])
    })

    it('rc_2: inputs and outputs can still be pruned by name', () => {
        // the mode's own narrower options (input_consistency_pruning: false, …) beat input_pruning, so name the narrowest
        const r = TEMPLATE(
            'tosca_variability_1_0_rc_2',
            ', input_pruning: true, input_consistency_pruning: true, input_semantic_pruning: true, output_pruning: true, output_consistency_pruning: true, output_semantic_pruning: true',
        )
        expect(Object.keys(topology(r).inputs as object)).toEqual(['used'])
        expect(Object.keys(topology(r).outputs as object)).toEqual(['from_anchor'])
        expect(deciding(r.model, 'input.unused@0')).toEqual(['pruning:consumed'])
    })

    it('rc_3 modes include inputs and outputs', () => {
        const r = TEMPLATE('tosca_variability_1_0_rc_3')
        expect(Object.keys(nodes(r))).toEqual(['anchor'])
        expect(Object.keys(topology(r).inputs as object)).toEqual(['used'])
        expect(Object.keys(topology(r).outputs as object)).toEqual(['from_anchor'])
        expect(deciding(r.model, 'input.unused@0')).toEqual(['pruning:consumed'])
        expect(deciding(r.model, 'output.from_gone@0')).toEqual(['pruning:produced'])
        expect(provenance(r.model, 'input.used@1')).toEqual(['pruning:consumed'])
    })

    it('rc_3 with mode manual: no pruning at all', () => {
        const r = TEMPLATE('tosca_variability_1_0_rc_3', ', mode: manual')
        expect(Object.keys(nodes(r))).toEqual(['anchor', 'plain'])
        expect(Object.keys(topology(r).inputs as object)).toEqual(['unused', 'used'])
        expect(provenance(r.model, 'node.plain')).toEqual([])
    })
})

describe('wider and narrower options', () => {
    const TEMPLATE = (options: string) =>
        run(`topology_template:
    variability:
        options: {checks: false, ${options}}
    node_templates:
        gone: {type: g, conditions: false, requirements: [{uses: plain}], properties: [{q: 1}]}
        plain: {type: p}
        keep: {type: k, conditions: true, requirements: [{link: gone}], properties: [{p: 1}]}
`)
    const IDS = ['node.plain', 'relation.link@0.node.keep', 'property.q@0.node.gone']

    it("a pruning mode's own setting beats a wider option the template writes (as in the reference)", () => {
        // consistent-loose sets node_semantic_pruning: false; node_pruning: true does not turn it on again
        const r = TEMPLATE('mode: consistent-loose, node_pruning: true')
        expect(presence(r.model, ['node.plain'])).toEqual({'node.plain': true})
        const options = r.model.options
        expect(options.semanticPruning('node')).toMatchObject({value: false, origin: {kind: 'mode', mode: 'consistent-loose'}})
        // the narrowest option written in the template still wins
        const narrow = TEMPLATE('mode: consistent-loose, node_semantic_pruning: true')
        expect(presence(narrow.model, ['node.plain'])).toEqual({'node.plain': false})
    })

    it('mode manual with node_pruning: true prunes nodes only', () => {
        const r = TEMPLATE('mode: manual, node_pruning: true')
        expect(nodes(r)).toEqual({keep: {type: 'k', requirements: [{link: 'gone'}], properties: {p: 1}}})
        expect(presence(r.model, IDS)).toEqual({'node.plain': false, 'relation.link@0.node.keep': true, 'property.q@0.node.gone': true})
        expect(deciding(r.model, 'node.plain')).toEqual(['pruning:incoming'])
        expect(provenance(r.model, 'relation.link@0.node.keep')).toEqual([])
    })

    it('pruning: true with relation_pruning: false prunes everything but relations', () => {
        const r = TEMPLATE('pruning: true, relation_pruning: false')
        expect(nodes(r)).toEqual({keep: {type: 'k', requirements: [{link: 'gone'}], properties: {p: 1}}})
        expect(presence(r.model, IDS)).toEqual({'node.plain': false, 'relation.link@0.node.keep': true, 'property.q@0.node.gone': false})
        expect(deciding(r.model, 'property.q@0.node.gone')).toEqual(['pruning:container'])
        expect(provenance(r.model, 'relation.link@0.node.keep')).toEqual([])
        expect(deciding(r.model, 'node.plain')).toEqual(['pruning:incoming'])
    })

    it('node_pruning: true with node_semantic_pruning: false: nodes only have semantic pruning, so none is added', () => {
        const r = TEMPLATE('node_pruning: true, node_semantic_pruning: false')
        expect(Object.keys(nodes(r))).toEqual(['plain', 'keep'])
        expect(provenance(r.model, 'node.plain')).toEqual([])
    })

    it('relation_pruning: true with relation_consistency_pruning: false: relations only have consistency pruning, so none is added', () => {
        const r = TEMPLATE('relation_pruning: true, relation_consistency_pruning: false')
        expect(provenance(r.model, 'relation.link@0.node.keep')).toEqual([])
        const on = TEMPLATE('relation_pruning: true')
        expect(nodes(on)).toEqual({plain: {type: 'p'}, keep: {type: 'k', properties: {p: 1}}})
        expect(deciding(on.model, 'relation.link@0.node.keep')).toEqual(['pruning:target'])
    })

    it('relation_consistency_pruning: true does not enable pruning by itself (relation pruning must be on)', () => {
        const r = TEMPLATE('relation_consistency_pruning: true')
        expect(provenance(r.model, 'relation.link@0.node.keep')).toEqual([])
        expect(nodes(r)).toEqual({plain: {type: 'p'}, keep: {type: 'k', requirements: [{link: 'gone'}], properties: {p: 1}}})
    })
})

describe('propagation through the topology', () => {
    // source is absent; everything else only exists through it
    const CHAIN = `topology_template:
    variability:
        options: {checks: false, pruning: true, node_default_condition_mode: incoming}
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
                - image:
                      type: tosca.artifacts.File
                      file: a.img
                      properties:
                          - checksum: abc
        base:
            type: b
        other:
            type: o
    relationship_templates:
        link:
            type: tosca.relationships.ConnectsTo
            properties:
                - timeout: 5
`
    const r = () => run(CHAIN)

    it('everything reachable only from the absent node is pruned; the output keeps the rest', () => {
        expect(r().output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3', topology_template: {node_templates: {other: {type: 'o'}}}})
    })

    it('a relation whose source is absent is absent, and so is the property of its relationship template', () => {
        const m = r().model
        expect(deciding(m, 'relation.uses@0.node.source')).toEqual(['pruning:source', 'pruning:target'])
        expect(present(m, 'property.timeout@0.relation.uses@0.node.source')).toBe(false)
        expect(deciding(m, 'property.timeout@0.relation.uses@0.node.source')).toEqual(['pruning:container'])
    })

    it('a node without a present incoming relation is absent, with its properties, artifacts and their properties', () => {
        const m = r().model
        expect(deciding(m, 'node.middle')).toEqual(['pruning:incoming'])
        expect(deciding(m, 'property.port@0.node.middle')).toEqual(['pruning:container'])
        expect(deciding(m, 'artifact.image@0.node.middle')).toEqual(['pruning:container'])
        expect(deciding(m, 'property.checksum@0.artifact.image@0.node.middle')).toEqual(['pruning:container'])
        expect(deciding(m, 'type.m@0.node.middle')).toEqual(['pruning:container'])
    })

    it('down the hosting stack: the host loses its only incoming relation', () => {
        const m = r().model
        expect(deciding(m, 'relation.host@0.node.middle')).toEqual(['pruning:source', 'pruning:target'])
        expect(deciding(m, 'node.base')).toEqual(['pruning:incoming'])
    })

    it('the chain stops where another source keeps a node', () => {
        const kept = run(CHAIN.replace('        other:\n            type: o\n', '        other:\n            type: o\n            requirements:\n                - uses: base\n'))
        expect(Object.keys(nodes(kept))).toEqual(['base', 'other'])
        expect(provenance(kept.model, 'node.base')).toEqual(['pruning:incoming'])
        expect(deciding(kept.model, 'node.middle')).toEqual(['pruning:incoming'])
    })
})
