// A type library is read once: kept parsed in the process and, between processes, in a cache keyed by
// content. What the cache serves must be what reading the file gives, whatever happened to the file or
// the cache since; a cache folder another user could write is not used; with TRELLIS_CACHE=off nothing
// is written. Each case runs `trellis resolve` in a process of its own, with a cache folder of its own.
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {removeWorkspaces, run, workspace} from '../cli/run.js'

afterAll(removeWorkspaces)

const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0_rc_3
topology_template:
    variability:
        options: {technology_constraint: false}
    node_templates:
        app:
            type: app.special
`

/** A library file of about 200 kB: node types, the last of which says what "app.special" is derived from. */
function library(parent: string): string {
    const filler = Array.from({length: 2500}, (_, i) => `    filler.${i}:\n        derived_from: tosca.nodes.Root\n        description: "a != b [${i}] {x}"\n`).join('')
    return `tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n${filler}    app.special:\n        derived_from: ${parent}\n`
}

async function resolveIn(dir: string, cache: string, extra: Record<string, string> = {}) {
    const result = await run(['resolve', 'template.yaml'], {cwd: dir, env: {TRELLIS_CACHE: 'on', TRELLIS_CACHE_DIR: cache, ...extra}})
    return result
}

const entries = (cache: string) => (fs.existsSync(cache) ? fs.readdirSync(cache).filter(name => name.endsWith('.v8')) : [])

describe('the parsed library cache', () => {
    it('serves what reading the file gives, also once the file changed', async () => {
        const dir = workspace({'template.yaml': TEMPLATE, 'lib/types.yaml': library('tosca.nodes.Root')})
        const cache = path.join(workspace(), 'cache')
        const first = await resolveIn(dir, cache)
        expect(first.code, first.stderr).toBe(0)
        expect(entries(cache)).toHaveLength(1)
        const second = await resolveIn(dir, cache)
        expect(second.stdout).toBe(first.stdout)
        // the library changes: a new entry, and the output follows the file, not the old entry
        fs.writeFileSync(path.join(dir, 'lib/types.yaml'), library('tosca.nodes.Compute'))
        const changed = await resolveIn(dir, cache)
        expect(changed.code, changed.stderr).toBe(0)
        expect(entries(cache)).toHaveLength(2)
        const plain = await run(['resolve', 'template.yaml'], {cwd: dir})
        expect(changed.stdout).toBe(plain.stdout)
        expect(parse(changed.stdout)).toEqual(parse(plain.stdout))
    })

    it('reads the file when an entry is damaged or says it is of other bytes', async () => {
        const dir = workspace({'template.yaml': TEMPLATE, 'lib/types.yaml': library('tosca.nodes.Root')})
        const cache = path.join(workspace(), 'cache')
        const first = await resolveIn(dir, cache)
        const [entry] = entries(cache)
        fs.writeFileSync(path.join(cache, entry!), 'not an entry')
        expect((await resolveIn(dir, cache)).stdout).toBe(first.stdout)
        // an entry under this file's name holding another file's data
        const other = workspace({'template.yaml': TEMPLATE, 'lib/types.yaml': library('tosca.nodes.Compute')})
        const otherCache = path.join(workspace(), 'cache')
        await resolveIn(other, otherCache)
        fs.copyFileSync(path.join(otherCache, entries(otherCache)[0]!), path.join(cache, entry!))
        expect((await resolveIn(dir, cache)).stdout).toBe(first.stdout)
    })

    it('locates a mistake in a library file served from the cache as when it is read', async () => {
        const broken = library('tosca.nodes.Root').replace('tosca_definitions_version: tosca_simple_yaml_1_3', 'tosca_definitions_version: tosca_simple_yaml_1_2')
        const dir = workspace({'template.yaml': TEMPLATE, 'lib/types.yaml': broken})
        const cache = path.join(workspace(), 'cache')
        const read = await resolveIn(dir, cache)
        const served = await resolveIn(dir, cache)
        expect(read.code).toBe(served.code)
        expect(read.code).not.toBe(0)
        expect(served.stderr).toBe(read.stderr)
        expect(served.stderr).toContain('lib/types.yaml:1:')
    })

    it('locates a type defined in two library files, both served from the cache, as when they are read', async () => {
        const second = library('tosca.nodes.Root').replace(/filler\./g, 'other.')
        const dir = workspace({'template.yaml': TEMPLATE, 'lib/a.yaml': library('tosca.nodes.Root'), 'lib/b.yaml': second})
        const cache = path.join(workspace(), 'cache')
        const read = await resolveIn(dir, cache)
        expect(entries(cache)).toHaveLength(2)
        const served = await resolveIn(dir, cache)
        expect(read.code).not.toBe(0)
        expect(served.stderr).toBe(read.stderr)
        // where the second definition is, and where the first one was
        expect(served.stderr).toMatch(/lib\/b\.yaml:\d+:\d+: node_types "app\.special" duplicated/)
        expect(served.stderr).toMatch(/lib\/a\.yaml:\d+:\d+/)
    })

    it('is not used in a folder others may write, nor when switched off', async () => {
        const dir = workspace({'template.yaml': TEMPLATE, 'lib/types.yaml': library('tosca.nodes.Root')})
        const shared = path.join(workspace(), 'cache')
        fs.mkdirSync(shared, {mode: 0o777})
        fs.chmodSync(shared, 0o777)
        expect((await resolveIn(dir, shared)).code).toBe(0)
        expect(entries(shared)).toEqual([])
        const off = path.join(workspace(), 'cache')
        expect((await resolveIn(dir, off, {TRELLIS_CACHE: 'off'})).code).toBe(0)
        expect(fs.existsSync(off)).toBe(false)
    })
})
