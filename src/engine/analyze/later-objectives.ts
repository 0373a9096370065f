// The objectives after the first, once the first has fixed what it compares (the
// node templates): what is still open then falls apart into small independent
// parts (a node's technology candidates, its artifacts), each enumerated. An
// objective whose terms join parts (the number of different technologies) is
// taken over the joined parts' candidates. Answers only when the result is the
// one every solver must reach: each part left with a single assignment.
import {evaluate, variables, type Formula} from '../conditions/index.js'
import {DisjointSets, propagate, type Objective, type Problem} from '../solve/index.js'
import {chooseJoined} from './joined-choice.js'

/** Parts larger than this are not enumerated (2^12 assignments): the engine's solver decides. */
const PART_VARIABLES = 12
/** Joined parts with more candidates than this are left to the engine's solver. */
const JOINED_CANDIDATES = 4096

interface Part {
    readonly vars: readonly number[]
    candidates: Uint8Array[]
}

/** A formula that must evaluate to `want`: a constraint (true) or a fixed variable's definition. */
interface Check {
    readonly formula: Formula
    readonly want: boolean
    readonly vars: readonly number[]
}

/**
 * Every variable decided given `fixed` (the first objective's optimum), or `ambiguous`;
 * undefined when the parts are too large or the result is not determined (the caller asks the engine).
 */
export function laterObjectives(
    problem: Problem,
    definitions: readonly (Formula | undefined)[],
    decided: Int8Array,
    fixed: ReadonlyMap<number, boolean>,
): Int8Array | 'ambiguous' | undefined {
    const values = decided.slice()
    for (const [v, value] of fixed) values[v] = value ? 1 : 0
    propagate(definitions, values)
    const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
    const checks: Check[] = [
        ...problem.constraints.map(formula => ({formula, want: true, vars: variables(formula)})),
        ...[...fixed].map(([v, want]) => ({formula: definitions[v]!, want, vars: variables(definitions[v]!)})),
    ]
    const open: number[] = []
    for (let v = 0; v < values.length; v++) if (definitions[v] && values[v] === -1) open.push(v)
    const sets = new DisjointSets(values.length)
    for (const v of open) for (const u of variables(definitions[v]!)) if (values[u] === -1) sets.union(v, u)
    const byRoot = new Map<number, Check[]>()
    for (const check of checks) {
        const vars = check.vars.filter(u => values[u] === -1)
        // a variable nothing defines is free to the engine's solver
        if (vars.some(u => !definitions[u])) return undefined
        if (vars.length === 0) {
            if (evaluate(check.formula, lookup) !== check.want) return undefined
            continue
        }
        for (const u of vars) sets.union(vars[0]!, u)
    }
    for (const check of checks) {
        const first = check.vars.find(u => values[u] === -1)
        if (first !== undefined) byRoot.set(sets.find(first), [...(byRoot.get(sets.find(first)) ?? []), check])
    }
    const grouped = new Map<number, number[]>()
    for (const v of open) grouped.set(sets.find(v), [...(grouped.get(sets.find(v)) ?? []), v])
    let parts: Part[] = []
    for (const [root, vars] of grouped) {
        if (vars.length > PART_VARIABLES) return undefined
        const candidates = enumerate(vars, definitions, byRoot.get(root) ?? [], values, lookup)
        if (candidates === undefined || candidates.length === 0) return undefined
        parts.push({vars, candidates})
    }

    for (const objective of problem.objectives) {
        const best = bestUnder(objective, parts, values, lookup)
        if (best === undefined || best === 'ambiguous') return best
        parts = best
    }
    // several assignments left that differ only where nothing compares them: the engine's solver picks one
    if (parts.some(p => p.candidates.length !== 1)) return undefined
    for (const part of parts) assign(values, part.vars, part.candidates[0])
    return values
}

/**
 * The parts left with their best candidates under one objective (joined where its terms join them);
 * `ambiguous` when the best differ in what it compares, undefined when the engine's solver must decide.
 */
