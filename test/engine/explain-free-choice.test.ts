// Explanations of a free choice: several variants satisfy every condition and constraint and
// nothing (optimization, a uniqueness check) chooses between them. The explanation says so —
// which elements were free, the preference that decided, the option that would decide
// instead — before the conditions, which hold in either variant and cannot be the reason.
import {describe, expect, it} from 'vitest'
import {explainElement, type Because} from '../../src/engine/explain/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide} from '../../src/engine/resolve/index.js'
import {buildReport} from '../../src/engine/report/index.js'
import {FREE_TECHNOLOGY as TEMPLATE} from '../helpers/templates.js'

function flatten(list: readonly Because[]): Because[] {
    return list.flatMap(b => [b, ...flatten(b.because)])
}

/** The report of resolving `text` without inputs. */
function reportOf(text: string) {
    const template = templateFromText(text)
    return buildReport({template, templateName: 'template.yaml', presets: [], argv: ['trellis', 'resolve', 'template.yaml'], now: new Date(0)}, {model: decide(template, {})})
}

function explain(id: string) {
    const model = decide(templateFromText(TEMPLATE), {})
    return explainElement(model, model.graph.element(id)!)
}

describe('a free choice between a technology and its default alternative', () => {
    it('the kept alternative is explained as a free choice, naming the other free element and the deciding option', () => {
        const e = explain('technology.terraform@0.node.n')
        expect(e.verdict).toBe('present')
        expect(e.code).toBe('free-choice-present')
        expect(e.decidedBy).toBe('preference')
        expect(e.summary).toContain('nothing chose between them, together with Technology "ansible@1" of node "n"')
        expect(e.summary).toContain('of the two, Trellis keeps the one written first')
        expect(e.summary).toContain('optimization_technologies')
    })

    it('the default alternative is pruned by the choice, not by the alternative it left present', () => {
        const e = explain('technology.ansible@1.node.n')
        expect(e.code).toBe('free-choice-pruned')
        expect(e.because[0]).toMatchObject({kind: 'free-choice', code: 'free-choice-pruned'})
        expect(e.because[0]!.text).not.toContain('is present')
    })

    it('no reason leads back to the explained alternative: what reads the other one is no cause', () => {
        for (const [self, other] of [
            ['technology.ansible@1.node.n', 'technology.terraform@0.node.n'],
            ['technology.terraform@0.node.n', 'technology.ansible@1.node.n'],
        ]) {
            const e = explain(self!)
            const links = flatten(e.because)
            expect(links.some(b => b.seeAbove === self)).toBe(false)
            // the other alternative is never followed into its own conditions
            for (const link of links.filter(b => b.kind === 'element' && b.element?.id === other)) expect(link.because.every(b => b.kind === 'free-choice')).toBe(true)
            // a reason reading the other alternative is said as decided together with it, not as a cause
            const reading = e.because.filter(b => b.reads?.some(r => r.id === other))
            expect(reading.length).toBeGreaterThan(0)
            for (const b of reading) expect(b.role).toBeDefined()
        }
    })

    it('the report lists the free choice with the elements it decided', () => {
        const report = reportOf(TEMPLATE)
        expect(report.optimization.freeChoices).toEqual([
            {
                rule: 'first-of-two',
                decide: expect.stringContaining('optimization_technologies'),
                elements: [
                    {id: 'technology.terraform@0.node.n', display: 'Technology "terraform@0" of node "n"', present: true},
                    {id: 'technology.ansible@1.node.n', display: 'Technology "ansible@1" of node "n"', present: false},
                ],
            },
        ])
    })
})

describe('a tie at the optimum: two technology rules of one weight (rc_3 optimizes, without the uniqueness check)', () => {
    const TIE = `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types: {app: {derived_from: tosca.nodes.Root}}
topology_template:
    variability:
        technology_rules: [{technology: t1, component: app, weight: 0.5}, {technology: t2, component: app, weight: 0.5}]
    node_templates: {n: {type: app}}
`
    const model = () => decide(templateFromText(TIE), {})

    it('each technology is a free choice, said as a tie the optimizer cannot break, with the options that would', () => {
        const m = model()
        const kept = explainElement(m, m.graph.element('technology.t1@0.node.n')!)
        expect(kept.code).toBe('free-choice-present')
        expect(kept.summary).toContain('equally good at the optimum')
        expect(kept.summary).toContain("the variant the reference's optimizer lands on")
        expect(kept.summary).toContain('optimization_technologies_unique: true')
        expect(kept.summary).not.toContain('nothing chose between them')
        expect(explainElement(m, m.graph.element('technology.t2@1.node.n')!).code).toBe('free-choice-pruned')
    })

    it('weights that differ leave the choice to the optimizer', () => {
        const m = decide(templateFromText(TIE.replace('technology: t2, component: app, weight: 0.5', 'technology: t2, component: app, weight: 0.25')), {})
        expect(explainElement(m, m.graph.element('technology.t1@0.node.n')!).code).toBe('optimization-chosen')
    })

    it('the report lists it as a tie', () => {
        const report = reportOf(TIE)
        expect(report.optimization.freeChoices).toMatchObject([
            {
                rule: 'tie',
                elements: [
                    {id: 'technology.t1@0.node.n', present: true},
                    {id: 'technology.t2@1.node.n', present: false},
                ],
            },
        ])
    })
})
