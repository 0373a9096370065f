import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {TrellisError} from '../../src/engine/errors.js'
import {readYaml} from '../../src/engine/load/yaml/index.js'
import {buildGraph, type Element, type PropertyElement, type Raw} from '../../src/engine/model/index.js'
import {checkTransform, stringifyTemplate, transform} from '../../src/engine/transform/index.js'

/** Transforms with every element present except the given ids; expression properties evaluate to `evaluated`. */
function resolve(yaml: string, absent: string[] = []): Raw {
    const {data, sourceMap} = readYaml(`tosca_definitions_version: tosca_variability_1_0\n${yaml}`, 'template.yaml')
    const graph = buildGraph(data as Raw, sourceMap)
    const ids = new Set(graph.elements.map(e => e.id))
    for (const id of absent) if (!ids.has(id)) throw new Error(`test refers to unknown element ${id}; known: ${[...ids].join(', ')}`)
    const gone = new Set(absent)
    const value = (p: PropertyElement) => (p.expression === undefined ? p.value : 'evaluated')
    return transform(data as Raw, graph, (e: Element) => !gone.has(e.id), value)
}

/** The expected output, written as YAML like the suite's expected.yaml. */
function expected(yaml: string): unknown {
    return parse(`tosca_definitions_version: tosca_simple_yaml_1_3\n${yaml}`)
}

function failure(run: () => unknown): TrellisError {
    try {
        run()
    } catch (e) {
        if (e instanceof TrellisError) return e
        throw e
    }
    throw new Error('expected a TrellisError')
}

