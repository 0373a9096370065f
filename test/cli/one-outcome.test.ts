// Every command reads the outcome resolve reads: a variant the checks reject is rejected by
// explain and profile diff too (explain still shows it, and says so), and warnings about input
// values are printed before a failure as before a success.
import {afterAll, describe, expect, it} from 'vitest'
import {removeWorkspaces, runHere, workspace} from './run.js'

afterAll(removeWorkspaces)

/** Without pruning, the relation to a pruned database stays: the consistency check rejects the variant. */
const REJECTED = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            db: {type: boolean, default: false}
            replicas: {type: integer, default: 1}
    node_templates:
        app:
            type: tosca.nodes.Root
            requirements:
                - db: {node: database}
        database:
            type: tosca.nodes.Root
            conditions: {variability_input: db}
`
const CHECK = 'Relation target "database" of relation "db@0" of node "app" does not exist'

describe('one outcome for every command', () => {
    it('resolve rejects the variant: exit 1, the located check', async () => {
        const r = await runHere(['resolve', 't.yaml'], {cwd: workspace({'t.yaml': REJECTED})})
        expect(r.code).toBe(1)
        expect(r.stderr).toContain(`t.yaml:11:19: ${CHECK}`)
    })

    it('explain shows the rejected variant, says it is rejected, and exits 1 as resolve does', async () => {
        const dir = workspace({'t.yaml': REJECTED})
        const summary = await runHere(['explain', 't.yaml'], {cwd: dir})
        expect(summary.code).toBe(1)
        // wrapped to 80 columns off a terminal
        expect(summary.stdout.split('\n\n')[0]!.replace(/\n +/g, ' ')).toBe(`This variant is rejected by a check, as resolve rejects it: ${CHECK}`)
        expect(summary.stderr).toContain(`t.yaml:11:19: ${CHECK}`)
        const listed = await runHere(['explain', 't.yaml', '--all'], {cwd: dir})
        expect(listed.code).toBe(1)
        expect(listed.stdout.split('\n\n')[0]!.replace(/\n +/g, ' ')).toBe(`This variant is rejected by a check, as resolve rejects it: ${CHECK}`)
        expect(listed.stdout).toContain('- pruned   Node "database"')
        const one = await runHere(['explain', 't.yaml', 'database'], {cwd: dir})
        expect(one.code).toBe(1)
        expect(one.stdout).toContain('Node "database" is pruned: its condition does not hold')
        const json = await runHere(['explain', 't.yaml', '--json'], {cwd: dir})
        expect(json.code).toBe(1)
        expect(JSON.parse(json.stdout)).toMatchObject({rejected: CHECK, conflict: null})
    })

    it('explain of a variant the checks accept says nothing of a rejection and exits 0', async () => {
        const r = await runHere(['explain', 't.yaml', '--set', 'db=true'], {cwd: workspace({'t.yaml': REJECTED})})
        expect(r.code).toBe(0)
        expect(r.stdout).not.toContain('rejected')
        expect(r.stderr).toBe('')
    })

    it('prints a warning about an input value before the failure it may explain', async () => {
        const r = await runHere(['resolve', 't.yaml', '--set', 'replicas=many'], {cwd: workspace({'t.yaml': REJECTED})})
        expect(r.code).toBe(1)
        const warning = r.stderr.indexOf('warning[input-type]: Variability input "replicas" is of type integer')
        expect(warning).toBeGreaterThanOrEqual(0)
        expect(warning).toBeLessThan(r.stderr.indexOf(CHECK))
    })

    it('profile diff refuses a profile whose variant resolve rejects', async () => {
        const dir = workspace({'t.yaml': REJECTED})
        const config = {env: {TRELLIS_CONFIG_DIR: `${dir}/config`}, cwd: dir}
        expect((await runHere(['profile', 'save', 'with-db', '--template', 't.yaml', '--set', 'db=true'], config)).code).toBe(0)
        expect((await runHere(['profile', 'save', 'without', '--template', 't.yaml'], config)).code).toBe(0)
        const r = await runHere(['profile', 'diff', 'with-db', 'without'], config)
        expect(r.code).toBe(1)
        expect(r.stderr).toContain(CHECK)
    })
})
