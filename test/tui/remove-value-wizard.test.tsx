// The wizard, rendered: a value the command line gave (a profile's, --set) is removed with x, the
// template's default comes back and the counts follow; what is written — the report's command
// that reproduces it, and a profile saved afterwards — has every value given but the one removed.
import fs from 'node:fs'
import {describe, expect, it} from 'vitest'
import type {InputAssignment} from '../../src/engine/index.js'
import {ProfileStore} from '../../src/profiles/index.js'
import {App} from '../../src/tui/app.js'
import {ENTER, ESC, press, show, tempDir, until, workspace} from './wizard-harness.js'

/** `trellis shop.yaml --profile p --set replicas=5`, the profile setting platform = managed. */
const BASE: {assignments: InputAssignment[]} = {
    assignments: [
        {name: 'platform', value: 'managed', source: {kind: 'profile', profile: 'p'}},
        {name: 'replicas', value: 5, source: {kind: 'set'}},
    ],
}

describe('a value given on the command line, removed in the wizard', () => {
    it('brings back the default, resolves again, and is left out of the report’s command and a profile saved after', async () => {
        const {file, output, report} = workspace()
        const store = new ProfileStore({dir: tempDir()})
        // 80 columns: the inputs pane takes the whole width, its rows whole
        const app = show(<App file={file} output={output} base={BASE} store={store} opening="main" />, {columns: 80, rows: 24})
        const before = await until(app.lastFrame, '✔ 15 present ✘ 18 pruned')
        expect(before).toContain('▸ platform managed profile p (was vm)')
        expect(before).toContain('⏎ edit · x remove value')
        await press(app.stdin, 'x')
        const after = await until(app.lastFrame, '✔ 18 present ✘ 15 pruned')
        expect(after).toContain('▸ platform vm default (removed: managed from profile p)')
        expect(after).toContain('removed platform = managed: vm (default) applies')
        await press(app.stdin, 'W', ENTER)
        await until(app.lastFrame, 'save these choices as profile:')
        // the command reproduces the choices: the value kept from the command line set, the one removed not
        const markdown = fs.readFileSync(report, 'utf8')
        expect(markdown).toMatch(/trellis resolve \S*shop\.yaml --set replicas=5 --output /)
        expect(markdown).not.toContain('platform=managed')
        expect(markdown).toContain('| `platform` | `vm` | default |')
        await press(app.stdin, ...'kept', ENTER)
        await until(app.lastFrame, 'saved profile kept')
        expect(store.get('kept')).toMatchObject({presets: [], inputs: {replicas: 5}})
        expect(store.get('kept').inputs).not.toHaveProperty('platform')
        app.unmount()
    })

    it('leaves an input without a default needing a value, says so, and sets it again from its list', async () => {
        const {file} = workspace(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options: {type_default_condition: true}
        inputs:
            env: {type: string}
    node_templates:
        elastic: {type: x, conditions: {equal: [{variability_input: env}, ELASTIC]}}
        static: {type: x, conditions: {equal: [{variability_input: env}, STATIC]}}
`)
        const app = show(<App file={file} base={{assignments: [{name: 'env', value: 'ELASTIC', source: {kind: 'set'}}]}} opening="main" />, {columns: 80, rows: 24})
        await until(app.lastFrame, '✔ 2 present ✘ 2 pruned')
        await press(app.stdin, ENTER)
        // the list says what removing leaves, and previews it
        await press(app.stdin, 'j', 'j')
        await until(app.lastFrame, '▸ remove the value: it needs one then → inputs would still need a value')
        await press(app.stdin, ENTER)
        const needs = await until(app.lastFrame, '1 input needs a value')
        expect(needs).toContain('▸ env ? needs a value (removed: ELASTIC from --set)')
        expect(needs).not.toContain('x remove value')
        // writing says what is missing, not that no variant exists
        await press(app.stdin, 'W')
        const write = await until(app.lastFrame, 'Write the resolved template')
        expect(write).toContain('nothing to write: env needs a value — esc, then c lists it')
        expect(write).not.toContain('no variant')
        await press(app.stdin, ESC)
        await until(app.lastFrame, '▸ env ? needs a value')
        await press(app.stdin, ENTER)
        await until(app.lastFrame, '▸ ELASTIC')
        await press(app.stdin, 'j', ENTER)
        expect(await until(app.lastFrame, '✔ 2 present ✘ 2 pruned')).toContain('env STATIC set here (was ELASTIC)')
        app.unmount()
    })
})
