// The report as Markdown for code hosts: header, inputs, summary, a Mermaid
// diagram, pruned elements with their explanation trees, optimization, checks,
// and the conflict when resolving failed.
import {conflictHeadline, count, type DocumentBecause, type ReportData, type ReportElement} from '../../engine/index.js'
import {renderMermaid} from './mermaid.js'

/** Escapes text for Markdown prose and table cells. */
export function escapeMarkdown(text: string): string {
    if (!SPECIAL.test(text)) return text
    const escaped = text.replace(/[\\`*_[\]<>|#~]/g, '\\$&')
    return escaped.includes('\n') ? escaped.replace(/\r?\n/g, ' ') : escaped
}

/** Characters escapeMarkdown changes; most texts have none. */
const SPECIAL = /[\\`*_[\]<>|#~\n]/

/** A code span that survives backticks in its content. */
export function code(text: string): string {
    if (!/[`\n]/.test(text)) return `\`${text}\``
    const flat = text.replace(/\r?\n/g, ' ')
    const runs = flat.match(/`+/g) ?? []
    const fence = '`'.repeat(Math.max(0, ...runs.map(r => r.length)) + 1)
    const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : ''
    return `${fence}${pad}${flat}${pad}${fence}`
}

/** A code span inside a table cell, where a pipe would end the cell. */
function cell(text: string): string {
    return code(text).replace(/\|/g, '\\|')
}

/** A value as one line of YAML-ish text in a code span. */
function value(v: unknown): string {
    if (v === null || v === undefined) return '*unset*'
    return cell(typeof v === 'string' ? v : JSON.stringify(v))
}

const e = escapeMarkdown

export function renderMarkdown(r: ReportData): string {
    const out: string[] = []
    const title = r.status === 'resolved' ? 'Resolution report' : 'Resolution report: resolving failed'
    out.push(`# ${title}: ${e(r.template)}`, '')
    out.push(`- **Template:** ${code(r.template)}`)
    out.push(`- **Definitions version:** ${code(r.version)}`)
    out.push(`- **Pruning mode:** ${code(r.pruningMode.value)} (${e(r.pruningMode.origin)})`)
    out.push(`- **Presets applied, in order:** ${r.presets.length ? r.presets.map(code).join(' → ') : 'none'}`)
    out.push(`- **Profile:** ${r.profile ? code(r.profile) : 'none'}`)
    out.push(`- **Result:** ${r.status === 'resolved' ? 'resolved' : `failed (${r.status}): ${e(r.error ?? '')}`}`)
    out.push(`- **Date:** ${r.generatedAt}`)
    out.push('', 'Reproduce with:', '', '```sh', r.command, '```', '')

    out.push('## Options that differ from the defaults', '')
    if (r.options.length === 0) out.push(`Every option has the default of ${code(r.version)}.`, '')
    else {
        out.push('| option | value | default | set by |', '|---|---|---|---|')
        for (const o of r.options) out.push(`| ${cell(o.name)} | ${value(o.value)} | ${value(o.default)} | ${e(o.origin)} |`)
        out.push('')
    }

    out.push('## Variability inputs', '')
    if (r.inputs.length === 0) out.push('The template declares no variability inputs.', '')
    else {
        out.push('| input | value | source | overrode | decides something |', '|---|---|---|---|---|')
        for (const i of r.inputs) {
            const overrode = i.overrides.map(o => `${value(o.value)} (${e(o.source)})`).join(', ') || '—'
            const decides = i.decidesSomething === null ? '—' : i.decidesSomething ? 'yes' : 'no'
            out.push(`| ${cell(i.name)} | ${value(i.value)} | ${e(i.source)} | ${overrode} | ${decides} |`)
        }
        out.push('')
    }

    if (r.conflict) out.push(...conflict(r))

    if (r.summary) {
        out.push('## Summary', '')
        out.push(`${count(r.summary.kept, 'element')} kept, ${r.summary.pruned} pruned.`, '')
        out.push('| kind | kept | pruned |', '|---|---:|---:|')
        for (const k of r.summary.byKind) out.push(`| ${k.kind} | ${k.kept} | ${k.pruned} |`)
        out.push(`| **all** | **${r.summary.kept}** | **${r.summary.pruned}** |`, '')
    }

    out.push('## Topology', '')
    if (r.status !== 'resolved' && r.summary === null)
        out.push('No variant exists, so no element is kept or pruned; the diagram shows every node template and relation as written.', '')
    const diagram = renderMermaid(r.topology)
    if (diagram.collapsed)
        out.push(
            `The template has ${r.topology.nodes.length} node templates: the diagram draws ${diagram.shown} of them and collapses the other ${diagram.collapsed} into one box.`,
            '',
        )
    out.push('```mermaid', diagram.text.trimEnd(), '```', '')
    out.push('Legend: solid boxes and arrows are kept; dashed grey boxes and dashed arrows, also marked "(pruned)", are pruned.', '')

    if (r.summary) {
        out.push('## Pruned elements', '')
        if (r.pruned.length === 0) out.push('Nothing is pruned.', '')
        else {
            out.push('| element | kind | reason | code | defined at |', '|---|---|---|---|---|')
            for (const p of r.pruned) out.push(`| ${e(p.display)} | ${p.kind} | ${e(reasonOnly(p))} | ${cell(p.code)} | ${p.location ? cell(p.location) : '—'} |`)
            out.push('')
            out.push('## Why each element is pruned', '')
            for (const p of r.pruned) out.push(...explanation(p))
        }
    }

    out.push('## Optimization', '')
    for (const o of r.optimization.objectives) {
        const what = o.subject === 'nodes' ? 'Node templates' : 'Technologies'
        out.push(
            `- ${what}: ${o.direction === false ? 'not optimized' : `${o.direction === 'min' ? 'minimize' : 'maximize'} by ${o.mode}`}${o.unique ? ', the result must be unique' : ''} (${e(o.origin)})`,
        )
    }
    out.push('')
    if (r.status === 'resolved' && r.optimization.decisions.length === 0) out.push('The conditions decided every element: the optimizer had no choice to make.', '')
    for (const [i, d] of r.optimization.decisions.entries()) {
        out.push(
            `Decision ${i + 1}: several variants satisfied every condition; the optimizer reached ${d.optima.map(v => (v === null ? '—' : String(v))).join(' / ')} and chose:`,
            '',
        )
        for (const el of d.elements) out.push(`- ${e(el.display)}: ${el.present ? 'kept' : 'pruned'}`)
        out.push('')
    }

    out.push('## Checks', '')
    out.push('| check | kind | option | status |', '|---|---|---|---|')
    for (const c of r.checks) out.push(`| ${c.name} | ${c.kind} | ${cell(c.option)} | ${checkStatus(r, c.enabled)} (${e(c.origin)}) |`)
    out.push('')
    return `${out.join('\n').trimEnd()}\n`
}

function checkStatus(r: ReportData, enabled: boolean): string {
    if (!enabled) return 'switched off'
    if (r.status === 'resolved') return 'ran, passed'
    if (r.status === 'check-failed') return 'on'
    return 'on, not reached'
}

/** The sentence after "… is pruned: ". */
function reasonOnly(p: ReportElement): string {
    const i = p.reason.indexOf(': ')
    return i >= 0 ? p.reason.slice(i + 2) : p.reason
}

const DECIDED_BY: Readonly<Record<ReportElement['decidedBy'], string>> = {
    conditions: 'the conditions',
    solver: 'the SAT solver',
    optimization: 'the optimizer',
    specification: 'the specification (a variability group is always removed)',
}

function explanation(p: ReportElement): string[] {
    const lines = [`### ${e(p.display)}`, '']
    lines.push(`${e(p.reason)}.`, '')
    const facts = [`decided by ${DECIDED_BY[p.decidedBy]}`]
    if (!p.dependsOnInputs) facts.push('no change of variability inputs can flip it')
    if (p.location) facts.push(`defined at ${code(p.location)}`)
    lines.push(`${facts.join('; ')}.`, '')
    for (const b of p.because) because(b, 0, lines)
    lines.push('')
    return lines
}

function because(b: DocumentBecause, depth: number, lines: string[]): void {
    const pad = '  '.repeat(depth)
    const condition = b.condition !== undefined ? `: ${code(b.condition)} is ${String(b.value)}` : ''
    const at = b.location ? ` (${code(b.location)})` : ''
    const tag = b.kind === 'reference' ? '' : ` ${code(b.code)}`
    lines.push(`${pad}- ${e(b.text)}${condition}${tag}${at}`)
    for (const c of b.because) because(c, depth + 1, lines)
}

function conflict(r: ReportData): string[] {
    const c = r.conflict!
    const out = ['## Why resolving failed', '']
    switch (c.kind) {
        case 'unsatisfiable':
            if (c.items.length === 0) {
                out.push('No variant satisfies every condition and constraint.', '')
                break
            }
            out.push(`No variant exists: ${conflictHeadline(c.items)}:`, '')
            for (const [i, item] of c.items.entries()) {
                out.push(`${i + 1}. ${e(item.text)}: ${code(item.condition)}${item.location ? ` (${code(item.location)})` : ''}`)
                for (const input of item.inputs) out.push(`   - reads input ${e(input)}`)
            }
            out.push('')
            break
        case 'ambiguous':
            out.push(`Several variants satisfy every condition equally well (considering ${c.subject}); they differ in:`, '')
            for (const d of c.differences) out.push(`- ${e(d.display)}: ${d.chosen ? 'kept' : 'pruned'} in one, ${d.alternative ? 'kept' : 'pruned'} in the other`)
            out.push('', 'Add a condition or enable optimization (`optimization_topology`) to choose between them.', '')
            break
        case 'check-failed':
            out.push(`A variant exists, but a check failed: ${e(c.message)}${c.location ? ` (${code(c.location)})` : ''}.`, '')
            break
    }
    return out
}
