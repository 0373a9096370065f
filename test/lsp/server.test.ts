// The language server as an editor drives it, over stdio: open, change, hover, inlay hints,
// definition, references, completion, symbols, the active choice, shutdown.
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterEach, describe, expect, it} from 'vitest'
import type {CodeAction, CodeLens, CompletionItem, DocumentSymbol, Hover, InlayHint, Location, TextEdit, WorkspaceEdit} from 'vscode-languageserver'
import {tempDir} from '../helpers/temp.js'
import {caret, EditorClient} from './client.js'

const SHOP = path.resolve('sample-templates/web-shop/variable-service-template.yaml')
let client: EditorClient | undefined

afterEach(() => {
    client?.kill()
    client = undefined
})

/** A workspace with the web shop sample copied in, and the server started on it. */
async function shop(): Promise<{dir: string; file: string; text: string; client: EditorClient}> {
    const dir = tempDir('trellis-lsp-')
    const file = path.join(dir, 'shop.yaml')
    const text = fs.readFileSync(SHOP, 'utf8')
    fs.writeFileSync(file, text)
    client = new EditorClient(dir)
    await client.initialize(dir)
    return {dir, file, text, client}
}

const hoverText = (h: Hover | null) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '')
const positionOf = (text: string, needle: string, skip = 0) => {
    const at = text.indexOf(needle) + skip
    const before = text.slice(0, at).split('\n')
    return {line: before.length - 1, character: before[before.length - 1]!.length}
}

