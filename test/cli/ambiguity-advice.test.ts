// Two equally good variants: the advice `explain` and the report give depends on whether an
// optimization compared them. Telling a user to enable an optimization that is on (rc_3 minimises
// by default) sends them nowhere.
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {TIE} from '../report/fixtures.js'
import {removeWorkspaces, run, workspace} from './run.js'

afterAll(removeWorkspaces)

/** A tie rc_3's optimization finds: n1 and n4 are two equally good hosts of n5. */
const OPTIMIZED_TIE = `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types: {t0: {derived_from: tosca.nodes.Root}, t1: {derived_from: tosca.nodes.Root}, t2: {derived_from: tosca.nodes.Root}}
topology_template:
  variability:
    inputs: {mode: {type: string}, size: {type: integer, default: 4}}
    presets: {prod: {inputs: {mode: prod}}}
    options: {enrich_technologies: false, technology_constraint: false, hosting_stack_constraint: false}
  node_templates:
    n0: {type: t1, conditions: true, persistent: true}
    n1: {type: t0, conditions: {or: [true, {not: {node_presence: n0}}, {and: [{equal: [{variability_input: mode}, prod]}]}]}}
    n2: {type: t0, conditions: {equal: [{variability_input: mode}, prod]}, requirements: [{uses: {node: n5}}]}
    n4: {type: t2, conditions: {equal: [{variability_input: mode}, prod]}, requirements: [{host: {node: n5}}]}
    n5:
      type: t0
      properties: [{p0: {value: 3, conditions: {greater: [{variability_input: size}, 3]}}}]
      requirements: [{host: {node: n4}}, {host: {node: n1, conditions: true}}]
`

describe('an ambiguous result', () => {
    it('without optimization: explain and the report say to enable it', async () => {
        const dir = workspace({'t.yaml': TIE})
        const explained = await run(['explain', 't.yaml'], {cwd: dir})
        expect(explained.code).toBe(1)
        expect(explained.stdout + explained.stderr).toContain('Add a condition or enable optimization (optimization_topology) to choose between them.')
        await run(['resolve', 't.yaml', '--report', 'r.md'], {cwd: dir})
        expect(fs.readFileSync(path.join(dir, 'r.md'), 'utf8')).toContain('enable optimization (`optimization_topology`)')
    })

    it('with an optimization that found the variants equally good: a condition or weights, not an option that is on', async () => {
        const dir = workspace({'t.yaml': OPTIMIZED_TIE})
        const explained = await run(['explain', 't.yaml', '--preset', 'prod'], {cwd: dir})
        expect(explained.code).toBe(1)
        const text = explained.stdout + explained.stderr
        expect(text).toContain('Optimization (optimization_topology) finds them equally good: add a condition, or weights (weight) that tell them apart')
        expect(text).not.toContain('enable optimization')
        await run(['resolve', 't.yaml', '--preset', 'prod', '--report', 'r.md'], {cwd: dir})
        const report = fs.readFileSync(path.join(dir, 'r.md'), 'utf8')
        expect(report).toContain('finds them equally good')
        expect(report).not.toContain('enable optimization')
    })
})
