import {describe, expect, it} from 'vitest'
import {CHECK_LIST, enabledChecks, runChecks} from '../../src/engine/check/index.js'
import {TrellisError} from '../../src/engine/errors.js'
import {readYaml} from '../../src/engine/load/yaml/index.js'
import {buildGraph, type Element, type Raw} from '../../src/engine/model/index.js'
import {Options} from '../../src/engine/options/index.js'

type Version = 'tosca_variability_1_0' | 'tosca_variability_1_0_rc_3'

/** Runs the checks with every element present except the given ids; returns the message thrown, if any. */
function check(yaml: string, absent: string[], options: Raw = {}, version: Version = 'tosca_variability_1_0'): TrellisError | undefined {
    const {data, sourceMap} = readYaml(`tosca_definitions_version: ${version}\n${yaml}`, 'template.yaml')
    const graph = buildGraph(data as Raw, sourceMap)
    const ids = new Set(graph.elements.map(e => e.id))
    for (const id of absent) if (!ids.has(id)) throw new Error(`test refers to unknown element ${id}; known: ${[...ids].join(', ')}`)
    const gone = new Set(absent)
    try {
        runChecks(graph, (e: Element) => !gone.has(e.id), new Options(options, version, sourceMap))
        return undefined
    } catch (e) {
        if (!(e instanceof TrellisError)) throw e
        expect(e.code).toBe('check-failed')
        return e
    }
}

const RELATION = `
topology_template:
    node_templates:
        one:
            type: one
            requirements:
                - two: two
        two:
            type: two
`

const ARTIFACTS = `
topology_template:
    node_templates:
        node_one:
            type: node_one
            artifacts:
                - artifact_one: a.sh
                - artifact_one:
                      type: artifact_b
                      file: b.sh
`

const PROPERTIES = `
topology_template:
    node_templates:
        node_one:
            type: node_one
            properties:
                - key_one: value_one
                - key_one: value_two
                - key_two: value_two
`

const TYPES = `
topology_template:
    node_templates:
        node_one:
            type:
                - a: {}
                - a: {}
                - b: {}
`

const HOSTING = `
topology_template:
    node_templates:
        one:
            type: one
            requirements:
                - host: two
                - host: three
        two:
            type: two
        three:
            type: three
`

const TECHNOLOGIES = `
topology_template:
    node_templates:
        container:
            type: container
            technology:
                - ansible: {}
                - terraform: {}
`

const INPUTS = `
topology_template:
    inputs:
        - one: {type: string}
        - one: {type: string}
    node_templates:
        node_one:
            type: node_one
            properties:
                key: {get_input: 0}
`

const OUTPUTS = `
topology_template:
    node_templates:
        node_one:
            type: node_one
            properties:
                - key: a
                - key: b
    outputs:
        - one: {value: {get_property: [node_one, key]}}
        - one: {value: 1}
`

interface Case {
    readonly option: string
    readonly yaml: string
    readonly absent: string[]
    readonly message: string
    readonly options?: Raw
}

