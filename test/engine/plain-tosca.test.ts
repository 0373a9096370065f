// Valid TOSCA 1.3 the reference refuses (found in public templates: tosca-parser, heat-translator,
// xopera, puccini, the OASIS examples): a requirement whose target is no node template, a
// relationship template written inside a requirement assignment, one no requirement uses, a key
// that is a map. Each is resolved as the TOSCA 1.3 grammar allows, while the mistakes the conformance
// suite and the reference refuse (a misspelled node template, an unused template in
// Variability4TOSCA) are still refused.
import {describe, expect, it} from 'vitest'
import {templateFromText} from '../../src/engine/load/index.js'
import {resolveTemplate} from '../../src/engine/resolve/index.js'
import {stringifyTemplate} from '../../src/engine/transform/index.js'
import {nodes, run, runError, topology} from '../helpers/v4t.js'

/** Resolves a plain TOSCA 1.3 template (`tosca_simple_yaml_1_3`); a failure throws its error. */
function tosca13(body: string) {
    const outcome = resolveTemplate(templateFromText(`tosca_definitions_version: tosca_simple_yaml_1_3\n${body}`), {})
    if (outcome.kind !== 'resolved') throw outcome.error
    return outcome
}

describe('a requirement whose target is no node template', () => {
    const WILD = `topology_template:
    node_templates:
        app:
            type: tosca.nodes.SoftwareComponent
            requirements:
                - host: {capability: tosca.capabilities.Compute}
                - dependency: {node: tosca.nodes.Compute, relationship: tosca.relationships.DependsOn}
                - storage: {node_filter: {properties: [{size: {greater_or_equal: 1 GB}}]}}
                - database: db
        db: {type: tosca.nodes.Root}
`

    it('is written as it was, in its place among the relations (TOSCA 1.3 §3.8.2: a capability, a node type or a filter)', () => {
        expect(nodes(tosca13(WILD)).app).toEqual({
            type: 'tosca.nodes.SoftwareComponent',
            requirements: [
                {host: {capability: 'tosca.capabilities.Compute'}},
                {dependency: {node: 'tosca.nodes.Compute', relationship: 'tosca.relationships.DependsOn'}},
                {storage: {node_filter: {properties: [{size: {greater_or_equal: '1 GB'}}]}}},
                {database: 'db'},
            ],
        })
    })

    it('is no relation: it goes with its node, and a relation keeps the index it was written at', () => {
        const template = (app: string) => `topology_template:
    variability:
        options: {checks: false}
    node_templates:
        app:
            type: a
            conditions: ${app}
            requirements:
                - host: {capability: tosca.capabilities.Compute}
                - database: db
        db: {type: b}
        probe: {type: c, conditions: {relation_presence: [app, 1]}}
`
        const kept = run(template('true'))
        expect(nodes(kept)).toEqual({app: {type: 'a', requirements: [{host: {capability: 'tosca.capabilities.Compute'}}, {database: 'db'}]}, db: {type: 'b'}, probe: {type: 'c'}})
        expect(kept.model.graph.relations.map(r => r.id)).toEqual(['relation.database@1.node.app'])
        expect(nodes(run(template('false')))).toEqual({db: {type: 'b'}, probe: {type: 'c'}})
        // the index of a plain requirement names no relation, and says why
        const error = runError(template('true').replace('[app, 1]', '[app, 0]'))
        expect(error.message).toBe('Relation "0" of node "app" not found')
        expect(error.help).toEqual(['requirement "host@0" names no node template: it is written as it is, no relation'])
    })

    it("a technology rule's hosting stack reads the relation at its own index", () => {
        const resolved = run(
            `node_types:
    app: {derived_from: tosca.nodes.Root}
    vm: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
topology_template:
    variability:
        technology_rules: [{technology: ansible, component: app, hosting: [vm]}]
    node_templates:
        a: {type: app, persistent: true, requirements: [{dependency: {capability: tosca.capabilities.Node}}, {host: m}]}
        m: {type: vm}
`,
            {version: 'tosca_variability_1_0_rc_3'},
        )
        expect(nodes(resolved).a).toEqual({type: 'app~app::ansible@vm', requirements: [{dependency: {capability: 'tosca.capabilities.Node'}}, {host: 'm'}]})
    })

    it('a name that is neither a node template nor a node type is still a missing target', () => {
        const error = runError(`topology_template:
    node_templates:
        app: {type: a, requirements: [{host: {node: serverr}}]}
        server: {type: b}
`)
        expect(error.message).toBe('Target "serverr" of relation "host@0" of node "app" does not exist')
        expect(error.location?.line).toBe(4)
        expect(error.help).toEqual(['did you mean "server"?'])
    })

    it('with a variability key it would be a relation, which needs a node template', () => {
        const noNode = runError(`topology_template:
    node_templates:
        app: {type: a, requirements: [{host: {capability: tosca.capabilities.Compute, conditions: true}}]}
`)
        expect(noNode.message).toBe('Relation "host@0" of node "app" has no target node ("node")')
        expect(noNode.help).toEqual(['a requirement without "node" is written as it is with its node; only a relation to a node template can have "conditions"'])
        const type = runError(`topology_template:
    node_templates:
        app: {type: a, requirements: [{host: {node: tosca.nodes.Compute, default_alternative: true}}]}
`)
        expect(type.message).toBe('Target "tosca.nodes.Compute" of relation "host@0" of node "app" does not exist')
        expect(type.help).toEqual([
            '"tosca.nodes.Compute" is a node type: a requirement naming one is written as it is with its node; only a relation to a node template can have "default_alternative"',
        ])
    })
})

