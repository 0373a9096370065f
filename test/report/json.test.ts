// The JSON report is validated against the schema the package ships.
import fs from 'node:fs'
import path from 'node:path'
import {Ajv} from 'ajv'
import {describe, expect, it} from 'vitest'
import {renderJson, renderJsonChunks} from '../../src/app/report/index.js'
import {TrellisError} from '../../src/engine/errors.js'
import {BECAUSE_KINDS, REASON_CODES} from '../../src/engine/explain/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {buildReport, type ReportData} from '../../src/engine/report/index.js'
import {failure} from '../helpers/errors.js'
import {FREE_TECHNOLOGY} from '../helpers/templates.js'
import {failedReport, NOW, sampleReport, TIE, UNSAT, warnedReport} from './fixtures.js'
import {resolved} from '../helpers/v4t.js'

const SCHEMA = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../schema/report.schema.json'), 'utf8')) as object
const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
const validate = ajv.compile(SCHEMA)

function expectValid(report: ReportData): unknown {
    const data: unknown = JSON.parse(renderJson(report))
    const ok = validate(data)
    expect(validate.errors ?? []).toEqual([])
    expect(ok).toBe(true)
    return data
}

describe('JSON report', () => {
    it.each([
        ['web-shop prod', () => sampleReport(['prod'])],
        ['web-shop dev', () => sampleReport(['dev'])],
        ['no variant', () => failedReport(UNSAT)],
        ['a tie', () => failedReport(TIE)],
    ])('of %s is written in pieces that make exactly the same text', (_, report) => {
        const r = report()
        expect(renderJsonChunks(r).join('')).toBe(renderJson(r))
        expect(renderJsonChunks(r).length).toBeGreaterThan(10)
    })

    it.each([
        [
            'a check before solving',
            'check-failed',
            `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    variability:\n        options: {node_default_condition: true, node_default_condition_mode: incoming-host}\n    node_templates:\n        a: {type: t}\n`,
        ],
        ['mistakes', 'invalid', `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: t, conditions: {nope: 1}}\n`],
    ])('of every kind of failure validates against the schema: %s', (_, status, text) => {
        const data = expectValid(failedReport(text)) as ReportData
        expect(data.status).toBe(status)
        expect(data.conflict?.kind).toBe(status)
    })

    it('of a template that could not be read validates against the schema', () => {
        const data = expectValid(
            buildReport(
                {template: undefined, templateName: 'gone.yaml', presets: [], argv: ['trellis', 'resolve', 'gone.yaml'], now: new Date(0)},
                {error: new TrellisError('file-not-found', 'cannot read "gone.yaml": no such file')},
            ),
        ) as ReportData
        expect(data).toMatchObject({status: 'invalid', version: null, conflict: {kind: 'invalid', mistakes: [{message: 'cannot read "gone.yaml": no such file', location: null}]}})
    })

    it('carries what resolving warned of as diagnostics of severity warning, the declared type as a related place', () => {
        const data = expectValid(warnedReport()) as ReportData
        expect(data.status).toBe('resolved')
        expect(data.warnings).toEqual([
            {
                code: 'input-type',
                severity: 'warning',
                message: 'Variability input "replicas" is of type integer and expects an integer, got "lots"; used as given',
                location: 'warned.yaml:7:28',
                related: [{location: 'warned.yaml:5:24', label: 'type integer declared here'}],
                notes: [],
                help: [],
            },
        ])
    })

    it('lists a duplicate key among the mistakes with its first definition as a related place', () => {
        const error = failure(() => templateFromText('tosca_definitions_version: tosca_variability_1_0\na: 1\na: 2\n', 'dup.yaml'))
        const data = expectValid(
            buildReport({template: undefined, templateName: 'dup.yaml', presets: [], argv: ['trellis', 'resolve', 'dup.yaml'], now: new Date(0)}, {error}),
        ) as ReportData
        expect(data.conflict).toEqual({
            kind: 'invalid',
            mistakes: [
                {
                    code: 'yaml-duplicate-key',
                    severity: 'error',
                    message: 'duplicate key "a"',
                    location: 'dup.yaml:3:1',
                    related: [{location: 'dup.yaml:2:1', label: 'first defined here'}],
                    notes: [],
                    help: [],
                },
            ],
        })
        expect(data.warnings).toEqual([])
    })

    it('of the web-shop sample validates against schema/report.schema.json', () => {
        const data = expectValid(sampleReport(['prod'])) as ReportData
        expect(data.status).toBe('resolved')
        expect(data.pruned).toHaveLength(12)
        expect(data.summary).toMatchObject({kept: 21, pruned: 12})
        expect(data.inputs.find(i => i.name === 'platform')).toEqual({name: 'platform', value: 'managed', source: 'preset prod', overrides: [], decidesSomething: true})
        expect(data.options.map(o => o.name)).toContain('node_default_condition_mode')
        expect(data.conflict).toBeNull()
        expectValid(sampleReport(['dev']))
        expectValid(sampleReport([]))
    })

    it('of failed resolutions validates too', () => {
        expectValid(failedReport(UNSAT))
        expectValid(failedReport(TIE))
    })

    it('of a free choice validates: its reason has a kind of its own', () => {
        const template = templateFromText(FREE_TECHNOLOGY, 'free.yaml')
        const model = resolved(template, {}).model!
        const data = expectValid(buildReport({template, templateName: 'free.yaml', presets: [], argv: ['trellis', 'resolve', 'free.yaml'], now: NOW}, {model})) as ReportData
        expect(data.pruned.flatMap(p => p.because.map(b => b.kind))).toContain('free-choice')
    })

    it('lists exactly the reason codes and reason kinds the engine gives', () => {
        const definitions = (SCHEMA as {definitions: {reasonCode: {enum: string[]}; because: {properties: {kind: {enum: string[]}}}}}).definitions
        expect([...definitions.reasonCode.enum].sort()).toEqual(Object.keys(REASON_CODES).sort())
        expect([...definitions.because.properties.kind.enum].sort()).toEqual([...BECAUSE_KINDS].sort())
    })

    it('rejects a report that breaks the schema (the schema is not vacuous)', () => {
        const data = JSON.parse(renderJson(sampleReport(['prod']))) as Record<string, unknown>
        expect(validate({...data, status: 'fine'})).toBe(false)
        expect(validate({...data, pruned: [{id: 'node.x'}]})).toBe(false)
        const {summary: _summary, ...withoutSummary} = data
        expect(validate(withoutSummary)).toBe(false)
    })

    it('is the same data as the Markdown: deterministic apart from generatedAt', () => {
        const a = JSON.parse(renderJson(sampleReport(['prod']))) as Record<string, unknown>
        const b = JSON.parse(renderJson(sampleReport(['prod'], new Date('2031-01-01T00:00:00.000Z')))) as Record<string, unknown>
        expect(a.generatedAt).not.toBe(b.generatedAt)
        expect({...a, generatedAt: null}).toEqual({...b, generatedAt: null})
    })
})
