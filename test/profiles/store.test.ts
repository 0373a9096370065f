// The profile store: names, replace only when forced, corrupt files moved aside
// (never emptied silently), and concurrent writers from real processes.
import {tempDir} from '../helpers/temp.js'
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {beforeEach, describe, expect, it} from 'vitest'
import {ProfileStore, type Profile} from '../../src/profiles/index.js'
import {withLock} from '../../src/profiles/lock.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
let dir: string

const draft = (name: string, extra: Partial<Profile> = {}): Omit<Profile, 'created' | 'updated'> => ({
    name,
    template: {path: '/t/template.yaml', sha256: 'a'.repeat(64)},
    presets: ['prod'],
    inputs: {mode: 'dev'},
    ...extra,
})

beforeEach(() => {
    dir = tempDir('trellis-store-')
})

describe('ProfileStore', () => {
    it('keeps config.json in the directory it is given (TRELLIS_CONFIG_DIR by default)', () => {
        const store = new ProfileStore({dir})
        expect(store.path).toBe(path.join(dir, 'config.json'))
        const previous = process.env.TRELLIS_CONFIG_DIR
        process.env.TRELLIS_CONFIG_DIR = path.join(dir, 'env')
        try {
            expect(new ProfileStore().path).toBe(path.join(dir, 'env', 'config.json'))
        } finally {
            if (previous === undefined) delete process.env.TRELLIS_CONFIG_DIR
            else process.env.TRELLIS_CONFIG_DIR = previous
        }
    })

    it('saves, finds, lists, renames and deletes', () => {
        const store = new ProfileStore({dir})
        const saved = store.save(draft('b', {note: 'n'}))
        store.save(draft('a'))
        expect(saved.created).toBe(saved.updated)
        expect(store.get('b')).toEqual(saved)
        expect(store.list().map(p => p.name)).toEqual(['a', 'b'])
        expect(store.rename('b', 'c').name).toBe('c')
        expect(store.find('b')).toBeUndefined()
        expect(() => store.rename('a', 'c')).toThrow(/exists already/)
        store.delete('a')
        expect(store.list().map(p => p.name)).toEqual(['c'])
        expect(() => store.get('zz')).toThrow(/no profile "zz" \(profiles: c\)/)
    })

    it('a name read back from the store is checked as a typed one: a path in it makes the store unreadable, moved aside', () => {
        const stored = {...draft('x'), name: '../../../x', created: 'c', updated: 'u'}
        fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({profiles: {'../../../x': stored}}))
        const warnings: string[] = []
        const store = new ProfileStore({dir, warn: w => warnings.push(w)})
        expect(store.list()).toEqual([])
        expect(warnings[0]).toContain('"../../../x" is not a valid profile name')
        expect(fs.readdirSync(dir).some(f => f.startsWith('config.json.corrupt-'))).toBe(true)
    })

    it('a read-only store file is not replaced: the change fails, the file stays', () => {
        const store = new ProfileStore({dir})
        store.save(draft('a'))
        fs.chmodSync(store.path, 0o444)
        const before = fs.readFileSync(store.path, 'utf8')
        expect(() => store.save(draft('b'))).toThrow(/is read-only: nothing was changed/)
        expect(fs.readFileSync(store.path, 'utf8')).toBe(before)
        expect(fs.statSync(store.path).mode & 0o777).toBe(0o444)
    })

    it('names with dots are names, not paths into the store', () => {
        const store = new ProfileStore({dir})
        store.save(draft('team.eu-1'))
        expect(Object.keys(JSON.parse(fs.readFileSync(store.path, 'utf8')).profiles)).toEqual(['team.eu-1'])
    })

    it('validates names', () => {
        const store = new ProfileStore({dir})
        for (const bad of ['', ' x', '-x', '.x', 'a/b', 'a b', 'x'.repeat(65), '__proto__']) expect(() => store.save(draft(bad)), bad).toThrow(/not a valid profile name/)
        expect(store.save(draft('x'.repeat(64))).name).toHaveLength(64)
    })

    it('replaces a profile only when forced', () => {
        const store = new ProfileStore({dir})
        store.save(draft('a'))
        expect(() => store.save(draft('a', {presets: []}))).toThrow(/exists already; use --force/)
        expect(store.get('a').presets).toEqual(['prod'])
        store.save(draft('a', {presets: []}), {force: true})
        expect(store.get('a').presets).toEqual([])
    })

    for (const [what, text] of [
        ['invalid JSON', '{"profiles": {"a": '],
        ['a profile of the wrong shape', '{"profiles": {"a": {"name": "a"}}}'],
        ['a JSON list', '[1, 2]'],
    ] as const) {
        it(`moves a corrupt store aside (${what}), says so, and starts a new one`, () => {
            fs.writeFileSync(path.join(dir, 'config.json'), text)
            const warnings: string[] = []
            const store = new ProfileStore({dir, warn: m => warnings.push(m)})
            expect(store.list()).toEqual([])
            expect(warnings).toHaveLength(1)
            expect(warnings[0]).toMatch(/could not be read .* it was moved to .*config\.json\.corrupt-/)
            const backups = fs.readdirSync(dir).filter(f => f.startsWith('config.json.corrupt-'))
            expect(backups).toHaveLength(1)
            expect(fs.readFileSync(path.join(dir, backups[0]!), 'utf8')).toBe(text) // nothing lost
            store.save(draft('fresh'))
            expect(store.list().map(p => p.name)).toEqual(['fresh'])
        })
    }

    it('notices a store corrupted while it is open before writing over it', () => {
        const warnings: string[] = []
        const store = new ProfileStore({dir, warn: m => warnings.push(m)})
        store.save(draft('a'))
        fs.writeFileSync(store.path, 'not json')
        store.save(draft('b'))
        expect(warnings).toHaveLength(1)
        expect(fs.readdirSync(dir).some(f => f.startsWith('config.json.corrupt-'))).toBe(true)
        expect(store.list().map(p => p.name)).toEqual(['b'])
    })
})

