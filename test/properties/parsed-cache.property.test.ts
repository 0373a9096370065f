// A damaged parsed-cache entry never changes an answer (fast-check over byte positions): whatever
// byte of an entry is changed, or wherever it is cut short, `trellis resolve` answers as it does
// without a cache, exit code, output and messages alike. The template uses each of the 150 types of
// its library, so that nearly every byte of the entry's data is a name the answer depends on (one
// changed letter, served, is a false "Node type … does not exist"). Each case is a process of its own.
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'
import {iterations} from '../helpers/deep.js'
import {removeWorkspaces, run, workspace} from '../cli/run.js'

afterAll(removeWorkspaces)

const TYPES = 150

/** A library of TYPES node types of 15 KB (over the cache's 8 KiB), and a template with a node of each. */
function files(): Record<string, string> {
    const names = Array.from({length: TYPES}, (_, i) => `app.t${i}`)
    const library = names.map(name => `    ${name}:\n        description: a type the template uses, described at some length for the file's size\n`).join('')
    const nodes = names.map((name, i) => `        n${i}: {type: ${name}}\n`).join('')
    return {
        'lib/types.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n${library}`,
        'template.yaml': `tosca_definitions_version: tosca_variability_1_0_rc_3\ntopology_template:\n    variability:\n        options: {technology_constraint: false}\n    node_templates:\n${nodes}`,
    }
}

/** One byte changed (a bit of it flipped), or the entry cut short. */
const damage = fc.oneof(
    {weight: 3, arbitrary: fc.record({at: fc.nat(), bit: fc.integer({min: 0, max: 7})}).map(d => ({kind: 'flip' as const, ...d}))},
    {weight: 1, arbitrary: fc.nat().map(at => ({kind: 'cut' as const, at}))},
)

describe('a damaged parsed-cache entry', () => {
    it('never changes an answer: a changed byte or a cut anywhere reads the file instead', async () => {
        const dir = workspace(files())
        const cache = path.join(workspace(), 'cache')
        const resolve = () => run(['resolve', 'template.yaml'], {cwd: dir, env: {TRELLIS_CACHE: 'on', TRELLIS_CACHE_DIR: cache}})
        const plain = await run(['resolve', 'template.yaml'], {cwd: dir})
        expect(plain.code, plain.stderr).toBe(0)
        expect(await resolve()).toEqual(plain)
        const [name, ...others] = fs.readdirSync(cache)
        expect(others).toEqual([])
        const entry = path.join(cache, name!)
        const intact = fs.readFileSync(entry)
        await fc.assert(
            fc.asyncProperty(damage, async d => {
                const at = d.at % intact.length
                const damaged = d.kind === 'cut' ? intact.subarray(0, at) : Buffer.from(intact)
                if (d.kind === 'flip') damaged[at] = damaged[at]! ^ (1 << d.bit)
                fs.writeFileSync(entry, damaged)
                expect(await resolve()).toEqual(plain)
            }),
            {numRuns: iterations(20, 300, 'CACHE_DAMAGE_RUNS')},
        )
    })
})
