// The server on templates in folders: the buffer's text rather than the file, imports and lib/
// read from disk inside the folder (and nothing outside it), positions in UTF-16 code units.
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterEach, describe, expect, it} from 'vitest'
import type {Hover, Location} from 'vscode-languageserver'
import {tempDir} from '../helpers/temp.js'
import {EditorClient} from './client.js'

let client: EditorClient | undefined
afterEach(() => {
    client?.kill()
    client = undefined
})

const SERVICE = `tosca_definitions_version: tosca_variability_1_0
imports:
    - lib/types.yaml
topology_template:
    variability:
        inputs:
            packaged: {type: boolean, default: true}
    node_templates:
        app:
            type: shop.App
            conditions: {variability_input: packaged}
`

function csar(): string {
    const dir = tempDir('trellis-lsp-csar-')
    const files: Record<string, string> = {
        'TOSCA-Metadata/TOSCA.meta': 'TOSCA-Meta-File-Version: 1.1\nCSAR-Version: 1.1\nCreated-By: test\nEntry-Definitions: service.yaml\n',
        'service.yaml': 'tosca_definitions_version: tosca_variability_1_0\nnot a map on disk: [\n',
        'lib/types.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n    shop.App:\n        derived_from: tosca.nodes.Root\n',
    }
    for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), {recursive: true})
        fs.writeFileSync(path.join(dir, name), text)
    }
    return dir
}

describe('trellis lsp on files', () => {
    it("reads the open template from the editor's buffer, its imports from the CSAR folder, and goes to a type in them", async () => {
        const dir = csar()
        client = new EditorClient(dir)
        await client.initialize(dir)
        const file = path.join(dir, 'service.yaml')
        // the file on disk does not parse; the buffer does
        expect((await client.open(file, SERVICE)).diagnostics).toEqual([])
        const type = await client.request<Location>('textDocument/definition', file, {line: 9, character: 20})
        expect(type).toEqual({uri: pathToFileURL(path.join(dir, 'lib/types.yaml')).href, range: {start: {line: 2, character: 4}, end: {line: 2, character: 12}}})
    })

    it('reads nothing outside the folder: a type imported from there is not followed', async () => {
        const dir = csar()
        const outside = `${dir}-outside.yaml`
        fs.writeFileSync(outside, 'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n    shop.Out:\n        derived_from: tosca.nodes.Root\n')
        try {
            client = new EditorClient(dir)
            await client.initialize(dir)
            const file = path.join(dir, 'service.yaml')
            const text = SERVICE.replace('    - lib/types.yaml\n', `    - lib/types.yaml\n    - ../${path.basename(outside)}\n`).replace('type: shop.App', 'type: shop.Out')
            await client.open(file, text)
            expect(await client.request('textDocument/definition', file, {line: 10, character: 20})).toBeNull()
        } finally {
            fs.rmSync(outside)
        }
    })

    it('underlines the right token on a line with names outside the Basic Multilingual Plane (UTF-16 columns)', async () => {
        const dir = tempDir('trellis-lsp-utf16-')
        const file = path.join(dir, 't.yaml')
        const line = '            conditions: {and: [{node_presence: 📦ßpeicher}, {node_presence: 📦fehlt}]}'
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        📦ßpeicher:
            type: tosca.nodes.Root
        app:
            type: tosca.nodes.Root
${line}
`
        client = new EditorClient(dir)
        await client.initialize(dir)
        const [diagnostic] = (await client.open(file, text)).diagnostics
        expect(diagnostic?.code).toBe('undefined-reference')
        // the JavaScript string's indexes are UTF-16 code units, as LSP counts them
        const start = line.indexOf('{node_presence: 📦fehlt}')
        expect(diagnostic?.range).toEqual({start: {line: 7, character: start}, end: {line: 7, character: start + '{node_presence: 📦fehlt}'.length}})
        // fixed, the node with the wide name hovers from its key
        await client.change(file, text.replace(', {node_presence: 📦fehlt}', ''))
        const hover = (await client.request<Hover>('textDocument/hover', file, {line: 3, character: 10})) as {contents: {value: string}}
        expect(hover.contents.value).toMatch(/Node "📦ßpeicher" is present/)
    })

    it('links a duplicate key to its first definition, and puts the help lines in the message', async () => {
        const dir = tempDir('trellis-lsp-dup-')
        const file = path.join(dir, 't.yaml')
        const text =
            'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a:\n            type: tosca.nodes.Root\n        a:\n            type: tosca.nodes.Root\n'
        client = new EditorClient(dir)
        await client.initialize(dir)
        const [duplicate] = (await client.open(file, text)).diagnostics
        expect(duplicate).toMatchObject({
            code: 'yaml-duplicate-key',
            range: {start: {line: 5, character: 8}, end: {line: 5, character: 9}},
            relatedInformation: [{location: {uri: pathToFileURL(file).href, range: {start: {line: 3, character: 8}, end: {line: 3, character: 9}}}, message: 'first defined here'}],
        })
        const typo = text.replace(/\n {8}a:\n {12}type: tosca.nodes.Root\n$/, '\n        b:\n            type: tosca.nodes.Root\n            conditions: {node_presense: a}\n')
        const [unknown] = (await client.change(file, typo)).diagnostics
        expect(unknown?.code).toBe('unknown-operator')
        expect(unknown?.message).toMatch(/\nhelp: .*node_presence/)
    })

    it("reads no inputs file outside the workspace, whatever the workspace's .vscode/trellis.json says", async () => {
        const dir = csar()
        const outside = `${dir}-inputs.yaml`
        fs.writeFileSync(outside, 'packaged: false\n')
        fs.mkdirSync(path.join(dir, '.vscode'))
        fs.writeFileSync(path.join(dir, '.vscode/trellis.json'), JSON.stringify({choices: {'service.yaml': {inputs: `../${path.basename(outside)}`}}}))
        try {
            client = new EditorClient(dir)
            await client.initialize(dir)
            const file = path.join(dir, 'service.yaml')
            const [warning] = (await client.open(file, SERVICE)).diagnostics
            expect(warning).toMatchObject({severity: 2, message: expect.stringMatching(/inputs file ".*-inputs\.yaml" lies outside the workspace folder: it is not read/)})
            // packaged keeps its default: the node is present
            const hover = (await client.request<Hover>('textDocument/hover', file, {line: 8, character: 9})) as {contents: {value: string}}
            expect(hover.contents.value).toMatch(/Node "app" is present/)
        } finally {
            fs.rmSync(outside)
        }
    })
})