const CASES: Case[] = [
    {option: 'relation_source_check', yaml: RELATION, absent: ['node.one'], message: 'Relation source "one" of relation "two@0" of node "one" does not exist'},
    {option: 'relation_target_check', yaml: RELATION, absent: ['node.two'], message: 'Relation target "two" of relation "two@0" of node "one" does not exist'},
    {
        option: 'missing_artifact_container_check',
        yaml: ARTIFACTS,
        absent: ['node.node_one', 'artifact.artifact_one@1.node.node_one'],
        message: 'Container of artifact "artifact_one@0" of node "node_one" does not exist',
    },
    {option: 'ambiguous_artifact_check', yaml: ARTIFACTS, absent: [], message: 'Artifact "artifact_one@1" of node "node_one" is ambiguous'},
    {
        option: 'missing_property_container_check',
        yaml: PROPERTIES,
        absent: ['node.node_one'],
        message: 'Container of property "key_one@0" of node "node_one" does not exist',
    },
    {option: 'ambiguous_property_check', yaml: PROPERTIES, absent: [], message: 'Property "key_one@1" of node "node_one" is ambiguous'},
    {option: 'missing_type_container_check', yaml: RELATION, absent: ['node.one', 'relation.two@0.node.one'], message: 'Container of type "one@0" of node "one" does not exist'},
    {option: 'ambiguous_type_check', yaml: TYPES, absent: [], message: 'Type "a@1" of node "node_one" is ambiguous'},
    {
        option: 'ambiguous_type_check',
        yaml: TYPES,
        absent: ['type.a@0.node.node_one', 'type.a@1.node.node_one', 'type.b@2.node.node_one'],
        message: 'Node "node_one" has no type',
    },
    {option: 'ambiguous_hosting_check', yaml: HOSTING, absent: [], message: 'Node "one" has more than one hosting relations'},
    {
        option: 'expected_hosting_check',
        yaml: HOSTING,
        absent: ['relation.host@0.node.one', 'relation.host@1.node.one'],
        message: 'Node "one" expected to have a hosting relation',
    },
    {option: 'expected_incoming_relation_check', yaml: RELATION, absent: ['relation.two@0.node.one'], message: 'Node "two" expected to have an incoming relation'},
    {
        option: 'expected_artifact_check',
        yaml: ARTIFACTS,
        absent: [
            'artifact.artifact_one@0.node.node_one',
            'type.tosca.artifacts.File@0.artifact.artifact_one@0.node.node_one',
            'artifact.artifact_one@1.node.node_one',
            'type.artifact_b@0.artifact.artifact_one@1.node.node_one',
        ],
        message: 'Node "node_one" expected to have an deployment artifact',
    },
    {
        option: 'expected_technology_check',
        yaml: TECHNOLOGIES,
        absent: ['technology.ansible@0.node.container', 'technology.terraform@1.node.container'],
        message: 'Node "container" expected to have a technology',
    },
    {
        option: 'missing_technology_container_check',
        yaml: TECHNOLOGIES,
        absent: ['node.container', 'type.container@0.node.container', 'technology.terraform@1.node.container'],
        message: 'Container of technology "ansible@0" of node "container" does not exist',
    },
    {option: 'ambiguous_technology_check', yaml: TECHNOLOGIES, absent: [], message: 'Node "container" has more than one technology'},
    {option: 'ambiguous_input_check', yaml: INPUTS, absent: [], message: 'Input "one@1" is ambiguous'},
    {
        option: 'unconsumed_input_check',
        yaml: INPUTS,
        absent: ['input.one@1', 'property.key@0.node.node_one'],
        message: 'Input "one@0" is not consumed',
        options: {unconsumed_input_check: true},
    },
    {option: 'ambiguous_output_check', yaml: OUTPUTS, absent: ['property.key@1.node.node_one'], message: 'Output "one@1" is ambiguous'},
    {
        option: 'unproduced_output_check',
        yaml: OUTPUTS,
        absent: ['node.node_one', 'type.node_one@0.node.node_one', 'property.key@0.node.node_one', 'property.key@1.node.node_one', 'output.one@1'],
        message: 'Output "one@0" is not produced',
        options: {unproduced_output_check: true, ambiguous_property_check: false},
    },
    {
        option: 'ambiguous_relation_check',
        yaml: RELATION.replace('- two: two', '- two: two\n                - two: two'),
        absent: [],
        message: 'Relation "two@1" of node "one" is ambiguous',
    },
]

describe('runChecks', () => {
    for (const c of CASES)
        describe(c.message, () => {
            it('fails with the suite message under the default v1 options', () => {
                expect(check(c.yaml, c.absent, c.options)?.message).toBe(c.message)
            })

            it(`is switched off by ${c.option}`, () => {
                expect(check(c.yaml, c.absent, {...c.options, [c.option]: false})?.message).not.toBe(c.message)
            })

            it('runs alone when only its option is on', () => {
                expect(check(c.yaml, c.absent, {...c.options, checks: false, [c.option]: true})?.message).toBe(c.message)
            })
        })

    it('passes a consistent resolution', () => {
        expect(check(RELATION, [])).toBeUndefined()
        expect(check(TYPES, ['type.a@1.node.node_one'])).toBeUndefined()
    })

    it('accepts two present types of different names', () => {
        expect(check(TYPES, ['type.a@0.node.node_one'])).toBeUndefined()
    })

    it('points at the offending element', () => {
        const error = check(ARTIFACTS, [])
        expect(error?.location).toMatchObject({file: 'template.yaml', line: 9})
    })

    it('reports the first failing check in the reference order', () => {
        // an absent source leaves its type and relation behind: the relation source check runs first
        expect(check(RELATION, ['node.one'])?.message).toMatch(/^Relation source/)
        expect(check(RELATION, ['node.one'], {relation_source_check: false})?.message).toBe('Container of type "one@0" of node "one" does not exist')
    })

    it('reports the earlier check, not the earlier node, when checks of nodes fail at different nodes', () => {
        // "first" loses its only incoming relation (the 11th check); "last", further down, keeps two hosts (the 9th)
        const yaml = `
topology_template:
    node_templates:
        first:
            type: first
        source:
            type: source
            requirements:
                - connects_to: first
        last:
            type: last
            requirements:
                - host: a
                - host: b
        a:
            type: a
        b:
            type: b
`
        const absent = ['relation.connects_to@0.node.source']
        expect(check(yaml, absent)?.message).toBe('Node "last" has more than one hosting relations')
        expect(check(yaml, absent, {ambiguous_hosting_check: false})?.message).toBe('Node "first" expected to have an incoming relation')
    })

    it('reads the option of a later check only when no earlier check fails', () => {
        // a malformed option of the last check does not hide the first check's failure
        expect(check(RELATION, ['node.one'], {ambiguous_relation_check: 'yes'})?.message).toMatch(/^Relation source/)
        // with nothing failing before it, the option itself is the error
        const {data, sourceMap} = readYaml(`tosca_definitions_version: tosca_variability_1_0\n${RELATION}`, 'template.yaml')
        const options = new Options({ambiguous_relation_check: 'yes'}, 'tosca_variability_1_0', sourceMap)
        expect(() => runChecks(buildGraph(data as Raw, sourceMap), () => true, options)).toThrow('Option ambiguous_relation_check must be a boolean')
    })

    it('gates the unconsumed input check with its own option, not the unproduced output option', () => {
        const absent = ['input.one@1', 'property.key@0.node.node_one']
        expect(check(INPUTS, absent, {unproduced_output_check: true})).toBeUndefined()
        expect(check(INPUTS, absent, {unconsumed_input_check: true})?.message).toBe('Input "one@0" is not consumed')
    })

    it('passes an output whose producers are all present and one without producers', () => {
        expect(check(OUTPUTS, ['output.one@1'], {unproduced_output_check: true, ambiguous_property_check: false})).toBeUndefined()
    })

    it('ignores variability groups and their types', () => {
        const yaml = `
topology_template:
    node_templates:
        one:
            type: one
    groups:
        vg:
            type: variability.groups.ConditionalMembers
            members: [one]
`
        expect(check(yaml, ['group.vg'])).toBeUndefined()
        expect(check(yaml, ['type.variability.groups.ConditionalMembers@0.group.vg'])).toBeUndefined()
    })

    it('checks types of groups, policies and artifacts', () => {
        const yaml = `
topology_template:
    node_templates:
        one:
            type: one
    groups:
        g:
            type: g
            members: [one]
    policies:
        - p:
              type: p
              targets: [one]
`
        expect(check(yaml, ['type.g@0.group.g'])?.message).toBe('Group "g" has no type')
        expect(check(yaml, ['type.p@0.policy.p@0'])?.message).toBe('Policy "p@0" has no type')
        expect(
            check(ARTIFACTS, [
                'artifact.artifact_one@1.node.node_one',
                'type.artifact_b@0.artifact.artifact_one@1.node.node_one',
                'type.tosca.artifacts.File@0.artifact.artifact_one@0.node.node_one',
            ])?.message,
        ).toBe('Artifact "artifact_one@0" of node "node_one" has no type')
    })

    it('runs nothing when rc_3 leaves the checks off', () => {
        expect(check(RELATION, ['node.one'], {}, 'tosca_variability_1_0_rc_3')).toBeUndefined()
    })
})