describe('transform', () => {
    it('writes the TOSCA version, drops variability, keeps other keys verbatim', () => {
        const out = resolve(`
description: a template
metadata: {author: me}
node_types:
    one: {derived_from: tosca.nodes.Root, properties: {x: {type: string}}}
topology_template:
    description: inner
    variability:
        options: {mode: strict}
    node_templates:
        one: {type: one}
`)
        expect(out).toEqual(
            expected(`
description: a template
metadata: {author: me}
node_types:
    one: {derived_from: tosca.nodes.Root, properties: {x: {type: string}}}
topology_template:
    description: inner
    node_templates:
        one: {type: one}
`),
        )
    })

    it('drops an empty topology template, and empty collections', () => {
        expect(resolve('topology_template:\n    variability: {}\n    node_templates:\n        one: {type: one}\n', ['node.one'])).toEqual(expected(''))
        expect(resolve('topology_template:\n    node_templates: {}\n    inputs: []\n')).toEqual(expected(''))
    })

    describe('nodes', () => {
        const NODES = `
topology_template:
    node_templates:
        - one:
              type:
                  - first: {conditions: false}
                  - second: {}
                  - third: {}
              conditions: true
              weight: 3
              persistent: true
              managed: false
              implies: [[node_presence, two]]
              default_condition: true
              default_condition_mode: incoming
              pruning: false
              semantic_pruning: true
              interfaces: {Standard: {create: create.sh}}
        - two:
              type: two
              technology:
                  - ansible: {conditions: false}
                  - terraform: {assign: two~two::terraform@vm}
`
        it('maps present nodes in order with the first present type or the technology assignment', () => {
            expect(resolve(NODES, ['type.first@0.node.one', 'technology.ansible@0.node.two'])).toEqual(
                expected(`
topology_template:
    node_templates:
        one:
            type: second
            interfaces: {Standard: {create: create.sh}}
        two:
            type: two~two::terraform@vm
`),
            )
        })

        it('uses the default technology assignment', () => {
            const out = resolve(NODES, ['type.first@0.node.one', 'technology.terraform@1.node.two'])
            expect((out.topology_template as Raw).node_templates).toMatchObject({two: {type: 'two~two::ansible'}})
        })

        it('fails for a present node without a present type or technology', () => {
            const types = ['type.first@0.node.one', 'type.second@1.node.one', 'type.third@2.node.one']
            const error = failure(() => resolve(NODES, types))
            expect(error.message).toBe('Node "one" has no present type')
            expect(error.code).toBe('check-failed')
            expect(error.location?.line).toBe(5)
            expect(failure(() => resolve(NODES, ['type.first@0.node.one', 'technology.ansible@0.node.two', 'technology.terraform@1.node.two'])).message).toBe(
                'Node "two" has no present technology',
            )
        })
    })

    it('writes present properties as a map; a later one wins; expressions are evaluated', () => {
        const out = resolve(`
topology_template:
    node_templates:
        one:
            type: one
            properties:
                - a: 1
                - a: {value: 2, conditions: true}
                - b: {expression: {concat: [x, y]}}
                - c: {value: {nested: [1, 2]}, conditions: false}
                - d: [1, 2]
        two:
            type: two
            properties:
                - a: {value: 1, conditions: false}
        three:
            type: three
            properties: {m: {k: v}}
`)
        expect(out).toEqual(
            expected(`
topology_template:
    node_templates:
        one:
            type: one
            properties: {a: 2, b: evaluated, c: {nested: [1, 2]}, d: [1, 2]}
        two:
            type: two
            properties: {a: 1}
        three:
            type: three
            properties: {m: {k: v}}
`),
        )
        const absent = resolve(
            `
topology_template:
    node_templates:
        one:
            type: one
            properties:
                - a: {value: 1, conditions: false}
`,
            ['property.a@0.node.one'],
        )
        expect(absent).toEqual(expected('topology_template:\n    node_templates:\n        one: {type: one}\n'))
    })

    it('turns inputs into a map and refers to present inputs by name', () => {
        const out = resolve(
            `
topology_template:
    inputs:
        - one: {type: string, conditions: true, default_alternative: true}
        - two: {type: integer}
        - three: {type: string}
    node_templates:
        n:
            type: n
            properties:
                a: {get_input: 0}
                b: {get_input: one}
                c: {get_input: 1}
`,
            ['input.two@1'],
        )
        expect(out).toEqual(
            expected(`
topology_template:
    inputs:
        one: {type: string}
        three: {type: string}
    node_templates:
        n:
            type: n
            properties:
                a: {get_input: one}
                b: {get_input: one}
                c: {get_input: 1}
`),
        )
    })

    it('writes present requirements, short when only a node is left', () => {
        const out = resolve(
            `
topology_template:
    node_templates:
        one:
            type: one
            requirements:
                - host: two
                - conn: {node: two, conditions: true, implied: true, default_alternative: true}
                - link: {node: two, relationship: rel}
                - gone: two
                - cap: {node: two, capability: tosca.capabilities.Endpoint, weight: 1}
        two:
            type: two
            requirements:
                - host: one
    relationship_templates:
        rel:
            type:
                - r_a: {conditions: false}
                - r_b: {}
            properties:
                - p: 1
                - q: {value: 2, conditions: false}
            conditions: true
`,
            ['relation.gone@3.node.one', 'relation.host@0.node.two', 'type.r_a@0.relation.link@2.node.one', 'property.q@1.relation.link@2.node.one'],
        )
        expect(out).toEqual(
            expected(`
topology_template:
    node_templates:
        one:
            type: one
            requirements:
                - host: two
                - conn: two
                - link: {node: two, relationship: rel}
                - cap: {node: two, capability: tosca.capabilities.Endpoint}
        two:
            type: two
    relationship_templates:
        rel:
            type: r_b
            properties: {p: 1}
`),
        )
    })

    it('drops the relationship templates of absent relations', () => {
        const yaml = `
topology_template:
    node_templates:
        one:
            type: one
            requirements:
                - link: {node: two, relationship: rel}
        two: {type: two}
    relationship_templates:
        rel: {type: r}
`
        expect(resolve(yaml, ['relation.link@0.node.one'])).toEqual(expected('topology_template:\n    node_templates:\n        one: {type: one}\n        two: {type: two}\n'))
        expect(failure(() => resolve(yaml, ['type.r@0.relation.link@0.node.one'])).message).toBe('Relation "link@0" of node "one" has no present type')
    })

    it('writes present artifacts as a map with their resolved type', () => {
        const out = resolve(
            `
topology_template:
    node_templates:
        one:
            type: one
            artifacts:
                - plain: script.sh
                - typed:
                      type: [{a: {conditions: false}}, {b: {}}]
                      file: b.zip
                      properties: [{x: 1}, {y: {value: 2, conditions: false}}]
                      conditions: true
                - typed: {type: c, file: c.zip}
                - untyped: {file: u.sh, deploy_path: /opt}
        two:
            type: two
            artifacts: {gone: {type: g, file: g.sh, conditions: false}}
`,
            ['type.a@0.artifact.typed@1.node.one', 'property.y@1.artifact.typed@1.node.one', 'artifact.typed@2.node.one', 'artifact.gone@0.node.two'],
        )
        expect(out).toEqual(
            expected(`
topology_template:
    node_templates:
        one:
            type: one
            artifacts:
                plain: {type: tosca.artifacts.File, file: script.sh}
                typed: {type: b, file: b.zip, properties: {x: 1}}
                untyped: {type: tosca.artifacts.File, file: u.sh, deploy_path: /opt}
        two:
            type: two
`),
        )
        expect(
            failure(() =>
                resolve('topology_template:\n    node_templates:\n        one: {type: one, artifacts: {a: a.sh}}\n', ['type.tosca.artifacts.File@0.artifact.a@0.node.one']),
            ).message,
        ).toBe('Artifact "a@0" of node "one" has no present type')
    })

    it('writes non-variability groups with present members, keeping an empty list', () => {
        const out = resolve(
            `
topology_template:
    node_templates:
        one:
            type: one
            requirements:
                - host: two
        two: {type: two}
    groups:
        - vg: {type: variability.groups.ConditionalMembers, members: [one], conditions: true}
        - g: {type: [{ga: {}}, {gb: {}}], members: [one, two, [one, host]], properties: [{p: 1}], conditions: true}
        - empty: {type: e, members: [two]}
        - gone: {type: x, members: [one]}
`,
            ['node.two', 'group.gone', 'type.ga@0.group.g'],
        )
        expect(out).toEqual(
            expected(`
topology_template:
    node_templates:
        one:
            type: one
            requirements:
                - host: two
    groups:
        g: {type: gb, members: [one, [one, host]], properties: {p: 1}}
        empty: {type: e, members: []}
`),
        )
    })

    it('keeps policies a list with present targets, possibly empty', () => {
        const out = resolve(
            `
topology_template:
    node_templates:
        one: {type: one}
        two: {type: two}
    groups:
        g: {type: g, members: [two]}
    policies:
        - p1: {type: p, targets: [one, two, g], properties: {k: v}, conditions: true}
        - p2: {type: p, targets: [two]}
        - p3: {type: p, targets: [one]}
`,
            ['node.two', 'group.g', 'policy.p3@2'],
        )
        expect(out).toEqual(
            expected(`
topology_template:
    node_templates:
        one: {type: one}
    policies:
        - p1: {type: p, targets: [one], properties: {k: v}}
        - p2: {type: p, targets: []}
`),
        )
    })

    it('maps present outputs', () => {
        const out = resolve(
            `
topology_template:
    node_templates:
        one: {type: one, properties: {x: 1}}
    outputs:
        - a: {value: {get_property: [one, x]}, conditions: true}
        - b: {value: 2}
`,
            ['output.b@1'],
        )
        expect((out.topology_template as Raw).outputs).toEqual({a: {value: {get_property: ['one', 'x']}}})
    })

    it('keeps present imports and writes a lone file as a string', () => {
        const yaml = `
imports:
    - a.yaml
    - file: b.yaml
      conditions: true
    - {file: c.yaml, repository: repo}
    - {file: d.yaml, conditions: false}
`
        expect(resolve(yaml, ['import.3@3'])).toEqual(expected('imports: [a.yaml, b.yaml, {file: c.yaml, repository: repo}]\n'))
        expect(resolve(yaml, ['import.0@0', 'import.1@1', 'import.2@2', 'import.3@3'])).toEqual(expected(''))
    })

    it('never mutates the template and shares no objects with it', () => {
        const {data, sourceMap} = readYaml(
            `
tosca_definitions_version: tosca_variability_1_0
node_types: {one: {derived_from: tosca.nodes.Root}}
topology_template:
    inputs: {i: {type: string, conditions: true}}
    node_templates:
        one:
            type: one
            conditions: true
            properties: [{p: {value: {deep: [1]}, conditions: true}}]
            artifacts: {a: {file: a.sh, conditions: true}}
            requirements: [{host: {node: two, conditions: true}}]
        two: {type: two}
    groups: {g: {type: g, members: [one], conditions: true}}
    policies: [{p: {type: p, targets: [one], conditions: true}}]
`,
            'template.yaml',
        )
        const before = JSON.stringify(data)
        const freeze = (v: unknown): void => {
            if (v !== null && typeof v === 'object') {
                Object.freeze(v)
                Object.values(v).forEach(freeze)
            }
        }
        freeze(data)
        const graph = buildGraph(data as Raw, sourceMap)
        const out = transform(
            data as Raw,
            graph,
            () => true,
            p => p.value,
        )
        expect(JSON.stringify(data)).toBe(before)
        const nodes = (out.topology_template as Raw).node_templates as Record<string, Raw>
        ;((nodes.one!.properties as Raw).p as {deep: number[]}).deep.push(2)
        ;(out.node_types as Record<string, Raw>).one!.extra = true
        expect(JSON.stringify(data)).toBe(before)
    })
})

