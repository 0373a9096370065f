// The report's "why each element is pruned": every pruned element once, under
// the decision it follows from (forest.ts). A decision that prunes others gets a
// section with the engine's explanation and the tree of what it pruned; the
// others are one item each under what decided them; the technology candidates of
// a node that stays are one item per node (nodes whose candidates read alike
// share one). Every link of the section is known before it is written: an
// element some link lands on has an anchor, on a line of its own around its
// item's text (or in its heading), so the text reads as plain text too; the
// others have none.
import {REASON_CODES, type ReasonCode, type ReportElement, type ReportTopology} from '../../engine/index.js'
import {Anchors} from './anchors.js'
import {causeSteps, forest, groups, type PrunedFacts, type Tree} from './forest.js'
import {append, listed, names} from './reasons.js'
import {PlainRules, type Escapes} from './rules.js'

export type {Escapes} from './rules.js'

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

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
    // the candidates of a node that stays are read per node; everything else hangs in the forest
    const kept = new Map(topology.nodes.filter(n => n.present).map(n => [n.id, n] as const))
    const candidates = facts.filter(f => f.kind === 'technology' && f.container !== null && kept.has(f.container))
    const roots = forest(candidates.length ? facts.filter(f => !(f.kind === 'technology' && f.container !== null && kept.has(f.container))) : facts)
    const sections = new Map(roots.filter(t => t.children.length > 0).map(t => [t.facts.id, t]))
    const byNode = new Map<string, PrunedFacts[]>()
    for (const f of candidates) append(byNode, f.container!, f)
    const lists = LISTS.map(({title, holds}) => ({title, groups: sameReason(roots.filter(t => t.children.length === 0 && holds(t.facts)))})).filter(l => l.groups.length)
    // what the links land on, before anything is written (a link may point down or up)
    const targets = new Set<string>()
    for (const tree of sections.values()) {
        for (const id of tree.facts.reads) targets.add(id)
        for (const {group, depth} of itemsBelow(tree)) for (const id of itemReads(group, depth).all) targets.add(id)
    }
    for (const list of byNode.values()) for (const members of candidateCauses(list)) for (const id of members[0]!.blames) targets.add(id)
    for (const {groups} of lists) for (const group of groups) for (const id of itemReads(group, 0).all) targets.add(id)
    const w = new Writer(facts, inputs, escapes, new Anchors(facts.filter(f => targets.has(f.id)).map(f => f.id)))
    yield '## Why each element is pruned'
    yield ''
    yield 'Each pruned element is listed once, under the element or decision its first cause leads to; what only goes with an element (its types, properties and relations) is counted on its line.'
    yield ''
    // explained again, one at a time, as each section is written
    for (const p of pruned.explain(new Set(sections.keys()))) yield* w.section(p, sections.get(p.id)!)
    if (candidates.length) {
        yield '### Technology candidates of the nodes kept'
        yield ''
        yield* w.candidates([...byNode].map(([node, list]) => ({node: kept.get(node)!, list})))
        yield ''
    }
    for (const {title, groups} of lists) {
        yield `### ${title}`
        yield ''
        for (const group of groups) yield* w.item(group, 0)
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

/** The items below a section's decision, depth first, in the order they are written (without recursion: a chain of hosts can be as long as the template). */
function* itemsBelow(tree: Tree): Generator<{readonly group: readonly Tree[]; readonly depth: number}> {
    const stack = groups(tree.children)
        .reverse()
        .map(group => ({group, depth: 0}))
    while (stack.length) {
        const top = stack.pop()!
        yield top
        const below = top.group.length === 1 ? groups(top.group[0]!.children) : []
        for (let i = below.length - 1; i >= 0; i--) stack.push({group: below[i]!, depth: top.depth + 1})
    }
}

/** The pruned elements an item links: what it goes under, when too deep to be indented, and the others its first cause reads. */
function itemReads(group: readonly Tree[], depth: number): {readonly under: string | undefined; readonly others: readonly string[]; readonly all: readonly string[]} {
    const blames = group[0]!.facts.blames
    const under = depth > MAX_INDENT ? blames[0] : undefined
    const others = blames.slice(1)
    return {under, others, all: under === undefined ? others : [under, ...others]}
}

/** A node's pruned technology candidates grouped by why: the same code, reading the same pruned elements. */
function candidateCauses(list: readonly PrunedFacts[]): PrunedFacts[][] {
    const byCause = new Map<string, PrunedFacts[]>()
    for (const f of list) append(byCause, `${f.code}|${f.blames.join(' ')}`, f)
    return [...byCause.values()]
}

class Writer {
    private readonly byId: ReadonlyMap<string, PrunedFacts>
    /** The default and pruning conditions said so far, for the note that closes the section. */
    readonly rules: PlainRules

    constructor(
        facts: readonly PrunedFacts[],
        private readonly inputs: ReadonlyMap<string, string>,
        private readonly x: Escapes,
        private readonly anchors: Anchors,
    ) {
        this.byId = new Map(facts.map(f => [f.id, f]))
        this.rules = new PlainRules(x)
    }

    /** A decision that prunes others through it: its explanation, then the tree of what it pruned. */
    *section(p: ReportElement, tree: Tree): Generator<string> {
        const {text: e, code, location} = this.x
        const out: string[] = []
        out.push(`### ${this.anchors.tag(p.id)}${e(p.display)}`, '')
        const causes: string[] = []
        const located = this.reasons(p, causes)
        const said: string[] = []
        // one place to look: where a cause is written, else where the element is
        if (p.location && !located) said.push(`defined at ${code(location(p.location))}`)
        if (p.decidedBy !== 'conditions') said.push(`decided by ${DECIDED_BY[p.decidedBy]}`)
        if (!p.dependsOnInputs) said.push('no change of variability inputs can flip it')
        if (said.length) out.push(`${upperFirst(said.join('; '))}.`, '')
        if (p.inputs.length) out.push(`Decided by ${p.inputs.map(name => this.inputs.get(name) ?? code(name)).join(' and ')}:`, '')
        out.push(...causes)
        if (tree.folded.length) out.push(...this.anchored('', [], `with it: ${listed(tree.folded, e)}`, tree.folded))
        out.push('', 'Pruned through it:', '')
        yield* out
        for (const {group, depth} of itemsBelow(tree)) yield* this.item(group, depth)
        yield ''
    }

    /** One item: an element (or siblings pruned for the same reason), why, what goes with it, and any other pruned element its cause reads. */
    item(group: readonly Tree[], depth: number): string[] {
        const {text: e, code, location} = this.x
        const first = group[0]!.facts
        const members = group.map(t => t.facts)
        const folded = group.flatMap(t => t.folded)
        const pad = '  '.repeat(Math.min(depth, MAX_INDENT))
        const reads = itemReads(group, depth)
        const under = reads.under === undefined ? '' : ` (under ${this.link(reads.under)})`
        // one place to look: where its cause is written when elsewhere (said after the cause), else where it is
        const elsewhere = first.reason?.location !== undefined && first.reason.location !== first.location
        const at = members.length === 1 && first.location && !elsewhere ? ` (${code(location(first.location))})` : ''
        const others = reads.others.map(id => this.link(id))
        const also = others.length ? `; it reads ${others.join(', ')} too, also pruned` : ''
        const along = folded.length ? `; with it: ${listed(folded, e)}` : ''
        return this.anchored(pad, members, `${names(members, e)}${under}${at}: ${this.reason(members)}${also}${along}.`, folded)
    }

    /**
     * The technology candidates of the nodes kept, one item per node: the one kept and why, the pruned
     * ones grouped by why (what the first cause of each group reads is linked). Nodes whose candidates
     * read alike (the same technologies, kept and pruned for the same reasons) share one item.
     */
    *candidates(nodes: readonly {readonly node: ReportTopology['nodes'][number]; readonly list: readonly PrunedFacts[]}[]): Generator<string> {
        const {text: e, code} = this.x
        const alike = new Map<string, {names: string[]; lists: PrunedFacts[]}>()
        for (const {node, list} of nodes) {
            const parts = candidateCauses(list).map(members => {
                const which = members.map(f => e(`"${/"(.*)" of /s.exec(f.display)?.[1] ?? f.display}"`)).join(', ')
                const links = members[0]!.blames.map(id => this.link(id))
                return `${which}: ${this.reason(members)}${links.length ? ` (see ${links.join(', ')})` : ''}`
            })
            const won = node.technologies.map(t => `${e(`"${t.name}"`)} kept (${e(KEPT[t.code] ?? REASON_CODES[t.code as ReasonCode])} ${code(t.code)})`)
            const pruned = `${list.length === 1 ? '1 candidate' : `${list.length} candidates`} pruned — ${parts.join('; ')}`
            const said = [...won, pruned].join('; ')
            const same = alike.get(said) ?? {names: [], lists: []}
            same.names.push(node.name)
            same.lists.push(...list)
            alike.set(said, same)
        }
        for (const [said, {names, lists}] of alike) {
            const which = names.length === 1 ? `Node "${names[0]!}"` : `Nodes ${names.map(n => `"${n}"`).join(', ')}, each`
            yield* this.anchored('', lists, `${e(which)}: ${said}.`)
        }
    }

    /**
     * A list item with the anchor of each element it names or counts that a link lands on, one a line
     * (rendered, they are nothing): those it names before its text, where a link lands on the item's
     * first line; those it only counts (what goes with them) after.
     */
    private anchored(pad: string, named: readonly PrunedFacts[], text: string, counted: readonly PrunedFacts[] = []): string[] {
        const inner = `${pad}  `
        const tags = (list: readonly PrunedFacts[]) => list.filter(f => this.anchors.has(f.id)).map(f => `${inner}${this.anchors.tag(f.id)}`)
        const lines = [...tags(named), `${inner}${text}`, ...tags(counted)]
        lines[0] = `${pad}- ${lines[0]!.slice(inner.length)}`
        return lines
    }

    /** A link to where a pruned element is listed, named by `text` (its display when none). */
    private link(id: string, text?: string): string {
        return this.anchors.link(id, text ?? this.x.text(this.byId.get(id)?.display ?? id))
    }

    /** Why one element, or siblings with the same code, are pruned, on one line. */
    private reason(members: readonly PrunedFacts[]): string {
        const {text: e, code, location} = this.x
        const first = members[0]!
        const tag = code(first.code)
        const r = first.reason
        const several = members.length > 1
        if (!r)
            return `${first.decidedBy === 'optimization' ? `the optimizer chose a variant without ${several ? 'them' : 'it'}` : `${several ? 'their' : 'its'} conditions do not hold`} ${tag}`
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
     * Whether a line says where its condition is written.
     */
    private reasons(p: ReportElement, lines: string[]): boolean {
        const {text: e, code, location} = this.x
        let located = false
        for (const {because: b, depth, kind, linked} of causeSteps(p.because, p.id, p.kind, this.byId)) {
            const pad = '  '.repeat(depth)
            if (linked) lines.push(`${pad}- ${e(this.byId.get(b.refs[0]!)!.display)} is pruned: see ${this.link(b.refs[0]!, 'why')}`)
            else if (b.kind === 'element' || b.kind === 'reference') lines.push(`${pad}- ${e(b.text.replace(/ \(see above\)$/, ''))} ${code(b.code)}`)
            else {
                const condition = b.condition !== undefined ? `: ${code(b.condition)} is ${String(b.value)}` : ''
                const at = b.location ? ` (${code(location(b.location))})` : ''
                located ||= at !== ''
                lines.push(`${pad}- ${b.role === 'also' ? 'also ' : ''}${this.rules.say(b.text, b.code, kind)}${condition} ${code(b.code)}${at}`)
            }
        }
        return located
    }
}
