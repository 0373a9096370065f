// When resolving fails, the report names the conflict in plain words, with locations.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {main} from '../../src/cli/main.js'
import {TrellisError} from '../../src/engine/errors.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide} from '../../src/engine/resolve/index.js'
import {renderMarkdown} from '../../src/app/report/index.js'
import {buildReport} from '../../src/engine/report/index.js'
import {failedReport, inPageLinks, TIE, UNSAT, unwrapped, WEB_SHOP} from './fixtures.js'
import {withoutExcerpts} from '../helpers/stderr.js'
import {resolved} from '../helpers/v4t.js'

describe('report of a failed resolution', () => {
    it('names the minimal conflict with locations and the inputs read', () => {
        const report = failedReport(UNSAT, 'unsat.yaml')
        expect(report.status).toBe('unsatisfiable')
        expect(report.summary).toBeNull()
        expect(report.conflict?.kind).toBe('unsatisfiable')
        const markdown = unwrapped(renderMarkdown(report))
        expect(markdown).toContain('# Resolution report: resolving failed: unsat.yaml')
        expect(markdown).toContain('## Why resolving failed')
        expect(markdown).toContain('No variant exists: this condition and this constraint cannot both hold (removing either of them makes the template resolvable):')
        // the input values that take part, once, before the items that read them
        expect(markdown).toContain('With the input value ha: true — default.')
        expect(markdown).toMatch(/1\. Node `primary` is present only if its condition holds: `\{not: \{variability_input: ha\}\}` \(`unsat\.yaml:\d+:\d+`\)/)
        expect(markdown).toContain('   - reads input ha: true — default')
        expect(markdown).toMatch(/2\. .*`\{implies: \[\{node_presence: replica\}, \{node_presence: primary\}\]\}` \(`unsat\.yaml:\d+:\d+`\)/)
        expect(markdown).not.toContain('## Pruned elements')
        // the checks by what became of them (who set one, the options say)
        expect(markdown).toMatch(/\nOn, not reached: relation source, relation target, .*ambiguous relation\.\n/)
    })

    it('shows how two equally good variants differ when the result is ambiguous', () => {
        const markdown = renderMarkdown(failedReport(TIE, 'tie.yaml'))
        expect(markdown).toContain('Several variants satisfy every condition equally well (considering nodes); they differ in:')
        expect(markdown).toMatch(/- Node `left`: (kept|pruned) in one, (kept|pruned) in the other/)
    })
})

