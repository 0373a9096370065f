// The Markdown report grows with the decisions, not with the elements they prune:
// N nodes hosted on a node an input removes, and N technology candidates of a kept
// node that need it, are said once each (an anchor only where a link lands), so
// the report says as many lines for 2 of them as for 30.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {renderMarkdown} from '../../src/app/report/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {buildReport} from '../../src/engine/report/index.js'
import {NOW, storeTemplate, unwrapped} from './fixtures.js'
import {resolved} from '../helpers/v4t.js'

let EMPTY = ''
beforeAll(() => {
    EMPTY = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-decisions-'))
})
afterAll(() => fs.rmSync(EMPTY, {recursive: true, force: true}))

function report(n: number) {
    const loaded = templateFromText(storeTemplate(n), 'store.yaml', EMPTY)
    const model = resolved(loaded, {}).model!
    const data = buildReport({template: loaded, templateName: 'store.yaml', presets: [], argv: ['trellis', 'resolve', 'store.yaml'], now: NOW}, {model})
    // what each line says, its rows joined
    return {data, markdown: unwrapped(renderMarkdown(data))}
}

describe('a report of siblings pruned by one decision', () => {
    it('says as many lines for 2 of them as for 30, anchors included, but for the diagram, which draws each node', () => {
        const small = report(2)
        const large = report(30)
        expect(large.data.pruned.length).toBeGreaterThan(small.data.pruned.length + 50)
        const words = (markdown: string) => markdown.replace(/```mermaid[\s\S]*?```/, '').split('\n').length
        expect(words(large.markdown)).toBe(words(small.markdown))
    })

    it('names the workers in one line under the machine, and the candidates in one line for the store, the one kept first and the pruned linking to the machine', () => {
        const {data, markdown} = report(30)
        const why = markdown.slice(markdown.indexOf('## Why each element is pruned'), markdown.indexOf('## Optimization'))
        // the machine's heading holds its anchor: the candidates link it
        expect(why).toContain('### <a id="node.machine"></a>Node `machine`')
        expect(why.split('\n').filter(l => l.includes('Nodes `worker_0`, `worker_1`'))).toHaveLength(1)
        const store = why.split('\n').filter(l => l.includes('Node `store`: `terraform@0` kept ('))
        expect(store).toHaveLength(1)
        expect(store[0]).toContain('30 candidates pruned')
        expect(store[0]).toContain('(see [Node `machine`](#node.machine))')
        // the one anchor: the machine's, where the link lands
        expect([...why.matchAll(/<a id="([^"]+)"><\/a>/g)].map(m => m[1])).toEqual(['node.machine'])
        expect(data.pruned.length).toBeGreaterThan(60)
    })
})

describe('the technology candidates of nodes kept', () => {
    it('are one item for the nodes whose candidates read alike, and one for each other node', () => {
        const text = `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types:
    app: {derived_from: tosca.nodes.Root}
    db: {derived_from: tosca.nodes.Root}
    paas: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
    machine: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
topology_template:
    variability:
        technology_rules:
            - {technology: terraform, component: app, hosting: [paas]}
            - {technology: ansible, component: app, hosting: [machine]}
            - {technology: compose, component: app, hosting: [machine]}
            - {technology: terraform, component: db, hosting: [paas]}
            - {technology: ansible, component: db, hosting: [machine]}
    node_templates:
        store:
            type: app
            persistent: true
            requirements: [{host: paas}, {host: machine}]
        shop:
            type: app
            persistent: true
            requirements: [{host: paas}, {host: machine}]
        data:
            type: db
            persistent: true
            requirements: [{host: paas}, {host: machine}]
        paas: {type: paas}
        machine: {type: machine, conditions: false}
`
        const loaded = templateFromText(text, 'apps.yaml', EMPTY)
        const model = resolved(loaded, {}).model!
        const data = buildReport({template: loaded, templateName: 'apps.yaml', presets: [], argv: ['trellis', 'resolve', 'apps.yaml'], now: NOW}, {model})
        const markdown = unwrapped(renderMarkdown(data))
        const candidates = markdown.slice(markdown.indexOf('### Technology candidates'), markdown.indexOf('### Pruned by their own conditions'))
        const items = candidates.split('\n').filter(l => l.startsWith('- '))
        expect(items).toEqual([
            '- Nodes `store`, `shop`, each: `terraform@0` kept (a constraint requires it `constraint-requires`); 2 candidates pruned — `ansible@1`, `compose@2`: the conditions of their technology rules do not hold: `{node_presence: machine}` is false `technology-rule-false` (see [Node `machine`](#node.machine)).',
            '- Node `data`: `terraform@0` kept (a constraint requires it `constraint-requires`); 1 candidate pruned — `ansible@1`: the conditions of technology rule #5 (ansible for db) do not hold: `{node_presence: machine}` is false `technology-rule-false` (`apps.yaml:14:15`) (see [Node `machine`](#node.machine)).',
        ])
    })
    it('say of several the optimizer left out that it chose a variant without them', () => {
        const text = `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types:
    app: {derived_from: tosca.nodes.Root}
    paas: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
topology_template:
    variability:
        technology_rules:
            - {technology: terraform, component: app, hosting: [paas], weight: 3}
            - {technology: ansible, component: app, hosting: [paas], weight: 1}
            - {technology: compose, component: app, hosting: [paas], weight: 1}
    node_templates:
        store:
            type: app
            persistent: true
            requirements: [{host: paas}]
        paas: {type: paas}
`
        const loaded = templateFromText(text, 'weights.yaml', EMPTY)
        const model = resolved(loaded, {}).model!
        const data = buildReport({template: loaded, templateName: 'weights.yaml', presets: [], argv: ['trellis', 'resolve', 'weights.yaml'], now: NOW}, {model})
        expect(unwrapped(renderMarkdown(data))).toContain('2 candidates pruned — `ansible@1`, `compose@2`: the optimizer chose a variant without them `optimization-not-chosen`.')
    })
})
