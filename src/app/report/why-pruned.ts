// The report's "why each element is pruned": every pruned element once, under
// the decision it follows from (forest.ts). A decision that prunes others gets a
// section with the engine's explanation and the tree of what it pruned; the
// others are one item each under what decided them; the technology candidates of
// a node that stays are one item per node. An item has an anchor for each element
// it lists or counts, one a line around its text, so the text reads as plain text
// too.
import {REASON_CODES, type DocumentBecause, type ReasonCode, type ReportElement, type ReportTopology} from '../../engine/index.js'
import {forest, groups, type PrunedFacts, type Tree} from './forest.js'
import {append, kindOf, listed, names} from './reasons.js'
import {PlainRules, type Escapes} from './rules.js'

export type {Escapes} from './rules.js'

/** The pruned elements, explained again when read (one at a time, for the sections). */
export interface Explained {
    explain(only?: ReadonlySet<string>): Iterable<ReportElement>
}

const NOT_CHOSEN = 'Not chosen by the optimizer'

const DECIDED_BY: Readonly<Record<ReportElement['decidedBy'], string>> = {
    conditions: 'the conditions',
    solver: 'the SAT solver',
    optimization: 'the optimizer',
    preference: "Trellis's preference (several variants satisfy everything, equally good where optimized, and nothing chose)",
    specification: 'the specification (a variability group is always removed)',
}

/** The roots without reasons below them, one line each under what decided them. */
const LISTS: readonly {readonly title: string; readonly holds: (f: PrunedFacts) => boolean}[] = [
    {title: 'Pruned by their own conditions', holds: f => f.decidedBy !== 'optimization' && f.decidedBy !== 'specification' && f.code !== 'constraint-excludes'},
    {title: 'Excluded by a constraint', holds: f => f.code === 'constraint-excludes'},
    {title: NOT_CHOSEN, holds: f => f.decidedBy === 'optimization'},
    {title: 'Variability groups, always removed', holds: f => f.decidedBy === 'specification'},
]

/** What several elements pruned for the same kind of reason share, when each says it in its own words (its rule, its container). */
const TOGETHER: Readonly<Record<string, string>> = {
    'technology-rule-false': 'the conditions of their technology rules do not hold',
    'container-absent': 'their container is absent',
    'source-absent': 'their source node is absent',
    'target-absent': 'their target node is absent',
    'technology-other-present': 'their node is absent or another technology of it is present',
    'group-condition-false': 'the condition of a variability group they belong to does not hold',
    'input-condition-false': 'the variability input named after each is false',
}

/** Why a technology of a node that stays was kept, in a few words (any other code in its sentence of REASON_CODES). */
const KEPT: Readonly<Record<string, string>> = {
    'optimization-chosen': 'chosen by the optimizer',
    'technology-rule-true': 'its technology rule holds',
    'constraint-requires': 'a constraint requires it',
    'default-alternative-chosen': 'the default alternative',
}

/** Beyond this depth the tree is no longer indented (Markdown renders deeper lists poorly); each line names what it goes under. */
const MAX_INDENT = 8

/** `inputs`: each variability input as the report names it (`` `env` = `prod` (preset prod) ``), by name. */
export function* whyPruned(facts: readonly PrunedFacts[], pruned: Explained, topology: ReportTopology, inputs: ReadonlyMap<string, string>, escapes: Escapes): Generator<string> {
    const w = new Writer(facts, inputs, escapes)
    // the candidates of a node that stays are read per node; everything else hangs in the forest
    const kept = new Map(topology.nodes.filter(n => n.present).map(n => [n.id, n] as const))
    const candidates = facts.filter(f => f.kind === 'technology' && f.container !== null && kept.has(f.container))
    const roots = forest(candidates.length ? facts.filter(f => !(f.kind === 'technology' && f.container !== null && kept.has(f.container))) : facts)
    const sections = new Map(roots.filter(t => t.children.length > 0).map(t => [t.facts.id, t]))
    yield '## Why each element is pruned'
    yield ''
    yield 'Each pruned element is listed once, under the element or decision its first cause leads to; what only goes with an element (its types and properties, relations it is the source or target of) is counted on its line.'
    yield ''
    // explained again, one at a time, as each section is written
    for (const p of pruned.explain(new Set(sections.keys()))) yield* w.section(p, sections.get(p.id)!)
    if (candidates.length) {
        yield '### Technology candidates of the nodes kept'
        yield ''
        const byNode = new Map<string, PrunedFacts[]>()
        for (const f of candidates) append(byNode, f.container!, f)
        for (const [node, list] of byNode) yield* w.candidates(kept.get(node)!, list)
        yield ''
    }
    for (const list of LISTS) {
        const members = roots.filter(t => t.children.length === 0 && list.holds(t.facts))
        if (members.length === 0) continue
        yield `### ${list.title}`
        yield ''
        for (const group of sameReason(members)) yield* w.item(group, 0)
        yield ''
    }
    yield* w.rules.note()
}

