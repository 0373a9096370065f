// An objective whose terms join many parts, each with several equally good
// assignments left (the number of different technologies, over nodes whose
// candidates tie): instead of every combination of the parts' assignments, the
// terms each part makes true are carried along, one state per set of true terms.
// Exact when every joining term is a disjunction of variables: it holds exactly
// when some part makes it hold.
import {evaluate, type Formula} from '../conditions/index.js'

/** More joining terms than this are left to the engine's solver (2^16 states). */
const JOINED_TERMS = 16

export interface ChoicePart {
    readonly vars: readonly number[]
    readonly candidates: readonly Uint8Array[]
}

export interface JoiningTerm {
    readonly formula: Formula
    readonly weight: number
}

/**
 * The parts' best assignments for the objective: `chosen` when exactly one combination is best,
 * `several` when more are and every part's assignments differ in what `compared` holds (so the
 * best combinations differ there), undefined when this cannot be told.
 */
export function chooseJoined(
    parts: readonly ChoicePart[],
    terms: readonly JoiningTerm[],
    direction: 'min' | 'max',
    compared: ReadonlySet<number>,
    values: Int8Array,
): {readonly kind: 'chosen'; readonly choice: readonly number[]} | {readonly kind: 'several'} | undefined {
    if (terms.length > JOINED_TERMS || !terms.every(t => disjunction(t.formula))) return undefined
    const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
    const made = (): number => terms.reduce((mask, t, k) => (evaluate(t.formula, lookup) === true ? mask | (1 << k) : mask), 0)
    let states = new Map<number, {count: number; choice: number[]}>([[made(), {count: 1, choice: []}]])
    for (const part of parts) {
        const contributions = part.candidates.map(c => {
            part.vars.forEach((v, i) => (values[v] = c[i]!))
            const mask = made()
            part.vars.forEach(v => (values[v] = -1))
            return mask
        })
        const next = new Map<number, {count: number; choice: number[]}>()
        for (const [mask, state] of states)
            contributions.forEach((contribution, i) => {
                const key = mask | contribution
                const known = next.get(key)
                if (known) known.count = Math.min(2, known.count + state.count)
                else next.set(key, {count: state.count, choice: [...state.choice, i]})
            })
        states = next
    }
    const score = (mask: number) => terms.reduce((sum, t, k) => (mask & (1 << k) ? sum + t.weight : sum), 0)
    const scores = [...states.keys()].map(score)
    const best = direction === 'min' ? Math.min(...scores) : Math.max(...scores)
    const optimal = [...states].filter(([mask]) => score(mask) === best)
    if (optimal.reduce((n, [, s]) => n + s.count, 0) === 1) return {kind: 'chosen', choice: optimal[0]![1].choice}
    // two best combinations differ in some part's assignment: in what is compared, when no part has two assignments alike there
    const distinct = parts.every(p => {
        const at = p.vars.flatMap((v, i) => (compared.has(v) ? [i] : []))
        return new Set(p.candidates.map(c => at.map(i => c[i]).join(''))).size === p.candidates.length
    })
    return distinct ? {kind: 'several'} : undefined
}

/** A variable or a disjunction of variables (through notes). */
function disjunction(f: Formula): boolean {
    if (f.op === 'note') return disjunction(f.arg)
    if (f.op === 'var') return true
    return f.op === 'or' && f.args.every(a => disjunction(a) && a.op !== 'or')
}
