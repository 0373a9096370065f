// Two equally good variants: the advice `explain` and the report give depends on whether an
// optimization compared them. Telling a user to enable an optimization that is on (rc_3 minimises
// by default) sends them nowhere.
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {TWO_HOSTS} from '../helpers/templates.js'
import {TIE} from '../report/fixtures.js'
import {removeWorkspaces, run, workspace} from './run.js'

afterAll(removeWorkspaces)

/** A tie rc_3's optimization finds: n1 and n4 are two equally good hosts of n5. */
const OPTIMIZED_TIE = `tosca_definitions_version: tosca_variability_1_0_rc_3\n${TWO_HOSTS('')}`

/** Text wrapped to a width, its continued rows joined again. */
const oneLine = (text: string) => text.replace(/\n +/g, ' ')

describe('an ambiguous result', () => {
    it('without optimization: explain and the report say to enable it', async () => {
        const dir = workspace({'t.yaml': TIE})
        const explained = await run(['explain', 't.yaml'], {cwd: dir})
        expect(explained.code).toBe(1)
        // wrapped to 80 columns off a terminal, read as one line
        expect(oneLine(explained.stdout + explained.stderr)).toContain('Add a condition or enable optimization (optimization_topology) to choose between them.')
        await run(['resolve', 't.yaml', '--report', 'r.md'], {cwd: dir})
        expect(fs.readFileSync(path.join(dir, 'r.md'), 'utf8')).toContain('enable optimization (`optimization_topology`)')
    })

    it('with an optimization that found the variants equally good: a condition or weights, not an option that is on', async () => {
        const dir = workspace({'t.yaml': OPTIMIZED_TIE})
        const explained = await run(['explain', 't.yaml', '--preset', 'prod'], {cwd: dir})
        expect(explained.code).toBe(1)
        const text = oneLine(explained.stdout + explained.stderr)
        expect(text).toContain('Optimization (optimization_topology) finds them equally good: add a condition, or weights (weight) that tell them apart')
        expect(text).not.toContain('enable optimization')
        await run(['resolve', 't.yaml', '--preset', 'prod', '--report', 'r.md'], {cwd: dir})
        const report = fs.readFileSync(path.join(dir, 'r.md'), 'utf8')
        expect(report).toContain('finds them equally good')
        expect(report).not.toContain('enable optimization')
    })
})
