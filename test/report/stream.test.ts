// The report as the command line writes it: the pruned elements explained one at a time while the
// text is written (reportStream), the same text as the report data rendered whole.
import {describe, expect, it} from 'vitest'
import {jsonChunks, markdownChunks, renderJson, renderMarkdown} from '../../src/app/report/index.js'
import {TrellisError} from '../../src/engine/errors.js'
import {loadTemplate, templateFromText} from '../../src/engine/load/index.js'
import {buildReport, reportStream, type ReportOutcome, type ReportRequest} from '../../src/engine/report/index.js'
import {NOW, TIE, UNSAT, WEB_SHOP} from './fixtures.js'
import {resolved} from '../helpers/v4t.js'

const SHOP = await loadTemplate(WEB_SHOP)

function sample(presets: readonly string[]): [ReportRequest, ReportOutcome] {
    const template = SHOP
    return [{template, templateName: WEB_SHOP, presets, argv: ['trellis', 'resolve', WEB_SHOP], now: NOW}, {model: resolved(template, {presets}).model!}]
}

function failed(text: string): [ReportRequest, ReportOutcome] {
    const template = templateFromText(text, 'failing.yaml')
    try {
        resolved(template, {})
    } catch (e) {
        if (!(e instanceof TrellisError)) throw e
        return [{template, templateName: 'failing.yaml', presets: [], argv: ['trellis', 'resolve', 'failing.yaml'], now: NOW}, {error: e}]
    }
    throw new Error('expected resolving to fail')
}

describe('the streamed report', () => {
    it.each([
        ['web-shop prod', () => sample(['prod'])],
        ['web-shop dev', () => sample(['dev'])],
        ['web-shop without presets', () => sample([])],
        ['no variant', () => failed(UNSAT)],
        ['a tie', () => failed(TIE)],
    ])('of %s is the text of the whole report data, in JSON and in Markdown', (_, made) => {
        const [request, outcome] = made()
        const whole = buildReport(request, outcome)
        expect([...jsonChunks(reportStream(request, outcome))].join('')).toBe(renderJson(whole))
        expect([...markdownChunks(reportStream(request, outcome))].join('')).toBe(renderMarkdown(whole))
    })

    it('explains the pruned elements only when they are read, each time they are read', () => {
        const report = reportStream(...sample(['prod']))
        expect(report.pruned.count).toBe(12)
        const first = [...report.pruned.explain()]
        expect(first.map(p => p.id)).toEqual([...report.pruned.ids])
        expect([...report.pruned.explain(new Set([first[1]!.id]))]).toEqual([first[1]])
    })
})
