// trellis test DIR agrees with the shared conformance scorer.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {skipNamed} from '../helpers/skip.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SHARED = path.resolve(ROOT, '../shared')
const GROUP = path.join(SHARED, 'conformance/consistency')
const summary = (text: string) => /^(\d+) passed, (\d+) failed$/m.exec(text)?.slice(1).map(Number)

describe.skipIf(!fs.existsSync(GROUP))(skipNamed('trellis test on the conformance suite', !fs.existsSync(GROUP) && `needs ${path.relative(ROOT, GROUP)}, not found`), () => {
    it('agrees with the shared scorer on a group whose cases expect errors (consistency)', () => {
        const ours = spawnSync(process.execPath, ['bin/trellis.js', 'test', GROUP], {cwd: ROOT, encoding: 'utf8'})
        const scorer = spawnSync(process.execPath, [path.join(SHARED, 'tools/conformance.mjs'), '--dir', GROUP, '--quiet'], {cwd: ROOT, encoding: 'utf8'})
        const a = summary(ours.stdout)
        const b = summary(scorer.stdout)
        expect(a, ours.stdout + ours.stderr).toBeDefined()
        expect(b, scorer.stdout + scorer.stderr).toBeDefined()
        expect(a).toEqual(b)
        expect(a![0]).toBeGreaterThan(0)
        expect(ours.status).toBe(a![1] === 0 ? 0 : 1)
    })
})
