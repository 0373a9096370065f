// @vitest-environment jsdom
// Every bundled sample template, with each of its presets: the Markdown report
// has every section, every link lands on an anchor and every anchor is linked,
// its Mermaid diagram parses, the JSON validates.
import fs from 'node:fs'
import path from 'node:path'
import {Ajv} from 'ajv'
import mermaid from 'mermaid'
import {describe, expect, it} from 'vitest'
import {readDefinitionOf} from '../../src/engine/resolve/index.js'
import {loadTemplate} from '../../src/engine/load/index.js'
import {renderJson, renderMarkdown} from '../../src/app/report/index.js'
import {buildReport} from '../../src/engine/report/index.js'
import {inPageLinks, NOW} from './fixtures.js'
import {resolved} from '../helpers/v4t.js'

const ROOT = path.resolve(__dirname, '../..')
const SAMPLES = fs
    .readdirSync(path.join(ROOT, 'sample-templates'), {withFileTypes: true})
    .filter(d => d.isDirectory())
    .map(d => path.join('sample-templates', d.name, 'variable-service-template.yaml'))
    .filter(f => fs.existsSync(path.join(ROOT, f)))

const SCHEMA = JSON.parse(fs.readFileSync(path.join(ROOT, 'schema/report.schema.json'), 'utf8')) as object
const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
const validate = ajv.compile(SCHEMA)

const SECTIONS = ['## Variability inputs', '## Summary', '## Topology', '## Optimization', '## Checks']

const LOADED = await Promise.all(SAMPLES.map(async file => ({file, template: await loadTemplate(path.join(ROOT, file))})))

describe('reports of the bundled samples', () => {
    it('covers at least two samples', () => expect(SAMPLES.length).toBeGreaterThanOrEqual(2))

    for (const {file, template} of LOADED) {
        for (const preset of readDefinitionOf(template).presets.keys()) {
            it(`${file} with preset ${preset}`, async () => {
                const model = resolved(template, {presets: [preset]}).model!
                const report = buildReport({template, templateName: file, presets: [preset], argv: ['trellis', 'resolve', file, '--preset', preset], now: NOW}, {model})
                const markdown = renderMarkdown(report)
                for (const section of SECTIONS) expect(markdown).toContain(section)
                expect(inPageLinks(markdown)).toMatchObject({unresolved: [], unreferenced: []})
                const diagram = /```mermaid\n([\s\S]*?)```/.exec(markdown)![1]!
                await expect(mermaid.parse(diagram)).resolves.toBeTruthy()
                const ok = validate(JSON.parse(renderJson(report)))
                expect(validate.errors ?? []).toEqual([])
                expect(ok).toBe(true)
            })
        }
    }
})
