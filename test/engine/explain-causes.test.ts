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
import {renderExplanation} from '../../src/app/explanation-text.js'
import {explainElement, explanationDocument, explanationLines} from '../../src/engine/explain/index.js'
import {conflictInputs, conflictOf, failureNotes, failureSummary} from '../../src/engine/resolve/index.js'
import {loadTemplate, templateFromText} from '../../src/engine/load/index.js'
import {decide, readDefinitionOf, ResolutionError, type ResolvedModel, type ResolveRequest} from '../../src/engine/resolve/index.js'
import {template as generated} from '../properties/generate.js'
import {CHAIN} from '../helpers/templates.js'
import {auditExplanations, revisits} from '../../scripts/explain-audit.mjs'

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

const ENGINE = {explainElement, explanationLines, renderExplanation}

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
        for (const m of models()) expect(auditExplanations(m, ENGINE).misses.codes).toEqual([])
    })

    it("are the same lines in the wizard's why view as on the command line, which name the element explained in the first only", () => {
        for (const m of models()) {
            const {misses} = auditExplanations(m, ENGINE)
            expect(misses.whyView).toEqual([])
            expect(misses.namesItself).toEqual([])
        }
    })

    it('cut by --depth keep the verdict, the code and the inputs that decided', () => {
        for (const m of models()) expect(auditExplanations(m, ENGINE).misses.cut).toEqual([])
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

describe('every element of the bundled samples, without a preset and with each of theirs', () => {
    const root = path.resolve(import.meta.dirname, '../../sample-templates')
    const samples = fs.readdirSync(root).filter(name => fs.existsSync(path.join(root, name, 'variable-service-template.yaml')))

    it.each(samples)('%s: no chain comes back, the element is named once, links carry their own codes, a cut keeps every verdict', async name => {
        const template = await loadTemplate(path.join(root, name, 'variable-service-template.yaml'))
        for (const presets of [[], ...[...readDefinitionOf(template).presets.keys()].map(p => [p])]) {
            const audit = auditExplanations(decide(template, {presets}), ENGINE)
            expect(audit.elements).toBeGreaterThan(0)
            expect(audit.misses, `${name} ${presets.join(' ')}`).toEqual({revisits: [], namesItself: [], whyView: [], codes: [], cut: []})
        }
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
        expect(failureNotes(f)[0]).toBe('with the input value platform: none — --set')
        expect(failureSummary(f)).not.toContain('platform')
    })

    it('does not blame a constraint the template keeps: two properties of one name, each under its own condition', () => {
        // taken away, the properties' conditions would leave both present and break "at most one property size"
        const items = conflictOf(failure(set('platform', 'none')))
        expect(items.some(i => i.condition === '{unique_property_constraint: true}')).toBe(false)
    })
})
