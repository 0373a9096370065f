// The report as Markdown for code hosts, root causes first: header, what decided
// the variant (each input value with what it prunes), options one line per
// choice, inputs, the conflict when resolving failed, summary, why each element
// is pruned (every element once, under the decision it follows from; see
// forest.ts), optimization, checks, and last a Mermaid diagram of the topology.
// The JSON keeps the whole graph.
// It reads as plain text too: prose is wrapped (prose.ts), names are code spans
// and other text is escaped only where Markdown would read markup (markup.ts),
// and files are named relative to the report's folder (places.ts).
import {
    conflictHeadline,
    conflictInputs,
    count,
    freeChoiceRuleText,
    freeChoiceSituation,
    PrunedElements,
    technologySteps,
    type ReportData,
    type ReportDiagnostic,
    type ReportElement,
    type ReportStream,
} from '../../engine/index.js'
import {prunedFacts, type PrunedFacts} from './forest.js'
import {renderMermaid} from './mermaid.js'
import {Places, type ReportFolders} from './places.js'
import {ProseWrapper} from './prose.js'
import {escapeControls} from '../shown-text.js'
import {cell, code, escapeMarkdown, prose} from './markup.js'
import {describeOptions, kindOf, kinds, listed, optionLines} from './reasons.js'
import {whyPruned} from './why-pruned.js'
import {ambiguityAdvice} from '../ambiguity-advice.js'

/** A value as one line of YAML-ish text in a code span (`span`: `cell` inside a table). */
function value(v: unknown, span = code): string {
    if (v === null || v === undefined) return '*unset*'
    return span(typeof v === 'string' ? v : JSON.stringify(v))
}

/** Text from the engine: the names it quotes as code spans, the rest escaped. */
const e = prose

/** An input with its value and where the value came from: `` `env` = `prod` (preset prod) ``. */
function inputText(i: ReportData['inputs'][number], p: Places): string {
    return `${code(i.name)} = ${value(i.value)} (${sourceText(i.source, p)})`
}

/** A source that names a preset, a profile or a variable: `preset prod`. */
const NAMED_SOURCE = /^(preset|profile|environment) (.+)$/s

/**
 * Where a value came from (`span`: `cell` inside a table). The name of a preset, a profile or a
 * variable reads as it is (`preset prod`), unless Markdown would read markup in it: then it is a code
 * span (`` preset `_base_` ``), as every other name, never backslash-escaped.
 */
function sourceText(source: string, p: Places, span = code): string {
    const shown = p.source(source)
    const named = NAMED_SOURCE.exec(shown)
    if (!named || (escapeMarkdown(named[2]!) === named[2] && !named[2]!.includes('"'))) return prose(shown, span)
    return `${named[1]} ${span(named[2]!)}`
}

/** `folders`: where the report is written and where its data's relative paths start; without them, paths are shown as the data has them. */
export function renderMarkdown(r: ReportData | ReportStream, folders?: ReportFolders): string {
    return [...markdownChunks(r, folders)].join('')
}

/**
 * The report's Markdown in pieces of about 64 KB, as renderMarkdown writes it: the pruned elements
 * are explained as their sections are written (a large template's explanations are never all held).
 */
