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