describe('lock', () => {
    it('removes a stale lock left by a crashed process', () => {
        const lock = path.join(dir, 'x.lock')
        fs.writeFileSync(lock, '123\n')
        const old = new Date(Date.now() - 60_000)
        fs.utimesSync(lock, old, old)
        expect(withLock(lock, () => 42)).toBe(42)
        expect(fs.existsSync(lock)).toBe(false)
    })

    it('keeps an old lock whose holder still runs on this host (a suspended process), and breaks it once the holder is gone', async () => {
        const lock = path.join(dir, 'x.lock')
        const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {stdio: 'ignore'})
        const gone = new Promise(resolve => holder.on('exit', resolve))
        try {
            fs.writeFileSync(lock, `${holder.pid} ${os.hostname()}\n`)
            const old = new Date(Date.now() - 60_000)
            fs.utimesSync(lock, old, old)
            expect(() => withLock(lock, () => 1, {timeoutMs: 300})).toThrow(/locked by another process/)
            expect(fs.existsSync(lock)).toBe(true)
        } finally {
            holder.kill()
        }
        await gone
        expect(withLock(lock, () => 42)).toBe(42)
        expect(fs.existsSync(lock)).toBe(false)
    })

    it('gives up on a lock that stays held', () => {
        const lock = path.join(dir, 'x.lock')
        fs.writeFileSync(lock, '123\n')
        expect(() => withLock(lock, () => 1, {timeoutMs: 100})).toThrow(/locked by another process/)
    })
})

describe('concurrent saves from real processes', () => {
    const child = (prefix: string, count: number) =>
        new Promise<number>((resolve, reject) => {
            const script = `
                import {ProfileStore} from ${JSON.stringify(path.join(ROOT, 'dist/profiles/index.js'))}
                const store = new ProfileStore({dir: process.argv[1]})
                for (let i = 0; i < ${count}; i++)
                    store.save({name: '${prefix}' + i, template: {path: '/t.yaml', sha256: 'a'}, presets: [], inputs: {i}})
            `
            const p = spawn(process.execPath, ['--input-type=module', '-e', script, dir], {stdio: ['ignore', 'inherit', 'inherit']})
            p.on('error', reject)
            p.on('close', code => resolve(code ?? -1))
        })

    it('two processes saving different profiles at the same time both keep all of theirs', async () => {
        expect(fs.existsSync(path.join(ROOT, 'dist/profiles/index.js')), 'run npm run build first').toBe(true)
        const codes = await Promise.all([child('left', 40), child('right', 40)])
        expect(codes).toEqual([0, 0])
        const names = new ProfileStore({dir}).list().map(p => p.name)
        expect(names).toHaveLength(80)
        for (let i = 0; i < 40; i++) {
            expect(names).toContain(`left${i}`)
            expect(names).toContain(`right${i}`)
        }
        expect(fs.readdirSync(dir).filter(f => f !== 'config.json')).toEqual([]) // no lock or temporary file left
    })
})
