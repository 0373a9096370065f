// What an explanation calls a cause: what decided the verdict, followed back to the
// inputs, never the conditions the verdict itself settles, and never an element
// already on the way. A shop that needs exactly one host among three platforms
// (the hosting stack constraint), one of them chosen by an input, is the shape of
// real templates: a kept platform node is required by the constraint, which reads
// the other platforms' hosting relations, pruned because of the input.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
    conflictInputs,
    conflictOf,
    explainElement,
    explanationDocument,
    explanationLines,
    failureSummary,
    renderExplanation,
    type Because,
    type Explanation,
} from '../../src/engine/explain/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide, ResolutionError, type ResolvedModel, type ResolveRequest} from '../../src/engine/pipeline.js'
import {template as generated} from '../properties/generate.js'
import {CHAIN} from '../helpers/templates.js'

const SHOP = `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types:
    app: {derived_from: tosca.nodes.Root}
    runtime: {derived_from: tosca.nodes.Root}
    paas: {derived_from: tosca.nodes.Root}
    machine: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
    cloud: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
    cluster: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
topology_template:
    variability:
        inputs:
            platform: {type: string, default: paas}
            large: {type: boolean, default: false}
        technology_rules:
            - {technology: ansible, component: app, hosting: [runtime, machine]}
            - {technology: terraform, component: app, hosting: [paas, cloud]}
            - {technology: helm, component: app, hosting: [cluster]}
            - {technology: terraform, component: paas}
            - {technology: ansible, component: runtime, hosting: [machine]}
    node_templates:
        store:
            type: app
            persistent: true
            properties:
                - size: {value: small, conditions: {not: {variability_input: large}}}
                - size: {value: large, conditions: {variability_input: large}}
            requirements:
                - host: runtime
                - host: paas
                - host: cluster
        runtime:
            type: runtime
            requirements:
                - host: machine
        machine:
            type: machine
            conditions: {equal: [{variability_input: platform}, vm]}
        paas:
            type: paas
            requirements:
                - host: cloud
        cloud:
            type: cloud
            conditions: {equal: [{variability_input: platform}, paas]}
        cluster:
            type: cluster
            conditions: {equal: [{variability_input: platform}, k8s]}
`

// templates from text look for the default rules files in this (empty) directory
let EMPTY = ''
beforeAll(() => {
    EMPTY = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-causes-'))
})
afterAll(() => fs.rmSync(EMPTY, {recursive: true, force: true}))

function model(text: string, request: ResolveRequest = {}): ResolvedModel {
    return decide(templateFromText(text, 'shop.yaml', EMPTY), request)
}

const set = (name: string, value: unknown): ResolveRequest => ({assignments: [{name, value, source: {kind: 'set'}}]})

/** The chains (as ids) that reach an element already on their path, the explained one included. */
function revisits(list: readonly Because[], path: readonly string[]): string[] {
    const found: string[] = []
    for (const r of list)
        for (const b of r.because) {
            const id = b.kind === 'reference' ? b.seeAbove : b.element?.id
            if ((b.kind !== 'element' && b.kind !== 'reference') || id === undefined) continue
            if (path.includes(id)) found.push([...path, id].join(' → '))
            else if (b.kind === 'element') found.push(...revisits(b.because, [...path, id]))
        }
    return found
}

/** Every element link in an explanation, at any depth. */
function links(list: readonly Because[], out: Because[] = []): Because[] {
    for (const b of list) {
        if (b.kind === 'element' || b.kind === 'reference') out.push(b)
        links(b.because, out)
    }
    return out
}

/** The models the properties below are checked on: the shop with each platform, and the chain helper. */
function models(): ResolvedModel[] {
    return [model(SHOP), model(SHOP, set('platform', 'vm')), model(SHOP, set('platform', 'k8s')), model(CHAIN, {presets: ['dev']}), model(CHAIN, {presets: ['prod']})]
}

describe('a node the solver kept because a constraint needs it', () => {
    const m = model(SHOP)
    const e = explainElement(m, m.graph.element('node.paas')!)

    it('is explained by the constraint, not as a choice of the optimizer', () => {
        expect(e).toMatchObject({verdict: 'present', code: 'constraint-requires', decidedBy: 'solver'})
        expect(e.because[0]).toMatchObject({kind: 'constraint', code: 'constraint-requires', condition: '{hosting_stack_constraint: true}'})
    })

    it('follows what the constraint reads down to the input that pruned the other platforms', () => {
        const read = e.because[0]!.because.map(b => [b.element!.id, b.code])
        expect(read).toEqual([
            ['node.store', 'no-conditions'],
            ['relation.host@0.node.store', 'target-absent'],
            ['relation.host@1.node.store', 'constraint-requires'],
            ['relation.host@2.node.store', 'target-absent'],
        ])
        expect(e.rootCauses.inputs.map(i => i.text)).toEqual(['platform: paas — default'])
        expect(e.rootCauses.conditions.map(c => c.element)).toEqual(['node.machine', 'node.cluster'])
    })

    it('says its own conditions were settled with it instead of explaining them through itself', () => {
        const own = e.because.slice(1)
        expect(own.map(b => [b.code, b.role])).toEqual([
            ['default-condition-true', 'consequence'],
            ['default-condition-true', 'consequence'],
        ])
        expect(own.every(b => b.because.length === 0)).toBe(true)
        const text = renderExplanation(e).split('\n')
        expect(text.filter(line => line.includes('Node "paas"'))).toEqual([text[0]])
        expect(text.length).toBeLessThanOrEqual(25)
    })
})

