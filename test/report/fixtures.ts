// Reports built the way `trellis resolve --report` builds them, with a fixed date.
import {marked, type Token} from 'marked'
import {TrellisError} from '../../src/engine/errors.js'
import {loadTemplate, templateFromText} from '../../src/engine/load/index.js'
import {type ResolveRequest} from '../../src/engine/resolve/index.js'
import {buildReport, type ReportData} from '../../src/engine/report/index.js'
import {MISTYPED_PRESET} from '../helpers/templates.js'
import {resolved} from '../helpers/v4t.js'

export const WEB_SHOP = 'sample-templates/web-shop/variable-service-template.yaml'
export const NOW = new Date('2025-01-02T03:04:05.000Z')

/** The web shop sample, read once (reading it is asynchronous: an archive would be unpacked). */
const SHOP = await loadTemplate(WEB_SHOP)

export function sampleReport(presets: readonly string[] = ['prod'], now = NOW): ReportData {
    const template = SHOP
    const request: ResolveRequest = {presets}
    const model = resolved(template, request).model!
    return buildReport(
        {template, templateName: WEB_SHOP, presets, argv: ['trellis', 'resolve', WEB_SHOP, ...presets.flatMap(p => ['--preset', p]), '--report', 'report.md'], now},
        {model},
    )
}

/** A report of a resolution that succeeds with a warning: a preset's value of the wrong type. */
export function warnedReport(): ReportData {
    const template = templateFromText(MISTYPED_PRESET, 'warned.yaml')
    const model = resolved(template, {presets: ['big']}).model!
    return buildReport({template, templateName: 'warned.yaml', presets: ['big'], argv: ['trellis', 'resolve', 'warned.yaml', '--preset', 'big'], now: NOW}, {model})
}

/** A report of a resolution that fails; the template comes as text. */
export function failedReport(text: string, name = 'failing.yaml', request: ResolveRequest = {}): ReportData {
    const template = templateFromText(text, name)
    try {
        resolved(template, request)
    } catch (e) {
        if (!(e instanceof TrellisError)) throw e
        return buildReport({template, templateName: name, presets: request.presets ?? [], argv: ['trellis', 'resolve', name], now: NOW}, {error: e})
    }
    throw new Error('expected resolving to fail')
}

export const UNSAT = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            ha: {type: boolean, default: true}
        constraints:
            - {implies: [{node_presence: replica}, {node_presence: primary}]}
        options:
            type_default_condition: true
            expected_incoming_relation_check: false
    node_templates:
        primary:
            type: db
            conditions: {not: {variability_input: ha}}
        replica:
            type: db
            conditions: {variability_input: ha}
            requirements:
                - depends_on: primary
        unrelated:
            type: app
            conditions: {variability_input: ha}
`

export const TIE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options:
            type_default_condition: true
            expected_incoming_relation_check: false
    node_templates:
        left:
            type: x
            conditions: {not: {node_presence: right}}
        right:
            type: x
            conditions: {not: {node_presence: left}}
`

/** The date line is the only line allowed to differ between two reports of one resolution. */
export const withoutDate = (markdown: string) => markdown.replace(/^- \*\*Date:\*\* .*$/m, '- **Date:** <date>')

const ANCHOR_LINE = /^\s*(- )?<a id="[^"]*"><\/a>$/
const STARTS_BLOCK = /^\s*([-*+] |\d+[.)] |#|\||```|$)/

/**
 * The report with the rows of each wrapped line joined again, as a Markdown reader joins them (an
 * anchor's own line stays one): what a line says can be asserted whole.
 */
export function unwrapped(markdown: string): string {
    const out: string[] = []
    let fenced = false
    for (const line of markdown.split('\n')) {
        const last = out[out.length - 1]
        const fence = /^\s*```/.test(line)
        const joins =
            !fenced &&
            !fence &&
            last !== undefined &&
            !STARTS_BLOCK.test(line) &&
            !ANCHOR_LINE.test(line) &&
            last.trim() !== '' &&
            !/^\s*([#|]|```)/.test(last) &&
            !ANCHOR_LINE.test(last)
        if (joins) out[out.length - 1] = `${last} ${line.trimStart()}`
        else out.push(line)
        if (fence) fenced = !fenced
    }
    return out.join('\n')
}

/**
 * A store hosted on a platform service or a machine (chosen by `platform`), with n workers on the
 * machine (each with `properties` properties) and n technologies for the store that need the machine.
 */
export function storeTemplate(n: number, properties = 0): string {
    const settings = Array.from({length: properties}, (_, j) => `                - setting_with_a_longer_name_${j}: value ${j}\n`).join('')
    const own = properties > 0 ? `            properties:\n${settings}` : ''
    const workers = Array.from({length: n}, (_, i) => `        worker_${i}:\n            type: worker\n${own}            requirements:\n                - host: machine\n`).join('')
    const rules = Array.from({length: n}, (_, i) => `            - {technology: tool_${i}, component: app, hosting: [machine]}\n`).join('')
    return `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types:
    app: {derived_from: tosca.nodes.Root}
    worker: {derived_from: tosca.nodes.Root}
    paas: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
    machine: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
topology_template:
    variability:
        inputs:
            platform: {type: string, default: paas}
        technology_rules:
            - {technology: terraform, component: app, hosting: [paas]}
            - {technology: ansible, component: worker, hosting: [machine]}
${rules}    node_templates:
        store:
            type: app
            persistent: true
            requirements:
                - host: paas
                - host: machine
        paas:
            type: paas
            conditions: {equal: [{variability_input: platform}, paas]}
        machine:
            type: machine
            conditions: {equal: [{variability_input: platform}, vm]}
${workers}`
}

/** Each token of the rendered report with the tokens it lies in, outermost first. */
export function* walk(tokens: readonly Token[], within: readonly Token[] = []): Generator<{token: Token; within: readonly Token[]}> {
    for (const token of tokens) {
        yield {token, within}
        const inner = [...('tokens' in token && Array.isArray(token.tokens) ? token.tokens : []), ...('items' in token && Array.isArray(token.items) ? token.items : [])] as Token[]
        yield* walk(inner, [...within, token])
    }
}

/** A heading's anchor as GitHub names it: its text without tags, lower case, punctuation dropped, spaces as hyphens. */
function slug(text: string): string {
    return text
        .replace(/<[^>]*>/g, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-')
}

/**
 * The report's links inside itself, read as GitHub-flavoured Markdown (by `marked`): `unresolved`,
 * the links that land on no anchor (an `<a id>` or a heading); `unreferenced`, the `<a id>`
 * anchors no link lands on; `anchors`, those anchors with the tokens each lies in.
 */
export function inPageLinks(markdown: string) {
    const tokens = [...walk(marked.lexer(markdown, {gfm: true}))]
    const anchors = tokens.flatMap(({token, within}) => {
        const m = token.type === 'html' ? /^<a id="([^"]+)">/.exec(token.raw.trim()) : null
        return m ? [{id: m[1]!, within}] : []
    })
    const headings = tokens.flatMap(({token}) => (token.type === 'heading' ? [slug((token as Token & {text: string}).text)] : []))
    const links = tokens.flatMap(({token}) => (token.type === 'link' && token.href.startsWith('#') ? [token.href.slice(1)] : []))
    const landing = new Set([...anchors.map(a => a.id), ...headings])
    const linked = new Set(links)
    return {
        links,
        anchors,
        unresolved: links.filter(l => !landing.has(l)),
        unreferenced: anchors.map(a => a.id).filter(id => !linked.has(id)),
    }
}