describe('report of a failed check', () => {
    it('keeps the verdicts and names the failed check', () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        app:
            type: app
            requirements:
                - database: db
        db:
            type: db
            conditions: false
`
        const template = templateFromText(text, 'check.yaml')
        let error: unknown
        try {
            resolved(template, {})
        } catch (e) {
            error = e
        }
        const report = buildReport(
            {template, templateName: 'check.yaml', presets: [], argv: ['trellis', 'resolve', 'check.yaml'], now: new Date(0)},
            {error: error as TrellisError, model: decide(template, {})},
        )
        expect(report.status).toBe('check-failed')
        expect(report.conflict).toMatchObject({kind: 'check-failed'})
        const markdown = unwrapped(renderMarkdown(report))
        expect(markdown).toContain('A variant exists, but a check failed: Relation target `db` of relation `database@0` of node `app` does not exist (`check.yaml:7:19`).')
        expect(markdown).toContain('## Why each element is pruned')
        expect(markdown).toContain('\n- Node `db`: its condition does not hold: `false` is false `manual-condition-false` (`check.yaml:10:13`).')
        expect(inPageLinks(markdown)).toMatchObject({unresolved: [], unreferenced: []})
    })
})

describe('trellis resolve --report', () => {
    let dir: string
    let stderr: string[]
    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-report-'))
        stderr = []
        vi.spyOn(process.stderr, 'write').mockImplementation(chunk => (stderr.push(String(chunk)), true))
        vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    })
    afterEach(() => {
        vi.restoreAllMocks()
        fs.rmSync(dir, {recursive: true, force: true})
    })

    it('writes the Markdown report beside the resolved template', async () => {
        const out = path.join(dir, 'out.yaml')
        const report = path.join(dir, 'report.md')
        expect(await main(['resolve', WEB_SHOP, '--preset', 'prod', '--output', out, '--report', report])).toBe(0)
        expect(fs.existsSync(out)).toBe(true)
        const text = fs.readFileSync(report, 'utf8')
        expect(text).toContain(`trellis resolve ${WEB_SHOP} --preset prod --output ${out} --report ${report}`)
        expect(text).toContain('21 elements kept, 12 pruned (3 nodes, 4 relations, 2 properties, 3 types).')
        expect(fs.readdirSync(dir).sort()).toEqual(['out.yaml', 'report.md'])
    })

    it('writes JSON for a .json file', async () => {
        const report = path.join(dir, 'report.json')
        expect(await main(['resolve', WEB_SHOP, '--set', 'platform=managed', '--output', path.join(dir, 'o.yaml'), '--report', report])).toBe(0)
        const data = JSON.parse(fs.readFileSync(report, 'utf8')) as {status: string; inputs: {name: string; source: string}[]}
        expect(data.status).toBe('resolved')
        expect(data.inputs.find(i => i.name === 'platform')?.source).toBe('--set')
    })

    it('still writes a report naming the conflict when resolving fails, and exits 1 with one line', async () => {
        const template = path.join(dir, 'unsat.yaml')
        fs.writeFileSync(template, UNSAT)
        const report = path.join(dir, 'unsat-report.md')
        const out = path.join(dir, 'out.yaml')
        expect(await main(['resolve', template, '--output', out, '--report', report])).toBe(1)
        expect(fs.existsSync(out)).toBe(false)
        // one message line; the conflict's items below it
        expect(withoutExcerpts(stderr.join(''))).toMatch(/^trellis: error\[unsatisfiable\]: ha = true \(default\) leaves no variant\n$/)
        expect(stderr.join('')).toMatch(/\n += note: Node "primary" is present only if its condition holds: /)
        const text = fs.readFileSync(report, 'utf8')
        expect(text).toContain('## Why resolving failed')
        expect(text).toContain('Node `primary` is present only if its condition holds')
    })

    it.each([
        [
            'a check that runs before solving (located where the mode is chosen)',
            `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    variability:\n        options: {node_default_condition: true, node_default_condition_mode: incoming-host}\n    node_templates:\n        a: {type: t}\n`,
            1,
            'A check failed before solving: Node default condition mode `incoming(naive)-host` requires at least one persistent node template (`',
        ],
        [
            'a template with mistakes',
            `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: t, conditions: {nope: 1}}\n        b: {type: t, conditions: {variability_input: missing}}\n`,
            2,
            'The template or the request has 2 mistakes; nothing was solved:',
        ],
    ])('writes a report for every kind of failure: %s', async (_, text, code, says) => {
        const template = path.join(dir, 'failing.yaml')
        fs.writeFileSync(template, text)
        const report = path.join(dir, 'failing.md')
        expect(await main(['resolve', template, '--output', path.join(dir, 'out.yaml'), '--report', report])).toBe(code)
        expect(stderr.join('')).not.toContain('internal error')
        expect(stderr.join('')).toMatch(/^trellis: [^\n]*failing\.yaml:\d+:\d+: /)
        expect(unwrapped(fs.readFileSync(report, 'utf8'))).toContain(says)
        expect(fs.readdirSync(dir).sort()).toEqual(['failing.md', 'failing.yaml'])
    })

    it.each([
        ['a YAML syntax error', (t: string) => fs.writeFileSync(t, 'a: [\n'), 'YAML syntax error'],
        ['a template that is not there', () => {}, 'cannot read'],
    ])('writes a report when the template cannot be read: %s', async (_, make, says) => {
        const template = path.join(dir, 'unread.yaml')
        make(template)
        const markdown = path.join(dir, 'unread.md')
        const json = path.join(dir, 'unread.json')
        for (const report of [markdown, json]) expect(await main(['resolve', template, '--output', path.join(dir, 'out.yaml'), '--report', report])).toBe(2)
        expect(stderr.join('')).not.toContain('internal error')
        expect(fs.readFileSync(markdown, 'utf8')).toContain('**Definitions version:** not known (the template or an inputs file could not be read)')
        expect(fs.readFileSync(markdown, 'utf8')).toContain(`The template or the request has a mistake; nothing was solved:\n\n- ${says}`)
        const data = JSON.parse(fs.readFileSync(json, 'utf8')) as {status: string; version: unknown; conflict: {kind: string; mistakes: {message: string}[]}}
        expect(data).toMatchObject({status: 'invalid', version: null, conflict: {kind: 'invalid'}})
        expect(data.conflict.mistakes[0]!.message).toContain(says)
        expect(fs.existsSync(path.join(dir, 'out.yaml'))).toBe(false)
    })

    it('refuses a report file of another kind before resolving (exit 2)', async () => {
        expect(await main(['resolve', WEB_SHOP, '--report', path.join(dir, 'report.txt')])).toBe(2)
        expect(stderr.join('')).toContain('--report expects a file ending in .md or .json')
        expect(fs.readdirSync(dir)).toEqual([])
    })
})
