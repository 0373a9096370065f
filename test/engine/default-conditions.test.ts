// Spec "Default Conditions": each element-generic default condition and each
// alternative mode, the consistency/semantic switches, per-element overrides,
// persistent nodes and type-specific default conditions. Every case asserts the
// output and which condition record decided (origin kind and mode token).
import {describe, expect, it} from 'vitest'
import {deciding, nodes, present, provenance, records, run, runError, topology} from '../helpers/v4t.js'

/** `options` is a YAML flow map body, e.g. `node_default_condition: true`. */
const topo = (options: string, rest: string) => `topology_template:
    variability:
        options: {checks: false, ${options}}
${rest}`

describe('node default conditions (semantic)', () => {
    const node = (mode: string, rest: string) => run(topo(`node_default_condition: true, node_default_condition_mode: ${mode}`, rest))

    // the client is absent, but its relation to the server is present (relations get no default condition here)
    const ABSENT_SOURCE = `    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s}
        other: {type: o}
`
    it('incoming: no incoming relation that is manually present and has a present source removes the node', () => {
        const r = node('incoming', ABSENT_SOURCE)
        expect(nodes(r)).toEqual({other: {type: 'o'}})
        expect(deciding(r.model, 'node.server')).toEqual(['default:incoming'])
    })

    it('incomingnaive: looks only at the relation variables, so a present relation from an absent source keeps the node', () => {
        const r = node('incomingnaive', ABSENT_SOURCE)
        expect(nodes(r)).toEqual({server: {type: 's'}, other: {type: 'o'}})
        expect(provenance(r.model, 'node.server')).toEqual(['default:incomingnaive'])
    })

    it('a token applies only where the node has the structure it talks about (no incoming relation: no condition)', () => {
        const r = node('incoming', ABSENT_SOURCE)
        expect(provenance(r.model, 'node.other')).toEqual([])
        expect(provenance(r.model, 'node.client')).toEqual(['manual'])
    })

    // the client is present, but its relation to the server is manually absent
    const ABSENT_RELATION = `    node_templates:
        client: {type: c, requirements: [{uses: {node: server, conditions: false}}]}
        server: {type: s}
`
    it('source: a present source keeps the node even if the relation itself is absent', () => {
        const r = node('source', ABSENT_RELATION)
        expect(nodes(r)).toEqual({client: {type: 'c'}, server: {type: 's'}})
        expect(provenance(r.model, 'node.server')).toEqual(['default:source'])
    })

    it('incoming on the same template: the manually absent relation removes the node', () => {
        const r = node('incoming', ABSENT_RELATION)
        expect(nodes(r)).toEqual({client: {type: 'c'}})
        expect(deciding(r.model, 'node.server')).toEqual(['default:incoming'])
    })

    it('source: a node whose incoming relations all come from absent sources is absent', () => {
        const r = node('source', ABSENT_SOURCE)
        expect(nodes(r)).toEqual({other: {type: 'o'}})
        expect(deciding(r.model, 'node.server')).toEqual(['default:source'])
    })

    // the client's relation is manually present, but its target is absent
    const ABSENT_TARGET = `    node_templates:
        client: {type: c, requirements: [{uses: server}]}
        server: {type: s, conditions: false}
`
    it('outgoing: no outgoing relation with a present target removes the node', () => {
        const r = node('outgoing', ABSENT_TARGET)
        expect(topology(r)).toEqual({})
        expect(r.output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
        expect(deciding(r.model, 'node.client')).toEqual(['default:outgoing'])
    })

    it('outgoingnaive: the present relation variable keeps the node (its target is not looked at)', () => {
        const r = node('outgoingnaive', ABSENT_TARGET)
        expect(nodes(r)).toEqual({client: {type: 'c', requirements: [{uses: 'server'}]}})
        expect(provenance(r.model, 'node.client')).toEqual(['default:outgoingnaive'])
    })

    it('host: a node whose host is absent is absent', () => {
        const r = node(
            'host',
            `    node_templates:
        app: {type: a, requirements: [{host: vm}]}
        vm: {type: v, conditions: false}
`,
        )
        expect(r.output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
        expect(deciding(r.model, 'node.app')).toEqual(['default:host'])
    })

    it('host: looks at the host nodes, not the hosting relations', () => {
        const r = node(
            'host',
            `    node_templates:
        app: {type: a, requirements: [{host: {node: vm, conditions: false}}]}
        vm: {type: v}
`,
        )
        expect(nodes(r)).toEqual({app: {type: 'a'}, vm: {type: 'v'}})
        expect(provenance(r.model, 'node.app')).toEqual(['default:host'])
    })

    const ARTIFACTS = (artifact: string) => `    node_templates:
        app: {type: a, artifacts: [{bin: ${artifact}}]}
`
    it('artifact: a node whose artifacts are all manually absent is absent', () => {
        const r = node('artifact', ARTIFACTS('{type: tosca.artifacts.File, file: app.bin, conditions: false}'))
        expect(r.output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
        expect(deciding(r.model, 'node.app')).toEqual(['default:artifact'])
    })

    it('artifact: a present artifact keeps the node', () => {
        const r = node('artifact', ARTIFACTS('{type: tosca.artifacts.File, file: app.bin}'))
        expect(nodes(r)).toEqual({app: {type: 'a', artifacts: {bin: {type: 'tosca.artifacts.File', file: 'app.bin'}}}})
        expect(provenance(r.model, 'node.app')).toEqual(['default:artifact'])
    })

    // the artifact is manually present but removed by a generated (type-specific) default condition
    const GENERATED_ABSENT_ARTIFACT = (mode: string) =>
        run(`topology_template:
    variability:
        type_specific_conditions:
            artifact_types:
                app.Binary: {conditions: false}
        options: {checks: false, node_default_condition: true, node_default_condition_mode: ${mode}, artifact_default_condition: true}
    node_templates:
        app: {type: a, artifacts: [{bin: {type: app.Binary, file: app.bin}}]}
`)
    it('artifact reads the manual conditions of the artifacts: a generated condition does not remove the node', () => {
        const r = GENERATED_ABSENT_ARTIFACT('artifact')
        expect(nodes(r)).toEqual({app: {type: 'a'}})
        expect(deciding(r.model, 'artifact.bin@0.node.app')).toEqual(['default:type-specific'])
    })

    it('artifactnaive reads the artifact variables: the same template removes the node', () => {
        const r = GENERATED_ABSENT_ARTIFACT('artifactnaive')
        expect(r.output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
        expect(deciding(r.model, 'node.app')).toEqual(['default:artifactnaive'])
    })

    describe('combinations: incoming-host', () => {
        const STACK = (client: string, vm: string) => `    node_templates:
        client: {type: c, conditions: ${client}, requirements: [{uses: app}]}
        app: {type: a, requirements: [{host: vm}]}
        vm: {type: v, conditions: ${vm}}
`
        it('combines the tokens with "and", one record per token in mode order', () => {
            const r = node('incoming-host', STACK('true', 'true'))
            expect(Object.keys(nodes(r))).toEqual(['client', 'app', 'vm'])
            expect(provenance(r.model, 'node.app')).toEqual(['default:incoming', 'default:host'])
        })
        it('an absent host alone removes the node', () => {
            const r = node('incoming-host', STACK('true', 'false'))
            expect(Object.keys(nodes(r))).toEqual(['client'])
            expect(deciding(r.model, 'node.app')).toEqual(['default:host'])
        })
        it('a missing incoming relation alone removes the node', () => {
            const r = node('incoming-host', STACK('false', 'true'))
            expect(Object.keys(nodes(r))).toEqual(['vm'])
            expect(deciding(r.model, 'node.app')).toEqual(['default:incoming'])
        })
        it('a node with a host but no incoming relation only gets the host token', () => {
            const r = node('incoming-host', STACK('true', 'false').replace(', requirements: [{uses: app}]', ''))
            expect(provenance(r.model, 'node.app')).toEqual(['default:host'])
            expect(Object.keys(nodes(r))).toEqual(['client'])
        })
    })

    it('an unknown token is an error naming the element and the mode', () => {
        const error = runError(topo('node_default_condition: true, node_default_condition_mode: incoming-hosting', ABSENT_SOURCE))
        expect(error.code).toBe('invalid-option')
        expect(error.message).toContain('has unknown mode "incoming-hosting" as default condition')
    })

    // the node keyword table lists "relation" and "relation-host", but no default condition of the
    // specification is named "relation": a mode is read whole, before resolving, enabled or not
    it.each(['relation', 'relation-host', 'source-relation'])('a node mode naming no default condition (%s) is an error even with default conditions off', mode => {
        const error = runError(`topology_template:
    node_templates:
        a: {type: tosca.nodes.Root, default_condition_mode: ${mode}}
`)
        expect(error.code).toBe('invalid-option')
        expect(error.message).toContain(`Node "a" has unknown mode "${mode}" as default condition`)
    })

    it('a mode for every node, written once in the options, is read before resolving too', () => {
        const error = runError(`topology_template:
    variability:
        options: {node_default_condition_mode: relation}
    node_templates:
        a: {type: tosca.nodes.Root}
        b: {type: tosca.nodes.Root}
`)
        expect(error.message).toContain('Node "a" has unknown mode "relation" as default condition')
        expect(error.more).toEqual([])
        // the mistake is in the option, not in the first node that reads it
        expect(error.location?.line).toBe(4) // options: {node_default_condition_mode: relation}
    })

    it('a mode naming "relation" says in a note which token checks incoming relations instead', () => {
        const error = runError(`topology_template:
    node_templates:
        a: {type: tosca.nodes.Root, default_condition_mode: relation-host}
`)
        expect(error.notes.join(' ')).toContain('"incoming" checks the incoming relations')
    })

    it('a misspelt token gets the closest token and every allowed token as help', () => {
        const error = runError(`topology_template:
    node_templates:
        a: {type: tosca.nodes.Root, default_condition_mode: incomming-host}
`)
        expect(error.help[0]).toBe('did you mean "incoming"?')
        expect(error.help[1]).toMatch(/^a mode joins these tokens with "-": .*\bhost\b/)
    })

    it('the modes the specification defines are accepted, also combined (source-host)', () => {
        expect(
            Object.keys(
                nodes(
                    run(`topology_template:
    node_templates:
        a: {type: tosca.nodes.Root, default_condition_mode: source-host}
        b: {type: tosca.nodes.Root, default_condition_mode: outgoingnaive-artifactnaive}
`),
                ),
            ),
        ).toEqual(['a', 'b'])
    })
})

describe('relation default conditions (consistency)', () => {
    const relation = (mode: string, a: string, b: string) =>
        run(
            topo(
                `relation_default_condition: true, relation_default_condition_mode: ${mode}`,
                `    node_templates:
        a: {type: a, conditions: ${a}, requirements: [{uses: b}]}
        b: {type: b, conditions: ${b}}
`,
            ),
        )
    const USES = 'relation.uses@0.node.a'

    it('source: absent when the source is absent', () => {
        const r = relation('source', 'false', 'true')
        expect(present(r.model, USES)).toBe(false)
        expect(deciding(r.model, USES)).toEqual(['default:source'])
        expect(nodes(r)).toEqual({b: {type: 'b'}})
    })

    it('source: an absent target does not matter', () => {
        const r = relation('source', 'true', 'false')
        expect(nodes(r)).toEqual({a: {type: 'a', requirements: [{uses: 'b'}]}})
        expect(provenance(r.model, USES)).toEqual(['default:source'])
    })

    it('target: absent when the target is absent', () => {
        const r = relation('target', 'true', 'false')
        expect(nodes(r)).toEqual({a: {type: 'a'}})
        expect(deciding(r.model, USES)).toEqual(['default:target'])
    })

    it('source-target (the default mode): one record per token, the failing one decides', () => {
        const r = run(
            topo(
                'relation_default_condition: true',
                `    node_templates:
        a: {type: a, requirements: [{uses: b}]}
        b: {type: b, conditions: false}
`,
            ),
        )
        expect(nodes(r)).toEqual({a: {type: 'a'}})
        expect(provenance(r.model, USES)).toEqual(['default:source', 'default:target'])
        expect(deciding(r.model, USES)).toEqual(['default:target'])
    })
})

describe('property default conditions (consistency)', () => {
    // a property is implied by its present container and its own (manual) conditions; what it consumes
    // belongs to its default condition, not to that premise: a present container whose property
    // reads an absent input has no variant
    it('consuming: a present container whose property reads an absent input has no variant', () => {
        const body = (input: string) =>
            topo(
                'property_default_condition: true',
                `    inputs:
        endpoint: {type: string, conditions: ${input}}
    node_templates:
        a: {type: a, conditions: true, properties: [{url: {get_input: endpoint}}]}
`,
            )
        expect(runError(body('false')).code).toBe('unsatisfiable')
        expect(topology(run(body('true')))).toMatchObject({node_templates: {a: {type: 'a', properties: {url: {get_input: 'endpoint'}}}}})
    })

    it('container: a property of an absent node is absent', () => {
        const r = run(
            topo(
                'property_default_condition: true',
                `    node_templates:
        a: {type: a, conditions: false, properties: [{p: 1}]}
`,
            ),
        )
        expect(present(r.model, 'property.p@0.node.a')).toBe(false)
        expect(deciding(r.model, 'property.p@0.node.a')).toEqual(['default:container'])
    })

    it('container: a property of a relationship template goes with its relation', () => {
        const r = run(
            topo(
                'property_default_condition: true',
                `    node_templates:
        a: {type: a, requirements: [{uses: {node: b, relationship: link, conditions: false}}]}
        b: {type: b}
    relationship_templates:
        link: {type: tosca.relationships.ConnectsTo, properties: [{timeout: 5}]}
`,
            ),
        )
        expect(topology(r)).toEqual({node_templates: {a: {type: 'a'}, b: {type: 'b'}}})
        expect(deciding(r.model, 'property.timeout@0.relation.uses@0.node.a')).toEqual(['default:container'])
    })

    // implied: false, so that the present container does not require the property (see above)
    const CONSUMING = (mode: string) =>
        run(
            topo(
                `property_default_condition: true, property_default_condition_mode: ${mode}`,
                `    inputs:
        port: {type: integer, conditions: false}
    node_templates:
        a: {type: a, properties: [{port: {value: {get_input: port}, implied: false}}, {name: x}]}
`,
            ),
        )
    it('consuming: a property that reads an absent input (get_input) is absent', () => {
        const r = CONSUMING('consuming')
        expect(topology(r)).toEqual({node_templates: {a: {type: 'a', properties: {name: 'x'}}}})
        expect(deciding(r.model, 'property.port@0.node.a')).toEqual(['default:consuming'])
    })

    it('container alone does not look at the consumed input', () => {
        const r = CONSUMING('container')
        expect(topology(r)).toEqual({node_templates: {a: {type: 'a', properties: {port: {get_input: 'port'}, name: 'x'}}}})
        expect(provenance(r.model, 'property.port@0.node.a')).toEqual(['default:container'])
    })

    it('container-consuming (the default mode) gives one record per token; a property consuming nothing only gets container', () => {
        const r = CONSUMING('container-consuming')
        expect(provenance(r.model, 'property.port@0.node.a')).toEqual(['default:container', 'default:consuming'])
        expect(provenance(r.model, 'property.name@1.node.a')).toEqual(['default:container'])
    })
})

describe('artifact, type, group and policy default conditions', () => {
    it('artifact (container, consistency): an artifact of an absent node is absent', () => {
        const r = run(
            topo(
                'artifact_default_condition: true',
                `    node_templates:
        a: {type: a, conditions: false, artifacts: [{bin: {type: tosca.artifacts.File, file: a.bin}}]}
`,
            ),
        )
        expect(deciding(r.model, 'artifact.bin@0.node.a')).toEqual(['default:container'])
        expect(r.output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
    })

    const TYPES = (options: string) =>
        `topology_template:
    variability:
        options: {${options}}
    node_templates:
        a: {type: a, conditions: false}
        b: {type: b}
`
    it('type (container, consistency): the type of an absent node is absent', () => {
        const r = run(TYPES('type_default_condition: true'))
        expect(present(r.model, 'type.a@0.node.a')).toBe(false)
        expect(deciding(r.model, 'type.a@0.node.a')).toEqual(['default:container'])
        expect(nodes(r)).toEqual({b: {type: 'b'}})
    })

    it('type: without its default condition the type outlives its node and the consistency check says so', () => {
        const error = runError(TYPES(''))
        expect(error.code).toBe('check-failed')
        expect(error.message).toBe('Container of type "a@0" of node "a" does not exist')
    })

    const GROUP = (a: string, b: string) =>
        run(
            topo(
                'group_default_condition: true',
                `    node_templates:
        a: {type: a, conditions: ${a}}
        b: {type: b, conditions: ${b}}
    groups:
        g: {type: tosca.groups.Root, members: [a, b]}
`,
            ),
        )
    it('group (semantic): present while some member is present, members filtered', () => {
        const r = GROUP('false', 'true')
        expect(topology(r).groups).toEqual({g: {type: 'tosca.groups.Root', members: ['b']}})
        expect(provenance(r.model, 'group.g')).toEqual(['default:member'])
    })

    it('group: absent without present members', () => {
        const r = GROUP('false', 'false')
        expect(topology(r)).toEqual({})
        expect(deciding(r.model, 'group.g')).toEqual(['default:member'])
    })

    it('group: relation members count as members', () => {
        const r = run(
            topo(
                'group_default_condition: true',
                `    node_templates:
        a: {type: a, requirements: [{uses: {node: b, conditions: false}}]}
        b: {type: b}
    groups:
        g: {type: tosca.groups.Root, members: [[a, uses]]}
`,
            ),
        )
        expect(topology(r)).toEqual({node_templates: {a: {type: 'a'}, b: {type: 'b'}}})
        expect(deciding(r.model, 'group.g')).toEqual(['default:member'])
    })

    it('policy (semantic): absent without present targets', () => {
        const r = run(
            topo(
                'policy_default_condition: true',
                `    node_templates:
        a: {type: a, conditions: false}
        b: {type: b}
    policies:
        - p: {type: tosca.policies.Root, targets: [a]}
        - q: {type: tosca.policies.Root, targets: [a, b]}
`,
            ),
        )
        expect(topology(r).policies).toEqual([{q: {type: 'tosca.policies.Root', targets: ['b']}}])
        expect(deciding(r.model, 'policy.p@0')).toEqual(['default:target'])
        expect(provenance(r.model, 'policy.q@1')).toEqual(['default:target'])
    })

    it('policy: a group target counts through its present members, not through the group itself', () => {
        const r = run(
            topo(
                'policy_default_condition: true',
                `    node_templates:
        a: {type: a, conditions: false}
    groups:
        g: {type: tosca.groups.Root, members: [a], conditions: true}
    policies:
        - p: {type: tosca.policies.Root, targets: [g]}
`,
            ),
        )
        expect(present(r.model, 'group.g')).toBe(true)
        expect(topology(r)).toEqual({groups: {g: {type: 'tosca.groups.Root', members: []}}})
        expect(deciding(r.model, 'policy.p@0')).toEqual(['default:target'])
    })
})

describe('input and output default conditions (semantic)', () => {
    it('input: absent when no present property consumes it', () => {
        const r = run(
            topo(
                'input_default_condition: true, input_default_consistency_condition: true, input_default_semantic_condition: true, property_default_condition: true',
                `    inputs:
        used: {type: string}
        unused: {type: string}
        orphaned: {type: string}
    node_templates:
        a: {type: a, properties: [{name: {get_input: used}}]}
        b: {type: b, conditions: false, properties: [{name: {get_input: orphaned}}]}
`,
            ),
        )
        expect(topology(r)).toEqual({inputs: {used: {type: 'string'}}, node_templates: {a: {type: 'a', properties: {name: {get_input: 'used'}}}}})
        expect(provenance(r.model, 'input.used@0')).toEqual(['default:consumed'])
        expect(deciding(r.model, 'input.unused@1')).toEqual(['default:consumed'])
        expect(deciding(r.model, 'input.orphaned@2')).toEqual(['default:consumed'])
    })

    it('output: absent when what produces it is absent', () => {
        const r = run(
            topo(
                'output_default_condition: true, output_default_consistency_condition: true, output_default_semantic_condition: true, property_default_condition: true',
                `    node_templates:
        a: {type: a, conditions: false, properties: [{url: x}]}
        b: {type: b, properties: [{url: y}]}
    outputs:
        from_a: {value: {get_property: [a, url]}}
        from_b: {value: {get_property: [b, url]}}
`,
            ),
        )
        expect(topology(r).outputs).toEqual({from_b: {value: {get_property: ['b', 'url']}}})
        expect(deciding(r.model, 'output.from_a@0')).toEqual(['default:produced'])
        expect(provenance(r.model, 'output.from_b@1')).toEqual(['default:produced'])
    })

    it('output: produced by the node it reads, not by a property left present without it (mode consuming)', () => {
        const r = run(
            topo(
                'output_default_condition: true, output_default_consistency_condition: true, output_default_semantic_condition: true, property_default_condition: true, property_default_condition_mode: consuming',
                `    node_templates:
        a: {type: a, conditions: false, properties: [{url: x}]}
    outputs:
        from_a: {value: {get_property: [a, url]}}
`,
            ),
        )
        // the property has no conditions and its default condition reads nothing it consumes: it stays
        expect(present(r.model, 'property.url@0.node.a')).toBe(true)
        expect(present(r.model, 'output.from_a@0')).toBe(false)
    })

    it('output: Unfurl eval references name their producer too', () => {
        const r = run(
            topo(
                'output_default_condition: true, output_default_consistency_condition: true, output_default_semantic_condition: true, property_default_condition: true',
                `    node_templates:
        a: {type: a, conditions: false, properties: [{url: x}]}
        b: {type: b, properties: [{url: y}]}
    outputs:
        from_a: {value: "{{ '::a::url' | eval }}"}
        from_b: {value: {eval: '::b::url'}}
`,
            ),
        )
        expect(topology(r).outputs).toEqual({from_b: {value: {eval: '::b::url'}}})
        expect(deciding(r.model, 'output.from_a@0')).toEqual(['default:produced'])
    })

    it('output: a reference to a node without that property is produced by the node itself', () => {
        const template = (a: string) =>
            topo(
                'output_default_condition: true, output_default_consistency_condition: true, output_default_semantic_condition: true',
                `    node_templates:
        a: {type: a, conditions: ${a}}
    outputs:
        address: {value: {get_property: [a, public_address]}}
`,
            )
        const absent = run(template('false'))
        expect(topology(absent)).toEqual({})
        expect(deciding(absent.model, 'output.address@0')).toEqual(['default:produced'])
        const kept = run(template('true'))
        expect(topology(kept).outputs).toEqual({address: {value: {get_property: ['a', 'public_address']}}})
        expect(provenance(kept.model, 'output.address@0')).toEqual(['default:produced'])
    })
})

describe('default conditions apply only to elements without conditions', () => {
    const TEMPLATE = (server: string) =>
        topo(
            'node_default_condition: true, node_default_condition_mode: incoming',
            `    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s${server}}
`,
        )
    it('a manual condition (even "true") replaces the default condition', () => {
        const r = run(TEMPLATE(', conditions: true'))
        expect(nodes(r)).toEqual({server: {type: 's'}})
        expect(provenance(r.model, 'node.server')).toEqual(['manual'])
    })
    it('an empty condition list counts as no conditions', () => {
        const r = run(TEMPLATE(', conditions: []'))
        expect(nodes(r)).toEqual({})
        expect(deciding(r.model, 'node.server')).toEqual(['default:incoming'])
    })
    it('conditions enriched from a variability input named like the element count as conditions', () => {
        const r = run(TEMPLATE('').replace('    variability:\n', '    variability:\n        inputs:\n            node.server: {type: boolean, default: true}\n'))
        expect(nodes(r)).toEqual({server: {type: 's'}})
        expect(provenance(r.model, 'node.server')).toEqual(['input-condition'])
    })
})

describe('consistency and semantic switches', () => {
    const TEMPLATE = (options: string) =>
        run(
            topo(
                options,
                `    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s, requirements: [{uses: gone}]}
        gone: {type: g, conditions: false}
`,
            ),
        )
    const SERVER_USES = 'relation.uses@0.node.server'

    it('default_condition enables both kinds: the node (semantic) and the relation (consistency) go', () => {
        const r = TEMPLATE('default_condition: true')
        expect(nodes(r)).toEqual({})
        expect(deciding(r.model, 'node.server')).toEqual(['default:incoming'])
        expect(deciding(r.model, SERVER_USES)).toEqual(['default:source', 'default:target'])
    })

    it('<kind>_default_semantic_condition: false removes the node default (semantic) only', () => {
        const r = TEMPLATE('default_condition: true, node_default_semantic_condition: false')
        expect(nodes(r)).toEqual({server: {type: 's'}})
        expect(provenance(r.model, 'node.server')).toEqual([])
        expect(deciding(r.model, SERVER_USES)).toEqual(['default:target'])
    })

    it('<kind>_default_consistency_condition: false removes the relation default (consistency) only', () => {
        const r = TEMPLATE('default_condition: true, relation_default_consistency_condition: false')
        expect(provenance(r.model, SERVER_USES)).toEqual([])
        expect(deciding(r.model, 'node.server')).toEqual(['default:incoming'])
        expect(nodes(r)).toEqual({})
    })

    it('the consistency switch of nodes does not touch their semantic default condition', () => {
        const r = TEMPLATE('node_default_condition: true, node_default_consistency_condition: false')
        expect(deciding(r.model, 'node.server')).toEqual(['default:incoming'])
        expect(nodes(r)).toEqual({})
    })

    it("a switch does not enable default conditions by itself: the kind's default condition must be on", () => {
        const off = TEMPLATE('relation_default_consistency_condition: true')
        expect(nodes(off)).toEqual({server: {type: 's', requirements: [{uses: 'gone'}]}})
        expect(provenance(off.model, SERVER_USES)).toEqual([])
        const on = TEMPLATE('relation_default_condition: true, relation_default_consistency_condition: true')
        expect(nodes(on)).toEqual({server: {type: 's'}})
        expect(deciding(on.model, SERVER_USES)).toEqual(['default:target'])
    })
})

describe('per-element overrides', () => {
    const TEMPLATE = (options: string, server: string) =>
        run(
            topo(
                options,
                `    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s${server}, requirements: [{host: vm}]}
        vm: {type: v, conditions: true}
`,
            ),
        )
    const INCOMING = 'node_default_condition: true, node_default_condition_mode: incoming'

    it('default_condition: false on the element switches its default condition off', () => {
        const r = TEMPLATE(INCOMING, ', default_condition: false')
        expect(Object.keys(nodes(r))).toEqual(['server', 'vm'])
        expect(provenance(r.model, 'node.server')).toEqual([])
    })

    it('default_condition: true on the element switches it on although the topology does not', () => {
        const r = TEMPLATE('node_default_condition_mode: incoming', ', default_condition: true')
        expect(Object.keys(nodes(r))).toEqual(['vm'])
        expect(deciding(r.model, 'node.server')).toEqual(['default:incoming'])
    })

    it('default_semantic_condition: false on the element switches off its semantic default condition', () => {
        const r = TEMPLATE(INCOMING, ', default_semantic_condition: false')
        expect(provenance(r.model, 'node.server')).toEqual([])
        expect(Object.keys(nodes(r))).toEqual(['server', 'vm'])
    })

    it('default_condition_mode on the element replaces the topology mode', () => {
        const r = TEMPLATE(INCOMING, ', default_condition_mode: host')
        expect(Object.keys(nodes(r))).toEqual(['server', 'vm'])
        expect(provenance(r.model, 'node.server')).toEqual(['default:host'])
    })

    it('default_condition_mode on a relation', () => {
        const r = run(
            topo(
                'relation_default_condition: true',
                `    node_templates:
        a: {type: a, requirements: [{uses: {node: b, default_condition_mode: source}}, {also: b}]}
        b: {type: b, conditions: false}
`,
            ),
        )
        expect(nodes(r)).toEqual({a: {type: 'a', requirements: [{uses: 'b'}]}})
        expect(provenance(r.model, 'relation.uses@0.node.a')).toEqual(['default:source'])
        expect(deciding(r.model, 'relation.also@1.node.a')).toEqual(['default:target'])
    })
})

describe('persistent nodes', () => {
    const TEMPLATE = (options: string, server: string) =>
        run(
            topo(
                options,
                `    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s, persistent: true${server}}
`,
            ),
        )
    it('persistent: true disables the default condition', () => {
        const r = TEMPLATE('node_default_condition: true, node_default_condition_mode: incoming', '')
        expect(nodes(r)).toEqual({server: {type: 's'}})
        expect(provenance(r.model, 'node.server')).toEqual([])
    })
    it('persistent: true disables pruning', () => {
        const r = TEMPLATE('pruning: true', ', conditions: true')
        expect(nodes(r)).toEqual({server: {type: 's'}})
        expect(provenance(r.model, 'node.server')).toEqual(['manual'])
    })
    it('persistent: true keeps the manual conditions', () => {
        const r = TEMPLATE('pruning: true', ', conditions: false')
        expect(nodes(r)).toEqual({})
        expect(deciding(r.model, 'node.server')).toEqual(['manual'])
    })
    it('persistent: false is the normal behaviour (and is not written to the output)', () => {
        const r = run(
            topo(
                'node_default_condition: true, node_default_condition_mode: incoming',
                `    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s, persistent: false}
        kept: {type: k, persistent: true}
`,
            ),
        )
        expect(nodes(r)).toEqual({kept: {type: 'k'}})
        expect(deciding(r.model, 'node.server')).toEqual(['default:incoming'])
    })
})

describe('type-specific default conditions', () => {
    const TEMPLATE = (specific: string, options = 'node_default_condition: true, node_default_condition_mode: incoming', server = '') =>
        run(`topology_template:
    variability:
        type_specific_conditions:
            node_types:
                s: ${specific}
        options: {checks: false, ${options}}
    node_templates:
        client: {type: c, conditions: false, requirements: [{uses: server}]}
        server: {type: s${server}}
        monitor: {type: m}
`)

    it('replace the element-generic default condition of nodes of that type', () => {
        const r = TEMPLATE('{conditions: {node_presence: monitor}}')
        expect(nodes(r)).toEqual({server: {type: 's'}, monitor: {type: 'm'}})
        const [record] = records(r.model, 'node.server')
        expect(record?.origin).toMatchObject({kind: 'default', wrapper: {token: 'type-specific', typeSpecific: 's'}})
        expect(provenance(r.model, 'node.server')).toEqual(['default:type-specific'])
    })

    it('remove the node when they do not hold', () => {
        const r = TEMPLATE('{conditions: {not: {node_presence: monitor}}}')
        expect(nodes(r)).toEqual({monitor: {type: 'm'}})
        expect(deciding(r.model, 'node.server')).toEqual(['default:type-specific'])
    })

    it('a list of conditions means "and"', () => {
        const r = TEMPLATE('{conditions: [{node_presence: monitor}, false]}')
        expect(nodes(r)).toEqual({monitor: {type: 'm'}})
        expect(deciding(r.model, 'node.server')).toEqual(['default:type-specific'])
    })

    it('are default conditions: a node with manual conditions does not get them', () => {
        const r = TEMPLATE('{conditions: false}', undefined, ', conditions: true')
        expect(nodes(r)).toEqual({server: {type: 's'}, monitor: {type: 'm'}})
        expect(provenance(r.model, 'node.server')).toEqual(['manual'])
    })

    it('are semantic unless they say otherwise: the semantic switch turns them off', () => {
        const r = TEMPLATE('{conditions: false}', 'node_default_condition: true, node_default_semantic_condition: false')
        expect(nodes(r)).toEqual({server: {type: 's'}, monitor: {type: 'm'}})
        expect(provenance(r.model, 'node.server')).toEqual([])
    })

    it('a consistency type-specific condition still applies when only consistency defaults are on', () => {
        const r = TEMPLATE('{conditions: false, consistency: true, semantic: false}', 'node_default_condition: true, node_default_semantic_condition: false')
        expect(nodes(r)).toEqual({monitor: {type: 'm'}})
        expect(records(r.model, 'node.server')[0]?.origin).toMatchObject({kind: 'default', wrapper: {consistency: true, semantic: false, typeSpecific: 's'}})
    })

    it('do not apply to an element with more than one (conditional) type', () => {
        const r = run(`topology_template:
    variability:
        type_specific_conditions:
            node_types:
                s: {conditions: false}
        options: {checks: false, node_default_condition: true}
    node_templates:
        single: {type: s}
        several: {type: [{s: {}}, {t: {conditions: false}}]}
`)
        expect(nodes(r)).toEqual({several: {type: 's'}})
        expect(deciding(r.model, 'node.single')).toEqual(['default:type-specific'])
        expect(provenance(r.model, 'node.several')).toEqual([])
    })

    it('for relationship types: the relation gets the type-specific condition instead of source-target', () => {
        const r = run(`topology_template:
    variability:
        type_specific_conditions:
            relationship_types:
                my.Link: {conditions: {node_presence: flag}, consistency: true}
        options: {checks: false, relation_default_condition: true}
    node_templates:
        a: {type: a, requirements: [{uses: {node: b, relationship: link}}, {also: b}]}
        b: {type: b, conditions: false}
        flag: {type: f}
    relationship_templates:
        link: {type: my.Link}
`)
        expect(provenance(r.model, 'relation.uses@0.node.a')).toEqual(['default:type-specific'])
        expect(provenance(r.model, 'relation.also@1.node.a')).toEqual(['default:source', 'default:target'])
        expect(nodes(r)).toEqual({a: {type: 'a', requirements: [{uses: {node: 'b', relationship: 'link'}}]}, flag: {type: 'f'}})
    })

    it('for group types: the group gets the type-specific condition instead of "has a present member"', () => {
        const r = run(`topology_template:
    variability:
        type_specific_conditions:
            group_types:
                always: {conditions: true}
        options: {checks: false, group_default_condition: true}
    node_templates:
        a: {type: a, conditions: false}
    groups:
        kept: {type: always, members: [a]}
        dropped: {type: tosca.groups.Root, members: [a]}
`)
        expect(topology(r)).toEqual({groups: {kept: {type: 'always', members: []}}})
        expect(provenance(r.model, 'group.kept')).toEqual(['default:type-specific'])
        expect(deciding(r.model, 'group.dropped')).toEqual(['default:member'])
    })

    // the specification makes `conditions` mandatory; the reference refuses the entry when it enriches the template
    const WITHOUT_CONDITIONS = (nodes: string) => `topology_template:
    variability:
        type_specific_conditions:
            node_types:
                s: {consistency: true}
    node_templates:
${nodes}`

    it('an entry without conditions is refused once an element of that type exists, default conditions on or off, before other mistakes', () => {
        const error = runError(WITHOUT_CONDITIONS('        first: {type: t, conditions: {equals: [1, 1]}}\n        server: {type: s}\n'))
        expect(error.code).toBe('invalid-template')
        expect(error.message).toBe('Node "server" holds type-specific condition without any condition')
        // at the entry (line 1 is the version line the helper adds)
        expect(error.location).toMatchObject({line: 6, column: 17})
        expect(nodes(run(WITHOUT_CONDITIONS('        other: {type: t}\n')))).toEqual({other: {type: 't'}})
    })
})
