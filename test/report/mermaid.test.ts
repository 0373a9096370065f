// @vitest-environment jsdom
// The topology diagram is checked by Mermaid's own parser (mermaid needs a DOM: jsdom).
import mermaid from 'mermaid'
import {describe, expect, it} from 'vitest'
import {MAX_NODES, renderMarkdown, renderMermaid} from '../../src/app/report/index.js'
import type {ReportTopology} from '../../src/engine/report/index.js'
import {sampleReport, unwrapped} from './fixtures.js'

const parse = (text: string) => mermaid.parse(text)

function mermaidBlocks(markdown: string): string[] {
    return [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map(m => m[1]!)
}

describe('the Mermaid topology', () => {
    it('rejects a broken diagram (the parser really parses)', async () => {
        await expect(parse('flowchart TB\n    a["x] --> b\n')).rejects.toThrow()
    })

    it('of the web-shop sample is accepted as a flowchart', async () => {
        const blocks = mermaidBlocks(renderMarkdown(sampleReport(['prod'])))
        expect(blocks).toHaveLength(1)
        await expect(parse(blocks[0]!)).resolves.toMatchObject({diagramType: 'flowchart-v2'})
        await expect(parse(mermaidBlocks(renderMarkdown(sampleReport(['dev'])))[0]!)).resolves.toBeTruthy()
    })

    it('marks pruned nodes and relations: class, dashed arrow, words, legend', () => {
        const text = renderMermaid(sampleReport(['prod']).topology).text
        expect(text).toContain('n1["vm_runtime (pruned)<br/>node.Runtime"]:::pruned')
        expect(text).toContain('n0 -.->|"host (pruned)"| n1')
        expect(text).toContain('n0 -->|"host"| n3')
        expect(text).toMatch(/classDef pruned .*stroke-dasharray/)
        expect(text).toContain('subgraph legend [Legend]')
        expect(text).toMatch(/linkStyle 0,3,4,6 /)
    })

    it('styles many pruned arrows in statements of 16 each, so no line of the diagram grows with the template', async () => {
        const nodes = Array.from({length: 41}, (_, i) => ({id: `node.n${i}`, name: `n${i}`, type: null, present: i === 0, conditional: false, technologies: []}))
        const relations = nodes.slice(1).map((n, i) => ({id: `relation.r${i}`, name: `r${i}`, source: 'node.n0', target: n.id, present: false}))
        const text = renderMermaid({nodes, relations}).text
        const styles = text.split('\n').filter(l => l.trimStart().startsWith('linkStyle'))
        expect(styles.map(l => /linkStyle ([\d,]+) /.exec(l)![1]!.split(',').length)).toEqual([16, 16, 8])
        await expect(parse(text)).resolves.toBeTruthy()
    })

    it('escapes names Mermaid would read as syntax', async () => {
        const names = ['a "quoted" name', 'end', 'x|y', 'hash#1', '<b>bold</b>', 'back`tick', 'semi;colon', 'ünïcødé → 雲', 'graph', 'a&b']
        const topology: ReportTopology = {
            nodes: names.map((name, i) => ({
                id: `node.${name}`,
                name,
                type: i % 2 ? `t.${name}` : null,
                present: i % 3 === 0 ? false : true,
                conditional: i % 2 === 0,
                technologies: [],
            })),
            relations: names.slice(1).map((name, i) => ({id: `relation.${name}`, name, source: `node.${names[i]}`, target: `node.${name}`, present: i % 2 === 0})),
        }
        const text = renderMermaid(topology).text
        await expect(parse(text)).resolves.toBeTruthy()
        expect(text).toContain('#quot;quoted#quot;')
        expect(text).not.toContain('<b>')
    })

    it('draws a node with conditions of its own with a bold border', () => {
        const text = renderMermaid({
            nodes: [
                {id: 'node.a', name: 'a', type: null, present: true, conditional: true, technologies: []},
                {id: 'node.b', name: 'b', type: null, present: true, conditional: false, technologies: []},
            ],
            relations: [],
        }).text
        expect(text).toContain('n0["a"]:::conditional')
        expect(text).toContain('n1["b"]\n')
        expect(text).toContain('classDef conditional stroke-width:3px')
    })

    it(`collapses beyond ${MAX_NODES} node templates, says so, and still parses`, async () => {
        const count = 80
        const topology: ReportTopology = {
            nodes: Array.from({length: count}, (_, i) => ({id: `node.n${i}`, name: `n${i}`, type: 'app', present: i % 4 !== 0, conditional: false, technologies: []})),
            relations: Array.from({length: count - 1}, (_, i) => ({id: `relation.r${i}`, name: 'dep', source: `node.n${i + 1}`, target: `node.n${i}`, present: i % 4 !== 3})),
        }
        const diagram = renderMermaid(topology)
        expect(diagram.shown + diagram.collapsed).toBe(count)
        expect(diagram.shown).toBe(MAX_NODES - 1)
        // the 20 pruned nodes are all drawn; the box holds unchanged ones
        expect(diagram.text.split(' (pruned)<br/>').length - 1).toBe(20)
        expect(diagram.text).toMatch(/more_nodes\["21 unchanged node templates \(present, no conditions\), not drawn"\]:::collapsed/)
        await expect(parse(diagram.text)).resolves.toBeTruthy()
        const small = renderMermaid({nodes: topology.nodes.slice(0, MAX_NODES), relations: []})
        expect(small.collapsed).toBe(0)
        expect(small.shown).toBe(MAX_NODES)
    })

    it('says in the Markdown when it collapsed', () => {
        const report = sampleReport(['prod'])
        const big = {
            ...report,
            topology: {
                nodes: Array.from({length: 70}, (_, i) => ({id: `node.n${i}`, name: `n${i}`, type: null, present: true, conditional: false, technologies: []})),
                relations: [],
            },
        }
        expect(unwrapped(renderMarkdown(big))).toContain(
            'The template has 70 node templates: the diagram draws 59 of them (the pruned and conditional ones first) and collapses the other 11 into one box.',
        )
    })
})
