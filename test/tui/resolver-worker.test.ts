// The resolver in its worker thread (the built code, as the trellis command runs it): it reads the
// template (the only time it is read) and sends the wizard's thread an outline of plain data; it
// answers with what the engine answers on this thread, keeps only the latest of resolutions asked
// for in a row, explains elements, previews candidates and writes, so the wizard's thread never
// resolves. A worker that stops is started again once with the latest choices; one that stops again
// says so.
import {tempDir as madeTempDir} from '../helpers/temp.js'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {zipSync} from 'fflate'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {loadTemplate} from '../../src/engine/load/index.js'
import type {Resolver, ResolverOptions} from '../../src/tui/resolver/client.js'
import type {Response} from '../../src/tui/resolver/protocol.js'
import {evaluateChoices, presenceOf} from '../../src/tui/resolver/session.js'

const ROOT = path.resolve(__dirname, '../..')
const SAMPLE = path.join(ROOT, 'sample-templates/web-shop/variable-service-template.yaml')
type Client = typeof import('../../src/tui/resolver/client.js')

let open: Resolver[] = []
afterEach(() => {
    for (const r of open) r.close()
    open = []
})

/** A resolver opened in a worker thread (`thread: 'main'` runs it here). */
async function opened(file = SAMPLE, options: ResolverOptions = {}): Promise<Resolver> {
    // the test run builds dist/ first (see test/cli/global-setup.ts): a worker runs JavaScript
    const {openResolver} = (await import(pathToFileURL(path.join(ROOT, 'dist/tui/resolver/client.js')).href)) as Client
    const resolver = openResolver(file, {thread: 'worker', ...options})
    open.push(resolver)
    return resolver
}

/** A worker resolver that read its template and was told the command line's request (none). */
async function start(file = SAMPLE, options: ResolverOptions = {}): Promise<Resolver> {
    const resolver = await opened(file, options)
    await resolver.loaded
    resolver.start({})
    return resolver
}

/** The next response that passes `test`. */
function next<T extends Response>(resolver: Resolver, test: (r: Response) => r is T): Promise<T> {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer within 20 s')), 20_000)
        const stop = resolver.listen(r => {
            if (!test(r)) return
            clearTimeout(timer)
            stop()
            resolve(r)
        })
    })
}

const resolved = (r: Response): r is Extract<Response, {type: 'resolved'}> => r.type === 'resolved'
const of =
    <T extends Response['type']>(type: T) =>
    (r: Response): r is Extract<Response, {type: T}> =>
        r.type === type

/** A folder of the test's own, removed after the file even when an assertion failed first (test/helpers/setup.ts). */
function tempDir(): string {
    return madeTempDir('trellis-resolver-')
}