/** Every kind of element writing can fail on: types, technologies, artifacts, relationship templates, groups, policies, computed properties. */
const FAILING_SITES = `
topology_template:
    node_templates:
        one:
            type: [{a: {}}, {b: {}}]
            properties: [{x: 1}, {y: {expression: {concat: [a, b]}}}]
            requirements:
                - link: {node: two, relationship: rel}
            artifacts:
                - script: {type: [{s: {}}], file: s.sh, properties: [{z: {expression: {concat: [c]}}}]}
        two:
            type: two
            technology: [{ansible: {assign: two~two::ansible}}, {terraform: {assign: two~two::terraform}}]
    relationship_templates:
        rel: {type: [{r: {}}], properties: [{w: {expression: {concat: [d]}}}]}
    groups:
        team: {type: [{g: {}}], members: [one], properties: [{v: {expression: {concat: [e]}}}]}
    policies:
        - keep: {type: [{p: {}}], targets: [two], properties: [{u: {expression: {concat: [f]}}}]}
`

describe('checkTransform', () => {
    it('throws exactly when writing would, and the same error first', () => {
        const {data, sourceMap} = readYaml(`tosca_definitions_version: tosca_variability_1_0\n${FAILING_SITES}`, 'template.yaml')
        const graph = buildGraph(data as Raw, sourceMap)
        const ids = graph.elements.map(e => e.id)
        const computed = graph.properties.filter(p => p.expression !== undefined).map(p => p.id)
        expect(computed).toHaveLength(5)
        const outcome = (run: () => unknown) => {
            try {
                run()
                return 'written'
            } catch (e) {
                if (e instanceof TrellisError) return `${e.code}: ${e.message}`
                throw e
            }
        }
        const seen = new Set<string>()
        fc.assert(
            fc.property(fc.subarray(ids), fc.subarray(computed), (absent, valueless) => {
                const gone = new Set(absent)
                const present = (e: Element) => !gone.has(e.id)
                const value = (p: PropertyElement) => {
                    if (!valueless.includes(p.id)) return p.value ?? 'evaluated'
                    throw new TrellisError('invalid-template', `${p.display} has no value`, p.location)
                }
                const written = outcome(() => transform(data as Raw, graph, present, value))
                expect(outcome(() => checkTransform(data as Raw, graph, present, value))).toBe(written)
                seen.add(written.split(':')[0]!)
            }),
            {numRuns: 300},
        )
        // the runs reached both kinds of failure and success
        expect([...seen].sort()).toEqual(['check-failed', 'invalid-template', 'written'])
    })
})

describe('stringifyTemplate', () => {
    it('writes shared objects in full and does not fold long lines', () => {
        const shared = {a: 1}
        const long = 'x '.repeat(100).trim()
        const text = stringifyTemplate({one: shared, two: shared, long})
        expect(text).not.toMatch(/[&*]/)
        expect(text).toContain(`long: ${long}\n`)
        expect(parse(text)).toEqual({one: {a: 1}, two: {a: 1}, long})
    })
})
