// Explanations follow the elements a condition reads, down a chain of hosts,
// to the depth asked for: each element is shown once per explanation and
// referred to ("see above") when met again. A hosting stack of 150 nodes, each
// hosted on the next, is the long chain; every element of it is explained. When
// the solver decided a stack (a constraint holds it up), the conditions it settled
// with each node are consequences, not followed.
import {describe, expect, it} from 'vitest'
import {DocumentExplainer, explainElement, explanationDocument, type Because, type Explanation} from '../../src/engine/explain/index.js'
import {RENEW_EVERY} from '../../src/engine/explain/document.js'
import {templateFromData} from '../../src/engine/load/index.js'
import {decide} from '../../src/engine/resolve/index.js'

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

/** Every element shown in full in the chains of an explanation, and every element referred to as shown above. */
function shown(list: readonly Because[], full: string[] = [], above: string[] = []): {full: string[]; above: string[]} {
    for (const b of list) {
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

    it('names the constraint first and marks the conditions the solver settled with the node as not causes, never following them back', () => {
        for (const i of [1, 75, SIZE - 2]) {
            const e = explainElement(model, model.graph.element(`node.node_${i}`)!)
            expect(e.because.map(b => b.code)).toEqual(['constraint-requires', 'default-condition-true', 'default-condition-true'])
            // a condition is a cause only where it reads a node propagation decided (the persistent top or bottom)
            // and is followed there; the others the solver settled with the node
            const ends = ['node.node_0', `node.node_${SIZE - 1}`]
            for (const b of e.because.slice(1)) {
                const read = b.because.map(c => c.element!.id)
                if (b.role === undefined) expect(read.length > 0 && read.every(id => ends.includes(id))).toBe(true)
                else expect([b.role, read]).toEqual(['consequence', []])
            }
            expect(e.because.filter(b => b.role === 'consequence')).toHaveLength(i === 75 ? 2 : 1)
            // what the constraint reads: the persistent top, followed (it has no conditions), and its hosting relation, decided with the node
            expect(e.because[0]!.because.map(b => [b.element!.id, b.code])).toEqual([
                ['node.node_0', 'no-conditions'],
                ['relation.host@0.node.node_0', 'constraint-requires'],
            ])
            const {full, above} = shown(e.because)
            expect(new Set(full).size).toBe(full.length)
            for (const id of above) expect(full).toContain(id)
            expect([...full, ...above]).not.toContain(e.element.id)
        }
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
