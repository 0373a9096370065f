// Spec "Constraints" (experimental) and "Constraints Options": topology
// constraints, `implies`, `implied` relations, constraints among variability
// inputs, and each constraint option — "Could not solve" when violated, a
// resolved template otherwise.
import {describe, expect, it} from 'vitest'
import {nodes, present, run, runError, topology, type Run} from '../helpers/v4t.js'

const unsolvable = (body: string, options?: Run) => {
    const error = runError(body, options)
    expect(error.code).toBe('unsatisfiable')
    expect(error.message).toBe('Could not solve')
    return error
}

describe('variability.constraints', () => {
    // x and y exclude each other: without more information both variants are possible
    const EITHER = (constraints: string) => `topology_template:
    variability:
        options: {checks: false}
        constraints: ${constraints}
    node_templates:
        x: {type: x, conditions: {not: {node_presence: y}}}
        y: {type: y, conditions: {not: {node_presence: x}}}
`
    it('a constraint that is no condition (null, a number) is one error located at the constraint', () => {
        for (const written of ['null', '3']) {
            const error = runError(`topology_template:
    variability:
        constraints:
            - {node_presence: x}
            - ${written}
    node_templates:
        x: {type: x}
`)
            expect(error.code).toBe('operand-type')
            expect(error.message).toBe(`a condition must evaluate to true or false, got ${written}`)
            expect(error.location).toMatchObject({line: 6})
        }
    })

    it('without a constraint the choice is ambiguous', () => {
        expect(runError(EITHER('[]')).message).toBe('The result is ambiguous considering nodes (without optimization)')
    })

    it('a constraint selects the variant', () => {
        expect(nodes(run(EITHER('[{node_presence: y}]')))).toEqual({y: {type: 'y'}})
        expect(nodes(run(EITHER('[{not: {node_presence: y}}]')))).toEqual({x: {type: 'x'}})
    })

    it('every constraint of the list must hold', () => {
        unsolvable(EITHER('[{node_presence: y}, {node_presence: x}]'))
    })

    it('a constraint that no variant satisfies cannot be solved', () => {
        unsolvable(`topology_template:
    variability:
        options: {checks: false}
        constraints:
            - {not: {and: [{node_presence: a}, {node_presence: b}]}}
    node_templates:
        a: {type: a}
        b: {type: b}
`)
    })

    it('constraints may read variability inputs', () => {
        const body = `topology_template:
    variability:
        inputs:
            need_b: {type: boolean}
        options: {checks: false}
        constraints:
            - {implies: [{variability_input: need_b}, {node_presence: b}]}
    node_templates:
        b: {type: b, conditions: false}
`
        expect(run(body, {inputs: {need_b: false}}).output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
        unsolvable(body, {inputs: {need_b: true}})
    })
})

describe('implies', () => {
    const TEMPLATE = (implies: string, b = 'false') => `topology_template:
    variability:
        inputs:
            strict: {type: boolean, default: false}
        options: {checks: false}
    node_templates:
        a: {type: a, implies: ${implies}}
        b: {type: b, conditions: ${b}}
`
    it('without a condition: the element requires the target', () => {
        unsolvable(TEMPLATE('[[{node_presence: b}]]'))
        expect(Object.keys(nodes(run(TEMPLATE('[[{node_presence: b}]]', 'true'))))).toEqual(['a', 'b'])
    })

    it('with a condition: the element requires the target only when the condition holds', () => {
        const body = TEMPLATE('[[{node_presence: b}, {variability_input: strict}]]')
        expect(nodes(run(body))).toEqual({a: {type: 'a'}})
        unsolvable(body, {inputs: {strict: true}})
    })

    it('an absent element requires nothing', () => {
        const body = TEMPLATE('[[{node_presence: b}]]').replace('a: {type: a,', 'a: {type: a, conditions: false,')
        expect(run(body).output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
    })

    it('implies is evaluated in the element context (SELF) and decides an open choice', () => {
        const r = run(`topology_template:
    variability:
        options: {checks: false}
    node_templates:
        a:
            type: a
            implies: [[{relation_presence: [SELF, right]}]]
            requirements:
                - left: {node: l, conditions: {not: {relation_presence: [a, right]}}}
                - right: {node: r, conditions: {not: {relation_presence: [a, left]}}}
        l: {type: l}
        r: {type: r}
`)
        expect(nodes(r).a).toEqual({type: 'a', requirements: [{right: 'r'}]})
        expect(r.model.constraints.some(c => c.origin.kind === 'implies')).toBe(true)
    })

    it('the list shape is checked', () => {
        const error = runError(TEMPLATE('[[{node_presence: b}, true, extra]]'))
        expect(error.code).toBe('invalid-template')
    })
})

describe('implied relations', () => {
    // target is kept only by its incoming relation (incomingnaive pruning), and that relation
    // only by its target (source-target pruning): a circle that the manual condition cannot break
    const CIRCLE = (relation: string, options = '') => `topology_template:
    variability:
        inputs:
            wanted: {type: boolean, default: true}
        options: {checks: false, pruning: true, node_default_condition_mode: incomingnaive${options}}
    node_templates:
        source: {type: s, persistent: true, requirements: [{${relation}}]}
        target: {type: t}
`
    const USE = 'uses: {node: target, conditions: {variability_input: wanted}'

    it('without implied the circle is ambiguous', () => {
        expect(runError(CIRCLE(`${USE}}`)).message).toBe('The result is ambiguous considering nodes (without optimization)')
    })

    it('implied: true makes the manual conditions imply the relation when its source is present', () => {
        const r = run(CIRCLE(`${USE}, implied: true}`))
        expect(nodes(r)).toEqual({source: {type: 's', requirements: [{uses: 'target'}]}, target: {type: 't'}})
        expect(r.model.constraints.filter(c => c.origin.kind === 'implied').length).toBe(1)
    })

    it('manual conditions that do not hold imply nothing: the relation and its target go', () => {
        const r = run(CIRCLE(`${USE}, implied: true}`), {inputs: {wanted: false}})
        expect(nodes(r)).toEqual({source: {type: 's'}})
    })

    // the source goes with its condition; the target stays: only `implied: TARGET` makes the relation (and so its source) needed
    const GONE_SOURCE = (implied: string) => `topology_template:
    variability:
        options: {checks: false, pruning: true}
    node_templates:
        source: {type: s, conditions: false, requirements: [{uses: {node: target, implied: ${implied}}}]}
        target: {type: t, persistent: true}
`

    it('implied: TARGET implies the relation when its target is present, as the specification says (the reference uses the source)', () => {
        expect(nodes(run(GONE_SOURCE('SOURCE')))).toEqual({target: {type: 't'}})
        expect(nodes(run(GONE_SOURCE('true')))).toEqual({target: {type: 't'}})
        const error = runError(GONE_SOURCE('TARGET'))
        expect(error.code).toBe('unsatisfiable')
        expect(run(GONE_SOURCE('TARGET').replace('conditions: false, ', '')).model.constraints.find(c => c.origin.kind === 'implied')!.description).toContain(
            'is implied when its target and its own conditions hold',
        )
    })

    it('implied: TARGET on anything but a relation is a mistake', () => {
        const error = runError(`topology_template:
    node_templates:
        n: {type: t, properties: [{p: {value: 1, implied: TARGET}}]}
`)
        expect(error.message).toMatch(/"implied: TARGET" of property "p@0" of node "n": only a relation has a target/)
    })

    it('relation_default_implied: true implies every non-hosting relation', () => {
        const r = run(CIRCLE(`${USE}}`, ', relation_default_implied: true'))
        expect(present(r.model, 'node.target')).toBe(true)
    })

    it('an element can opt out of relation_default_implied', () => {
        expect(runError(CIRCLE(`${USE}, implied: false}`, ', relation_default_implied: true')).message).toBe('The result is ambiguous considering nodes (without optimization)')
    })

    it('relation_default_implied does not apply to hosting relations; implied on the relation does', () => {
        const HOST = 'host: {node: target, conditions: {variability_input: wanted}'
        expect(runError(CIRCLE(`${HOST}}`, ', relation_default_implied: true')).message).toBe('The result is ambiguous considering nodes (without optimization)')
        const r = run(CIRCLE(`${HOST}, implied: true}`, ', relation_default_implied: true'))
        expect(nodes(r)).toEqual({source: {type: 's', requirements: [{host: 'target'}]}, target: {type: 't'}})
    })

    it('tosca_variability_1_0 does not imply relations by default; rc_3 does', () => {
        const body = (version: string) => CIRCLE(`${USE}}`, `, optimization_topology: min${version}`)
        // minimising picks the empty variant unless the relation is implied
        expect(present(run(body('')).model, 'node.target')).toBe(false)
        const rc3 = body(', technology_constraint: false')
            .replace('source: {type: s,', 'source: {type: s, managed: false,')
            .replace('target: {type: t}', 'target: {type: t, managed: false}')
        expect(present(run(rc3, {version: 'tosca_variability_1_0_rc_3'}).model, 'node.target')).toBe(true)
    })
})

describe('variability input constraints', () => {
    const violated = (inputs: string, values: Record<string, unknown>) => {
        const error = runError(`topology_template:\n    variability:\n        inputs:\n${inputs}\n    node_templates:\n        n: {type: n}\n`, {inputs: values})
        expect(error.code).toBe('inputs-constraints-violated')
        expect(error.message).toMatch(/^Variability inputs constraints are violated: /)
        expect(error.errorClass).toBe('input')
    }
    const holds = (inputs: string, values: Record<string, unknown>) => {
        const r = run(`topology_template:\n    variability:\n        inputs:\n${inputs}\n    node_templates:\n        n: {type: n}\n`, {inputs: values})
        expect(nodes(r)).toEqual({n: {type: 'n'}})
    }
    const I = (a: string) => `            a: {type: boolean, ${a}}\n            b: {type: boolean}\n            c: {type: boolean}`

    it('requires', () => {
        violated(I('requires: b'), {a: true, b: false})
        holds(I('requires: b'), {a: true, b: true})
        holds(I('requires: b'), {a: false, b: false})
    })
    it('excludes', () => {
        violated(I('excludes: [b]'), {a: true, b: true})
        holds(I('excludes: [b]'), {a: true, b: false})
    })
    it('alternatives: exactly one of them', () => {
        violated(I('alternatives: [b, c]'), {a: true, b: true, c: true})
        violated(I('alternatives: [b, c]'), {a: true, b: false, c: false})
        holds(I('alternatives: [b, c]'), {a: true, b: false, c: true})
    })
    it('choices: at least one of them', () => {
        violated(I('choices: [b, c]'), {a: true, b: false, c: false})
        holds(I('choices: [b, c]'), {a: true, b: true, c: true})
    })
    it('mandatory: holds together with the input', () => {
        violated(I('mandatory: b'), {a: true, b: false})
        violated(I('mandatory: b'), {a: false, b: true})
        holds(I('mandatory: b'), {a: false, b: false})
    })
    it('optional: may only hold with the input', () => {
        violated(I('optional: [b]'), {a: false, b: true})
        holds(I('optional: [b]'), {a: true, b: false})
    })
})

describe('constraint options', () => {
    /** The template resolves with the option off and cannot be solved with it on. */
    const violates = (option: string, body: string) => {
        const options = (o: string) => body.replace('OPTIONS', `{checks: false${o}}`)
        expect(() => run(options(''))).not.toThrow()
        unsolvable(options(`, ${option}: true`))
        // constraints: true includes the technology constraint, which needs every node's type defined
        unsolvable(options(', constraints: true, technology_constraint: false'))
    }
    const satisfies = (option: string, body: string) => run(body.replace('OPTIONS', `{checks: false, ${option}: true}`))

    const topo = (rest: string) =>
        `topology_template:\n    variability:\n        inputs:\n            cloud: {type: boolean, default: true}\n        options: OPTIONS\n    node_templates:\n${rest}`

    it('hosting_stack_constraint: a present node keeps exactly one of its hosting relations', () => {
        violates('hosting_stack_constraint', topo('        app: {type: a, requirements: [{host: {node: vm, conditions: false}}]}\n        vm: {type: v}\n'))
        violates('hosting_stack_constraint', topo('        app: {type: a, requirements: [{host: vm}, {host: pc}]}\n        vm: {type: v}\n        pc: {type: p}\n'))
        const r = satisfies(
            'hosting_stack_constraint',
            topo(
                '        app: {type: a, requirements: [{host: {node: vm, conditions: {variability_input: cloud}}}, {host: {node: pc, conditions: {not: {variability_input: cloud}}}}]}\n        vm: {type: v}\n        pc: {type: p}\n',
            ),
        )
        expect(nodes(r).app).toEqual({type: 'a', requirements: [{host: 'vm'}]})
    })

    it('unique_property_constraint: at most one present property of a name', () => {
        violates('unique_property_constraint', topo('        n: {type: n, properties: [{p: 1}, {p: 2}]}\n'))
        const r = satisfies(
            'unique_property_constraint',
            topo('        n: {type: n, properties: [{p: {value: 1, conditions: {variability_input: cloud}}}, {p: {value: 2, conditions: {not: {variability_input: cloud}}}}]}\n'),
        )
        expect(nodes(r).n).toEqual({type: 'n', properties: {p: 1}})
    })

    // The spec asks for "unique property names", as for artifacts, relations, inputs and outputs.
    // Written as `container ⇒ exo(properties of that name)` it also required a present property of
    // every name, so the plainest conditional property made rc_2 and rc_3 templates unsolvable.
    it('unique_property_constraint lets a property without alternatives be absent', () => {
        const r = satisfies('unique_property_constraint', topo('        n: {type: n, properties: [{name: x}, {debug: {value: true, conditions: false}}]}\n'))
        expect(nodes(r).n).toEqual({type: 'n', properties: {name: 'x'}})
    })

    it('rc_3 defaults: a conditional property whose condition does not hold is simply absent', () => {
        const r = run(
            `topology_template:
    variability:
        inputs:
            debug: {type: boolean, default: false}
        options: {technology_constraint: false, enrich_technologies: false}
    node_templates:
        n: {type: n, properties: [{name: x}, {debug: {value: true, conditions: {variability_input: debug}}}]}
`,
            {version: 'tosca_variability_1_0_rc_3'},
        )
        expect(nodes(r)).toEqual({n: {type: 'n', properties: {name: 'x'}}})
    })

    it('unique_property_constraint lets every alternative of a name be absent', () => {
        const r = satisfies(
            'unique_property_constraint',
            topo('        n: {type: n, properties: [{name: x}, {p: {value: 1, conditions: false}}, {p: {value: 2, conditions: false}}]}\n'),
        )
        expect(nodes(r).n).toEqual({type: 'n', properties: {name: 'x'}})
    })

    it('unique_artifact_constraint: at most one present artifact of a name', () => {
        violates('unique_artifact_constraint', topo('        n: {type: n, artifacts: [{bin: a.bin}, {bin: b.bin}]}\n'))
        const r = satisfies('unique_artifact_constraint', topo('        n: {type: n, artifacts: [{bin: a.bin}, {bin: {file: b.bin, conditions: false}}]}\n'))
        expect(nodes(r).n).toEqual({type: 'n', artifacts: {bin: {file: 'a.bin', type: 'tosca.artifacts.File'}}})
    })

    it('unique_input_constraint: at most one present input of a name', () => {
        const body = (second: string) =>
            `topology_template:\n    variability:\n        options: OPTIONS\n    inputs:\n        - port: {type: integer}\n        - port: {type: string${second}}\n    node_templates:\n        n: {type: n}\n`
        violates('unique_input_constraint', body(''))
        expect(topology(satisfies('unique_input_constraint', body(', conditions: false'))).inputs).toEqual({port: {type: 'integer'}})
    })

    it('unique_output_constraint: at most one present output of a name', () => {
        const body = (second: string) =>
            `topology_template:\n    variability:\n        options: OPTIONS\n    node_templates:\n        n: {type: n}\n    outputs:\n        - url: {value: a}\n        - url: {value: b${second}}\n`
        violates('unique_output_constraint', body(''))
        expect(topology(satisfies('unique_output_constraint', body(', conditions: false'))).outputs).toEqual({url: {value: 'a'}})
    })

    it('unique_relation_constraint: at most one present relation of a name per node', () => {
        violates('unique_relation_constraint', topo('        n: {type: n, requirements: [{db: a}, {db: b}]}\n        a: {type: a}\n        b: {type: b}\n'))
        const r = satisfies(
            'unique_relation_constraint',
            topo('        n: {type: n, requirements: [{db: a}, {db: {node: b, conditions: false}}]}\n        a: {type: a}\n        b: {type: b}\n'),
        )
        expect(nodes(r).n).toEqual({type: 'n', requirements: [{db: 'a'}]})
    })

    it('required_artifact_constraint: a present node with artifacts keeps exactly one', () => {
        violates('required_artifact_constraint', topo('        n: {type: n, artifacts: [{bin: {file: a.bin, conditions: false}}]}\n'))
        const r = satisfies('required_artifact_constraint', topo('        n: {type: n, artifacts: [{bin: a.bin}]}\n'))
        expect(Object.keys(nodes(r).n as object)).toEqual(['type', 'artifacts'])
    })

    it('required_incoming_relation_constraint: a present node with incoming relations keeps one', () => {
        violates('required_incoming_relation_constraint', topo('        a: {type: a, requirements: [{uses: {node: b, conditions: false}}]}\n        b: {type: b}\n'))
        satisfies('required_incoming_relation_constraint', topo('        a: {type: a, requirements: [{uses: b}]}\n        b: {type: b}\n'))
    })

    it('relation_source_constraint: a present relation needs its source', () => {
        violates('relation_source_constraint', topo('        a: {type: a, conditions: false, requirements: [{uses: b}]}\n        b: {type: b}\n'))
        // the target is not its concern
        satisfies('relation_source_constraint', topo('        a: {type: a, requirements: [{uses: b}]}\n        b: {type: b, conditions: false}\n'))
    })

    it('relation_target_constraint: a present relation needs its target', () => {
        violates('relation_target_constraint', topo('        a: {type: a, requirements: [{uses: b}]}\n        b: {type: b, conditions: false}\n'))
        satisfies('relation_target_constraint', topo('        a: {type: a, conditions: false, requirements: [{uses: b}]}\n        b: {type: b}\n'))
    })

    it('artifact_container_constraint: a present artifact needs its node', () => {
        violates('artifact_container_constraint', topo('        a: {type: a, conditions: false, artifacts: [{bin: a.bin}]}\n'))
        satisfies('artifact_container_constraint', topo('        a: {type: a, conditions: false, artifacts: [{bin: {file: a.bin, conditions: false}}]}\n'))
    })

    it('property_container_constraint: a present property needs its container', () => {
        violates('property_container_constraint', topo('        a: {type: a, conditions: false, properties: [{p: 1}]}\n'))
        satisfies('property_container_constraint', topo('        a: {type: a, properties: [{p: 1}]}\n'))
    })

    it('type_container_constraint: a present type needs its container (so the type default condition is needed)', () => {
        violates('type_container_constraint', topo('        a: {type: a, conditions: false}\n        b: {type: b}\n'))
        const r = run(
            topo('        a: {type: a, conditions: false}\n        b: {type: b}\n').replace(
                'OPTIONS',
                '{checks: false, type_container_constraint: true, type_default_condition: true}',
            ),
        )
        expect(nodes(r)).toEqual({b: {type: 'b'}})
    })

    it('constraints: true enables them all; a named option switches one off again', () => {
        const body = (options: string) => `topology_template:
    variability:
        options: {checks: false, technology_constraint: false, ${options}}
    node_templates:
        a: {type: a, conditions: false, properties: [{p: 1}]}
`
        // the property and the type of the absent node remain: two container constraints are violated
        unsolvable(body('constraints: true'))
        unsolvable(body('constraints: true, type_container_constraint: false'))
        unsolvable(body('constraints: true, property_container_constraint: false'))
        expect(run(body('constraints: true, type_container_constraint: false, property_container_constraint: false')).output).toEqual({
            tosca_definitions_version: 'tosca_simple_yaml_1_3',
        })
    })

    it('rc_3 turns the unique constraints on by default', () => {
        const body = `topology_template:
    variability:
        options: {technology_constraint: false, enrich_technologies: false, OPTION}
    node_templates:
        n: {type: n, properties: [{p: 1}, {p: 2}]}
`
        unsolvable(body.replace(', OPTION', ''), {version: 'tosca_variability_1_0_rc_3'})
        expect(nodes(run(body.replace('OPTION', 'unique_property_constraint: false'), {version: 'tosca_variability_1_0_rc_3'}))).toEqual({n: {type: 'n', properties: {p: 2}}})
    })
})

describe('a variability group is removed before resolving', () => {
    // its conditions go to its members; its properties and types are never resolved, so nothing
    // about them can be unsolvable or mistaken
    const GROUP = (options: string, condition: string) => `topology_template:
    variability:
        options: {${options}}
    node_templates:
        a: {type: t}
    groups:
        g:
            type: variability.groups.ConditionalMembers
            members: [a]
            conditions: true
            properties:
                - p: {value: 1, conditions: ${condition}}
                - p: {value: 2, conditions: true}
`
    it('two properties of one name on it do not break the unique property constraint', () => {
        expect(nodes(run(GROUP('unique_property_constraint: true', 'true')))).toEqual({a: {type: 't'}})
    })

    it('the conditions of its properties are never read', () => {
        expect(nodes(run(GROUP('', '{node_presence: missing}')))).toEqual({a: {type: 't'}})
    })
})
