// Counterfactuals: what would flip a verdict (what-if), what would make a failed
// resolution resolve (repairs), run in slices that never block a caller, and the
// values offered per input. Every suggestion is checked here by resolving again.
import {describe, expect, it} from 'vitest'
import {repairs, startRepairs, startWhatIf, whatIf, type Repair} from '../../src/engine/explain/index.js'
import {inputChoices} from '../../src/engine/resolve/index.js'
import {TrellisError} from '../../src/engine/errors.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide, type ResolveRequest} from '../../src/engine/resolve/index.js'
import {resolved} from '../helpers/v4t.js'

const set = (values: Record<string, unknown>): ResolveRequest['assignments'] => Object.entries(values).map(([name, value]) => ({name, value, source: {kind: 'set' as const}}))

// `cache` is present only when both `fast` and `large` hold: no single change flips it, a pair does
const CACHE = templateFromText(
    `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            fast: {type: boolean, default: false}
            large: {type: boolean, default: false}
            region: {type: string, default: eu}
            size: {type: integer, default: 2}
        presets:
            small: {inputs: {size: 1}}
        options:
            expected_incoming_relation_check: false
            # a pruned node's type goes with it (else resolve's checks refuse every variant that prunes one)
            type_default_condition: true
    node_templates:
        app: {type: app}
        cache:
            type: cache
            conditions: {and: [{variability_input: fast}, {variability_input: large}]}
        mirror:
            type: mirror
            conditions: {or: [{equal: [{variability_input: region}, us]}, {greater: [{variability_input: size}, 3]}]}
`,
    'cache.yaml',
)

describe('what-if, step by step', () => {
    it('gives the same result in slices as at once, with one attempt per step at a budget of 0 ms', () => {
        for (const element of ['node.cache', 'node.mirror', 'node.app']) {
            const whole = whatIf(CACHE, {}, element)
            const search = startWhatIf(CACHE, {}, element)
            expect(search.progress.tried).toBe(0)
            let steps = 0
            for (;;) {
                const before = search.progress.tried
                const done = search.step(0)
                steps++
                if (!done || search.progress.tried > before) expect(search.progress.tried).toBe(before + 1)
                if (done) break
            }
            expect(search.done).toBe(true)
            expect(search.result()).toEqual(whole)
            expect(steps).toBe(Math.max(1, whole.tried))
            expect(search.progress).toEqual({tried: whole.tried, total: whole.tried})
            expect(search.step(0)).toBe(true) // finished: further steps do nothing
            expect(search.result()).toEqual(whole)
        }
    })

    it('finishes in one step when the budget is ample', () => {
        const search = startWhatIf(CACHE, {}, 'node.cache')
        expect(search.step(60_000)).toBe(true)
        expect(search.result()).toEqual(whatIf(CACHE, {}, 'node.cache'))
    })

    it('finds the pair only when no single change or preset does, and each pair holds when applied', () => {
        const w = whatIf(CACHE, {}, 'node.cache')
        expect(w.verdict).toBe('pruned')
        expect(w.suggestions[0]).toEqual({
            changes: [
                {input: 'fast', from: false, to: true},
                {input: 'large', from: false, to: true},
            ],
            preset: undefined,
            verdict: 'present',
        })
        for (const s of w.suggestions) {
            expect(s.changes).toHaveLength(2)
            const model = decide(CACHE, {assignments: set(Object.fromEntries(s.changes.map(c => [c.input, c.to])))})
            expect(model.present(model.graph.element('node.cache')!)).toBe(true)
        }
    })

    it('reports partial results while running: suggestions so far, never "impossible" before the end', () => {
        const search = startWhatIf(CACHE, {}, 'node.app')
        search.step(0)
        expect(search.result()).toMatchObject({verdict: 'present', suggestions: [], impossible: false, tried: 1})
        expect(search.progress.total).toBeGreaterThan(1)
        while (!search.step(5));
        expect(search.result()).toMatchObject({suggestions: [], impossible: true})
    })

    it('keeps to maxTries and maxSuggestions', () => {
        expect(whatIf(CACHE, {}, 'node.cache', {maxTries: 3})).toMatchObject({tried: 3, suggestions: []})
        const one = whatIf(CACHE, {}, 'node.mirror', {maxSuggestions: 1})
        expect(one.suggestions).toHaveLength(1)
        expect(whatIf(CACHE, {}, 'node.mirror').suggestions.length).toBeGreaterThan(1)
        const none = startWhatIf(CACHE, {}, 'node.cache', {maxTries: 0})
        expect(none.done).toBe(true)
        expect(none.step(0)).toBe(true)
        expect(none.progress).toEqual({tried: 0, total: 0})
    })

    it('progress.total never falls below tried and drops the pairs once a smaller change worked', () => {
        const search = startWhatIf(CACHE, {}, 'node.mirror')
        const totals: number[] = []
        while (!search.step(0)) {
            expect(search.progress.total).toBeGreaterThanOrEqual(search.progress.tried)
            totals.push(search.progress.total)
        }
        expect(totals[0]).toBeGreaterThan(search.progress.total)
        expect(search.result().suggestions.every(s => s.changes.length <= 1)).toBe(true)
    })
})

