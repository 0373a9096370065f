// Spec "Solver Options": optimization_topology (true, min, max), count versus
// weight mode with node weights, the uniqueness check with and without
// optimization, and how the solution records optimizer-chosen elements.
import {describe, expect, it} from 'vitest'
import {templateFromText} from '../../src/engine/load/index.js'
import {freeChoices} from '../../src/engine/explain/index.js'
import {prepare} from '../../src/engine/resolve/index.js'
import {solve} from '../../src/engine/solve/index.js'
import {element, nodes, run, runError, type Version} from '../helpers/v4t.js'
import {TWO_HOSTS} from '../helpers/templates.js'

// x and y are kept only by each other's relation (incomingnaive) and each relation only by
// both its ends (source-target pruning): either both with their relations, or neither
const CIRCLE = (options: string) => `topology_template:
    variability:
        options: {checks: false, pruning: true, node_default_condition_mode: incomingnaive${options}}
    node_templates:
        anchor: {type: a, persistent: true}
        x: {type: x, requirements: [{uses: y}]}
        y: {type: y, requirements: [{uses: x}]}
`
const SMALL = {anchor: {type: 'a'}}
const LARGE = {anchor: {type: 'a'}, x: {type: 'x', requirements: [{uses: 'y'}]}, y: {type: 'y', requirements: [{uses: 'x'}]}}