describe('a relationship template written inside a requirement assignment', () => {
    const INLINE = `topology_template:
    variability:
        inputs: {prod: {type: boolean, default: true}}
        options: {pruning: true}
    node_templates:
        app:
            type: a
            requirements:
                - database:
                      node: db
                      relationship:
                          type: tosca.relationships.ConnectsTo
                          properties:
                              - credential: {value: {user: admin}, conditions: {variability_input: prod}}
                              - credential: {value: {user: guest}, conditions: {not: {variability_input: prod}}}
                              - port: 5432
        db: {type: b}
`

    it("is the relation's own: its conditional properties resolved, written where it was", () => {
        const relationship = (prod: boolean) =>
            (nodes(run(INLINE, {inputs: {prod}})).app as {requirements: {database: {relationship: unknown}}[]}).requirements[0]!.database.relationship
        expect(relationship(true)).toEqual({type: 'tosca.relationships.ConnectsTo', properties: {credential: {user: 'admin'}, port: 5432}})
        expect(relationship(false)).toEqual({type: 'tosca.relationships.ConnectsTo', properties: {credential: {user: 'guest'}, port: 5432}})
        expect(topology(run(INLINE)).relationship_templates).toBeUndefined()
    })

    it('goes with its relation', () => {
        const absent = run(INLINE.replace('                      node: db\n', '                      node: db\n                      conditions: false\n'))
        expect(nodes(absent).app).toEqual({type: 'a'})
    })

    it('a relationship that names a relationship type is written as it was; a misspelled template is still missing', () => {
        const typed = `topology_template:
    node_templates:
        app: {type: a, requirements: [{database: {node: db, relationship: tosca.relationships.ConnectsTo}}]}
        db: {type: b}
`
        expect(nodes(run(typed)).app).toEqual({type: 'a', requirements: [{database: {node: 'db', relationship: 'tosca.relationships.ConnectsTo'}}]})
        expect(runError(typed.replace('tosca.relationships.ConnectsTo', 'connectz')).message).toBe('Relationship "connectz" of relation "database" of node "app" does not exist!')
    })
})

describe('a relationship template no relation uses', () => {
    const UNUSED = `topology_template:
    variability:
        options: {pruning: true}
    node_templates:
        app:
            type: tosca.nodes.Root
            requirements:
                - host: {capability: tosca.capabilities.Compute, relationship: hosted}
    relationship_templates:
        spare: {type: tosca.relationships.ConnectsTo, properties: {credential: {user: x}}}
        hosted: {type: tosca.relationships.HostedOn}
`

    it('is kept as written in TOSCA 1.3, and one a plain requirement names goes with its node', () => {
        expect(topology(tosca13(UNUSED)).relationship_templates).toEqual({
            spare: {type: 'tosca.relationships.ConnectsTo', properties: {credential: {user: 'x'}}},
            hosted: {type: 'tosca.relationships.HostedOn'},
        })
        const absent = tosca13(UNUSED.replace('type: tosca.nodes.Root\n', 'type: tosca.nodes.Root\n            conditions: false\n'))
        expect(topology(absent).relationship_templates).toEqual({spare: {type: 'tosca.relationships.ConnectsTo', properties: {credential: {user: 'x'}}}})
    })

    it("is a mistake in Variability4TOSCA, where its presence is its requirement's (as the conformance suite says)", () => {
        const error = runError(UNUSED)
        expect(error.message).toBe('Relation "spare" is never used')
        expect(error.location?.line).toBe(11)
    })

    it('kept as written, it may not be conditional', () => {
        const error = runError(UNUSED.replace('{type: tosca.relationships.ConnectsTo, properties: {credential: {user: x}}}', '{type: [{a: {conditions: true}}]}'), {})
        expect(error.message).toBe('Relation "spare" is never used')
        expect(() => tosca13(UNUSED.replace('properties: {credential: {user: x}}', 'properties: [{credential: {value: x, conditions: true}}]'))).toThrow(
            'Relationship template "spare", which no relation uses, is written as it is and cannot have conditional "properties"',
        )
    })
})

describe('a key that is a map (Puccini writes function calls as keys)', () => {
    it('comes out as the string of its flow YAML, which reads back as the same data', () => {
        const body = `topology_template:
    node_templates:
        data:
            type: tosca.nodes.Root
            properties:
                string-map:
                    Greeting: Hello
                    { concat: [ Recip, ient ] }: Puccini
`
        const resolved = tosca13(body)
        expect(nodes(resolved).data).toEqual({type: 'tosca.nodes.Root', properties: {'string-map': {Greeting: 'Hello', '{ concat: [ Recip, ient ] }': 'Puccini'}}})
        const again = resolveTemplate(templateFromText(stringifyTemplate(resolved.output)), {})
        expect(again.kind === 'resolved' && again.output).toEqual(resolved.output)
    })
})