// `replica` needs `storage`; `replicated` chooses the replica and `disk` the storage
const STORAGE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            replicated: {type: boolean, default: false}
            disk: {type: boolean, default: false}
        presets:
            ha: {inputs: {replicated: true, disk: true}}
        options:
            type_default_condition: true
            expected_incoming_relation_check: false
        constraints:
            - {implies: [{node_presence: replica}, {node_presence: storage}]}
    node_templates:
        app: {type: app}
        replica: {type: replica, conditions: {variability_input: replicated}}
        storage: {type: storage, conditions: {variability_input: disk}}
`

function holds(template: ReturnType<typeof templateFromText>, request: ResolveRequest, repair: Repair): void {
    const resolution = resolved(template, {
        presets: [...(request.presets ?? []), ...(repair.preset ? [repair.preset] : [])],
        assignments: [...(request.assignments ?? []), ...set(Object.fromEntries(repair.changes.map(c => [c.input, c.to])))!],
    })
    const model = resolution.model!
    const present = model.graph.elements.filter(e => model.present(e)).length
    expect({present: repair.present, pruned: repair.pruned}).toEqual({present, pruned: model.graph.elements.length - present})
}

describe('repairs of a failed resolution', () => {
    it('offers first the value that differs from the one given only in case, in every shell alike', () => {
        const template = templateFromText(
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: gcp}
        constraints:
            - {node_presence: cloud}
    node_templates:
        cloud: {type: tosca.nodes.Root, conditions: {or: [{equal: [{variability_input: env}, AWS]}, {equal: [{variability_input: env}, GCP]}]}}
`,
            'clouds.yaml',
        )
        const found = repairs(template, {}).suggestions.map(s => s.changes.map(c => c.to))
        expect(found).toEqual([['GCP'], ['AWS']])
    })

    it('suggests flipping the input that made it unsatisfiable, and the repair resolves', () => {
        const template = templateFromText(STORAGE, 'storage.yaml')
        const request = {assignments: set({replicated: true})}
        expect(() => resolved(template, request)).toThrow('Could not solve')
        const r = repairs(template, request)
        expect(r.failure).toBe('unsatisfiable')
        expect(r.suggestions.map(s => ({changes: s.changes, preset: s.preset}))).toEqual([
            {changes: [{input: 'replicated', from: true, to: false}], preset: undefined},
            {changes: [{input: 'disk', from: false, to: true}], preset: undefined},
            {changes: [], preset: 'ha'},
        ])
        for (const repair of r.suggestions) holds(template, request, repair)
        expect(r.suggestions[1]).toMatchObject({present: 6, pruned: 0}) // three nodes and their types
    })

    it('repairs violated input constraints and failed checks too, verified with the checks', () => {
        const constrained = templateFromText(
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            tls: {type: boolean, default: true, requires: certificates}
            certificates: {type: boolean, default: false}
        options: {type_default_condition: true}
    node_templates:
        app: {type: app, conditions: {variability_input: tls}}
`,
            'constrained.yaml',
        )
        const r = repairs(constrained, {})
        expect(r.failure).toBe('inputs-constraints-violated')
        expect(r.suggestions.map(s => s.changes.map(c => `${c.input}=${String(c.to)}`))).toEqual([['tls=false'], ['certificates=true']])
        for (const repair of r.suggestions) holds(constrained, {}, repair)

        // the relation's target goes with `managed`; the check that a present relation has a present target fails
        const dangling = templateFromText(
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            managed: {type: boolean, default: false}
        options:
            expected_incoming_relation_check: false
    node_templates:
        app:
            type: app
            requirements:
                - host: db
        db: {type: db, conditions: {variability_input: managed}}
`,
            'dangling.yaml',
        )
        expect(() => decide(dangling, {})).not.toThrow()
        const failed = repairs(dangling, {})
        expect(failed.failure).toBe('check-failed')
        expect(failed.suggestions.map(s => s.changes)).toEqual([[{input: 'managed', from: false, to: true}]])
        for (const repair of failed.suggestions) holds(dangling, {}, repair)
    })

    it('returns an empty list when no input change or preset can help', () => {
        const template = templateFromText(
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            verbose: {type: boolean, default: false}
        presets:
            loud: {inputs: {verbose: true}}
        options: {checks: false}
        constraints:
            - {not: {and: [{node_presence: a}, {node_presence: b}]}}
    node_templates:
        a: {type: a}
        b: {type: b}
`,
            'hopeless.yaml',
        )
        const search = startRepairs(template, {})
        while (!search.step(0));
        expect(search.result()).toEqual({failure: 'unsatisfiable', suggestions: [], tried: 2})
    })

    it('has nothing to do when the request resolves, and throws the request’s own input errors', () => {
        const template = templateFromText(STORAGE, 'storage.yaml')
        const search = startRepairs(template, {})
        expect(search.done).toBe(true)
        expect(search.result()).toEqual({failure: undefined, suggestions: [], tried: 0})
        expect(() => startRepairs(template, {presets: ['nope']})).toThrow(TrellisError)
    })
})

describe('inputChoices', () => {
    const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            tier:
                type: string
                constraints:
                    - valid_values: [bronze, silver, gold]
            nodes:
                type: integer
                default: 2
                constraints:
                    - in_range: [1, 4]
            debug: {type: boolean}
            retention: {type: integer, default: 30}
            label: {type: string}
        presets:
            premium: {inputs: {tier: gold, nodes: 4, debug: false}}
        expressions:
            is_silver: {equal: [{variability_input: tier}, silver]}
            many: {greater: [{variability_input: nodes}, 4]}
            unknown_tier: {equal: [{variability_input: tier}, platinum]}
    node_templates:
        app:
            type: app
            properties:
                - retention: {expression: {concat: [{variability_input: retention}, d]}}
`
    it('lists every declared input in declaration order, each value once, in a documented order', () => {
        const choices = inputChoices(templateFromText(TEMPLATE, 'choices.yaml'))
        expect([...choices.entries()]).toEqual([
            // preset value, then compared literals, then valid_values; "platinum" is not a valid value
            ['tier', ['gold', 'silver', 'bronze']],
            // default, preset value, literals around 4 (5 lies outside the range), then the rest of the range
            ['nodes', [2, 4, 3, 1]],
            ['debug', [true, false]],
            // "d" is an operand of concat, not an integer
            ['retention', [30]],
            ['label', []],
        ])
    })

    it('is deterministic: the same template gives the same lists', () => {
        const a = inputChoices(templateFromText(TEMPLATE, 'choices.yaml'))
        const b = inputChoices(templateFromText(TEMPLATE, 'choices.yaml'))
        expect(JSON.stringify([...a])).toBe(JSON.stringify([...b]))
    })

    it('offers the bounds of a large range, and the values the what-if search tries come from it', () => {
        const template = templateFromText(
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            port: {type: integer, constraints: [{in_range: [1024, 65535]}]}
            workers: {type: integer, default: 1, constraints: [{in_range: [1, UNBOUNDED]}]}
        options:
            expected_incoming_relation_check: false
    node_templates:
        app: {type: app, conditions: {equal: [{variability_input: port}, 1024]}}
`,
            'ranges.yaml',
        )
        expect(inputChoices(template).get('port')).toEqual([1024, 1025, 65535])
        expect(inputChoices(template).get('workers')).toEqual([1])
        const w = whatIf(template, {assignments: set({port: 8080})}, 'node.app')
        expect(w.suggestions.map(s => s.changes)).toEqual([[{input: 'port', from: 8080, to: 1024}]])
    })
})

describe('what-if, verified as resolve verifies', () => {
    it('suggests no change whose variant a check rejects (resolve would refuse it)', () => {
        // with x, node a would be hosted on both h1 and h2: decided, h2 is present, but the hosting check rejects it
        const template = templateFromText(
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            x: {type: boolean, default: false}
        options:
            default_condition: true
    node_templates:
        h1: {type: tosca.nodes.Compute}
        h2: {type: tosca.nodes.Compute}
        a:
            type: tosca.nodes.SoftwareComponent
            requirements:
                - host: h1
                - host: {node: h2, conditions: {variability_input: x}}
`,
            'hosts.yaml',
        )
        expect(() => resolved(template, {assignments: set({x: true})})).toThrow(TrellisError)
        const result = whatIf(template, {}, 'node.h2')
        expect(result.verdict).toBe('pruned')
        for (const s of result.suggestions)
            expect(() => resolved(template, {presets: s.preset ? [s.preset] : [], assignments: set(Object.fromEntries(s.changes.map(c => [c.input, c.to])))})).not.toThrow()
        expect(result.suggestions.some(s => s.changes.some(c => c.input === 'x' && c.to === true))).toBe(false)
    })
})
