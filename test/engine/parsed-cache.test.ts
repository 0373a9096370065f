// A type library is read once: kept parsed in the process and, between processes, in a cache keyed by
// content. What the cache serves must be what reading the file gives, whatever happened to the file or
// the cache since (a damaged entry: test/properties/parsed-cache.property.test.ts), and only to the
// build that wrote it; a cache folder another user could write is not used; with TRELLIS_CACHE=off
// nothing is written; pruning deletes nothing the cache did not write. Each case runs
// `trellis resolve` in a process of its own, with a cache folder of its own.
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
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

async function resolveIn(dir: string, cache: string, extra: Record<string, string> = {}, bin?: string) {
    const result = await run(['resolve', 'template.yaml'], {cwd: dir, env: {TRELLIS_CACHE: 'on', TRELLIS_CACHE_DIR: cache, ...extra}, bin})
    return result
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Another build of the command line, in a folder of its own: the project's, with its headless
 * bundle changed by `change` (and no code cache), run from a copy of bin/. Returns its bin/trellis.js.
 */
function anotherBuild(change: (bundle: string) => string): string {
    const dir = workspace({'package.json': fs.readFileSync(path.join(ROOT, 'package.json'))})
    fs.cpSync(path.join(ROOT, 'bin'), path.join(dir, 'bin'), {recursive: true})
    fs.mkdirSync(path.join(dir, 'dist/bundle'), {recursive: true})
    fs.writeFileSync(path.join(dir, 'dist/bundle/headless.cjs'), change(fs.readFileSync(path.join(ROOT, 'dist/bundle/headless.cjs'), 'latin1')), 'latin1')
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
    return path.join(dir, 'bin/trellis.js')
}

const entries = (cache: string) => (fs.existsSync(cache) ? fs.readdirSync(cache).filter(name => name.endsWith('.v8')) : [])
const hex64 = (i: number) => i.toString(16).padStart(64, '0')

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

    it('serves an entry only to the build that wrote it', async () => {
        const dir = workspace({'template.yaml': TEMPLATE, 'lib/types.yaml': library('tosca.nodes.Root')})
        const cache = path.join(workspace(), 'cache')
        const plain = await run(['resolve', 'template.yaml'], {cwd: dir})
        expect(plain.code, plain.stderr).toBe(0)
        // an older reader, as it were: one that keeps no type of a library file
        const types = /\/_types\$\//g
        const older = anotherBuild(bundle => {
            expect(bundle.match(types)).toHaveLength(1)
            return bundle.replace(types, '/_no_types_kept$/')
        })
        const olderRun = await resolveIn(dir, cache, {}, older)
        expect(olderRun.stderr).toContain('Node type "app.special" does not exist')
        expect(entries(cache)).toHaveLength(1)
        // this build does not take the older one's entry: it reads the file and keeps its own
        const now = await resolveIn(dir, cache)
        expect(now).toEqual(plain)
        expect(entries(cache)).toHaveLength(2)
        expect(await resolveIn(dir, cache)).toEqual(plain)
        expect(entries(cache)).toHaveLength(2)
    })

    it('prunes only entries it wrote, and temporary files of its own whose process is gone', async () => {
        const dir = workspace({'template.yaml': TEMPLATE, 'lib/types.yaml': library('tosca.nodes.Root')})
        const cache = path.join(workspace(), 'cache')
        expect((await resolveIn(dir, cache)).code).toBe(0)
        const [entry] = entries(cache)
        const bytes = fs.readFileSync(path.join(cache, entry!))
        const now = Date.now() / 1000
        // 200 older entries of its own (copies of the one it wrote), and older still, files it never wrote
        for (let i = 1; i <= 200; i++) {
            fs.writeFileSync(path.join(cache, `${hex64(i)}.v8`), bytes)
            fs.utimesSync(path.join(cache, `${hex64(i)}.v8`), now - 5000 + i, now - 5000 + i)
        }
        const outside = path.join(workspace({'kept.txt': 'a file of the user'}), 'kept.txt')
        const foreign: Record<string, string> = {'notes.v8': 'notes of the user', [`${hex64(0xf00)}.v8`]: 'named like an entry, but not one', 'a.v8': ''}
        for (const [name, text] of Object.entries(foreign)) fs.writeFileSync(path.join(cache, name), text)
        fs.symlinkSync(outside, path.join(cache, `${hex64(0xf01)}.v8`))
        for (const name of [...Object.keys(foreign), `${hex64(0xf01)}.v8`]) fs.lutimesSync(path.join(cache, name), now - 9000, now - 9000)
        // temporary files: of a process that cannot be running (past any pid Linux gives), and of this one
        const gone = `.${hex64(1)}.99999999.0badc0de`
        const running = `.${hex64(2)}.${process.pid}.0badc0de`
        fs.writeFileSync(path.join(cache, gone), bytes.subarray(0, 100))
        fs.writeFileSync(path.join(cache, running), bytes.subarray(0, 100))
        // a run that writes an entry prunes
        fs.writeFileSync(path.join(dir, 'lib/types.yaml'), library('tosca.nodes.Compute'))
        expect((await resolveIn(dir, cache)).code).toBe(0)
        const left = fs.readdirSync(cache)
        for (const [name, text] of Object.entries(foreign)) expect(fs.readFileSync(path.join(cache, name), 'utf8')).toBe(text)
        expect(fs.lstatSync(path.join(cache, `${hex64(0xf01)}.v8`)).isSymbolicLink()).toBe(true)
        expect(fs.readFileSync(outside, 'utf8')).toBe('a file of the user')
        expect(left).not.toContain(gone)
        expect(left).toContain(running)
        // its own entries: the 200 written last (the two oldest copies went)
        const own = left.filter(name => /^[0-9a-f]{64}\.v8$/.test(name) && !(name in foreign) && name !== `${hex64(0xf01)}.v8`)
        expect(own).toHaveLength(200)
        expect(own).not.toContain(`${hex64(1)}.v8`)
        expect(own).not.toContain(`${hex64(2)}.v8`)
        expect(own).toContain(`${hex64(3)}.v8`)
        expect(own).toContain(entry)
    })
})