describe('the resolver in a worker thread', () => {
    it('reads the template and sends an outline of plain data: inputs, presets, offered values, no template', async () => {
        const dir = tempDir()
        const file = path.join(dir, 'named.yaml')
        // thousands of named conditions, one of which an input's default expression names
        const expressions = Object.fromEntries(Array.from({length: 2000}, (_, i) => [`condition_${i}`, {equal: [{variability_input: 'tier'}, `t${i}`]}]))
        fs.writeFileSync(
            file,
            JSON.stringify({
                tosca_definitions_version: 'tosca_variability_1_0',
                topology_template: {
                    variability: {
                        inputs: {tier: {type: 'string', default: 't1'}, label: {type: 'string', default_expression: {value_expression: 'label_of_tier'}}},
                        presets: {big: {name: 'Big', inputs: {tier: 't7'}}},
                        expressions: {...expressions, label_of_tier: {concat: ['tier ', {variability_input: 'tier'}]}},
                    },
                    node_templates: {app: {type: 'x', conditions: {logic_expression: 'condition_1'}}},
                },
            }),
        )
        const outline = await (await opened(file)).loaded
        expect(Object.keys(outline).sort()).toEqual(['choices', 'definition', 'file', 'origin', 'version', 'warnings'])
        expect(outline.file).toBe(file)
        expect([...outline.definition.inputs.keys()]).toEqual(['tier', 'label'])
        expect(outline.definition.presets.get('big')?.inputs).toEqual({tier: 't7'})
        expect(outline.choices.get('tier')).toEqual(expect.arrayContaining(['t1', 't7', 't1999']))
        // only what the inputs' values may name
        expect(Object.keys(outline.definition.expressions)).toEqual(['label_of_tier'])
        fs.rmSync(dir, {recursive: true, force: true})
    })

    it('reports a template it cannot read as reading it on this thread would: located', async () => {
        const dir = tempDir()
        const file = path.join(dir, 'broken.yaml')
        fs.writeFileSync(file, 'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n  node_templates: [\n')
        let here: unknown
        try {
            await loadTemplate(file)
        } catch (e) {
            here = e
        }
        const there = await (
            await opened(file)
        ).loaded.then(
            () => undefined,
            (e: unknown) => e,
        )
        expect(there).toMatchObject({code: (here as {code: string}).code, location: (here as {location: unknown}).location})
        expect((there as {describe(): string}).describe()).toBe((here as {describe(): string}).describe())
        fs.rmSync(dir, {recursive: true, force: true})
    })

    it('reads no larger a YAML file than the thread that opened it (TRELLIS_MAX_YAML_MB reaches the worker)', async () => {
        // the worker's engine is a copy of its own: the setting of the built engine this thread opens it with must reach it
        const engine = (await import(pathToFileURL(path.join(ROOT, 'dist/engine/index.js')).href)) as typeof import('../../src/engine/index.js')
        const size = fs.statSync(SAMPLE).size
        engine.setMaxYamlSize((size - 1) / 2 ** 20)
        try {
            await expect((await opened()).loaded).rejects.toThrow(`has ${size} bytes, more than the ${size - 1} bytes a YAML file may have`)
            engine.setMaxYamlSize(size / 2 ** 20)
            await expect((await opened()).loaded).resolves.toMatchObject({file: SAMPLE})
        } finally {
            engine.setMaxYamlSize(engine.DEFAULT_MAX_YAML_MB)
        }
    })

    it('resolves as the engine does here, sending the element rows with the first resolution', async () => {
        const resolver = await start()
        const choices = {presets: ['prod'], values: {monitoring: false}}
        const answer = next(resolver, resolved)
        resolver.send({type: 'resolve', id: 1, choices})
        const {resolution, rows} = await answer
        const here = evaluateChoices(await loadTemplate(SAMPLE), choices)
        expect(here.ok && resolution.ok).toBe(true)
        if (!here.ok || !resolution.ok) return
        expect([resolution.present, resolution.pruned]).toEqual([here.present, here.pruned])
        expect([...resolution.presence]).toEqual([...presenceOf(here.model)])
        expect(rows?.id).toContain('node.shop')
    })

    it('makes only the latest of the resolutions asked for while one runs, and answers it last', async () => {
        const resolver = await start()
        const ids: number[] = []
        resolver.listen(r => void (r.type === 'resolved' && ids.push(r.resolution.id)))
        const last = next(resolver, (r): r is Extract<Response, {type: 'resolved'}> => r.type === 'resolved' && r.resolution.id === 5)
        for (let id = 1; id <= 5; id++) resolver.send({type: 'resolve', id, choices: {presets: [], values: {replicas: id}}})
        await last
        expect(ids[ids.length - 1]).toBe(5)
        expect(ids.length).toBeLessThan(5)
    })

    it('explains an element of a resolution it keeps, and previews a candidate', async () => {
        const resolver = await start()
        const answer = next(resolver, resolved)
        resolver.send({type: 'resolve', id: 7, choices: {presets: [], values: {}}})
        await answer
        const explained = next(resolver, of('explained'))
        resolver.send({type: 'explain', id: 8, resolution: 7, element: 'node.monitor'})
        expect((await explained).lines?.[0]?.text).toMatch(/^Node "monitor" is pruned/)
        const counted = next(resolver, of('counted'))
        resolver.send({type: 'count', id: 9, choices: {presets: [], values: {monitoring: true}}})
        const {counts} = await counted
        expect(counts.ok && [...counts.presence].some(p => p === 1)).toBe(true)
    })

    it('analyzes the template (dead and core elements) in a worker of its own, resolutions going on meanwhile', async () => {
        const resolver = await start()
        const analyzed = next(resolver, of('analyzed'))
        resolver.send({type: 'analyze', id: 11, elements: 33})
        const answer = next(resolver, resolved)
        resolver.send({type: 'resolve', id: 12, choices: {presets: [], values: {}}})
        expect((await answer).resolution.id).toBe(12)
        expect((await analyzed).analysis?.dead).toBeInstanceOf(Map)
    })

    it('writes the resolved template where it is asked to', async () => {
        const dir = tempDir()
        const resolver = await start()
        const written = next(resolver, of('written'))
        resolver.send({type: 'write', id: 10, choices: {presets: ['prod'], values: {}}, output: path.join(dir, 'out.yaml'), report: ''})
        expect((await written).files).toEqual([path.join(dir, 'out.yaml')])
        expect(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).toContain('tosca_simple_yaml_1_3')
        fs.rmSync(dir, {recursive: true, force: true})
    })

    it('on a CSAR archive unpacks it once, writes a CSAR folder, and leaves nothing unpacked once closed', async () => {
        const unpacked = () => fs.readdirSync(os.tmpdir()).filter(name => name.startsWith(`trellis-csar-${process.pid}-`))
        const dir = tempDir()
        const archive = path.join(dir, 'shop.csar')
        fs.writeFileSync(archive, zipSync({'variable-service-template.yaml': fs.readFileSync(SAMPLE)}))
        const resolver = await start(archive)
        expect(unpacked()).toHaveLength(1)
        const written = next(resolver, of('written'))
        fs.mkdirSync(path.join(dir, 'elsewhere'))
        resolver.send({type: 'write', id: 11, choices: {presets: ['prod'], values: {}}, output: path.join(dir, 'elsewhere/out.yaml'), report: '', csar: path.join(dir, 'out')})
        const answer = await written
        expect(answer.files).toEqual([path.join(dir, 'elsewhere/out.yaml'), path.join(dir, 'out')])
        expect(fs.readdirSync(path.join(dir, 'out')).sort()).toEqual(['TOSCA-Metadata', 'variable-service-template.yaml'])
        resolver.close()
        open = []
        await vi.waitFor(() => expect(unpacked()).toEqual([]), {timeout: 20_000})
    })
})