function bestUnder(objective: Objective, parts: Part[], values: Int8Array, lookup: (u: number) => boolean | undefined): Part[] | 'ambiguous' | undefined {
    if (objective.direction && objective.terms.length > 0) {
        const terms = objective.terms.map(t => ({formula: t.formula, weight: Math.round(t.weight * 100), vars: variables(t.formula).filter(u => values[u] === -1)}))
        const direction = objective.direction
        const compared = new Set(objective.unique ? objective.compare : [])
        // too many combinations of joined parts: the best one chosen term by term
        const choose = (group: readonly Part[]): Part | 'ambiguous' | undefined => {
            const inGroup = new Set(group.flatMap(p => p.vars))
            const joining = terms.filter(t => t.vars.some(v => inGroup.has(v)))
            const chosen = chooseJoined(group, joining, direction, compared, values)
            if (chosen?.kind === 'chosen') return {vars: group.flatMap(p => p.vars), candidates: [group.map((p, i) => p.candidates[chosen.choice[i]!]!).reduce(concat)]}
            // several best combinations that differ in what is compared, with no objective left to tell them apart
            return chosen?.kind === 'several' && objective.unique ? 'ambiguous' : undefined
        }
        const joinedParts = joined(parts, terms, choose)
        if (joinedParts === 'ambiguous' || !joinedParts) return joinedParts
        parts = joinedParts
        for (const part of parts) {
            const own = new Set(part.vars)
            const mine = terms.filter(t => t.vars.length > 0 && own.has(t.vars[0]!))
            if (mine.length === 0) continue
            const scores = part.candidates.map(c => {
                assign(values, part.vars, c)
                const score = mine.reduce((sum, t) => sum + (evaluate(t.formula, lookup) ? t.weight : 0), 0)
                assign(values, part.vars)
                return score
            })
            const best = objective.direction === 'min' ? Math.min(...scores) : Math.max(...scores)
            part.candidates = part.candidates.filter((_, i) => scores[i] === best)
        }
    }
    if (objective.unique && objective.compare.length > 0) {
        const compared = new Set(objective.compare)
        for (const part of parts) {
            const at = part.vars.flatMap((v, i) => (compared.has(v) ? [i] : []))
            const first = part.candidates[0]!
            if (part.candidates.some(c => at.some(i => c[i] !== first[i]))) return 'ambiguous'
        }
    }
    return parts
}

/** The part's assignments that satisfy its variables' definitions and its checks (undefined: a formula reads an undecided variable outside it). */
function enumerate(
    vars: readonly number[],
    definitions: readonly (Formula | undefined)[],
    checks: readonly Check[],
    values: Int8Array,
    lookup: (u: number) => boolean | undefined,
): Uint8Array[] | undefined {
    const out: Uint8Array[] = []
    for (let a = 0; a < 1 << vars.length; a++) {
        const candidate = Uint8Array.from(vars, (_, i) => (a >> i) & 1)
        assign(values, vars, candidate)
        let ok = true
        for (let i = 0; ok && i < vars.length; i++) {
            const r = evaluate(definitions[vars[i]!]!, lookup)
            if (r === undefined) ok = false
            else ok = r === (candidate[i] === 1)
        }
        for (const check of checks) {
            if (!ok) break
            const r = evaluate(check.formula, lookup)
            if (r === undefined) {
                assign(values, vars)
                return undefined
            }
            ok = r === check.want
        }
        if (ok) out.push(candidate)
    }
    assign(values, vars)
    return out
}

/** Writes a candidate's values (or clears them). */
function assign(values: Int8Array, vars: readonly number[], candidate?: Uint8Array): void {
    vars.forEach((v, i) => (values[v] = candidate ? candidate[i]! : -1))
}

/** Parts joined wherever one term reads several, their candidates combined or, when too many, `choose`n. */
function joined(
    parts: Part[],
    terms: readonly {readonly vars: readonly number[]}[],
    choose: (group: readonly Part[]) => Part | 'ambiguous' | undefined,
): Part[] | 'ambiguous' | undefined {
    const index = new Map<number, number>()
    parts.forEach((p, i) => p.vars.forEach(v => index.set(v, i)))
    const sets = new DisjointSets(parts.length)
    for (const t of terms) for (const v of t.vars) sets.union(index.get(t.vars[0]!)!, index.get(v)!)
    const groups = new Map<number, Part[]>()
    parts.forEach((p, i) => groups.set(sets.find(i), [...(groups.get(sets.find(i)) ?? []), p]))
    const out: Part[] = []
    for (const group of groups.values()) {
        if (group.length === 1) {
            out.push(group[0]!)
            continue
        }
        if (group.reduce((n, p) => n * p.candidates.length, 1) > JOINED_CANDIDATES) {
            const chosen = choose(group)
            if (chosen === undefined || chosen === 'ambiguous') return chosen
            out.push(chosen)
            continue
        }
        out.push(
            group.reduce((a, b) => ({
                vars: [...a.vars, ...b.vars],
                candidates: a.candidates.flatMap(x => b.candidates.map(y => concat(x, y))),
            })),
        )
    }
    return out
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
    const out = new Uint8Array(a.length + b.length)
    out.set(a)
    out.set(b, a.length)
    return out
}
