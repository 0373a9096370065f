// Every command but the wizard runs from dist/bundle/headless.cjs, started from the code cache the
// build made (loadHeadless in bin/trellis.js): the cache must be one this Node takes, and a cache it
// must not take (another Node's, another bundle's, a damaged one: V8 checks only its header, and a
// changed byte in its payload can abort Node) must only cost time, never a command.
import {execFileSync} from 'node:child_process'
import fs from 'node:fs'
import {createRequire} from 'node:module'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'
import {iterations} from '../helpers/deep.js'
import {removeWorkspaces, run, workspace} from './run.js'

afterAll(removeWorkspaces)

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BIN = path.join(ROOT, 'bin/trellis.js')
const BUNDLE = path.join(ROOT, 'dist/bundle/headless.cjs')
const {HEADLESS_COMMANDS, loadHeadless} = createRequire(import.meta.url)(BIN) as {
    HEADLESS_COMMANDS: ReadonlySet<string>
    loadHeadless: (file: string) => {cached: boolean}
}

/** Loads a bundle in a Node of its own (loading runs the bundle's modules), runs `argv`, prints the exit code and whether the cache was taken. */
function loadApart(file: string, argv: readonly string[]): string {
    const script = `const b = require(${JSON.stringify(BIN)}).loadHeadless(${JSON.stringify(file)}); b.main(${JSON.stringify(argv)}).then(code => process.stdout.write(' ' + code + ' ' + b.cached))`
    return execFileSync(process.execPath, ['-e', script], {encoding: 'utf8'})
}

/** A copy of the headless bundle in `dir`, as deep as in the project (it reads ../../package.json for its version, here 1.2.3). */
function bundleCopy(dir: string): string {
    const copy = path.join(dir, 'dist/bundle/headless.cjs')
    fs.mkdirSync(path.dirname(copy), {recursive: true})
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({version: '1.2.3'}))
    fs.copyFileSync(BUNDLE, copy)
    return copy
}

describe('the headless bundle', () => {
    it('starts from the code cache the build made', () => {
        expect(fs.existsSync(`${BUNDLE}.cache`)).toBe(true)
        expect(loadApart(BUNDLE, ['--version'])).toMatch(/^\d+\.\d+\.\d+\n 0 true$/)
    })

    it('runs without a cache it cannot take', () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-headless-'))
        try {
            const copy = bundleCopy(dir)
            fs.writeFileSync(`${copy}.cache`, 'not a code cache')
            expect(loadApart(copy, ['--version'])).toBe('1.2.3\n 0 false')
            // the build's own cache, its SHA-256 changed as if of another bundle (V8 alone would take it: same length)
            const other = fs.readFileSync(`${BUNDLE}.cache`)
            other[0] = other[0]! ^ 0xff
            fs.writeFileSync(`${copy}.cache`, other)
            expect(loadApart(copy, ['--version'])).toBe('1.2.3\n 0 false')
            fs.copyFileSync(`${BUNDLE}.cache`, `${copy}.cache`)
            expect(loadApart(copy, ['--version'])).toBe('1.2.3\n 0 true')
        } finally {
            fs.rmSync(dir, {recursive: true, force: true})
        }
    })

    it('never hands V8 a code cache with a byte changed or cut short (fast-check over byte positions)', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-headless-'))
        try {
            const copy = bundleCopy(dir)
            const intact = fs.readFileSync(`${BUNDLE}.cache`)
            const damage = fc.oneof(
                {weight: 3, arbitrary: fc.record({at: fc.nat(), bit: fc.integer({min: 0, max: 7})}).map(d => ({kind: 'flip' as const, ...d}))},
                {weight: 1, arbitrary: fc.nat().map(at => ({kind: 'cut' as const, at}))},
            )
            await fc.assert(
                fc.asyncProperty(damage, async d => {
                    const at = d.at % intact.length
                    const damaged = d.kind === 'cut' ? intact.subarray(0, at) : Buffer.from(intact)
                    if (d.kind === 'flip') damaged[at] = damaged[at]! ^ (1 << d.bit)
                    fs.writeFileSync(`${copy}.cache`, damaged)
                    expect(loadApart(copy, ['--version'])).toBe('1.2.3\n 0 false')
                }),
                {numRuns: iterations(12, 300, 'CODE_CACHE_DAMAGE_RUNS')},
            )
        } finally {
            fs.rmSync(dir, {recursive: true, force: true})
        }
    })

    it('serves the commands it names and leaves the wizard to the ES modules', async () => {
        expect([...HEADLESS_COMMANDS]).toEqual(expect.arrayContaining(['resolve', 'explain', 'analyze', 'test', 'profile']))
        expect(HEADLESS_COMMANDS.has('wizard')).toBe(false)
        const dir = workspace({'t.yaml': 'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: tosca.nodes.Root}\n'})
        const resolved = await run(['--debug', 'resolve', 't.yaml'], {cwd: dir})
        expect(resolved.code, resolved.stderr).toBe(0)
        expect(resolved.stdout).toContain('a:')
        // the wizard, asked for without a terminal, says so (from the ES modules)
        const wizard = await run(['t.yaml'], {cwd: dir})
        expect(wizard.stderr).toContain('the wizard needs an interactive terminal')
    })

    it('loads nothing but a bundle that exports main', () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-headless-'))
        try {
            fs.writeFileSync(path.join(dir, 'empty.cjs'), 'module.exports = {}')
            expect(() => loadHeadless(path.join(dir, 'empty.cjs'))).toThrow(/exports no main/)
        } finally {
            fs.rmSync(dir, {recursive: true, force: true})
        }
    })
})