describe('optimization_topology on a circular template', () => {
    it('without optimization (the 1_0 default) both variants remain: ambiguous', () => {
        const error = runError(CIRCLE(''))
        expect(error.code).toBe('ambiguous')
        expect(error.message).toBe('The result is ambiguous considering nodes (without optimization)')
    })

    it('optimization_topology: false is the same', () => {
        expect(runError(CIRCLE(', optimization_topology: false')).message).toBe('The result is ambiguous considering nodes (without optimization)')
    })

    it('min picks the smaller variant', () => {
        expect(nodes(run(CIRCLE(', optimization_topology: min')))).toEqual(SMALL)
    })

    it('true means min', () => {
        expect(nodes(run(CIRCLE(', optimization_topology: true')))).toEqual(SMALL)
    })

    it('max picks the larger variant', () => {
        expect(run(CIRCLE(', optimization_topology: max')).output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3', topology_template: {node_templates: LARGE}})
    })

    it('rc_2 and rc_3 minimise by default', () => {
        const rc = (version: Version) =>
            nodes(
                run(
                    CIRCLE(', technology_constraint: false')
                        .replace('{type: a,', '{type: a, managed: false,')
                        .replace('{type: x,', '{type: x, managed: false,')
                        .replace('{type: y,', '{type: y, managed: false,'),
                    {version},
                ),
            )
        expect(rc('tosca_variability_1_0_rc_2')).toEqual(SMALL)
        expect(rc('tosca_variability_1_0_rc_3')).toEqual(SMALL)
    })

    it('another value is an error', () => {
        const error = runError(CIRCLE(', optimization_topology: smallest'))
        expect(error.code).toBe('invalid-option')
        expect(error.message).toBe('Option optimization_topology must be a boolean, "min", or "max"')
    })
})

describe('a tie between the hosts of a node deduction keeps', () => {
    const rc3 = {version: 'tosca_variability_1_0_rc_3' as const, presets: ['prod']}

    it('is ambiguous (besides optimization)', () => {
        const error = runError(TWO_HOSTS(''), rc3)
        expect(error.code).toBe('ambiguous')
        expect(error.message).toBe('The result is ambiguous considering nodes (besides optimization)')
    })

    it('without the uniqueness check, the variant kept has n5 on one of its hosts', () => {
        const kept = nodes(run(TWO_HOSTS(', optimization_topology_unique: false'), rc3))
        expect([
            ['n0', 'n1', 'n2', 'n5'],
            ['n0', 'n2', 'n4', 'n5'],
        ]).toContainEqual(Object.keys(kept).sort())
    })
})

describe('count and weight', () => {
    // either {a} or {b, c}
    const CHOICE = (options: string, weights: {a?: unknown; b?: unknown; c?: unknown} = {}) => {
        const w = (v: unknown) => (v === undefined ? '' : `, weight: ${String(v)}`)
        return `topology_template:
    variability:
        options: {checks: false${options}}
    node_templates:
        a: {type: a, conditions: {not: {node_presence: b}}${w(weights.a)}}
        b: {type: b, conditions: {not: {node_presence: a}}${w(weights.b)}}
        c: {type: c, conditions: {node_presence: b}${w(weights.c)}}
`
    }
    const A = ['a']
    const BC = ['b', 'c']
    const chosen = (body: string) => Object.keys(nodes(run(body)))

    it('count: min keeps fewer nodes, max more (weights are ignored)', () => {
        const weights = {a: 5, b: 0, c: 0}
        expect(chosen(CHOICE(', optimization_topology: min, optimization_topology_mode: count', weights))).toEqual(A)
        expect(chosen(CHOICE(', optimization_topology: max, optimization_topology_mode: count', weights))).toEqual(BC)
    })

    it('weight: min keeps the lighter variant although it has more nodes', () => {
        const weights = {a: 1, b: 0.25, c: 0.25}
        expect(chosen(CHOICE(', optimization_topology: min, optimization_topology_mode: weight', weights))).toEqual(BC)
        expect(chosen(CHOICE(', optimization_topology: max, optimization_topology_mode: weight', weights))).toEqual(A)
    })

    it('weight is the default mode, and a node weighs 1 unless it says otherwise', () => {
        expect(chosen(CHOICE(', optimization_topology: min', {b: 0.25, c: 0.25}))).toEqual(BC)
        expect(chosen(CHOICE(', optimization_topology: min', {b: 0.75}))).toEqual(A)
    })

    it('boolean weights: true weighs 1, false 0', () => {
        const weights = {a: true, b: false, c: false}
        expect(chosen(CHOICE(', optimization_topology: min', weights))).toEqual(BC)
        expect(chosen(CHOICE(', optimization_topology: max', weights))).toEqual(A)
        expect(chosen(CHOICE(', optimization_topology: max', {a: false, b: true, c: false}))).toEqual(BC)
    })

    it('the weight is not written to the output', () => {
        expect(nodes(run(CHOICE(', optimization_topology: max', {a: 3})))).toEqual({a: {type: 'a'}})
    })

    it('a negative or non-numeric weight is an error', () => {
        expect(runError(CHOICE(', optimization_topology: min', {a: -1})).code).toBe('invalid-template')
        expect(runError(CHOICE(', optimization_topology: min', {a: 'heavy'})).message).toBe('"weight" of node "a" must be a boolean or a non-negative number, got "heavy"')
    })

    it('a negative weight names its element and is located on the weight, also on a technology a rule implements (read from a copy)', () => {
        const template = (node: string, rule = '1') => `node_types:
    app: {derived_from: tosca.nodes.Root}
topology_template:
    variability:
        technology_rules: [{technology: ansible, component: app, weight: ${rule}}]
    node_templates:
        n: {type: app, ${node}}
`
        const version = 'tosca_variability_1_0_rc_3'
        const technology = runError(template('technology: [{ansible: {weight: -3}}]'), {version})
        expect(technology.message).toBe('"weight" of technology "ansible@0" of node "n" must be a boolean or a non-negative number, got -3')
        expect([technology.location?.line, technology.location?.column]).toEqual([8, 48])
        const node = runError(template('weight: -2'), {version})
        expect(node.message).toBe('"weight" of node "n" must be a boolean or a non-negative number, got -2')
        expect([node.location?.line, node.location?.column]).toEqual([8, 24])
        const rule = runError(template('weight: 1', '-1'), {version})
        expect(rule.message).toBe('the weight of the technology rule for "ansible" on "app" must be a non-negative number, got -1')
        expect(rule.location?.line).toBe(6)
    })

    describe('uniqueness', () => {
        it('an equally good other variant is ambiguous (besides optimization)', () => {
            const error = runError(CHOICE(', optimization_topology: min', {a: 1, b: 0.5, c: 0.5}))
            expect(error.code).toBe('ambiguous')
            expect(error.message).toBe('The result is ambiguous considering nodes (besides optimization)')
        })

        it('equal counts are ambiguous too', () => {
            const body = CHOICE(', optimization_topology: min, optimization_topology_mode: count').replace('c: {type: c, conditions: {node_presence: b}}', 'c: {type: c}')
            expect(runError(body).message).toBe('The result is ambiguous considering nodes (besides optimization)')
        })

        it('without optimization any second variant is ambiguous (without optimization)', () => {
            expect(runError(CHOICE('')).message).toBe('The result is ambiguous considering nodes (without optimization)')
        })

        it('optimization_topology_unique: false accepts the first optimal variant', () => {
            const result = chosen(CHOICE(', optimization_topology: min, optimization_topology_unique: false', {a: 1, b: 0.5, c: 0.5}))
            expect([A, BC]).toContainEqual(result)
        })

        it('optimization_topology_unique: false without optimization accepts any variant', () => {
            const result = chosen(CHOICE(', optimization_topology_unique: false'))
            expect([A, BC]).toContainEqual(result)
        })

        it('a unique optimum passes the check', () => {
            expect(chosen(CHOICE(', optimization_topology: min, optimization_topology_unique: true', {b: 0.25, c: 0.25}))).toEqual(BC)
        })
    })
})

describe('solution.state', () => {
    it('marks elements the optimizer chose as optimized', () => {
        const {model} = run(CIRCLE(', optimization_topology: min'))
        const state = (id: string) => model.solution.state[element(model, id).seq]
        expect(state('node.x')).toBe('optimized')
        expect(state('node.y')).toBe('optimized')
        expect(state('relation.uses@0.node.x')).toBe('optimized')
        // the persistent node has no conditions: it was never a choice
        expect(state('node.anchor')).not.toBe('optimized')
        expect(state('node.anchor')).toBe('propagated')
    })

    it('does not mark elements as optimized when there was only one variant', () => {
        const {model} = run(`topology_template:
    variability:
        options: {checks: false, optimization_topology: min}
        constraints: [{node_presence: y}]
    node_templates:
        x: {type: x, conditions: {not: {node_presence: y}}}
        y: {type: y, conditions: {not: {node_presence: x}}}
        z: {type: z, conditions: false}
`)
        const state = (id: string) => model.solution.state[element(model, id).seq]
        expect(state('node.y')).toBe('solved')
        expect(state('node.x')).toBe('solved')
        expect(state('node.z')).toBe('propagated')
    })

    it('marks the variant chosen by max as optimized as well', () => {
        const {model} = run(CIRCLE(', optimization_topology: max'))
        expect(model.solution.state[element(model, 'node.x').seq]).toBe('optimized')
        expect(model.present(element(model, 'node.x'))).toBe(true)
    })
})

describe('no variant at all outweighs an ambiguous part', () => {
    // "free" is its own condition (two variants); the relation is present exactly when it is not:
    // the template has no variant, which is what must be reported, not the free node's ambiguity
    const body = (free: string) => `topology_template:
    variability:
        options: {checks: false}
    node_templates:
        ${free}: {type: f, conditions: {node_presence: ${free}}}
        app:
            type: a
            requirements:
                - host: {node: server, conditions: {not: {has_incoming_relation: server}}}
        server: {type: s}
`
    for (const free of ['a_free', 'z_free'])
        it(`with the ambiguous node ${free === 'a_free' ? 'before' : 'after'} the contradiction`, () => {
            expect(runError(body(free)).code).toBe('unsatisfiable')
        })

    it('whether the parts are enumerated or handed to MiniSat', () => {
        const prepared = prepare(templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${body('a_free')}`), {})
        for (const enumerateUpTo of [10, 0]) {
            const result = solve(prepared.problem, {enumerateUpTo})
            expect(result.ok ? 'solved' : result.failure.kind).toBe('unsatisfiable')
        }
    })
})

describe('free choices: several variants satisfy everything and nothing chooses', () => {
    // terraform's own condition holds; ansible is the default alternative; "other" pruning makes each
    // absent when the other is present: two variants, no optimization, no uniqueness check
    const TECHNOLOGIES = (list: string, options = '') => `topology_template:
    variability:
        inputs:
            x: {type: boolean, default: true}
        options: {mode: consistent-loose${options}}
    node_templates:
        n:
            type: tosca.nodes.Compute
            technology: ${list}
`
    const TWO = TECHNOLOGIES('[{terraform: {conditions: {variability_input: x}}}, {ansible: {default_alternative: true}}]')
    const technology = (id: string) => `technology.${id}.node.n`

    // the reference gives a default alternative no preference in a free choice: where it lands depends on the order written
    it('a default alternative is kept or left out by its position, like any other alternative', () => {
        const {model} = run(TWO)
        expect(model.present(element(model, technology('terraform@0')))).toBe(true)
        expect(model.present(element(model, technology('ansible@1')))).toBe(false)
        const swapped = run(TECHNOLOGIES('[{ansible: {default_alternative: true}}, {terraform: {conditions: {variability_input: x}}}]')).model
        expect(swapped.present(element(swapped, technology('ansible@0')))).toBe(true)
        expect(swapped.present(element(swapped, technology('terraform@1')))).toBe(false)
    })

    it('finds the free choice whether the part is enumerated or handed to MiniSat', () => {
        const prepared = prepare(templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${TWO}`), {})
        const terraform = prepared.graph.element(technology('terraform@0'))!
        for (const enumerateUpTo of [10, 0]) {
            const result = solve(prepared.problem, {enumerateUpTo})
            expect(result.ok && result.solution.values[terraform.seq], `enumerateUpTo ${enumerateUpTo}`).toBe(1)
            expect(result.ok && result.solution.state[terraform.seq], `enumerateUpTo ${enumerateUpTo}`).toBe('free')
        }
    })

    // where the reference's solver lands, systematically: the first of two, the last of three or more
    it('of two alternatives that exclude each other the first written is kept, of three the last', () => {
        const kept = (list: string) => {
            const {model} = run(TECHNOLOGIES(list))
            return model.graph.technologies.filter(t => model.present(t)).map(t => t.name)
        }
        expect(kept('[{terraform: {}}, {docker: {}}]')).toEqual(['terraform'])
        expect(kept('[{docker: {}}, {terraform: {}}]')).toEqual(['docker'])
        expect(kept('[{ansible: {}}, {terraform: {}}, {docker: {}}]')).toEqual(['docker'])
        // a default alternative among three is the last written like any other
        expect(kept('[{ansible: {default_alternative: true}}, {terraform: {}}, {docker: {}}]')).toEqual(['docker'])
        expect(kept('[{terraform: {}}, {docker: {}}, {ansible: {default_alternative: true}}]')).toEqual(['ansible'])
    })

    it('the default alternative is still chosen when no alternative can be present', () => {
        const {model} = run(TWO, {inputs: {x: false}})
        expect(model.present(element(model, technology('ansible@1')))).toBe(true)
        expect(model.solution.state[element(model, technology('ansible@1')).seq]).not.toBe('free')
    })

    it('an optimization decides instead when one is asked for', () => {
        const weighted = '[{terraform: {conditions: {variability_input: x}, weight: 0.5}}, {ansible: {default_alternative: true, weight: 1}}]'
        const {model} = run(TECHNOLOGIES(weighted, ', optimization_technologies: max, optimization_technologies_mode: weight'))
        expect(model.present(element(model, technology('ansible@1')))).toBe(true)
        expect(model.solution.state[element(model, technology('terraform@0')).seq]).toBe('optimized')
        expect(model.solution.state[element(model, technology('ansible@1')).seq]).toBe('optimized')
    })

    // every variant has one technology: counting them ties, and where the optimizer lands decides
    it('an optimization whose optimum several variants reach leaves the choice free, tied', () => {
        const {model} = run(TECHNOLOGIES('[{terraform: {conditions: {variability_input: x}}}, {ansible: {default_alternative: true}}]', ', optimization_technologies: min'))
        for (const id of ['terraform@0', 'ansible@1']) expect(model.solution.state[element(model, technology(id)).seq]).toBe('free')
        expect(freeChoices(model)).toMatchObject([{rule: 'tie', decide: expect.stringContaining('optimization_technologies_unique: true')}])
    })
})
