// The pruned elements of a report as a forest of decisions. Each element hangs
// under the pruned element its first cause reads (its parent: the engine's chains
// only ever lead to an element decided earlier, so there is no circle); the roots
// are the decisions themselves — an input value through a written condition, a
// constraint, the optimizer, the specification. An element that only goes with
// its parent (a type or property with its node, a relation with its source) is
// folded into its parent's line, and siblings pruned for the same reason are one
// line: the report grows with the decisions, not with the elements they prune.
import type {DocumentBecause, ReportElement} from '../../engine/index.js'
import {append, kindOf} from './reasons.js'

/** What the report says of a pruned element without its whole explanation. */
export interface PrunedFacts {
    readonly id: string
    readonly display: string
    readonly kind: string
    readonly code: string
    readonly decidedBy: ReportElement['decidedBy']
    readonly location: string | null
    readonly container: string | null
    readonly inputs: readonly string[]
    /** Its first cause (or the constraint that excludes it, or the variability group rule), on one line. */
    readonly reason: Pick<DocumentBecause, 'kind' | 'code' | 'text' | 'condition' | 'value' | 'location'> | undefined
    /** The pruned elements the first cause reads, in order: the first is its parent. */
    readonly blames: readonly string[]
    /** The other pruned elements its explanation's causes read (see causeSteps): a section links each. */
    readonly reads: readonly string[]
}

/** A line of an explanation as the report writes it: a cause (or another condition that fails) at its depth, of an element of `kind`. */
export interface CauseStep {
    readonly because: DocumentBecause
    readonly depth: number
    readonly kind: string
    /** A pruned element it reads: linked to where that element is listed, not followed. */
    readonly linked: boolean
}

/**
 * The causes of an explanation, depth first: each followed into what it reads, but for a pruned
 * element other than `self` (linked: it has its own line). The conditions a verdict settled
 * (consequences) are not causes and are left out; another condition that fails is not followed.
 */
export function* causeSteps(list: readonly DocumentBecause[], self: string, kind: string, pruned: {has(id: string): boolean}, depth = 0): Generator<CauseStep> {
    for (const b of list) {
        if (b.role === 'consequence') continue
        const id = b.refs[0]
        if (b.kind === 'element' || b.kind === 'reference') {
            const linked = id !== undefined && id !== self && pruned.has(id)
            yield {because: b, depth, kind, linked}
            if (!linked) yield* causeSteps(b.because, self, id === undefined ? kind : kindOf(id), pruned, depth + 1)
            continue
        }
        yield {because: b, depth, kind, linked: false}
        if (b.role === undefined) yield* causeSteps(b.because, self, kind, pruned, depth + 1)
    }
}

export function prunedFacts(p: ReportElement, pruned: ReadonlySet<string>): PrunedFacts {
    const reason = p.because.find(b => b.role === undefined)
    const blames: string[] = []
    if (reason && reason.kind !== 'constraint' && reason.kind !== 'variability-group')
        for (const b of reason.because) {
            const id = b.refs[0]
            if ((b.kind === 'element' || b.kind === 'reference') && id !== undefined && id !== p.id && pruned.has(id) && !blames.includes(id)) blames.push(id)
        }
    // a type or property of a variability group goes with the group
    if (p.code === 'in-variability-group' && p.container !== null && pruned.has(p.container)) blames.push(p.container)
    return {
        id: p.id,
        display: p.display,
        kind: p.kind,
        code: p.code,
        decidedBy: p.decidedBy,
        location: p.location,
        container: p.container,
        inputs: p.inputs,
        reason: reason && {kind: reason.kind, code: reason.code, text: reason.text, condition: reason.condition, value: reason.value, location: reason.location},
        blames,
        reads: [...causeSteps(p.because, p.id, p.kind, pruned)].flatMap(s => (s.linked ? [s.because.refs[0]!] : [])),
    }
}

export interface Tree {
    readonly facts: PrunedFacts
    /** Children with reasons of their own, in template order. */
    readonly children: Tree[]
    /** Descendants that only go with this element, in template order. */
    readonly folded: PrunedFacts[]
}

/**
 * Reasons that only say the element goes with the pruned element it reads: its container, a relation's
 * source or target, the property consuming an input, the node of a technology, a group's members.
 */
const GOES_WITH = new Set([
    'container-absent',
    'source-absent',
    'target-absent',
    'consumed-absent',
    'not-consumed',
    'not-produced',
    'not-managed',
    'technology-other-present',
    'no-present-member',
    'no-present-target',
    'in-variability-group',
])

/** The roots of the forest, in template order; every element is in exactly one tree. */
export function forest(facts: readonly PrunedFacts[]): Tree[] {
    const trees = new Map<string, Tree>(facts.map(f => [f.id, {facts: f, children: [], folded: []}]))
    const roots: Tree[] = []
    const parents = new Map<Tree, Tree>()
    for (const f of facts) {
        const tree = trees.get(f.id)!
        const parent = f.blames[0] === undefined ? undefined : trees.get(f.blames[0])
        if (parent && parent !== tree) {
            parent.children.push(tree)
            parents.set(tree, parent)
        } else roots.push(tree)
    }
    // the engine's chains never circle; were one to, its elements would hang under no root: each becomes one
    const reached = new Set<Tree>()
    const reach = (from: Tree) => {
        const stack = [from]
        while (stack.length) {
            const t = stack.pop()!
            if (reached.has(t)) continue
            reached.add(t)
            stack.push(...t.children)
        }
    }
    roots.forEach(reach)
    for (const f of facts) {
        const tree = trees.get(f.id)!
        if (reached.has(tree)) continue
        const parent = parents.get(tree)!
        parent.children.splice(parent.children.indexOf(tree), 1)
        roots.push(tree)
        reach(tree)
    }
    for (const root of roots) fold(root)
    return roots
}

/** Folds, bottom-up, every child that only goes with its parent and has nothing of its own below it. */
function fold(tree: Tree): void {
    // depth-first without recursion: a chain of hosts can be as long as the template
    const order: Tree[] = []
    const stack = [tree]
    while (stack.length) {
        const t = stack.pop()!
        order.push(t)
        for (const c of t.children) stack.push(c)
    }
    for (let i = order.length - 1; i >= 0; i--) {
        const t = order[i]!
        const kept: Tree[] = []
        for (const c of t.children)
            if (GOES_WITH.has(c.facts.code) && c.children.length === 0) t.folded.push(c.facts, ...c.folded)
            else kept.push(c)
        t.children.splice(0, t.children.length, ...kept)
    }
}

/** Siblings pruned for the same reason (kind and code), in the order of their first member. */
export function groups(children: readonly Tree[]): Tree[][] {
    const byKey = new Map<string, Tree[]>()
    for (const c of children) {
        // an element with reasons below it keeps its own line
        const key = c.children.length ? c.facts.id : `${c.facts.kind}|${c.facts.code}|${c.facts.blames.slice(1).join(' ')}`
        append(byKey, key, c)
    }
    return [...byKey.values()]
}
