// Explanations (why present / pruned, why no variant): built from the records
// the solver used, down to the inputs and presets that decided.
import {describe, expect, it} from 'vitest'
import {variables} from '../../src/engine/conditions/index.js'
import {renderExplanation} from '../../src/app/explanation-text.js'
import {explainElement, type Because} from '../../src/engine/explain/index.js'
import {minimalConflict} from '../../src/engine/resolve/index.js'
import {isPartialConflict, PARTIAL_NOTE} from '../../src/engine/resolve/conflict.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide, ResolutionError, type ResolutionFailure, type ResolveRequest} from '../../src/engine/resolve/index.js'
import {CHAIN} from '../helpers/templates.js'

function explain(text: string, id: string, request: ResolveRequest = {}) {
    const model = decide(templateFromText(text, 'shop.yaml'), request)
    const element = model.graph.element(id)!
    return explainElement(model, element)
}

function codes(list: readonly Because[]): string[] {
    return list.flatMap(b => [b.code, ...codes(b.because)])
}

describe('why an element is pruned', () => {
    it('follows default conditions into the elements they read, down to the input and the preset that set it', () => {
        const e = explain(CHAIN, 'node.dbms', {presets: ['dev']})
        expect(e.verdict).toBe('pruned')
        expect(e.code).toBe('default-incoming-none-present')
        expect(e.summary).toContain('no incoming relation is present')
        expect(codes(e.because)).toEqual(expect.arrayContaining(['default-incoming-none-present', 'manual-condition-false']))
        expect(e.rootCauses.inputs.map(i => i.text)).toEqual(['mode: dev — preset dev'])
        expect(e.rootCauses.conditions).toEqual([
            {text: 'Node "db": {logic_expression: is_prod} is false', location: expect.stringMatching(/shop\.yaml:23:\d+$/), element: 'node.db'},
        ])
    })

    it('names a property pruned with its node by the container default condition, through a chain of three elements', () => {
        const e = explain(CHAIN, 'property.port@0.node.dbms', {presets: ['dev']})
        expect(e.code).toBe('container-absent')
        // property → node dbms (no incoming relation) → node db (its condition) → input mode
        const dbms = e.because[0]!.because[0]!
        expect(dbms.element?.id).toBe('node.dbms')
        const db = dbms.because[0]!.because.find(b => b.element?.id === 'node.db')!
        expect(db.because[0]).toMatchObject({code: 'manual-condition-false', value: false})
        expect(e.rootCauses.inputs.map(i => i.name)).toEqual(['mode'])
        expect(e.summary).toBe('Property "port@0" of node "dbms" is pruned: its container node "dbms" is absent (default condition: container, consistency)')
    })

    it('says what a value override replaced', () => {
        const e = explain(CHAIN, 'node.db', {presets: ['prod'], assignments: [{name: 'mode', value: 'dev', source: {kind: 'set'}}]})
        expect(e.code).toBe('manual-condition-false')
        expect(e.rootCauses.inputs[0]!.text).toBe('mode: dev — --set, overriding preset prod (prod)')
        const term = e.because[0]!.terms.find(t => t.text.startsWith('{equal'))!
        expect(term).toMatchObject({value: false, inputs: [{name: 'mode', value: 'dev', source: {kind: 'set'}}]})
    })

    it('renders the verdict and root causes before the chain, with locations', () => {
        const text = renderExplanation(explain(CHAIN, 'node.dbms', {presets: ['dev']}))
        const lines = text.split('\n')
        expect(lines[0]).toBe('Node "dbms" is pruned: no incoming relation is present (default condition: incoming, semantic)')
        expect(text.indexOf('decided by:')).toBeLessThan(text.indexOf('because:'))
        expect(text).toContain('input mode: dev — preset dev')
        expect(text).toMatch(/shop\.yaml:\d+:\d+/)
    })
})