describe('a resolver that stops', () => {
    for (const by of ['exception', 'out-of-memory'] as const) {
        it(`is started again once (${by}), says so, and answers the resolution asked for`, async () => {
            const resolver = await start(SAMPLE, {fault: {on: 'resolve', by, resolvers: 1}})
            const seen: Response['type'][] = []
            resolver.listen(r => void seen.push(r.type))
            const restarted = next(resolver, of('restarted'))
            const answer = next(resolver, resolved)
            resolver.send({type: 'resolve', id: 21, choices: {presets: ['prod'], values: {}}})
            expect((await restarted).message).toMatch(
                by === 'exception'
                    ? /^the resolver stopped \(a fault injected for a test \(resolve\)\) and is starting again with your choices$/
                    : /^the resolver stopped \(out of memory\)/,
            )
            const {resolution} = await answer
            expect(resolution.id).toBe(21)
            expect(resolution.ok).toBe(true)
            expect(seen).not.toContain('stopped')
        })
    }

    it('asks the one started again what it had not answered: an explanation of the resolution on screen', async () => {
        const resolver = await start(SAMPLE, {fault: {on: 'explain', by: 'exception', resolvers: 1}})
        const answer = next(resolver, resolved)
        resolver.send({type: 'resolve', id: 31, choices: {presets: [], values: {}}})
        await answer
        const restarted = next(resolver, of('restarted'))
        const explained = next(resolver, of('explained'))
        resolver.send({type: 'explain', id: 32, resolution: 31, element: 'node.monitor'})
        await restarted
        expect((await explained).lines?.[0]?.text).toMatch(/^Node "monitor" is pruned/)
    })

    it('says so when it stops again', async () => {
        const resolver = await start(SAMPLE, {fault: {on: 'resolve', by: 'exception', resolvers: 2}})
        const stopped = next(resolver, of('stopped'))
        resolver.send({type: 'resolve', id: 41, choices: {presets: [], values: {}}})
        expect((await stopped).message).toMatch(/^the resolver stopped again \(a fault injected for a test \(resolve\)\): nothing more can be resolved; q quits$/)
    })
})