export function* markdownChunks(r: ReportData | ReportStream, folders?: ReportFolders): Generator<string> {
    let text = ''
    let first = true
    const prose = new ProseWrapper()
    const sources = r.inputs.flatMap(i => [i.source, ...i.overrides.map(o => o.source)])
    for (const line of lines(r, new Places(folders, sources))) {
        const rows = line.includes('\n') ? line.split('\n').flatMap(l => prose.rows(l)) : prose.rows(line)
        text += first ? rows.join('\n') : `\n${rows.join('\n')}`
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

/** The report's lines, section by section; the pruned elements are explained as their section is written. */
function* lines(r: ReportData | ReportStream, p: Places): Generator<string> {
    const pruned = prunedOf(r)
    // what the sections and the decisions need of every pruned element, read first
    const facts = factsOf(pruned)
    yield* header(r, p)
    // a template with mistakes was read no further than them: the report lists them
    if (r.status === 'invalid') {
        yield* conflict(r, p)
        return
    }
    if (r.summary && pruned.count) yield* decisions(r, facts, p)
    yield* optionsSection(r, p)
    yield* inputsSection(r, p)
    if (r.conflict) yield* conflict(r, p)
    if (r.summary) yield* summarySection(r.summary)
    if (r.summary && pruned.count) yield* whyPruned(facts, pruned, r.topology, new Map(r.inputs.map(i => [i.name, inputText(i, p)])), {text: e, code, location: l => p.location(l)})
    yield* optimizationSection(r, facts, p)
    yield* checksSection(r)
    // last: as plain text the diagram is many lines of little meaning
    yield* topologySection(r, facts)
}

/** The title, what was resolved with what, the command that reproduces it, and what resolving warned of. */
function header(r: ReportData | ReportStream, p: Places): string[] {
    const title = r.status === 'resolved' ? 'Resolution report' : 'Resolution report: resolving failed'
    const out = [`# ${title}: ${e(p.file(r.template))}`, '']
    // the full path once; below, files are named from the report's folder
    const full = p.full(r.template)
    out.push(`- **Template:** ${code(full ?? r.template)}${full ? " (files below are named relative to this report's folder)" : ''}`)
    out.push(`- **Definitions version:** ${version(r)}`)
    out.push(`- **Pruning mode:** ${pruningMode(r, p)}`)
    out.push(`- **Presets applied, in order:** ${r.presets.length ? r.presets.map(code).join(' → ') : 'none'}`)
    // each once: below, a value from one is `inputs file` (numbered when there are several)
    const files = p.inputs
    if (files.length)
        out.push(
            `- **Inputs ${files.length === 1 ? 'file' : 'files, in order'}:** ${files.length === 1 ? code(files[0]!) : files.map((f, i) => `${i + 1}. ${code(f)}`).join(', ')}`,
        )
    out.push(`- **Profile:** ${r.profile ? code(r.profile) : 'none'}`)
    out.push(`- **Result:** ${r.status === 'resolved' ? 'resolved' : `failed (${r.status}): ${e(r.error ?? '')}`}`)
    out.push(`- **Date:** ${r.generatedAt}`)
    // a fence longer than any run of backticks in the command (a quoted name may hold some)
    const fence = '`'.repeat(Math.max(2, ...(r.command.match(/`+/g) ?? []).map(run => run.length)) + 1)
    // the command's files are named from where it was run
    const from = p.moved ? `, from ${code(p.working!)}` : ''
    out.push('', `Reproduce with${from}:`, '', `${fence}sh`, escapeControls(r.command), fence, '')
    if (r.warnings.length) out.push('## Warnings', '', ...r.warnings.flatMap(w => diagnosticLines(w, p)), '')
    return out
}

/** One line per choice: what a pruning mode (or a wider option) set together, then each option written. */
function optionsSection(r: ReportData | ReportStream, p: Places): string[] {
    const out = ['## Options that differ from the defaults', '']
    if (r.options.length === 0) return [...out, `Every option has the default of ${version(r)}.`, '']
    for (const {origin, options} of optionLines(r)) {
        const single = options.length === 1 && options[0]!
        if (origin.startsWith('pruning mode ')) out.push(`- Pruning mode ${pruningMode(r, p)} ${e(describeOptions(options))}.`)
        else if (single) out.push(`- ${code(single.name)} = ${value(single.value)} (default ${value(single.default)}), set by ${e(p.origin(origin))}.`)
        else out.push(`- ${e(p.origin(origin))}: ${e(describeOptions(options))}.`)
    }
    out.push('')
    return out
}

/** A table of the variability inputs: value, source, what each overrode, whether it decides anything. */
function inputsSection(r: ReportData | ReportStream, p: Places): string[] {
    const out = ['## Variability inputs', '']
    if (r.inputs.length === 0) return [...out, 'The template declares no variability inputs.', '']
    out.push('| input | value | source | overrode | decides something |', '|---|---|---|---|---|')
    for (const i of r.inputs) {
        const source = (s: string) => sourceText(s, p, cell)
        const overrode = i.overrides.map(o => `${value(o.value, cell)} (${source(o.source)})`).join(', ') || '—'
        const decides = i.decidesSomething === null ? '—' : i.decidesSomething ? 'yes' : 'no'
        out.push(`| ${cell(i.name)} | ${value(i.value, cell)} | ${source(i.source)} | ${overrode} | ${decides} |`)
    }
    out.push('')
    return out
}

function summarySection(summary: NonNullable<ReportData['summary']>): string[] {
    const pruned = summary.byKind.filter(k => k.pruned > 0).map(k => kinds(k.pruned, k.kind))
    return ['## Summary', '', `${count(summary.kept, 'element')} kept, ${summary.pruned} pruned${pruned.length ? ` (${pruned.join(', ')})` : ''}.`, '']
}

/** The Mermaid diagram, pruned elements marked (a pruned relation's arrow names the inputs behind its pruning), and its legend. */
function topologySection(r: ReportData | ReportStream, facts: readonly PrunedFacts[]): string[] {
    const out = ['## Topology', '']
    if (r.status !== 'resolved' && r.summary === null)
        out.push(
            `${r.status === 'check-failed' ? 'A check failed before solving' : 'No variant exists'}, so no element is kept or pruned; the diagram shows every node template and relation as written.`,
            '',
        )
    const causes = new Map(facts.filter(p => p.kind === 'relation').map(p => [p.id, p.inputs.join(', ')] as const))
    const diagram = renderMermaid(r.topology, undefined, causes)
    if (diagram.collapsed)
        out.push(
            `The template has ${r.topology.nodes.length} node templates: the diagram draws ${diagram.shown} of them (the pruned and conditional ones first) and collapses the other ${diagram.collapsed} into one box.`,
            '',
        )
    out.push('```mermaid', diagram.text.trimEnd(), '```', '')
    out.push('Legend: solid boxes and arrows are kept; dashed grey boxes and dashed arrows, also marked "(pruned)", are pruned (an arrow names the inputs behind it).', '')
    return out
}

/** The objectives, each decision the optimizer made, and each free choice with the option that would decide it. */
function optimizationSection(r: ReportData | ReportStream, facts: readonly PrunedFacts[], p: Places): string[] {
    const out = ['## Optimization', '']
    for (const o of r.optimization.objectives) {
        const what = o.subject === 'nodes' ? 'Node templates' : 'Technologies'
        const sought = steps(o).map((step, i) => `${i ? 'then ' : ''}${lookedFor(step)}`)
        const words = o.direction === false ? 'not optimized' : `the optimizer looks for ${sought.join(', ')}`
        // the options as the specification names them: what a reader looks up
        const option = o.subject === 'nodes' ? 'optimization_topology' : 'optimization_technologies'
        const mode = o.direction === false ? [] : [`${option}_mode: ${o.mode}`]
        const options = [`${option}: ${String(o.direction)}`, ...mode, `${option}_unique: ${String(o.unique)}`].map(code).join(', ')
        out.push(`- ${what}: ${words}${o.unique ? '; the result must be unique' : ''} (${options}; ${e(p.origin(o.origin))})`)
    }
    out.push('')
    if (r.status === 'resolved' && r.optimization.decisions.length === 0 && r.optimization.freeChoices.length === 0)
        out.push('The conditions decided every element: the optimizer had no choice to make.', '')
    for (const [i, d] of r.optimization.decisions.entries()) {
        // the part's elements in a few words (the JSON lists each): which of them the optimizer itself chose is said above
        const kept = d.elements.filter(el => el.present)
        const gone = d.elements.filter(el => !el.present)
        out.push(
            `Decision ${i + 1}: several variants satisfied every condition of a part of ${count(d.elements.length, 'element')}. ${reached(r, d.optima)}; it kept ${
                kept.length
                    ? listed(
                          kept.map(el => ({kind: kindOf(el.id), display: el.display})),
                          e,
                      )
                    : 'none of them'
            }${
                gone.length
                    ? `, pruning ${listed(
                          gone.map(el => ({kind: kindOf(el.id), display: el.display})),
                          e,
                      )}`
                    : ''
            }.`,
            '',
        )
    }
    const chosen = facts.filter(f => f.decidedBy === 'optimization')
    if (chosen.length)
        out.push(
            `Of these, the optimizer itself decided against ${listed(chosen, e)} (the other verdicts of its parts were forced by conditions or constraints): each is listed under [why each element is pruned](#why-each-element-is-pruned).`,
            '',
        )
    for (const [i, c] of r.optimization.freeChoices.entries()) {
        out.push(`Free choice ${i + 1}: ${e(freeChoiceSituation(c.rule))}; ${e(freeChoiceRuleText(c.rule))}:`, '')
        for (const el of c.elements) out.push(`- ${e(el.display)}: ${el.present ? 'kept' : 'pruned'}`)
        out.push('', `Setting ${e(c.decide)} would decide it.`, '')
    }
    return out
}

type Objective = ReportData['optimization']['objectives'][number]
type Step = ReturnType<typeof technologySteps>[number] & {readonly subject: string}

/** What an objective asks of the optimizer, in the order it asks (as the solver does: see technologySteps). */
function steps(o: Objective): Step[] {
    const direction = o.direction === 'min' || o.direction === 'max' ? o.direction : false
    if (o.subject === 'nodes') return [{subject: o.subject, direction, measure: o.mode === 'count' ? 'count' : 'weight'}]
    return technologySteps(direction, o.mode as Parameters<typeof technologySteps>[1]).map(step => ({...step, subject: o.subject}))
}

/** What one step looks for, in words: `the lowest total weight of the node templates kept`. */
function lookedFor(step: Step): string {
    const nodes = step.subject === 'nodes'
    if (step.measure === 'weight') return `the ${step.direction === 'max' ? 'highest' : 'lowest'} total weight of the ${nodes ? 'node templates' : 'technologies'} kept`
    const few = step.direction === 'max' ? 'most' : 'fewest'
    return nodes ? `the ${few} node templates kept` : `the ${few} different technologies kept`
}

/**
 * What the optimizer reached in one part, in words: each value of `optima` is what a step looked for
 * (the steps of the objectives in order), counted over the part's elements; null where a step had
 * nothing of the part to weigh. The numbers as they are when the steps cannot be told.
 */
function reached(r: ReportData | ReportStream, optima: readonly (number | null)[]): string {
    const all = r.optimization.objectives.flatMap(steps)
    if (all.length !== optima.length) return `The optimizer reached ${optima.map(v => (v === null ? '—' : String(v))).join(' / ')}`
    const said = all.flatMap((step, i) => (optima[i] === null || optima[i] === undefined ? [] : [`${lookedFor(step)} (${String(optima[i])})`]))
    if (said.length === 0) return 'The optimizer chose'
    if (said.length === 1) return `In this part, the optimizer looked for ${said[0]}`
    return `In this part, the optimizer looked first for ${said[0]}, ${said
        .slice(1)
        .map(s => `then for ${s}`)
        .join(', ')}`
}

/**
 * The checks by what became of them: a resolved template passed every check that ran. Which differ
 * from the version's defaults, and who set them, the options say; the JSON has each check's option.
 */
function checksSection(r: ReportData | ReportStream): string[] {
    const out = ['## Checks', '']
    const on = r.checks.filter(c => c.enabled).map(c => c.name)
    const off = r.checks.filter(c => !c.enabled).map(c => c.name)
    const ran = r.status === 'resolved' ? 'Ran and passed' : r.status === 'check-failed' ? 'On' : 'On, not reached'
    if (on.length) out.push(`${ran}: ${on.join(', ')}.`, '')
    if (off.length) out.push(`Switched off: ${off.join(', ')}.`, '')
    return out
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

function factsOf(pruned: Pruned): PrunedFacts[] {
    const facts: PrunedFacts[] = []
    if (pruned.count > 0) for (const p of pruned.explain()) facts.push(prunedFacts(p, pruned.ids))
    return facts
}

/** The definitions version; none is known when the template or an inputs file could not be read. */
function version(r: ReportData | ReportStream): string {
    return r.version === null ? 'not known (the template or an inputs file could not be read)' : code(r.version)
}

/** The pruning mode and who set it; none is known of a template with mistakes. */
function pruningMode(r: ReportData | ReportStream, p: Places): string {
    return r.pruningMode ? `${code(r.pruningMode.value)} (${e(p.origin(r.pruningMode.origin))})` : 'not read (the template has mistakes)'
}

/**
 * The decisions first: each input value (or combination) that the pruned elements' explanations
 * lead back to, with what it prunes, so a reviewer sees the root causes without scrolling.
 */
function decisions(r: ReportData | ReportStream, pruned: readonly PrunedFacts[], p: Places): string[] {
    // by the inputs the elements' chains lead back to (a name may hold any character: the key is their list as JSON)
    const groups = new Map<string, {readonly inputs: readonly string[]; readonly elements: PrunedFacts[]}>()
    for (const f of pruned) {
        const inputs = f.decidedBy === 'optimization' ? [] : f.inputs
        const key = f.decidedBy === 'optimization' ? OPTIMIZER : JSON.stringify(inputs)
        const group = groups.get(key) ?? {inputs, elements: []}
        group.elements.push(f)
        groups.set(key, group)
    }
    const out = ['## What decided the variant', '']
    const rank = (key: string, inputs: readonly string[]) => (key === OPTIMIZER ? 1 : inputs.length ? 0 : 2)
    const order = [...groups].sort(([a, x], [b, y]) => rank(a, x.inputs) - rank(b, y.inputs) || x.inputs.join(' ').localeCompare(y.inputs.join(' ')))
    const byName = new Map(r.inputs.map(i => [i.name, i] as const))
    for (const [key, {inputs, elements}] of order) {
        const who =
            key === OPTIMIZER
                ? 'The optimizer'
                : inputs.length
                  ? inputs
                        .map(name => {
                            const input = byName.get(name)
                            return input ? inputText(input, p) : code(name)
                        })
                        .join(' and ')
                  : 'No input: the template alone'
        const see = key === OPTIMIZER ? ' (see [Optimization](#optimization))' : ''
        out.push(`- ${who} prunes ${listed(elements, e)}${see}.`)
    }
    out.push('')
    return out
}

/** The key of the elements the optimizer decided in the decisions (no input is named so). */
const OPTIMIZER = '\u0000optimizer'

function conflict(r: ReportData | ReportStream, p: Places): string[] {
    const c = r.conflict!
    const out = ['## Why resolving failed', '']
    switch (c.kind) {
        case 'unsatisfiable': {
            if (c.items.length === 0) {
                out.push('No variant satisfies every condition and constraint.', '')
                break
            }
            out.push(`No variant exists: ${conflictHeadline(c.items)}:`, '')
            const inputs = conflictInputs(c.items)
            if (inputs.length) out.push(`With the input ${inputs.length === 1 ? 'value' : 'values'} ${inputs.map(i => e(p.cited(i))).join('; ')}.`, '')
            for (const [i, item] of c.items.entries()) {
                out.push(`${i + 1}. ${e(item.text)}: ${code(item.condition)}${item.location ? ` (${code(p.location(item.location))})` : ''}`)
                for (const input of item.inputs) out.push(`   - reads input ${e(p.cited(input))}`)
            }
            out.push('')
            break
        }
        case 'ambiguous':
            out.push(`Several variants satisfy every condition equally well (considering ${c.subject}); they differ in:`, '')
            for (const d of c.differences) out.push(`- ${e(d.display)}: ${d.chosen ? 'kept' : 'pruned'} in one, ${d.alternative ? 'kept' : 'pruned'} in the other`)
            out.push(
                '',
                ambiguityAdvice(c.subject, c.optimized, name => `\`${name}\``),
                '',
            )
            break
        case 'check-failed':
            // persistent_check runs before solving: no variant was looked for
            out.push(
                `${r.summary ? 'A variant exists, but a check failed' : 'A check failed before solving'}: ${e(c.message)}${c.location ? ` (${code(p.location(c.location))})` : ''}.`,
                '',
            )
            break
        case 'invalid':
            out.push(`The template or the request has ${c.mistakes.length === 1 ? 'a mistake' : `${c.mistakes.length} mistakes`}; nothing was solved:`, '')
            for (const m of c.mistakes) out.push(...diagnosticLines(m, p))
            out.push('')
            break
    }
    return out
}

/** A mistake or warning as a list item: the message and where, then the other places it involves, its notes and help. */
function diagnosticLines(d: ReportDiagnostic, p: Places): string[] {
    return [
        `- ${e(d.message)}${d.location ? ` (${code(p.location(d.location))})` : ''}`,
        ...d.related.map(r => `  - ${e(r.label)}: ${code(p.location(r.location))}`),
        ...d.notes.map(n => `  - note: ${e(n)}`),
        ...d.help.map(h => `  - help: ${e(h)}`),
    ]
}
