// The VS Code extension (editors/vscode): it builds, finds trellis where the docs say (the
// setting, the workspace's node_modules, PATH), and its activation starts `trellis lsp` over stdio,
// says which trellis it started, and hands the active choice to the server. VS Code itself is not
// here: `vscode` and the language client are stubs that record what the extension asks of them.
import fs from 'node:fs'
import Module, {createRequire} from 'node:module'
import path from 'node:path'
import {build} from 'esbuild'
import {describe, expect, it} from 'vitest'
import {findTrellis} from '../../editors/vscode/src/find-trellis.js'
import {tempDir} from '../helpers/temp.js'

const EXTENSION = path.resolve('editors/vscode')

describe('the VS Code extension', () => {
    it('finds trellis from the setting, then the workspace, then PATH', () => {
        const files = new Set(['/w/node_modules/.bin/trellis', '/usr/local/bin/trellis', '/w/bin/trellis.js'])
        const exists = (f: string) => files.has(f)
        const where = {folder: '/w', pathVariable: '/usr/bin:/usr/local/bin', exists}
        expect(findTrellis({...where, setting: 'bin/trellis.js'})).toEqual({command: 'node', args: ['/w/bin/trellis.js', 'lsp', '--stdio'], from: 'the trellis.path setting'})
        expect(findTrellis({...where, setting: ''})).toEqual({command: '/w/node_modules/.bin/trellis', args: ['lsp', '--stdio'], from: "the workspace's node_modules"})
        expect(findTrellis({...where, folder: undefined, setting: ''})).toEqual({command: '/usr/local/bin/trellis', args: ['lsp', '--stdio'], from: 'PATH'})
        expect(findTrellis({...where, folder: undefined, setting: '', pathVariable: '/usr/bin'})).toBeUndefined()
    })

    it('builds as its package.json says: one CommonJS file with the language client inside', async () => {
        const out = path.join(tempDir('trellis-vscode-'), 'extension.js')
        const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION, 'package.json'), 'utf8')) as {main: string; scripts: {build: string}}
        expect(manifest.main).toBe('out/extension.js')
        expect(manifest.scripts.build).toMatch(/--external:vscode\b/)
        await build({
            entryPoints: [path.join(EXTENSION, 'src/extension.ts')],
            bundle: true,
            platform: 'node',
            format: 'cjs',
            external: ['vscode'],
            outfile: out,
            logLevel: 'silent',
        })
        const text = fs.readFileSync(out, 'utf8')
        // asserted as booleans: a failure should not print the whole bundle
        expect(text.includes('require("vscode")')).toBe(true)
        expect(text.includes('exports2.LanguageClient = ')).toBe(true)
    })

    it('starts trellis lsp from the workspace, says which it started, and sends the chosen variant to the server', async () => {
        const dir = tempDir('trellis-vscode-')
        const folder = path.join(dir, 'workspace')
        fs.mkdirSync(path.join(folder, 'node_modules/.bin'), {recursive: true})
        fs.writeFileSync(path.join(folder, 'node_modules/.bin/trellis'), '')
        const out = path.join(dir, 'extension.js')
        await build({
            entryPoints: [path.join(EXTENSION, 'src/extension.ts')],
            bundle: true,
            platform: 'node',
            format: 'cjs',
            external: ['vscode', 'vscode-languageclient/node'],
            outfile: out,
            logLevel: 'silent',
        })
        const {vscode, languageClient, recorded} = stubs(folder)
        const load = (Module as unknown as {_load: (request: string, ...rest: unknown[]) => unknown})._load
        ;(Module as unknown as {_load: typeof load})._load = (request, ...rest) =>
            request === 'vscode' ? vscode : request === 'vscode-languageclient/node' ? languageClient : load(request, ...rest)
        try {
            const extension = createRequire(import.meta.url)(out) as {activate: (context: unknown) => Promise<void>}
            await extension.activate({subscriptions: []})
        } finally {
            ;(Module as unknown as {_load: typeof load})._load = load
        }
        expect(recorded.client).toMatchObject({
            id: 'trellis',
            server: {command: path.join(folder, 'node_modules/.bin/trellis'), args: ['lsp', '--stdio']},
            options: {documentSelector: [{scheme: 'file', language: 'yaml'}], initializationOptions: {analyze: true, variantCount: false}},
            started: true,
        })
        expect(recorded.status.tooltip).toMatch(/node_modules\/\.bin\/trellis lsp --stdio \(from the workspace's node_modules\)/)
        expect(recorded.log.join('\n')).toMatch(/found in the workspace's node_modules/)
        recorded.answers.push('prod, small', 'tests/inputs.yaml', '')
        await recorded.commands.get('trellis.chooseVariant')!()
        expect(recorded.requests.at(-1)).toEqual({
            method: 'workspace/executeCommand',
            params: {command: 'trellis.setChoice', arguments: ['file:///w/t.yaml', {presets: ['prod', 'small'], inputs: 'tests/inputs.yaml'}]},
        })
        expect(recorded.status.text).toBe('Trellis: prod + small')
    })
})

/** A `vscode` and a `vscode-languageclient/node` that record what the extension asks of them. */
function stubs(folder: string) {
    const recorded = {
        client: undefined as undefined | {id: string; server: unknown; options: unknown; started: boolean},
        status: {text: '', tooltip: '', command: '', show: () => undefined, dispose: () => undefined},
        log: [] as string[],
        commands: new Map<string, () => Promise<void>>(),
        answers: [] as string[],
        requests: [] as {method: string; params: unknown}[],
    }
    const vscode = {
        workspace: {workspaceFolders: [{uri: {fsPath: folder}}], getConfiguration: () => ({get: () => undefined})},
        window: {
            createStatusBarItem: () => recorded.status,
            showWarningMessage: () => Promise.resolve(undefined),
            showInputBox: () => Promise.resolve(recorded.answers.shift()),
            activeTextEditor: {document: {uri: {toString: () => 'file:///w/t.yaml'}}},
        },
        commands: {registerCommand: (name: string, run: () => Promise<void>) => (recorded.commands.set(name, run), {dispose: () => undefined})},
        StatusBarAlignment: {Left: 1},
    }
    class LanguageClient {
        readonly outputChannel = {appendLine: (line: string) => recorded.log.push(line)}
        constructor(id: string, _name: string, server: unknown, options: unknown) {
            recorded.client = {id, server, options, started: false}
        }
        start() {
            recorded.client!.started = true
            return Promise.resolve()
        }
        sendRequest(method: string, params: unknown) {
            recorded.requests.push({method, params})
            return Promise.resolve({presets: []})
        }
    }
    return {vscode, languageClient: {LanguageClient}, recorded}
}
