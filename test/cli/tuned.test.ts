// Explaining a large template runs in a child Node with a larger young generation (bin/trellis.js):
// the child's output, exit code and files are what the command gives without it.
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {stringify} from 'yaml'
import {benchmarkTemplate} from '../../bench/generate.mjs'
import {tempDir, trellis} from './helpers.js'

const dir = tempDir('trellis-tuned-')
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}))
/** Over the 4 MiB from which explain --json and --report run tuned. */
const large = path.join(dir, 'large.yaml')
fs.writeFileSync(large, stringify(benchmarkTemplate(5000)))

describe('explaining a large template', () => {
    it('is above the size that starts a tuned child', () => {
        expect(fs.statSync(large).size).toBeGreaterThan(4 * 1024 * 1024)
    })

    it('explain --json prints the same document as without the child', () => {
        const tuned = trellis(['explain', large, '--set', 'mode=present', '--json', 'node.component_0_present'], {})
        const plain = trellis(['explain', large, '--set', 'mode=present', '--json', 'node.component_0_present'], {TRELLIS_TUNED: '1'})
        expect(tuned.code).toBe(0)
        expect(tuned.stdout).toBe(plain.stdout)
        expect(JSON.parse(tuned.stdout).elements[0].id).toBe('node.component_0_present')
    })

    it('a failing --report run exits as without the child, one line, nothing written', () => {
        const out = path.join(dir, 'out.yaml')
        const r = trellis(['resolve', large, '--set', 'mode=present', '-o', out, '--report', path.join(dir, 'missing', 'r.md')], {})
        expect(r.code).toBe(2)
        expect(r.stderr.trim().split('\n')).toHaveLength(1)
        expect(fs.existsSync(out)).toBe(false)
    })
})
