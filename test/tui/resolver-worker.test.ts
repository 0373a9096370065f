// The resolver in its worker thread (the built code, as the trellis command runs it): it answers
// with what the engine answers on this thread, keeps only the latest of resolutions asked for in a
// row, explains elements, previews candidates and writes, so the wizard's thread never resolves.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterEach, describe, expect, it} from 'vitest'
import {loadTemplate} from '../../src/engine/load/index.js'
import type {Resolver, ResolverThread} from '../../src/tui/resolver/client.js'
import type {Response} from '../../src/tui/resolver/protocol.js'
import {evaluateChoices, presenceOf} from '../../src/tui/state/session.js'

const ROOT = path.resolve(__dirname, '../..')
const SAMPLE = path.join(ROOT, 'sample-templates/web-shop/variable-service-template.yaml')
type Client = typeof import('../../src/tui/resolver/client.js')

let open: Resolver[] = []
afterEach(() => {
    for (const r of open) r.close()
    open = []
})

async function start(thread: ResolverThread, file = SAMPLE): Promise<Resolver> {
    // the test run builds dist/ first (see test/cli/global-setup.ts): a worker runs JavaScript
    const {startResolver} = (await import(pathToFileURL(path.join(ROOT, 'dist/tui/resolver/client.js')).href)) as Client
    const resolver = startResolver(loadTemplate(file), {}, thread)
    open.push(resolver)
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

describe('the resolver in a worker thread', () => {
    it('resolves as the engine does here, sending the element rows with the first resolution', async () => {
        const resolver = await start('worker')
        const choices = {presets: ['prod'], values: {monitoring: false}}
        const answer = next(resolver, resolved)
        resolver.send({type: 'resolve', id: 1, choices})
        const {resolution, rows} = await answer
        const here = evaluateChoices(loadTemplate(SAMPLE), choices)
        expect(here.ok && resolution.ok).toBe(true)
        if (!here.ok || !resolution.ok) return
        expect([resolution.present, resolution.pruned]).toEqual([here.present, here.pruned])
        expect([...resolution.presence]).toEqual([...presenceOf(here.model)])
        expect(rows?.id).toContain('node.shop')
    })

    it('makes only the latest of the resolutions asked for while one runs, and answers it last', async () => {
        const resolver = await start('worker')
        const ids: number[] = []
        resolver.listen(r => void (r.type === 'resolved' && ids.push(r.resolution.id)))
        const last = next(resolver, (r): r is Extract<Response, {type: 'resolved'}> => r.type === 'resolved' && r.resolution.id === 5)
        for (let id = 1; id <= 5; id++) resolver.send({type: 'resolve', id, choices: {presets: [], values: {replicas: id}}})
        await last
        expect(ids[ids.length - 1]).toBe(5)
        expect(ids.length).toBeLessThan(5)
    })

    it('explains an element of a resolution it keeps, and previews a candidate', async () => {
        const resolver = await start('worker')
        const answer = next(resolver, resolved)
        resolver.send({type: 'resolve', id: 7, choices: {presets: [], values: {}}})
        await answer
        const explained = next(resolver, (r): r is Extract<Response, {type: 'explained'}> => r.type === 'explained')
        resolver.send({type: 'explain', id: 8, resolution: 7, element: 'node.monitor'})
        expect((await explained).lines?.[0]?.text).toMatch(/^Node "monitor" is pruned/)
        const counted = next(resolver, (r): r is Extract<Response, {type: 'counted'}> => r.type === 'counted')
        resolver.send({type: 'count', id: 9, choices: {presets: [], values: {monitoring: true}}})
        const {counts} = await counted
        expect(counts.ok && [...counts.presence].some(p => p === 1)).toBe(true)
    })

    it('analyzes the template (dead and core elements) in a worker of its own, resolutions going on meanwhile', async () => {
        const resolver = await start('worker')
        const analyzed = next(resolver, (r): r is Extract<Response, {type: 'analyzed'}> => r.type === 'analyzed')
        resolver.send({type: 'analyze', id: 11, elements: 33})
        const answer = next(resolver, resolved)
        resolver.send({type: 'resolve', id: 12, choices: {presets: [], values: {}}})
        expect((await answer).resolution.id).toBe(12)
        expect((await analyzed).analysis?.dead).toBeInstanceOf(Map)
    })

    it('writes the resolved template where it is asked to', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-resolver-'))
        const resolver = await start('worker')
        const written = next(resolver, (r): r is Extract<Response, {type: 'written'}> => r.type === 'written')
        resolver.send({type: 'write', id: 10, choices: {presets: ['prod'], values: {}}, output: path.join(dir, 'out.yaml'), report: ''})
        expect((await written).files).toEqual([path.join(dir, 'out.yaml')])
        expect(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).toContain('tosca_simple_yaml_1_3')
        fs.rmSync(dir, {recursive: true, force: true})
    })
})
