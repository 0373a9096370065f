// Text from a template, an inputs file or a profile never reaches the terminal with its control
// characters: every command shows names and descriptions carrying escape sequences (clipboard,
// clear screen, title), a C1 CSI and a bidirectional override escaped, and JSON keeps them exact.
import fs from 'node:fs'
import path from 'node:path'
import {tempDir} from '../helpers/temp.js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {HOSTILE_TEMPLATE, PAYLOAD, rawControls, SHOWN_PAYLOAD} from '../helpers/hostile.js'
import {removeWorkspaces, run, type Run, workspace} from './run.js'

afterAll(removeWorkspaces)

const name = (what: string) => `${what}${PAYLOAD}`
// made when the tests start (not when the file is only listed), removed after them (test/helpers/setup.ts)
let config = ''
beforeAll(() => {
    config = tempDir('trellis-control-config-')
})

/** The template, an inputs file giving `mode` a value of the wrong type, and a test case that fails. */
const files = {
    't.yaml': HOSTILE_TEMPLATE,
    'inputs.yaml': `${JSON.stringify(name('mode'))}: ${JSON.stringify(name('not a number'))}\n`,
    'profile.yaml': `presets: [${JSON.stringify(name('preset'))}]\n${JSON.stringify(name('mode'))}: 2\n`,
    'cases/one/template.yaml': HOSTILE_TEMPLATE,
    'cases/one/expected.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template: {node_templates: {}}\n',
}

/** Every string in JSON data. */
function strings(value: unknown): string[] {
    if (typeof value === 'string') return [value]
    if (value === null || typeof value !== 'object') return []
    return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)])
}

/** Neither stream holds a control character but line feeds (nothing here asks for colours). */
function expectShownSafely(r: Run, shows = true): void {
    expect(rawControls(r.stdout + r.stderr)).toEqual([])
    if (shows) expect(r.stdout + r.stderr).toContain(SHOWN_PAYLOAD)
}

describe.concurrent('control characters in names and descriptions are shown escaped', () => {
    // made when the tests start, not when the file is only listed
    let dir = ''
    let env: Record<string, string> = {}
    beforeAll(() => {
        dir = workspace(files)
        env = {TRELLIS_CONFIG_DIR: config}
    })

    it.each([
        ['explain, every element', ['explain', 't.yaml']],
        ['explain, an element in full', ['explain', 't.yaml', name('node')]],
        ['explain with a preset that prunes', ['explain', 't.yaml', '--preset', name('preset'), '--pruned']],
        ['explain, a mistyped preset', ['explain', 't.yaml', '--preset', name('nope')]],
        ['analyze', ['analyze', 't.yaml']],
        ['test', ['test', 'cases']],
    ])('%s', async (_, args) => {
        expectShownSafely(await run(args, {cwd: dir, env}))
    })

    it.each([
        ['presets', ['__complete', 'resolve', 't.yaml', '--preset', '']],
        ['inputs', ['__complete', 'resolve', 't.yaml', '--set', '']],
    ])('completion offers none of the %s whose names carry them (the shell would insert them as they are)', async (_, args) => {
        const r = await run(args, {cwd: dir, env})
        expectShownSafely(r, false)
        expect(r.stdout).toBe('')
    })

    it('resolve: the warning about an input value on stderr, and the Markdown report', async () => {
        const r = await run(['resolve', 't.yaml', '--inputs', 'inputs.yaml', '-o', 'out.yaml', '--report', 'report.md'], {cwd: dir, env})
        expect(r.code).toBe(0)
        expect(r.stderr).toContain('warning')
        expectShownSafely(r)
        const report = fs.readFileSync(path.join(dir, 'report.md'), 'utf8')
        expect(rawControls(report)).toEqual([])
        expect(report).toContain('\\x1b]52')
    })

    it('the line-mode dialogue (--prompt), answered on a pipe', async () => {
        const r = await run(['t.yaml', '--prompt'], {cwd: dir, env, input: '1\n\n\n\nprompt.yaml\n-\n\n'})
        expect(r.stdout).toContain('Wrote prompt.yaml')
        expectShownSafely(r)
    })

    it('profile save, list and show', async () => {
        const home = workspace(files)
        const own = {TRELLIS_CONFIG_DIR: path.join(home, 'config')}
        const saved = await run(['profile', 'save', 'p', '-t', 't.yaml', '--inputs', 'profile.yaml', '--note', name('note')], {cwd: home, env: own})
        expect(saved.code).toBe(0)
        expectShownSafely(saved, false)
        expectShownSafely(await run(['profile', 'list'], {cwd: home, env: own}))
        expectShownSafely(await run(['profile', 'show', 'p'], {cwd: home, env: own}))
    })

    it('JSON keeps every name exact, with nothing a terminal acts on', async () => {
        for (const args of [
            ['explain', 't.yaml', '--json'],
            ['analyze', 't.yaml', '--json'],
            ['resolve', 't.yaml', '-o', 'json.yaml', '--report', 'report.json'],
        ]) {
            const r = await run(args, {cwd: dir, env})
            const text = args.includes('--report') ? fs.readFileSync(path.join(dir, 'report.json'), 'utf8') : r.stdout
            expect(rawControls(text)).toEqual([])
            expect(strings(JSON.parse(text)).some(s => s.includes(PAYLOAD))).toBe(true)
        }
    })
})
