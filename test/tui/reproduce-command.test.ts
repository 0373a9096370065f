// What the wizard and line mode write leaves a report whose "Reproduce with" command, pasted into the
// shell the wizard ran from, writes the very same resolved template: every value given set whole and
// as the same value, and a TRELLIS_INPUT_ variable of that shell whose value the choices do not use
// (overridden or removed in the wizard) kept from winning over them.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterEach, describe, expect, it} from 'vitest'
import type {InputAssignment} from '../../src/engine/index.js'
import {loadTemplate} from '../../src/engine/load/index.js'
import type {Choices} from '../../src/tui/resolver/protocol.js'
import {writeResolution} from '../../src/tui/resolver/write.js'
import {tempDir} from '../helpers/temp.js'

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/trellis.js')
const NO_BASH = process.platform === 'win32' || spawnSync('bash', ['--version']).status !== 0

const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
node_types: {x: {derived_from: tosca.nodes.Root}}
topology_template:
    variability:
        inputs:
            note: {type: string, default: x}
            word: {type: string, default: x}
            tag: {default: x}
            region: {type: string, default: eu}
            zone: {type: string, default: a}
    node_templates:
        app:
            type: x
            properties:
                - note: {expression: {variability_input: note}}
                - word: {expression: {variability_input: word}}
                - tag: {expression: {variability_input: tag}}
                - region: {expression: {variability_input: region}}
                - zone: {expression: {variability_input: zone}}
`

const saved = {...process.env}
afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
})

/**
 * Writes the choices as the wizard does (the shell's TRELLIS_INPUT_ variables `env` set meanwhile),
 * then runs the report's command in bash with those variables still set, `trellis` on its PATH;
 * returns the template written first and the one the command wrote, and the command.
 */
async function reproduce(choices: Choices, base: {assignments: InputAssignment[]}, env: Record<string, string> = {}) {
    const dir = tempDir('trellis-reproduce-')
    fs.writeFileSync(path.join(dir, 't.yaml'), TEMPLATE)
    fs.mkdirSync(path.join(dir, 'bin'))
    fs.writeFileSync(path.join(dir, 'bin', 'trellis'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, {mode: 0o755})
    const template = await loadTemplate(path.join(dir, 't.yaml'))
    Object.assign(process.env, env)
    await writeResolution(template, base, choices, path.join(dir, 'out.yaml'), path.join(dir, 'report.md'))
    const written = fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')
    const command = /```sh\n(.*)\n```/.exec(fs.readFileSync(path.join(dir, 'report.md'), 'utf8'))![1]!
    const r = spawnSync('bash', ['-c', command], {
        encoding: 'utf8',
        env: {...process.env, ...env, PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH}`, TRELLIS_CACHE: 'off'},
    })
    expect(r.stderr, command).toBe('')
    return {written, again: fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8'), command}
}

describe.skipIf(NO_BASH)('the command a wizard write reports', () => {
    it('sets each value whole and as the same value: a long text, words YAML reads as a boolean or no value, digits for an untyped input', async () => {
        const note = `"${'a quoted, long note '.repeat(12)}"`
        const {written, again, command} = await reproduce(
            {presets: [], values: {note, word: 'True', tag: '3'}},
            {assignments: [{name: 'region', value: 'NULL', source: {kind: 'set'}}]},
        )
        expect(command).not.toContain('…')
        expect(written).toContain('word: "True"')
        expect(again).toBe(written)
    })

    it('keeps a TRELLIS_INPUT_ variable of the shell from winning over a value set in the wizard or removed there', async () => {
        const env = {TRELLIS_INPUT_region: 'us', TRELLIS_INPUT_ZONE: 'b'}
        const base = {
            assignments: [
                {name: 'region', value: 'us', source: {kind: 'env', variable: 'TRELLIS_INPUT_region'}},
                {name: 'zone', value: 'b', source: {kind: 'env', variable: 'TRELLIS_INPUT_ZONE'}},
            ] satisfies InputAssignment[],
        }
        const {written, again} = await reproduce({presets: [], values: {zone: 'c'}, removed: ['region']}, base, env)
        expect(written).toContain('region: eu')
        expect(written).toContain('zone: c')
        expect(again).toBe(written)
    })

    it('keeps the value of a variable the wizard used, before the command', async () => {
        const env = {TRELLIS_INPUT_region: 'us'}
        const base = {assignments: [{name: 'region', value: 'us', source: {kind: 'env', variable: 'TRELLIS_INPUT_region'}}] satisfies InputAssignment[]}
        const {written, again, command} = await reproduce({presets: [], values: {}}, base, env)
        expect(command).toMatch(/^TRELLIS_INPUT_region=us trellis resolve /)
        expect(again).toBe(written)
    })
})
