// Typing, as an editor sends it: every prefix of a template is a half-typed document the server
// must take without crashing, keeping the last good verdicts (marked stale) until the text
// resolves again; and navigation from the short forms a template is written in.
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterEach, describe, expect, it} from 'vitest'
import type {Hover, InlayHint, Location} from 'vscode-languageserver'
import {tempDir} from '../helpers/temp.js'
import {EditorClient} from './client.js'

const SHOP = path.resolve('sample-templates/web-shop/variable-service-template.yaml')
let client: EditorClient | undefined
afterEach(() => {
    client?.kill()
    client = undefined
})

const positionOf = (text: string, needle: string, skip = 0) => {
    const before = text.slice(0, text.indexOf(needle) + skip).split('\n')
    return {line: before.length - 1, character: before[before.length - 1]!.length}
}

describe('trellis lsp while typing', () => {
    it('takes every cut of a template without crashing, and keeps the last good verdicts, marked stale', async () => {
        const dir = tempDir('trellis-lsp-typing-')
        const file = path.join(dir, 'shop.yaml')
        const text = fs.readFileSync(SHOP, 'utf8')
        client = new EditorClient(dir)
        await client.initialize(dir, {analyze: false})
        await client.open(file, text)
        const vm = positionOf(text, '        vm:\n')
        let staleShown = false
        // cuts in the middle of keys, flow maps and lists; each one published, none ends the server
        for (let cut = 1; cut < 12; cut++) {
            const at = Math.floor((text.length * cut) / 12) + (cut % 3)
            const published = await client.change(file, text.slice(0, at))
            expect(published.diagnostics.every(d => d.range.start.line >= 0)).toBe(true)
            const hints = await client.request<InlayHint[]>('textDocument/inlayHint', file, undefined, {range: {start: {line: 0, character: 0}, end: {line: 400, character: 0}}})
            // a variant a check rejects is still a variant: its verdicts are shown, not stale
            const stale = published.diagnostics.some(d => d.severity === 1 && d.code !== 'check-failed')
            // the verdicts of the last text that resolved stay, marked stale while the text does not
            if (hints.length) expect(hints.every(h => String(h.label).endsWith(' (stale)'))).toBe(stale)
            staleShown ||= stale && hints.length > 0
        }
        expect(staleShown).toBe(true)
        expect((await client.change(file, text)).diagnostics).toEqual([])
        const hover = (await client.request<Hover>('textDocument/hover', file, {line: vm.line, character: 9})) as {contents: {value: string}}
        expect(hover.contents.value).not.toMatch(/stale/)
        expect(client.stderr).toBe('')
        expect(await client.shutdown()).toBe(0)
    })

    it("goes from a requirement's short form and from a presence operator to the node", async () => {
        const dir = tempDir('trellis-lsp-typing-')
        const file = path.join(dir, 'shop.yaml')
        const text = fs.readFileSync(SHOP, 'utf8').replace('conditions: {logic_expression: on_vm}', 'conditions: {node_presence: vm}')
        client = new EditorClient(dir)
        await client.initialize(dir, {analyze: false})
        expect((await client.open(file, text)).diagnostics).toEqual([])
        const vm = {uri: pathToFileURL(file).href, range: {start: positionOf(text, '        vm:\n', 8), end: positionOf(text, '        vm:\n', 10)}}
        expect(await client.request<Location>('textDocument/definition', file, positionOf(text, '- host: vm\n', 9))).toEqual(vm)
        expect(await client.request<Location>('textDocument/definition', file, positionOf(text, '{node_presence: vm}', 17))).toEqual(vm)
        const db = await client.request<Location>('textDocument/definition', file, positionOf(text, '- database: shop_db', 14))
        expect(db.range.start).toEqual(positionOf(text, '        shop_db:\n', 8))
    })
})