/** Roots pruned by the same condition, written alike (`{logic_expression: has_debug_logging}` on many properties), as one group each. */
function sameReason(trees: readonly Tree[]): Tree[][] {
    const by = new Map<string, Tree[]>()
    for (const t of trees) {
        const r = t.facts.reason
        const key = `${t.facts.code}|${t.facts.kind}|${r?.text ?? ''}|${r?.condition ?? ''}|${t.facts.decidedBy === 'optimization' ? (t.facts.container ?? '') : ''}`
        append(by, key, t)
    }
    return [...by.values()]
}

/** An element id as an HTML anchor (ids hold dots and @, which anchors may). */
function anchor(id: string): string {
    return id.replace(/[^\w.@-]/g, '_')
}

/**
 * A list item with an anchor for each element it names or counts, so a link to any of them lands on
 * it, one a line (rendered, they are nothing): those it names before its text, where a link lands
 * on the item's first line; those it only counts (what goes with them) after.
 */
function anchored(pad: string, named: readonly PrunedFacts[], text: string, counted: readonly PrunedFacts[] = []): string[] {
    const inner = `${pad}  `
    const lines = [...named.map(f => `${inner}<a id="${anchor(f.id)}"></a>`), `${inner}${text}`, ...counted.map(f => `${inner}<a id="${anchor(f.id)}"></a>`)]
    lines[0] = `${pad}- ${lines[0]!.slice(inner.length)}`
    return lines
}

class Writer {
    private readonly byId: ReadonlyMap<string, PrunedFacts>
    /** The default and pruning conditions said so far, for the note that closes the section. */
    readonly rules: PlainRules

    constructor(
        facts: readonly PrunedFacts[],
        private readonly inputs: ReadonlyMap<string, string>,
        private readonly x: Escapes,
    ) {
        this.byId = new Map(facts.map(f => [f.id, f]))
        this.rules = new PlainRules(x)
    }

    /** A decision that prunes others through it: its explanation, then the tree of what it pruned. */
    *section(p: ReportElement, tree: Tree): Generator<string> {
        const {text: e, code, location} = this.x
        const out: string[] = []
        out.push(`### <a id="${anchor(p.id)}"></a>${e(p.display)}`, '')
        const said: string[] = []
        if (p.location) said.push(`Defined at ${code(location(p.location))}`)
        if (p.decidedBy !== 'conditions') said.push(`decided by ${DECIDED_BY[p.decidedBy]}`)
        if (!p.dependsOnInputs) said.push('no change of variability inputs can flip it')
        if (said.length) out.push(`${said.join('; ')}.`, '')
        if (p.inputs.length) out.push(`Decided by ${p.inputs.map(name => this.inputs.get(name) ?? code(name)).join(' and ')}:`, '')
        this.reasons(p.because, 0, p.id, p.kind, out)
        if (tree.folded.length) out.push(...anchored('', [], `with it: ${listed(tree.folded, e)}`, tree.folded))
        out.push('', 'Pruned through it:', '')
        yield* out
        // depth first without recursion: a chain of hosts can be as long as the template
        const stack = groups(tree.children)
            .reverse()
            .map(group => ({group, depth: 0}))
        while (stack.length) {
            const {group, depth} = stack.pop()!
            yield* this.item(group, depth)
            const below = group.length === 1 ? groups(group[0]!.children) : []
            for (let i = below.length - 1; i >= 0; i--) stack.push({group: below[i]!, depth: depth + 1})
        }
        yield ''
    }

    /** One item: an element (or siblings pruned for the same reason), why, what goes with it, and any other pruned element its cause reads. */
    item(group: readonly Tree[], depth: number): string[] {
        const {text: e, code, location} = this.x
        const first = group[0]!.facts
        const members = group.map(t => t.facts)
        const folded = group.flatMap(t => t.folded)
        const pad = '  '.repeat(Math.min(depth, MAX_INDENT))
        const under = depth > MAX_INDENT && first.blames[0] ? ` (under ${this.link(first.blames[0])})` : ''
        const at = members.length === 1 && first.location ? ` (${code(location(first.location))})` : ''
        const others = first.blames.slice(1).map(id => this.link(id))
        const also = others.length ? `; it reads ${others.join(', ')} too, also pruned` : ''
        const along = folded.length ? `; with it: ${listed(folded, e)}` : ''
        return anchored(pad, members, `${names(members, e)}${under}${at}: ${this.reason(members)}${also}${along}.`, folded)
    }