describe('why an element is present', () => {
    it('reports an element without conditions', () => {
        const e = explain(CHAIN, 'node.app')
        expect(e).toMatchObject({verdict: 'present', code: 'no-conditions', decidedBy: 'conditions'})
    })

    it('lists every condition that holds', () => {
        const e = explain(CHAIN, 'node.db', {presets: ['prod']})
        expect(e.verdict).toBe('present')
        expect(e.code).toBe('all-conditions-hold')
        expect(e.because.map(b => [b.code, b.value])).toEqual([['manual-condition-true', true]])
    })

    it('says when the optimizer chose among several variants', () => {
        const circle = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options:
            node_default_condition: true
            node_default_condition_mode: incomingnaive
            node_pruning: true
            relation_pruning: true
            optimization_topology: min
            type_default_condition: true
    node_templates:
        a:
            type: a
            requirements:
                - uses: b
        b:
            type: b
            requirements:
                - uses: a
`
        const e = explain(circle, 'node.a')
        expect(e).toMatchObject({verdict: 'pruned', code: 'optimization-not-chosen', decidedBy: 'optimization'})
        expect(e.summary).toContain('min weight of node templates')
        // the circle a → b → a is decided by the optimizer: its condition is settled with it, not a cause, and not unrolled
        expect(e.because.map(b => [b.code, b.role])).toEqual([['default-incoming-none-present', 'consequence']])
        expect(e.because[0]!.reads?.map(r => r.id)).toEqual(['relation.uses@0.node.b'])
        expect(renderExplanation(e).match(/Node "a"/g)).toHaveLength(1)
    })
})

describe('why no variant exists', () => {
    const UNSAT = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            ha: {type: boolean, default: true}
        constraints:
            - {implies: [{node_presence: replica}, {node_presence: primary}]}
        options:
            type_default_condition: true
            expected_incoming_relation_check: false
    node_templates:
        primary:
            type: db
            conditions: {not: {variability_input: ha}}
        replica:
            type: db
            conditions: {variability_input: ha}
        unrelated:
            type: app
            conditions: {variability_input: ha}
`

    function failure(text: string): ResolutionFailure {
        try {
            decide(templateFromText(text, 'unsat.yaml'), {})
        } catch (e) {
            if (e instanceof ResolutionError) return e.resolution
            throw e
        }
        throw new Error('expected resolving to fail')
    }

    it('names a minimal set of conflicting conditions with locations and the inputs they read', () => {
        const f = failure(UNSAT)
        expect(f.failure.kind).toBe('unsatisfiable')
        const start =
            f.failure.kind === 'unsatisfiable'
                ? [...f.failure.variables, ...(f.failure.constraint !== undefined ? variables(f.prepared.constraints[f.failure.constraint]!.formula) : [])]
                : []
        const conflict = minimalConflict(f.prepared, start)
        expect(conflict.map(c => [c.kind, c.condition])).toEqual([
            ['condition', '{not: {variability_input: ha}}'],
            ['constraint', '{implies: [{node_presence: replica}, {node_presence: primary}]}'],
        ])
        expect(conflict[0]!.inputs).toEqual(['ha: true — default'])
        expect(conflict.every(c => /unsat\.yaml:\d+:\d+/.test(c.location ?? ''))).toBe(true)
    })

    it('says so when the search for a minimal conflict ran out of checks, showing every item it could not rule out', () => {
        const f = failure(UNSAT)
        const start = f.failure.kind === 'unsatisfiable' ? [...f.failure.variables] : []
        expect(isPartialConflict(minimalConflict(f.prepared, start))).toBe(false)
        const cut = minimalConflict(f.prepared, start, 2)
        expect(isPartialConflict(cut)).toBe(true)
        expect(cut.length).toBeGreaterThan(2)
        expect(cut.map(c => c.condition)).toEqual(expect.arrayContaining(['{not: {variability_input: ha}}', '{implies: [{node_presence: replica}, {node_presence: primary}]}']))
        expect(PARTIAL_NOTE).toMatch(/^the search for the smallest such set stopped after \d+ checks: some of these may not be needed$/)
    })

    it('keeps the tie of an ambiguous result', () => {
        const tie = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options:
            type_default_condition: true
            expected_incoming_relation_check: false
    node_templates:
        left:
            type: x
            conditions: {not: {node_presence: right}}
        right:
            type: x
            conditions: {not: {node_presence: left}}
`
        const f = failure(tie)
        expect(f.failure.kind).toBe('ambiguous')
        if (f.failure.kind !== 'ambiguous') return
        const differing = f.failure.variables.filter(v => f.failure.kind === 'ambiguous' && f.failure.chosen.get(v) !== f.failure.alternative.get(v))
        expect(differing.map(v => f.prepared.variables.owner(v).element.id).sort()).toEqual(['node.left', 'node.right'])
    })
})

describe('what would change a verdict', () => {
    it('finds verified input changes and presets that flip it', async () => {
        const {whatIf} = await import('../../src/engine/explain/index.js')
        const w = whatIf(templateFromText(CHAIN, 'shop.yaml'), {presets: ['dev']}, 'node.dbms')
        expect(w.verdict).toBe('pruned')
        expect(w.suggestions).toEqual(
            expect.arrayContaining([
                {changes: [{input: 'mode', from: 'dev', to: 'prod'}], preset: undefined, verdict: 'present'},
                {changes: [], preset: 'prod', verdict: 'present'},
            ]),
        )
        expect(w.impossible).toBe(false)
        // every suggestion holds when applied: resolve again with it
        for (const suggestion of w.suggestions) {
            const model = decide(templateFromText(CHAIN, 'shop.yaml'), {
                presets: ['dev', ...(suggestion.preset ? [suggestion.preset] : [])],
                assignments: suggestion.changes.map(c => ({name: c.input, value: c.to, source: {kind: 'set' as const}})),
            })
            expect(model.present(model.graph.element('node.dbms')!)).toBe(true)
        }
    })

    it('says so when no input can change the verdict', async () => {
        const {whatIf} = await import('../../src/engine/explain/index.js')
        const w = whatIf(templateFromText(CHAIN, 'shop.yaml'), {}, 'node.app')
        expect(w).toMatchObject({verdict: 'present', suggestions: [], impossible: true})
    })
})
