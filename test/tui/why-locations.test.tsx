// Locations in the wizard at 80×24 follow the one rule of every shell (the engine's shownPath):
// relative to the current folder when the file lies below it, else as given — the why pane and the
// conflict screen alike, whether the template is given by an absolute or a relative path; never cut
// before their line number on a line too long for the pane (the text before them gives way).
import fs from 'node:fs'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {App} from '../../src/tui/app.js'
import {runHere} from '../cli/run.js'
import {ENTER, press, RESOLVED, show, tempDir, until} from './wizard-harness.js'

const SMALL = {columns: 80, rows: 24}
const SAMPLE = path.resolve(__dirname, '../../sample-templates/web-shop/variable-service-template.yaml')

/** `extra` is pruned by env's default; env=b leaves no variant (the constraint keeps `app`, whose condition then fails). */
const KEPT_OR_NOT = `tosca_definitions_version: tosca_variability_1_0
node_types: {x: {derived_from: tosca.nodes.Root}}
topology_template:
    variability:
        inputs:
            env: {type: string, default: a}
        options: {type_default_condition: true}
        constraints:
            - {node_presence: app}
    node_templates:
        app: {type: x, conditions: {equal: [{variability_input: env}, a]}}
        extra: {type: x, conditions: {equal: [{variability_input: env}, b]}}
`

/** The pruned vm_runtime explained: its reasons name the relation whose condition is false, with its location. */
async function explainVmRuntime(app: ReturnType<typeof show>): Promise<string[]> {
    await until(app.lastFrame, RESOLVED)
    await press(app.stdin, 'f', 'f', '/', ...'vm_runtime', ENTER, ENTER)
    const frame = await until(app.lastFrame, f => f.includes('Node "vm_runtime" is pruned') && f.includes('Relation "host@0"'))
    const lines = frame.split('\n')
    expect(Math.max(...lines.map(l => [...l].length))).toBeLessThanOrEqual(SMALL.columns)
    return lines
}

/** Where the why pane says `extra` is defined, and where the conflict screen says `app`'s condition is written, for the template given as `file`. */
async function wizardLocations(file: string): Promise<{defined: string; condition: string}> {
    const why = show(<App file={file} opening="main" />, SMALL)
    await until(why.lastFrame, RESOLVED)
    await press(why.stdin, 'f', 'f', '/', ...'extra', ENTER, ENTER)
    const explained = await until(why.lastFrame, f => f.includes('Node "extra" is pruned') && f.includes('defined at'))
    why.unmount()
    const conflicting = show(<App file={file} opening="main" base={{assignments: [{name: 'env', value: 'b', source: {kind: 'set'}}]}} />, SMALL)
    const conflict = await until(conflicting.lastFrame, 'No variant exists')
    conflicting.unmount()
    return {defined: /defined at (\S+)/.exec(explained)![1]!, condition: /\((\S+:\d+:\d+)\)/.exec(conflict)![1]!}
}

describe('locations in the wizard, as the command line shows them', () => {
    const cwd = process.cwd()
    afterEach(() => process.chdir(cwd))

    it('name a template given by an absolute path outside the current folder by that path, in the why pane and the conflict screen', async () => {
        const file = path.join(tempDir(), 'kept.yaml')
        fs.writeFileSync(file, KEPT_OR_NOT)
        expect(await wizardLocations(file)).toEqual({defined: `${file}:12:9`, condition: `${file}:11:24`})
        // the command line's error names the same place
        const resolved = await runHere(['resolve', file, '--set', 'env=b'])
        expect(resolved.stderr).toContain(`(${file}:11:24)`)
    })

    it('name a template below the current folder relative to it, given by an absolute or a relative path', async () => {
        const root = tempDir()
        fs.mkdirSync(path.join(root, 'templates'))
        fs.writeFileSync(path.join(root, 'templates', 'kept.yaml'), KEPT_OR_NOT)
        process.chdir(root)
        const shown = path.join('templates', 'kept.yaml')
        const expected = {defined: `${shown}:12:9`, condition: `${shown}:11:24`}
        expect(await wizardLocations(path.join(root, 'templates', 'kept.yaml'))).toEqual(expected)
        expect(await wizardLocations(shown)).toEqual(expected)
        const resolved = await runHere(['resolve', path.join(root, 'templates', 'kept.yaml'), '--set', 'env=b'], {cwd: root})
        expect(resolved.stderr).toContain(`(${shown}:11:24)`)
    })
})

describe('the why pane at 80 columns', () => {
    it('keeps a location whole on a line too long for the pane: the text before it gives way', async () => {
        const root = tempDir()
        const folder = path.join(root, 'templates-of-the-shop', 'web-shop')
        fs.mkdirSync(folder, {recursive: true})
        fs.writeFileSync(path.join(folder, 'shop.yaml'), fs.readFileSync(SAMPLE, 'utf8'))
        const cwd = process.cwd()
        // run from the folder above the template's: locations name the folders between
        process.chdir(root)
        try {
            const app = show(<App file={path.join(folder, 'shop.yaml')} opening="main" initialPresets={['prod']} />, SMALL)
            const lines = await explainVmRuntime(app)
            expect(lines.find(l => l.includes('defined at'))).toMatch(/defined at templates-of-the-shop\/web-shop\/shop\.yaml:\d+:\d+ /)
            expect(lines.find(l => l.includes('Relation "host@0"'))).toMatch(/…\s+\(templates-of-the-shop\/web-shop\/shop\.yaml:\d+:\d+\)\s*│$/)
            app.unmount()
        } finally {
            process.chdir(cwd)
        }
    })
})