describe('check list', () => {
    it('lists every check once, in running order, with its kind', () => {
        expect(CHECK_LIST).toHaveLength(20)
        expect(new Set(CHECK_LIST.map(c => c.option)).size).toBe(20)
        expect(CHECK_LIST[0]).toEqual({name: 'relation source', option: 'relation_source_check', kind: 'consistency'})
        expect(CHECK_LIST.at(-1)?.option).toBe('ambiguous_relation_check')
        expect(CHECK_LIST.find(c => c.option === 'expected_hosting_check')?.kind).toBe('semantic')
    })

    it('says which checks the options enable', () => {
        const {sourceMap} = readYaml('{}', 'x.yaml')
        const v1 = enabledChecks(new Options({}, 'tosca_variability_1_0', sourceMap)).map(c => c.option)
        expect(v1).toHaveLength(18)
        // both are off before rc_3, as in the reference
        expect(v1).not.toContain('unconsumed_input_check')
        expect(v1).not.toContain('unproduced_output_check')
        expect(enabledChecks(new Options({semantic_checks: false}, 'tosca_variability_1_0', sourceMap)).every(c => c.kind === 'consistency')).toBe(true)
    })
})

describe('which failure a check reports first: the reference reads each node with its relations and artifacts', () => {
    // n1's node type and n0's artifact type are both left without their container; the artifact's
    // type comes first (n0 before n1), although Trellis builds every node's own type before any artifact's
    const TEMPLATE = `topology_template:
    node_templates:
        n0: {type: a, artifacts: [{code: {type: zip, file: c.zip}}]}
        n1: {type: b}
`
    it('missing type container: the artifact type of the first node before the node type of a later one', () => {
        const absent = ['node.n1', 'artifact.code@0.node.n0']
        expect(check(TEMPLATE, absent, {missing_artifact_container_check: false})?.message).toBe('Container of type "zip@0" of artifact "code@0" of node "n0" does not exist')
    })

    it("missing property container: a relation's property of the first node before a later node's own", () => {
        const text = `topology_template:
    relationship_templates:
        link: {type: tosca.relationships.ConnectsTo, properties: [{weight: 1}]}
    node_templates:
        n0: {type: a, requirements: [{uses: {node: n1, relationship: link}}]}
        n1: {type: b, properties: [{size: 1}]}
`
        const failure = check(text, ['relation.uses@0.node.n0', 'node.n1'], {relation_target_check: false})
        expect(failure?.message).toBe('Container of property "weight@0" of relation "uses@0" of node "n0" does not exist')
    })
})
