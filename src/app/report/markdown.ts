// The report as Markdown for code hosts, root causes first: header, what decided
// the variant (each input value with what it prunes), options one line per
// choice, inputs, summary, a Mermaid diagram, why each element is pruned (each
// chain once, linked where another section explains it), optimization, checks,
// and the conflict when resolving failed. The JSON keeps the whole graph.
import {conflictHeadline, CONTROL_RANGES, count, type DocumentBecause, PrunedElements, type ReportData, type ReportElement, type ReportStream} from '../../engine/index.js'
import {renderMermaid} from './mermaid.js'
import {escapeControls} from '../shown-text.js'
import {companionOf, describeOptions, optionLines, restatesPath, rootInputs} from './reasons.js'

/** Escapes text for Markdown prose and table cells: a line break is a space, other control characters are shown escaped. */
export function escapeMarkdown(text: string): string {
    if (!SPECIAL.test(text)) return text
    const escaped = text.replace(/[\\`*_[\]<>|#~]/g, '\\$&')
    return escapeControls(escaped.includes('\n') ? escaped.replace(/\r?\n/g, ' ') : escaped)
}

/** Characters escapeMarkdown changes (with any control character); most texts have none. */
const SPECIAL = new RegExp(`[\\\\\`*_[\\]<>|#~${CONTROL_RANGES}]`)
const CONTROL = new RegExp(`[${CONTROL_RANGES}]`)

/** A code span that survives backticks in its content; line breaks are spaces, other control characters shown escaped. */
export function code(text: string): string {
    if (!CONTROL.test(text) && !text.includes('`')) return `\`${text}\``
    const flat = escapeControls(text.replace(/\r?\n/g, ' '))
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

export function renderMarkdown(r: ReportData | ReportStream): string {
    return [...markdownChunks(r)].join('')
}

/**
 * The report's Markdown in pieces of about 64 KB, as renderMarkdown writes it: the pruned elements
 * are explained as their sections are written (a large template's explanations are never all held).
 */
export function* markdownChunks(r: ReportData | ReportStream): Generator<string> {
    let text = ''
    let first = true
    for (const line of lines(r)) {
        text += first ? line : `\n${line}`
        first = false
        if (text.length >= 1 << 16) {
            // trailing white space waits: the end of the report is trimmed
            const end = text.trimEnd().length
            yield text.slice(0, end)
            text = text.slice(end)
        }
    }
    yield `${text.trimEnd()}\n`
}

function* lines(r: ReportData | ReportStream): Generator<string> {
    const out: string[] = []
    const pruned = prunedOf(r)
    // what the sections and the decisions need of every pruned element, read first
    const facts = [...factsOf(pruned)]
    const title = r.status === 'resolved' ? 'Resolution report' : 'Resolution report: resolving failed'
    out.push(`# ${title}: ${e(r.template)}`, '')
    out.push(`- **Template:** ${code(r.template)}`)
    out.push(`- **Definitions version:** ${version(r)}`)
    out.push(`- **Pruning mode:** ${pruningMode(r)}`)
    out.push(`- **Presets applied, in order:** ${r.presets.length ? r.presets.map(code).join(' → ') : 'none'}`)
    out.push(`- **Profile:** ${r.profile ? code(r.profile) : 'none'}`)
    out.push(`- **Result:** ${r.status === 'resolved' ? 'resolved' : `failed (${r.status}): ${e(r.error ?? '')}`}`)
    out.push(`- **Date:** ${r.generatedAt}`)
    // a fence longer than any run of backticks in the command (a quoted name may hold some)
    const fence = '`'.repeat(Math.max(2, ...(r.command.match(/`+/g) ?? []).map(run => run.length)) + 1)
    out.push('', 'Reproduce with:', '', `${fence}sh`, escapeControls(r.command), fence, '')
    // a template with mistakes was read no further than them: the report lists them
    if (r.status === 'invalid') {
        yield* [...out, ...conflict(r)]
        return
    }

    if (r.summary && pruned.count) out.push(...decisions(r, facts))

    out.push('## Options that differ from the defaults', '')
    if (r.options.length === 0) out.push(`Every option has the default of ${version(r)}.`, '')
    else {
        // one line per choice: what a pruning mode (or a wider option) set together, then each option written
        for (const {origin, options} of optionLines(r)) {
            const single = options.length === 1 && options[0]!
            if (origin.startsWith('pruning mode ')) out.push(`- Pruning mode ${pruningMode(r)} ${e(describeOptions(options))}.`)
            else if (single) out.push(`- ${cell(single.name)} = ${value(single.value)} (default ${value(single.default)}), set by ${e(origin)}.`)
            else out.push(`- ${e(origin)}: ${e(describeOptions(options))}.`)
        }
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
        const pruned = r.summary.byKind.filter(k => k.pruned > 0).map(k => kinds(k.pruned, k.kind))
        out.push('## Summary', '', `${count(r.summary.kept, 'element')} kept, ${r.summary.pruned} pruned${pruned.length ? ` (${pruned.join(', ')})` : ''}.`, '')
    }

    out.push('## Topology', '')
    if (r.status !== 'resolved' && r.summary === null)
        out.push(
            `${r.status === 'check-failed' ? 'A check failed before solving' : 'No variant exists'}, so no element is kept or pruned; the diagram shows every node template and relation as written.`,
            '',
        )
    // a pruned relation's arrow names the inputs behind its pruning
    const causes = new Map(facts.filter(p => p.kind === 'relation').map(p => [p.id, p.roots.join(', ')] as const))
    const diagram = renderMermaid(r.topology, undefined, causes)
    if (diagram.collapsed)
        out.push(
            `The template has ${r.topology.nodes.length} node templates: the diagram draws ${diagram.shown} of them (the pruned and conditional ones first) and collapses the other ${diagram.collapsed} into one box.`,
            '',
        )
    out.push('```mermaid', diagram.text.trimEnd(), '```', '')
    out.push('Legend: solid boxes and arrows are kept; dashed grey boxes and dashed arrows, also marked "(pruned)", are pruned (an arrow names the inputs behind it).', '')

    yield* out
    out.length = 0
    if (r.summary && pruned.count) yield* whyPruned(facts, pruned)

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
    if (r.status === 'resolved') {
        // a resolved template passed every check that ran: the names say enough
        const on = r.checks.filter(c => c.enabled).map(c => c.name)
        const off = r.checks.filter(c => !c.enabled).map(c => c.name)
        if (on.length) out.push(`Ran and passed: ${on.join(', ')}.`, '')
        if (off.length) out.push(`Switched off: ${off.join(', ')}.`, '')
    } else {
        out.push('| check | kind | option | status |', '|---|---|---|---|')
        for (const c of r.checks) out.push(`| ${c.name} | ${c.kind} | ${cell(c.option)} | ${checkStatus(r, c.enabled)} (${e(c.origin)}) |`)
        out.push('')
    }
    yield* out
}

/** The pruned elements of a report, explained when read (or as built, for report data). */
interface Pruned {
    readonly ids: ReadonlySet<string>
    readonly count: number
    explain(only?: ReadonlySet<string>): Iterable<ReportElement>
}

function prunedOf(r: ReportData | ReportStream): Pruned {
    if (r.pruned instanceof PrunedElements) return r.pruned
    const list = r.pruned
    return {
        ids: new Set(list.map(p => p.id)),
        count: list.length,
        *explain(only) {
            for (const p of list) if (!only || only.has(p.id)) yield p
        },
    }
}

/** What the decisions, the diagram and the sections need of a pruned element, without its explanation. */
interface PrunedFacts {
    readonly id: string
    readonly display: string
    readonly kind: string
    /** The inputs its explanation leads back to, by name. */
    readonly roots: readonly string[]
    /** The pruned element it goes with (see companionOf). */
    readonly companion: string | undefined
}

function* factsOf(pruned: Pruned): Generator<PrunedFacts> {
    if (pruned.count === 0) return
    for (const p of pruned.explain()) yield {id: p.id, display: p.display, kind: p.kind, roots: rootInputs(p), companion: companionOf(p, pruned.ids)}
}

/** The definitions version; none is known when the template or an inputs file could not be read. */
function version(r: ReportData | ReportStream): string {
    return r.version === null ? 'not known (the template or an inputs file could not be read)' : code(r.version)
}

/** The pruning mode and who set it; none is known of a template with mistakes. */
function pruningMode(r: ReportData | ReportStream): string {
    return r.pruningMode ? `${code(r.pruningMode.value)} (${e(r.pruningMode.origin)})` : 'not read (the template has mistakes)'
}

function checkStatus(r: ReportData | ReportStream, enabled: boolean): string {
    if (!enabled) return 'switched off'
    if (r.status === 'resolved') return 'ran, passed'
    if (r.status === 'check-failed') return 'on'
    return 'on, not reached'
}

const DECIDED_BY: Readonly<Record<ReportElement['decidedBy'], string>> = {
    conditions: 'the conditions',
    solver: 'the SAT solver',
    optimization: 'the optimizer',
    specification: 'the specification (a variability group is always removed)',
}

/**
 * The decisions first: each input value (or combination) that the pruned elements' explanations
 * lead back to, with what it prunes, so a reviewer sees the root causes without scrolling.
 */
function decisions(r: ReportData | ReportStream, pruned: readonly PrunedFacts[]): string[] {
    const groups = new Map<string, PrunedFacts[]>()
    for (const p of pruned) {
        const key = p.roots.join(' ')
        const group = groups.get(key)
        if (group) group.push(p)
        else groups.set(key, [p])
    }
    const out = ['## What decided the variant', '']
    for (const [key, elements] of [...groups].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))) {
        const who = key
            ? key
                  .split(' ')
                  .map(name => {
                      const input = r.inputs.find(i => i.name === name)
                      return input ? `${cell(name)} = ${value(input.value)} (${e(input.source)})` : cell(name)
                  })
                  .join(' and ')
            : 'No input: the template alone'
        out.push(`- ${who} prunes ${listed(elements)}.`)
    }
    out.push('')
    return out
}

/** `3 properties`, `1 policy`: a number of elements of one kind. */
function kinds(n: number, kind: string): string {
    return count(n, kind, kind.endsWith('y') ? `${kind.slice(0, -1)}ies` : `${kind}s`)
}

/** Nodes by name, the rest counted by kind. */
function listed(elements: readonly PrunedFacts[]): string {
    const nodes = elements.filter(p => p.kind === 'node').map(p => e(p.display))
    const others = new Map<string, number>()
    for (const p of elements) if (p.kind !== 'node') others.set(p.kind, (others.get(p.kind) ?? 0) + 1)
    const counted = [...others].map(([kind, n]) => kinds(n, kind))
    const parts = [...nodes.slice(0, 6), ...(nodes.length > 6 ? [`${nodes.length - 6} more nodes`] : []), ...counted]
    return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? 'nothing')
}

/** One section per pruned element that has reasons of its own; what goes with it is listed there. */
function* whyPruned(facts: readonly PrunedFacts[], pruned: Pruned): Generator<string> {
    const companions = new Map<string, PrunedFacts[]>()
    const companionOf = new Map(facts.map(p => [p.id, p.companion]))
    // an element goes with the first element up its chain of companions that has a section of its own
    // (a relation's property with the relation, which goes with its source node)
    const sectionOf = (p: PrunedFacts): string | undefined => {
        const seen = new Set<string>()
        let at: string | undefined = p.companion
        while (at !== undefined && !seen.has(at)) {
            seen.add(at)
            const next: string | undefined = companionOf.get(at)
            if (next === undefined) return at
            at = next
        }
        return undefined // a circle of companions: each gets its own section
    }
    const sections = new Set<string>()
    for (const p of facts) {
        const with_ = sectionOf(p)
        if (with_ === undefined) {
            sections.add(p.id)
            continue
        }
        const along = companions.get(with_)
        if (along) along.push(p)
        else companions.set(with_, [p])
    }
    yield '## Why each element is pruned'
    yield ''
    // explained again, one at a time, as each section is written
    for (const p of pruned.explain(sections)) {
        const out: string[] = []
        out.push(`### <a id="${anchor(p.id)}"></a>${e(p.display)}`, '')
        const said: string[] = []
        if (p.location) said.push(`Defined at ${code(p.location)}`)
        if (p.decidedBy !== 'conditions') said.push(`decided by ${DECIDED_BY[p.decidedBy]}`)
        if (!p.dependsOnInputs) said.push('no change of variability inputs can flip it')
        if (said.length) out.push(`${said.join('; ')}.`, '')
        for (const b of p.because) because(b, 0, [p.id], sections, out)
        const along = companions.get(p.id)
        if (along?.length) out.push('', `Pruned with it: ${along.map(c => e(c.display)).join(', ')}.`)
        out.push('')
        yield* out
    }
}

/** An element id as an HTML anchor (ids hold dots and @, which anchors may). */
function anchor(id: string): string {
    return id.replace(/[^\w.@-]/g, '_')
}

/**
 * A reason and what is behind it; an element with a section of its own is linked, not explained again,
 * and a reason that only restates the absence of an element on the path is said to be a consequence.
 */
function because(b: DocumentBecause, depth: number, path: readonly string[], sections: ReadonlySet<string>, lines: string[]): void {
    const pad = '  '.repeat(depth)
    const condition = b.condition !== undefined ? `: ${code(b.condition)} is ${String(b.value)}` : ''
    const at = b.location ? ` (${code(b.location)})` : ''
    const id = b.refs[0]
    if (restatesPath(b, path)) {
        lines.push(`${pad}- ${e(b.text)} — a consequence of this pruning, not a cause`)
        return
    }
    if ((b.kind === 'element' || b.kind === 'reference') && id !== undefined && sections.has(id) && !path.includes(id)) {
        lines.push(`${pad}- ${e(b.text.replace(/ \(see above\)$/, ''))}: see [why](#${anchor(id)})`)
        return
    }
    const tag = b.kind === 'reference' || b.kind === 'element' ? '' : ` ${code(b.code)}`
    lines.push(`${pad}- ${e(b.text)}${condition}${tag}${at}`)
    const next = b.kind === 'element' && id !== undefined ? [...path, id] : path
    for (const c of b.because) because(c, depth + 1, next, sections, lines)
}

function conflict(r: ReportData | ReportStream): string[] {
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
            // persistent_check runs before solving: no variant was looked for
            out.push(`${r.summary ? 'A variant exists, but a check failed' : 'A check failed before solving'}: ${e(c.message)}${c.location ? ` (${code(c.location)})` : ''}.`, '')
            break
        case 'invalid':
            out.push(`The template or the request has ${c.mistakes.length === 1 ? 'a mistake' : `${c.mistakes.length} mistakes`}; nothing was solved:`, '')
            for (const m of c.mistakes) out.push(`- ${e(m.message)}${m.location ? ` (${code(m.location)})` : ''}`)
            out.push('')
            break
    }
    return out
}
