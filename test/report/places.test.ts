// The Markdown report names files relative to its own folder and says the
// template's full path once, in its header; the JSON keeps paths as the engine
// wrote them, wherever it is written.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {main} from '../../src/cli/main.js'
import {Places} from '../../src/app/report/places.js'
import {unwrapped, WEB_SHOP} from './fixtures.js'
import {tempDir} from '../helpers/temp.js'

describe('files as the report names them', () => {
    const places = new Places({report: '/w/reports', working: '/w'})

    it('names a file the data names from the working folder (or absolutely) from the report’s folder', () => {
        expect(places.file('t.yaml')).toBe('../t.yaml')
        expect(places.file('/w/reports/t.yaml')).toBe('t.yaml')
        expect(places.file('/elsewhere/t.yaml')).toBe('../../elsewhere/t.yaml')
        expect(places.full('sub/t.yaml')).toBe('/w/sub/t.yaml')
    })

    it('rewrites a location, an option’s origin and an inputs file, and leaves any other text alone', () => {
        expect(places.location('sub/t.yaml:12:5')).toBe('../sub/t.yaml:12:5')
        expect(places.location('C:/x/t.yaml:1:2')).toBe('../C:/x/t.yaml:1:2')
        expect(places.origin('template option x (t.yaml:4:5)')).toBe('template option x (../t.yaml:4:5)')
        expect(places.origin('default of tosca_variability_1_0')).toBe('default of tosca_variability_1_0')
        expect(places.source('inputs file tests/prod.yaml')).toBe('inputs file ../tests/prod.yaml')
        expect(places.source('preset prod')).toBe('preset prod')
        expect(places.location('no location')).toBe('no location')
    })

    it('names each inputs file once (the header lists them): a source is `inputs file`, numbered when there are several', () => {
        const one = new Places({report: '/w/reports', working: '/w'}, ['inputs file tests/a.yaml', 'preset p', 'inputs file tests/a.yaml'])
        expect(one.inputs).toEqual(['../tests/a.yaml'])
        expect(one.source('inputs file tests/a.yaml')).toBe('inputs file')
        const two = new Places({report: '/w/reports', working: '/w'}, ['inputs file tests/a.yaml', '--set', 'inputs file /b.yaml'])
        expect(two.inputs).toEqual(['../tests/a.yaml', '../../b.yaml'])
        expect(two.source('inputs file /b.yaml')).toBe('inputs file 2')
        // a file the header does not name is named where it is said
        expect(two.source('inputs file c.yaml')).toBe('inputs file ../c.yaml')
    })

    it('leaves every path as it is without folders', () => {
        const none = new Places()
        expect(none.location('t.yaml:1:2')).toBe('t.yaml:1:2')
        expect(none.full('t.yaml')).toBeUndefined()
        expect(none.moved).toBe(false)
    })
})

describe('trellis resolve --report in another folder', () => {
    let dir: string
    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-places-'))
        vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
        vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    })
    afterEach(() => {
        vi.restoreAllMocks()
        fs.rmSync(dir, {recursive: true, force: true})
    })

    /** The web-shop sample resolved from its absolute path with an inputs file, the report written to `reports/`. */
    async function resolveTo(report: string): Promise<{template: string; text: string}> {
        const template = path.join(dir, 'shop', 'variable-service-template.yaml')
        fs.mkdirSync(path.join(dir, 'shop', 'tests'), {recursive: true})
        fs.mkdirSync(path.join(dir, 'reports'), {recursive: true})
        fs.copyFileSync(WEB_SHOP, template)
        const inputs = path.join(dir, 'shop', 'tests', 'managed.yaml')
        fs.writeFileSync(inputs, 'platform: managed\n')
        expect(await main(['resolve', template, '--inputs', inputs, '--output', path.join(dir, 'out.yaml'), '--report', report])).toBe(0)
        return {template, text: fs.readFileSync(report, 'utf8')}
    }

    it('names the template by its full path once, in the header, and every location from the report’s folder', async () => {
        const {template, text} = await resolveTo(path.join(dir, 'reports', 'shop.md'))
        const prose = text.replace(/```sh\n[^]*?```/, '')
        // the full path once; the command that reproduces the resolution keeps the paths as typed
        expect(prose.split(template)).toHaveLength(2)
        expect(unwrapped(text)).toContain(`- **Template:** \`${template}\` (files below are named relative to this report's folder)`)
        expect(text).toContain('# Resolution report: ../shop/variable-service-template.yaml')
        expect(unwrapped(text)).toContain('on_vm}` is false `manual-condition-false` (`../shop/variable-service-template.yaml:66:23`)')
        expect(unwrapped(text)).toContain('(template (../shop/variable-service-template.yaml:45:13))')
        expect(text).toContain('- **Inputs file:** `../shop/tests/managed.yaml`')
        expect(text).toContain('| `platform` | `managed` | inputs file | — | yes |')
        expect(text).toContain(`Reproduce with, from \`${process.cwd()}\`:`)
        expect(prose.replace(template, '')).not.toContain(dir)
    })

    it('writes the same JSON wherever it is written', async () => {
        const here = JSON.parse(fs.readFileSync(await jsonAt(path.join(dir, 'a.json')), 'utf8')) as Record<string, unknown>
        const there = JSON.parse(fs.readFileSync(await jsonAt(path.join(dir, 'reports', 'b.json')), 'utf8')) as Record<string, unknown>
        const same = (data: Record<string, unknown>) => ({...data, generatedAt: undefined, command: undefined})
        expect(same(there)).toEqual(same(here))
        expect(JSON.stringify(here)).toContain(`${path.join(dir, 'shop', 'variable-service-template.yaml')}:64:19`)
    })

    async function jsonAt(report: string): Promise<string> {
        await resolveTo(report)
        return report
    }
})

describe('a failed resolution reported into another folder', () => {
    let dir: string
    beforeEach(() => {
        dir = tempDir('trellis-places-')
        vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
        vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    })
    afterEach(() => vi.restoreAllMocks())

    it('cites the inputs file of a conflict’s values as the rest of the report does, never by a path from the working folder', async () => {
        fs.mkdirSync(path.join(dir, 'reports'))
        fs.writeFileSync(path.join(dir, 'inputs.yaml'), 'platform: vm\n')
        // the database must stay, and stays only on vm: no variant once platform is none
        fs.writeFileSync(
            path.join(dir, 't.yaml'),
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs: {platform: {type: string}}
        constraints: [{node_presence: db}]
    node_templates:
        db: {type: x, conditions: {equal: [{variability_input: platform}, vm]}}
`,
        )
        const report = path.join(dir, 'reports', 'r.md')
        const cwd = process.cwd()
        process.chdir(dir)
        try {
            expect(await main(['resolve', 't.yaml', '-i', 'inputs.yaml', '--set', 'platform=none', '-o', 'out.yaml', '--report', report])).toBe(1)
        } finally {
            process.chdir(cwd)
        }
        const text = unwrapped(fs.readFileSync(report, 'utf8'))
        expect(text).toContain('- **Inputs file:** `../inputs.yaml`')
        expect(text).toContain('platform: none — --set, overriding inputs file (vm)')
        expect(text).not.toContain('inputs file inputs.yaml')
    })
})
