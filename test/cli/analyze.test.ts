// trellis analyze on the command line: findings by severity, --json with stable
// codes, --strict for template CI, and --watch picking up an edit.
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, afterEach, describe, expect, it} from 'vitest'
import {BIN, tempDir, removeTempDirs} from './helpers.js'
import {runHere} from './run.js'

afterAll(removeTempDirs)

const DEAD = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: dev}
            unused: {type: boolean, default: false}
        options: {pruning: true}
        presets:
            dev: {inputs: {env: dev}}
            also_dev: {inputs: {env: dev}}
    node_templates:
        app: {type: tosca.nodes.Root}
        ghost:
            type: tosca.nodes.Root
            conditions: {and: [{equal: [{variability_input: env}, dev]}, {equal: [{variability_input: env}, prod]}]}
`

const CLEAN = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            db: {type: boolean, default: true}
        options: {pruning: true}
    node_templates:
        app: {type: tosca.nodes.Root}
        database: {type: tosca.nodes.Root, conditions: {variability_input: db}}
`

let dirs: string[] = []
afterEach(() => {
    for (const d of dirs) fs.rmSync(d, {recursive: true, force: true})
    dirs = []
})

function write(text: string): string {
    const dir = tempDir('trellis-analyze-')
    dirs.push(dir)
    const file = path.join(dir, 'template.yaml')
    fs.writeFileSync(file, text)
    return file
}

describe('trellis analyze', () => {
    it('prints findings grouped by severity, each located, and the variant count', async () => {
        const r = await runHere(['analyze', write(DEAD)])
        expect(r.code).toBe(0)
        expect(r.stdout).toMatch(/0 errors, 4 warnings, 0 notes/)
        expect(r.stdout).toMatch(/Node "ghost" can never be present {2}\(.*template\.yaml:13:9\) {2}\[dead-element\]/)
        expect(r.stdout).toContain('variability input "env" has one value at a time')
        expect(r.stdout).toContain('variability input "unused" decides nothing: no condition, constraint or value that can be present reads it')
        // env is read only by the dead element's condition
        expect(r.stdout).toContain('variability input "env" decides nothing: whatever the other inputs, changing it alone never changes the resolved template')
        expect(r.stdout).toContain('presets "dev", "also_dev" give the same variant')
        expect(r.stdout).toContain('Variants: 1 variant (exact: all 3 combinations of input values resolved)')
    })

    it('--json gives stable codes; --strict fails on dead elements and equivalent presets only', async () => {
        const dead = write(DEAD)
        const json = JSON.parse((await runHere(['analyze', dead, '--json'])).stdout)
        expect(json.findings.map((f: {code: string}) => f.code).sort()).toEqual(['dead-element', 'equivalent-presets', 'input-decides-nothing', 'input-decides-nothing'])
        expect(json.dead).toEqual(['node.ghost', 'type.tosca.nodes.Root@0.node.ghost'])
        expect(json.variants).toMatchObject({count: 1, exact: true})
        expect((await runHere(['analyze', dead, '--strict'])).code).toBe(1)
        const clean = await runHere(['analyze', write(CLEAN), '--strict'])
        expect(clean.code).toBe(0)
        expect(clean.stdout).toContain('0 errors, 0 warnings, 0 notes')
    })

    it('an analysis cut short by --combinations says so, is not clean, and fails --strict', async () => {
        const clean = write(CLEAN)
        const r = await runHere(['analyze', clean, '--combinations', '1'])
        expect(r.code).toBe(0)
        expect(r.stdout).toMatch(/0 errors, 1 warning, 0 notes/)
        expect(r.stdout).toContain('the analysis did not finish: it resolved 1 of 2 combinations of input values (raise --combinations)  [analysis-incomplete]')
        expect((await runHere(['analyze', clean, '--combinations', '1', '--strict'])).code).toBe(1)
        expect((await runHere(['analyze', clean, '--combinations', '0', '--json'])).stdout).toContain('"code": "analysis-incomplete"')
        const bad = await runHere(['analyze', clean, '--combinations', 'some'])
        expect(bad.code).toBe(2)
        expect(bad.stderr).toContain('--combinations expects a whole number, got "some"')
    })

    it('--json is the same on every run', async () => {
        const dead = write(DEAD)
        expect((await runHere(['analyze', dead, '--json'])).stdout).toBe((await runHere(['analyze', dead, '--json'])).stdout)
    })

    it('reports a template it cannot read as resolve does: located, exit 2', async () => {
        const r = await runHere(['analyze', write('tosca_definitions_version: tosca_variability_1_0\ntopology_template: [')])
        expect(r.code).toBe(2)
        expect(r.stderr).toMatch(/template\.yaml:2:\d+/)
    })

    it('--watch analyzes again after an edit and says what changed', async () => {
        const file = write(DEAD)
        const child = spawn(process.execPath, [BIN, 'analyze', file, '--watch', '--json'], {env: {...process.env, CI: 'true'}})
        const lines: string[] = []
        let buffer = ''
        let changed = () => {}
        child.stdout.on('data', (d: Buffer) => {
            buffer += d.toString()
            const parts = buffer.split('\n')
            buffer = parts.pop()!
            lines.push(...parts.filter(Boolean))
            changed()
        })
        /** Resolves when a line is printed, or after `ms` (then false). */
        const nextLine = (ms: number) =>
            new Promise<boolean>(resolve => {
                const timer = setTimeout(() => resolve(false), ms)
                changed = () => {
                    clearTimeout(timer)
                    resolve(true)
                }
            })
        try {
            while (lines.length < 1) expect(await nextLine(60_000), 'the first analysis is printed').toBe(true)
            // the folder is watched right after the first analysis is printed, at a moment this
            // process cannot see: the edit is saved again until an analysis follows (as an editor would)
            const edited = DEAD.replace('{equal: [{variability_input: env}, prod]}', '{equal: [{variability_input: env}, dev]}')
            for (let saves = 0; lines.length < 2; saves++) {
                expect(saves, 'the edit is picked up').toBeLessThan(60)
                fs.writeFileSync(file, edited)
                await nextLine(1_000)
            }
            const second = JSON.parse(lines[1]!)
            expect(second.dead).toEqual([])
            expect(second.changes).toContain('node.ghost is no longer dead')
        } finally {
            child.kill('SIGINT')
        }
    })
})