    /** A node's technology candidates in one item: the one kept and why, the pruned ones grouped by why (what the first cause of each group reads is linked). */
    candidates(node: ReportTopology['nodes'][number], list: readonly PrunedFacts[]): string[] {
        const {text: e, code} = this.x
        const byCause = new Map<string, PrunedFacts[]>()
        for (const f of list) {
            const key = `${f.code}|${f.blames.join(' ')}`
            append(byCause, key, f)
        }
        const parts = [...byCause.values()].map(members => {
            const which = members.map(f => e(`"${/"(.*)" of /s.exec(f.display)?.[1] ?? f.display}"`)).join(', ')
            const links = members[0]!.blames.map(id => this.link(id))
            return `${which}: ${this.reason(members)}${links.length ? ` (see ${links.join(', ')})` : ''}`
        })
        const won = node.technologies.map(t => `${e(`"${t.name}"`)} kept (${e(KEPT[t.code] ?? REASON_CODES[t.code as ReasonCode])} ${code(t.code)})`)
        const pruned = `${list.length === 1 ? '1 candidate' : `${list.length} candidates`} pruned — ${parts.join('; ')}`
        return anchored('', list, `${e(`Node "${node.name}"`)}: ${[...won, pruned].join('; ')}.`)
    }

    /** A link to where a pruned element is listed. */
    private link(id: string): string {
        return `[${this.x.text(this.byId.get(id)?.display ?? id)}](#${anchor(id)})`
    }

    /** Why one element, or siblings with the same code, are pruned, on one line. */
    private reason(members: readonly PrunedFacts[]): string {
        const {text: e, code, location} = this.x
        const first = members[0]!
        const tag = code(first.code)
        const r = first.reason
        if (!r) return `${first.decidedBy === 'optimization' ? 'the optimizer chose a variant without it' : 'its conditions do not hold'} ${tag}`
        const same = members.every(m => m.reason?.text === r.text)
        const text = same ? r.text : (TOGETHER[first.code] ?? REASON_CODES[first.code as ReasonCode] ?? r.text)
        // the condition is shown when the author wrote it (or it is the constraint), the same for all
        const written = r.kind !== 'default' && r.kind !== 'pruning' && r.kind !== 'type-specific'
        const condition = written && r.condition !== undefined && members.every(m => m.reason?.condition === r.condition) ? `: ${code(r.condition)} is ${String(r.value)}` : ''
        const where = members.length === 1 && r.location && r.location !== first.location ? ` (${code(location(r.location))})` : ''
        // several elements: each its own condition
        const said = same ? this.rules.say(text, first.code, first.kind, members.length > 1) : e(members.length > 1 ? text.replace(/^its /, 'their ') : text)
        return `${said}${condition} ${tag}${where}`
    }

    /**
     * A decision's explanation from the engine: each cause with the chain behind it (a pruned element it
     * reads is linked, not explained again: it has its line) and other failing conditions, one line each.
     * The conditions its verdict settled are not causes: left out (`explain` and the JSON have them).
     */
    private reasons(list: readonly DocumentBecause[], depth: number, self: string, kind: string, lines: string[]): void {
        const {text: e, code, location} = this.x
        const pad = '  '.repeat(depth)
        for (const b of list) {
            if (b.role === 'consequence') continue
            const id = b.refs[0]
            if (b.kind === 'element' || b.kind === 'reference') {
                if (id !== undefined && id !== self && this.byId.has(id))
                    lines.push(`${pad}- ${e(this.byId.get(id)!.display)} is pruned: see ${this.link(id).replace(/^\[[^\]]*\]/, '[why]')}`)
                else {
                    lines.push(`${pad}- ${e(b.text.replace(/ \(see above\)$/, ''))} ${code(b.code)}`)
                    this.reasons(b.because, depth + 1, self, id === undefined ? kind : kindOf(id), lines)
                }
                continue
            }
            const condition = b.condition !== undefined ? `: ${code(b.condition)} is ${String(b.value)}` : ''
            const at = b.location ? ` (${code(location(b.location))})` : ''
            lines.push(`${pad}- ${b.role === 'also' ? 'also ' : ''}${this.rules.say(b.text, b.code, kind)}${condition} ${code(b.code)}${at}`)
            if (b.role === undefined) this.reasons(b.because, depth + 1, self, kind, lines)
        }
    }
}