describe('chains', () => {
    it('never come back to an element on their way, on the shop and on random templates', () => {
        for (const m of models()) for (const element of m.graph.elements) expect(revisits(explainElement(m, element).because, [element.id]), element.id).toEqual([])
        fc.assert(
            fc.property(generated(), g => {
                let m: ResolvedModel
                try {
                    m = decide(templateFromText(g.text, 'random.yaml', EMPTY), {})
                } catch {
                    return
                }
                for (const element of m.graph.elements) expect(revisits(explainElement(m, element).because, [element.id]), element.id).toEqual([])
            }),
            {numRuns: 50},
        )
    })

    it('show each element with the code its own explanation gives it', () => {
        for (const m of models())
            for (const element of m.graph.elements)
                for (const link of links(explainElement(m, element).because))
                    expect(link.code, `${element.id} → ${link.element!.id}`).toBe(explainElement(m, m.graph.element(link.element!.id)!).code)
    })

    it("are the same lines in the wizard's why view as on the command line, which name the element explained in the first only", () => {
        for (const m of models())
            for (const element of m.graph.elements) {
                const e = explainElement(m, element)
                const lines = explanationLines(e)
                expect(lines.map(l => l.text).join('\n')).toBe(renderExplanation(e))
                for (const l of lines.slice(1)) {
                    expect(l.refs, `${element.id}: ${l.text}`).not.toContain(element.id)
                    expect(l.text, element.id).not.toContain(element.display)
                }
            }
    })

    it('cut by --depth keep the verdict, the code and the inputs that decided', () => {
        const same = (e: Explanation) => ({verdict: e.verdict, code: e.code, decidedBy: e.decidedBy, inputs: e.rootCauses.inputs.map(i => i.name)})
        for (const m of models())
            for (const element of m.graph.elements) {
                const full = same(explainElement(m, element))
                for (const depth of [0, 1, 2]) expect(same(explainElement(m, element, {depth})), `${element.id} at depth ${depth}`).toEqual(full)
            }
    })

    it('at depth 1 still name the pruned element a chain reaches with its own reason code', () => {
        const m = model(SHOP)
        const e = explainElement(m, m.graph.element('relation.host@0.node.store')!, {depth: 1})
        expect(e.because[0]!.because.map(b => [b.element!.id, b.code, b.because.length])).toEqual([['node.runtime', 'default-host-absent', 0]])
    })

    it('say the same of every element in a whole document, whatever the depth', () => {
        const template = templateFromText(SHOP, 'shop.yaml', EMPTY)
        const m = decide(template, {})
        const deep = explanationDocument(template, m)
        const shallow = explanationDocument(template, m, {depth: 1})
        expect(shallow.inputs).toEqual(deep.inputs)
        expect(shallow.elements.map(e => [e.id, e.present, e.code, e.dependsOnInputs])).toEqual(deep.elements.map(e => [e.id, e.present, e.code, e.dependsOnInputs]))
    })
})

describe('a conflict', () => {
    function failure(request: ResolveRequest) {
        try {
            model(SHOP, request)
        } catch (e) {
            if (e instanceof ResolutionError) return e.resolution
            throw e
        }
        throw new Error('expected no variant')
    }

    it('names the input values that take part in it, with where each came from', () => {
        const f = failure({presets: [], assignments: [{name: 'platform', value: 'none', source: {kind: 'set'}}]})
        const items = conflictOf(f)
        expect(items.map(i => i.condition)).toEqual(
            expect.arrayContaining([
                '{equal: [{variability_input: platform}, vm]}',
                '{equal: [{variability_input: platform}, paas]}',
                '{equal: [{variability_input: platform}, k8s]}',
            ]),
        )
        expect(conflictInputs(items)).toEqual(['platform: none — --set'])
        expect(failureSummary(f)).toContain('with the input value platform: none — --set')
    })

    it('does not blame a constraint the template keeps: two properties of one name, each under its own condition', () => {
        // taken away, the properties' conditions would leave both present and break "at most one property size"
        const items = conflictOf(failure(set('platform', 'none')))
        expect(items.some(i => i.condition === '{unique_property_constraint: true}')).toBe(false)
    })
})
