// The Markdown report read as plain text (a reviewer's diff, a terminal): no line
// runs long however large the template, an anchor only where a link lands, each
// on a line of its own, and rendered (GitHub-flavoured Markdown, read by `marked`,
// which comes with mermaid) every link lands on an anchor inside the item or
// heading it belongs to. The optimizer's decisions are said in words.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {renderMarkdown} from '../../src/app/report/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {buildReport} from '../../src/engine/report/index.js'
import {inPageLinks, NOW, storeTemplate, unwrapped} from './fixtures.js'
import {resolved} from '../helpers/v4t.js'

let EMPTY = ''
beforeAll(() => {
    EMPTY = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-plain-'))
})
afterAll(() => fs.rmSync(EMPTY, {recursive: true, force: true}))

function report(text: string, name: string) {
    const loaded = templateFromText(text, name, EMPTY)
    const model = resolved(loaded, {}).model!
    const data = buildReport({template: loaded, templateName: name, presets: [], argv: ['trellis', 'resolve', name], now: NOW}, {model})
    return {data, markdown: renderMarkdown(data, {report: '/work/reports', working: '/work'})}
}

describe('the report of a large template as plain text', () => {
    const {data, markdown} = report(storeTemplate(150, 4), 'store.yaml')
    const lines = markdown.split('\n')

    it('has no line over 200 characters, and its prose fits 100 columns but for a word that cannot be broken', () => {
        expect(data.pruned.length).toBeGreaterThan(1000)
        expect(Math.max(...lines.map(l => l.length))).toBeLessThanOrEqual(200)
        // beyond 100: fenced blocks, tables, and a row holding a long code span
        expect(lines.filter(l => l.length > 100 && !/^\s*```|^\s{4}|^\|/.test(l) && !/`[^`]{60,}`/.test(l))).toEqual([])
    })

    it('has an anchor only where a link lands, each on a line of its own (a heading holds one)', () => {
        const {links, anchors, unreferenced} = inPageLinks(markdown)
        expect(unreferenced).toEqual([])
        // the 150 workers and their 600 properties are pruned through the machine: only the machine is linked
        expect(anchors.map(a => a.id)).toEqual(['node.machine'])
        expect(new Set(links)).toEqual(new Set(['node.machine']))
        for (const l of lines.filter(l => l.includes('<a id='))) expect(l).toMatch(/^(### <a id="[^"]+"><\/a>[^<]*|\s*(- )?<a id="[^"]+"><\/a>)$/)
    })

    it('rendered, has every link land on an anchor in the item or heading it belongs to', () => {
        const {links, anchors, unresolved} = inPageLinks(markdown)
        expect(links.length).toBeGreaterThan(0)
        expect(unresolved).toEqual([])
        for (const {within} of anchors) expect(within.some(t => t.type === 'list_item' || t.type === 'heading')).toBe(true)
        // the workers' item names them in code spans, without an anchor (no link lands on one)
        expect(unwrapped(markdown)).toMatch(/\n- Nodes `worker_0`, `worker_1`, /)
        expect(markdown).not.toContain('<a id="node.worker_0">')
    })
})

describe('the optimizer in words', () => {
    it('says what each number it reached counts, step by step, with the options as the specification names them', () => {
        const text = `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types:
    app: {derived_from: tosca.nodes.Root}
    paas: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
topology_template:
    variability:
        technology_rules:
            - {technology: terraform, component: app, hosting: [paas], weight: 2}
            - {technology: ansible, component: app, hosting: [paas], weight: 1}
    node_templates:
        store:
            type: app
            persistent: true
            requirements:
                - host: paas
        paas:
            type: paas
            weight: 3
`
        const markdown = unwrapped(report(text, 'store.yaml').markdown)
        expect(markdown).toContain(
            'Decision 1: several variants satisfied every condition of a part of 5 elements. In this part, the optimizer looked first for the lowest total weight of the node templates kept (3), then for the highest total weight of the technologies kept (2), then for the fewest different technologies kept (1); it kept Node `paas`',
        )
        expect(markdown).toContain(
            '- Technologies: the optimizer looks for the highest total weight of the technologies kept, then the fewest different technologies kept (`optimization_technologies: max`, `optimization_technologies_mode: weight-count`, `optimization_technologies_unique: false`; default of tosca_variability_1_0_rc_3)',
        )
        expect(markdown).not.toMatch(/reached \d+ \//)
    })
})