describe('trellis lsp', () => {
    it('resolves an open template: no diagnostics, verdicts as inlay hints, hover with the explanation', async () => {
        const {file, text, client} = await shop()
        expect((await client.open(file, text)).diagnostics).toEqual([])
        const hints = await client.request<InlayHint[]>('textDocument/inlayHint', file, undefined, {range: {start: {line: 0, character: 0}, end: {line: 400, character: 0}}})
        const at = positionOf(text, '        vm:\n')
        expect(hints.find(h => h.position.line === at.line)?.label).toBe('✔ present')
        const platform = positionOf(text, '        platform_runtime:\n')
        expect(hints.find(h => h.position.line === platform.line)?.label).toBe('✘ pruned')
        const hover = hoverText(await client.request<Hover>('textDocument/hover', file, {line: platform.line, character: 10}))
        expect(hover).toMatch(/pruned/)
        expect(hover).toMatch(/input platform: vm — default/)
        expect(await client.shutdown()).toBe(0)
    })

    it('hovers a variability input with its value, source and readers; finds where it is defined and read', async () => {
        const {file, text, client} = await shop()
        await client.open(file, text)
        const read = positionOf(text, '{variability_input: platform}', 21)
        expect(hoverText(await client.request<Hover>('textDocument/hover', file, read))).toMatch(/platform\*\* = `vm`[\s\S]*default/)
        const definition = await client.request<Location>('textDocument/definition', file, read)
        expect(definition.uri).toBe(pathToFileURL(file).href)
        expect(definition.range.start).toEqual(positionOf(text, '            platform:\n', 12))
        const references = await client.request<Location[]>('textDocument/references', file, read, {context: {includeDeclaration: false}})
        expect(references.length).toBe(text.split('variability_input: platform').length - 1)
        const expression = positionOf(text, '{logic_expression: on_vm}', 20)
        const target = await client.request<Location>('textDocument/definition', file, expression)
        expect(target.range.start).toEqual(positionOf(text, '            on_vm:', 12))
    })

    it('completes inputs, expressions and operators where each may stand', async () => {
        const {file, text, client} = await shop()
        await client.open(file, text)
        const edited = caret(text.replace('conditions: {logic_expression: on_vm}', 'conditions: {variability_input: ¦}'))
        await client.change(file, edited.text)
        const inputs = await client.request<CompletionItem[]>('textDocument/completion', file, edited.position)
        expect(inputs.map(i => i.label).sort()).toEqual(['backups', 'monitoring', 'platform', 'replicas'])
        const named = caret(text.replace('conditions: {logic_expression: on_vm}', 'conditions: {logic_expression: on¦}'))
        await client.change(file, named.text)
        expect((await client.request<CompletionItem[]>('textDocument/completion', file, named.position)).map(i => i.label)).toEqual(['on_vm', 'on_managed'])
        const target = caret(text.replace('- database: shop_db', '- database: sho¦'))
        await client.change(file, target.text)
        const nodes = (await client.request<CompletionItem[]>('textDocument/completion', file, target.position)).map(i => i.label)
        expect(nodes).toEqual(expect.arrayContaining(['shop', 'shop_db', 'vm', 'platform_runtime']))
        const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', file)
        expect(symbols.map(s => s.name)).toEqual(expect.arrayContaining(['platform', 'dev', 'prod', 'shop', 'vm']))
    })

    it('keeps the last good verdicts, marked stale, while a half-typed document does not parse, and says where it breaks', async () => {
        const {file, text, client} = await shop()
        await client.open(file, text)
        const broken = text.replace('        vm:\n', '        vm: [\n')
        const published = await client.change(file, broken)
        expect(published.diagnostics.length).toBeGreaterThan(0)
        expect(published.diagnostics[0]!.code).toBe('yaml-syntax')
        const platform = positionOf(text, '        platform_runtime:\n')
        const hints = await client.request<InlayHint[]>('textDocument/inlayHint', file, undefined, {range: {start: {line: 0, character: 0}, end: {line: 400, character: 0}}})
        expect(hints.find(h => h.position.line === platform.line)?.label).toBe('✘ pruned (stale)')
        expect(hoverText(await client.request<Hover>('textDocument/hover', file, {line: platform.line, character: 10}))).toMatch(/stale/)
        // and recovers
        expect((await client.change(file, text)).diagnostics).toEqual([])
    })

    it('shows a conflict under the active choice at its conditions, and remembers the choice in .vscode/trellis.json', async () => {
        const {dir, file, text, client} = await shop()
        // monitoring is off by default, on in prod
        const conflicting = text.replace('        options:\n', '        constraints:\n            - {not: {variability_input: monitoring}}\n\n        options:\n')
        expect((await client.open(file, conflicting)).diagnostics).toEqual([])
        const published = client.diagnosticsOf(pathToFileURL(file).href)
        await client.connection.sendRequest('workspace/executeCommand', {command: 'trellis.setChoice', arguments: [pathToFileURL(file).href, {presets: ['prod']}]})
        const diagnostics = (await published).diagnostics
        expect(diagnostics.map(d => d.code)).toContain('unsatisfiable')
        const at = diagnostics.find(d => d.code === 'unsatisfiable')!
        expect(at.message).toMatch(/No variant exists/)
        expect(at.range.start).toEqual(positionOf(conflicting, '{not: {variability_input: monitoring}}'))
        expect(JSON.parse(fs.readFileSync(path.join(dir, '.vscode/trellis.json'), 'utf8'))).toEqual({choices: {'shop.yaml': {presets: ['prod']}}})
    })

    it('shows what analyze finds, in the background: a dead element and an input that decides nothing, faded', async () => {
        const dir = tempDir('trellis-lsp-')
        const file = path.join(dir, 't.yaml')
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            big: {type: boolean, default: false}
            unused: {type: boolean, default: false}
        options: {type_default_condition: true}
    node_templates:
        small:
            type: tosca.nodes.Root
            conditions: {not: {variability_input: big}}
        never:
            type: tosca.nodes.Root
            conditions: {and: [{variability_input: big}, {not: {variability_input: big}}]}
`
        client = new EditorClient(dir)
        await client.initialize(dir)
        const analyzed = client.diagnosticsOf(pathToFileURL(file).href, 1, p => p.diagnostics.some(d => d.source === 'trellis analyze'))
        await client.open(file, text)
        const found = (await analyzed).diagnostics
        const dead = found.find(d => d.code === 'dead-element')
        expect(dead).toMatchObject({severity: 4, tags: [1], range: {start: positionOf(text, 'never:')}})
        expect(found.find(d => d.code === 'input-decides-nothing')).toMatchObject({severity: 4, tags: [1], range: {start: positionOf(text, 'unused:')}})
    })

    it("offers the wizard's verified repairs as quick fixes that write the active inputs file", async () => {
        const {dir, file, text, client} = await shop()
        const conflicting = text.replace('        options:\n', '        constraints:\n            - {not: {variability_input: monitoring}}\n\n        options:\n')
        fs.writeFileSync(path.join(dir, 'choice.yaml'), 'backups: true\nmonitoring: true # as in prod\n')
        await client.open(file, conflicting)
        const published = client.diagnosticsOf(pathToFileURL(file).href, 1, p => p.diagnostics.some(d => d.code === 'unsatisfiable'))
        await client.connection.sendRequest('workspace/executeCommand', {command: 'trellis.setChoice', arguments: [pathToFileURL(file).href, {inputs: 'choice.yaml'}]})
        const diagnostics = (await published).diagnostics.filter(d => d.source === 'trellis')
        const actions = await client.request<CodeAction[]>('textDocument/codeAction', file, undefined, {range: diagnostics[0]!.range, context: {diagnostics}})
        const fix = actions.find(a => a.title.includes('monitoring=false'))
        expect(fix?.title).toMatch(/^Resolve with --set monitoring=false \(verified: \d+ present, \d+ pruned\)$/)
        const inputsUri = pathToFileURL(path.join(dir, 'choice.yaml')).href
        expect(fix?.edit?.changes?.[inputsUri]).toEqual([{range: {start: {line: 1, character: 12}, end: {line: 1, character: 16}}, newText: 'false'}])
        // the file is the editor's to change: the server wrote nothing
        expect(fs.readFileSync(path.join(dir, 'choice.yaml'), 'utf8')).toBe('backups: true\nmonitoring: true # as in prod\n')
    })

    it("flips a pruned element's verdict with the smallest verified input change, written into a new inputs file when the choice has none", async () => {
        const {dir, file, text, client} = await shop()
        await client.open(file, text)
        const at = positionOf(text, '        platform_runtime:\n', 8)
        const [action] = await client.request<CodeAction[]>('textDocument/codeAction', file, undefined, {range: {start: at, end: at}, context: {diagnostics: []}})
        expect(action?.title).toBe('Make Node "platform_runtime" present (the smallest verified input change)')
        expect(action?.edit).toBeUndefined()
        const resolved = await client.connection.sendRequest<CodeAction>('codeAction/resolve', action)
        const inputs = pathToFileURL(path.join(dir, 'trellis-inputs.yaml')).href
        expect(resolved.edit?.documentChanges).toEqual([
            {kind: 'create', uri: inputs, options: {ignoreIfExists: true}},
            {textDocument: {uri: inputs, version: null}, edits: [{range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}}, newText: 'platform: managed\n'}]},
        ])
        expect(resolved.command).toMatchObject({command: 'trellis.setChoice', arguments: [pathToFileURL(file).href, {presets: [], inputs: 'trellis-inputs.yaml'}]})
        expect(fs.existsSync(path.join(dir, 'trellis-inputs.yaml'))).toBe(false)
    })

    it('renames a variability input where it is defined, read and set by presets', async () => {
        const {file, text, client} = await shop()
        await client.open(file, text)
        const name = positionOf(text, '{variability_input: platform}', '{variability_input: '.length)
        const at = {line: name.line, character: name.character + 2}
        expect(await client.request('textDocument/prepareRename', file, at)).toEqual({start: name, end: {line: name.line, character: name.character + 'platform'.length}})
        const edit = await client.request<WorkspaceEdit>('textDocument/rename', file, at, {newName: 'target'})
        const renamed = applyEdits(text, edit.changes![pathToFileURL(file).href]!)
        expect(renamed).not.toMatch(/\bplatform:/)
        expect(renamed).not.toMatch(/variability_input: platform\b/)
        expect(renamed).toMatch(/platform_runtime:/)
        expect((await client.change(file, renamed)).diagnostics).toEqual([])
    })
})

describe('trellis lsp: the picture and the count', () => {
    it("draws the active variant's topology, pruned nodes apart, and counts the variants in a code lens when asked to", async () => {
        const dir = tempDir('trellis-lsp-')
        const file = path.join(dir, 'shop.yaml')
        const text = fs.readFileSync(SHOP, 'utf8')
        client = new EditorClient(dir)
        await client.initialize(dir, {variantCount: true})
        const analyzed = client.diagnosticsOf(pathToFileURL(file).href, 1, p => p.diagnostics.some(d => d.source === 'trellis analyze'))
        await client.open(file, text)
        const diagram = await client.connection.sendRequest<{mermaid: string}>('workspace/executeCommand', {command: 'trellis.showTopology', arguments: [pathToFileURL(file).href]})
        expect(diagram.mermaid).toMatch(/^flowchart TB/)
        expect(diagram.mermaid).toMatch(/platform_runtime \(pruned\)/)
        expect(diagram.mermaid).not.toMatch(/vm_runtime \(pruned\)/)
        await analyzed
        const lenses = await client.request<CodeLens[]>('textDocument/codeLens', file)
        expect(lenses.map(l => l.command?.title)).toEqual(['8 variants (trellis analyze: every one of 12 input combinations resolved)'])
    })
})

/** A text with LSP edits applied (from the last, so that earlier offsets stay true). */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
    const offset = (p: {line: number; character: number}) =>
        text
            .split('\n')
            .slice(0, p.line)
            .reduce((n, l) => n + l.length + 1, 0) + p.character
    return [...edits]
        .sort((a, b) => offset(b.range.start) - offset(a.range.start))
        .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text)
}
