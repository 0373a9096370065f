// Explanations follow the elements a condition reads, down a chain of hosts,
// to the depth asked for: each element is shown once per explanation and
// referred to ("see above") when met again. A hosting stack of 150 nodes, each
// hosted on the next, is the long chain; every element of it is explained.
import {describe, expect, it} from 'vitest'
import {DocumentExplainer, explainElement, explanationDocument, type Because, type Explanation} from '../../src/engine/explain/index.js'
import {RENEW_EVERY} from '../../src/engine/explain/document.js'
import {templateFromData} from '../../src/engine/load/index.js'
import {decide} from '../../src/engine/pipeline.js'

const SIZE = 150

/** node_0 hosted on node_1 … on node_149; which ends are persistent, and the pruning options. */
function hostingStack(options: Record<string, unknown>, persistent: readonly number[], size = SIZE) {
    const nodes: Record<string, Record<string, unknown>> = {}
    for (let i = 0; i < size; i++) {
        nodes[`node_${i}`] = {type: 'tosca.nodes.Root', ...(i + 1 < size ? {requirements: [{host: `node_${i + 1}`}]} : {}), ...(persistent.includes(i) ? {persistent: true} : {})}
    }
    const template = templateFromData({
        tosca_definitions_version: 'tosca_variability_1_0',
        topology_template: {variability: {options: {mode: 'semantic-loose', ...options}}, node_templates: nodes},
    })
    return {template, model: decide(template, {})}
}

/** The elements shown in full along the first chain of reasons: the element each first reason leads to. */
function firstChain(e: Explanation): string[] {
    const ids: string[] = []
    let reasons: readonly Because[] = e.because
    for (;;) {
        const next = reasons[0]?.because.find(b => b.kind === 'element')
        if (!next) return ids
        ids.push(next.element!.id)
        reasons = next.because
    }
}

/** Every element shown in full in the chains of an explanation (not the elements a constraint reads), and every element referred to as shown above. */
function shown(list: readonly Because[], full: string[] = [], above: string[] = []): {full: string[]; above: string[]} {
    for (const b of list) {
        if (b.kind === 'constraint') continue
        if (b.kind === 'element' && b.element) full.push(b.element.id)
        if (b.seeAbove) above.push(b.seeAbove)
        shown(b.because, full, above)
    }
    return {full, above}
}

describe('a stack of hosts (node default condition host)', () => {
    const {model} = hostingStack({node_default_condition_mode: 'host'}, [SIZE - 1])
    const top = model.graph.element('node.node_0')!

    it('follows the chain of the top node down to the persistent bottom when asked to go that deep', () => {
        const e = explainElement(model, top, {depth: SIZE})
        expect(e.verdict).toBe('present')
        const chain = firstChain(e)
        expect(chain).toEqual(Array.from({length: SIZE - 1}, (_, i) => `node.node_${i + 1}`))
        const bottom = JSON.stringify(e).match(/"code":"no-conditions","text":"Node \\"node_149\\" is present"/)
        expect(bottom).not.toBeNull()
    })

    it('stops at the depth limit, 8 elements down by default', () => {
        const chain = firstChain(explainElement(model, top))
        expect(chain).toEqual(Array.from({length: 8}, (_, i) => `node.node_${i + 1}`))
        const last = explainElement(model, top).because[0]!
        let deepest: Because = last
        while (deepest.because[0]) deepest = deepest.because[0]
        expect(deepest).toMatchObject({kind: 'element', element: {id: 'node.node_8'}, because: []})
    })
})

describe('a stack of hosts held up by the hosting stack constraint (incoming-host, persistent top and bottom)', () => {
    const {template, model} = hostingStack({node_default_condition_mode: 'incoming-host', hosting_stack_constraint: true}, [0, SIZE - 1])

    it('explains every element: the hosting stack constraint of the top node requires each node in between', () => {
        const document = explanationDocument(template, model)
        expect(document.elements).toHaveLength(model.graph.elements.length)
        const nodes = document.elements.filter(e => e.kind === 'node')
        expect(nodes).toHaveLength(SIZE)
        const between = nodes.filter(e => e.id !== 'node.node_0' && e.id !== `node.node_${SIZE - 1}`)
        for (const e of between) {
            expect(e).toMatchObject({present: true, decidedBy: 'solver', code: 'constraint-requires', dependsOnInputs: false})
            expect(e.reason).toContain('the hosting_stack_constraint option (node "node_0" has exactly one hosting relation) requires it')
            expect(e.because[0]!.refs).toEqual(['node.node_0', 'relation.host@0.node.node_0'])
        }
        const relations = document.elements.filter(e => e.kind === 'relation')
        expect(relations).toHaveLength(SIZE - 1)
        expect(relations.every(e => e.present)).toBe(true)
    })

    it('shows each element of a chain once and refers back to it when met again', () => {
        for (const i of [1, 75, SIZE - 2]) {
            const e = explainElement(model, model.graph.element(`node.node_${i}`)!)
            const {full, above} = shown(e.because)
            expect(new Set(full).size).toBe(full.length)
            // a reference points to the element explained or to one shown in full in this explanation
            for (const id of above) expect([e.element.id, ...full]).toContain(id)
            expect(above.length).toBeGreaterThan(0)
        }
    })

    it('follows a middle node down its hosts, eight elements deep', () => {
        const e = explainElement(model, model.graph.element('node.node_75')!)
        // the constraint first (not followed), then the node's own conditions: its incoming relation, then its host
        expect(e.because.map(b => b.code)).toEqual(['constraint-requires', 'default-condition-true', 'default-condition-true'])
        const host = e.because[2]!
        expect(host.because[0]!.element!.id).toBe('node.node_76')
        const {full} = shown([host])
        expect(full).toContain('node.node_79')
        expect(full).not.toContain('node.node_84')
    })

    it('explains each element of a whole document as it explains that element alone', () => {
        // the document's explainer lets go of what it worked out every few hundred elements (memory at
        // 100,000 nodes): a chain that reaches back past that must read the same
        const {template, model} = hostingStack({hosting_stack_constraint: true}, [399], 400)
        const document = explanationDocument(template, model)
        expect(document.elements.length).toBeGreaterThan(2 * RENEW_EVERY)
        for (const [i, e] of document.elements.entries()) {
            if (i % 7 !== 0 && i < document.elements.length - 20) continue
            expect(e).toEqual(new DocumentExplainer(model).element(model.graph.element(e.id)!))
        }
    })
})
