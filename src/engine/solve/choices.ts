// Optimization without a SAT solver, for the shape technology templates take once their inputs are
// known: what deduce.ts cannot decide falls apart into many small independent choices (one
// technology per node), which the objectives couple only through a few terms such as "some node
// uses ansible". Each small choice is enumerated; a dynamic programme over the choices, whose state
// is which coupling terms hold so far, finds the lexicographic optimum. Like optimize.ts it answers
// only when the optimal variant is the only one, and asks every question the replay asks (did the
// optimizer choose, is the result unique) so that the answer is the replay's.
import {evaluate, not, variables, type Formula, type Lookup} from '../conditions/index.js'
import {DisjointSets} from './components.js'
import {deduce, Deduction} from './deduce.js'
import type {Component, Objective} from './problem.js'
import type {Part, PartsProblem} from './replay.js'

/** A choice is given up on when it has more variants than this (its variants are all enumerated). */
const CHOICE_VARIANTS = 4096
/** Decisions the search of one choice's variants may take (a choice that is hard to search is MiniSat's). */
const SEARCH_STEPS = 50_000
/** Terms coupling several choices (each doubles the programme's states). */
const COUPLING_TERMS = 10
/** Steps of one run of the programme (choices × candidates × states) before giving up. */
const MAX_WORK = 2_000_000

/**
 * The parts' components when each optimal variant is the only one; 'replay' when the answer is the
 * replay's to give (a tie, an ambiguity, no variant); undefined when the shape is not one this follows.
 */
export function optimizeChoices({problem, values, parts}: PartsProblem): Component[] | 'replay' | undefined {
    const work = values.slice()
    const sets = new DisjointSets(problem.variableCount)
    const components: Component[] = []
    for (const part of parts) {
        const component = optimizePart(problem.definitions, work, sets, part)
        if (component === undefined || component === 'replay') return component
        components.push(component)
    }
    for (const part of parts) for (const v of part.vars) values[v] = work[v]!
    return components
}

/** One small choice: its variables and the assignments (1 or 0 for vars[i]) that satisfy it. */
export interface Choice {
    readonly vars: readonly number[]
    readonly candidates: readonly Uint8Array[]
}

function optimizePart(definitions: readonly (Formula | undefined)[], work: Int8Array, sets: DisjointSets, part: Part): Component | 'replay' | undefined {
    const choices = partChoices(definitions, work, sets, part)
    if (!choices) return undefined
    if (choices === 'replay') return 'replay'
    const programme = Programme.of(choices, part.objectives, work)
    if (!programme) return undefined

    // the questions of the replay, in its order (replay.ts)
    let picked = programme.best(0).picked
    let chosen = false
    const optimizing = part.objectives.map(o => Boolean(o.direction) && o.terms.length > 0)
    for (let k = 0; k < part.objectives.length; k++) {
        const o = part.objectives[k]!
        if (optimizing[k]) {
            const over = o.terms.flatMap(t => variables(t.formula))
            chosen ||= programme.differs(k, picked, over)
            picked = programme.best(k + 1).picked
        }
        if (o.unique && o.compare.length > 0 && programme.differs(k + 1, picked, o.compare)) return 'replay'
    }
    if (programme.differs(part.objectives.length, picked, part.vars)) return 'replay'
    programme.apply(picked)
    const lookup: Lookup = u => work[u] === 1
    const optima = part.objectives.map((o, k) =>
        optimizing[k] ? o.terms.reduce((sum, t) => sum + (evaluate(t.formula, lookup) ? Math.round(t.weight * 100) : 0), 0) / 100 : undefined,
    )
    return {variables: part.vars, optima, chosen, free: []}
}

/**
 * The part's variants as the programme reads them: what every variant shares, decided in `work`,
 * and independent small choices, each with its satisfying assignments; every variant of the part
 * is one candidate per choice. Undefined when a choice has too many, 'replay' when the part has none.
 */
export function partChoices(definitions: readonly (Formula | undefined)[], work: Int8Array, sets: DisjointSets, part: Part): Choice[] | 'replay' | undefined {
    if (!deduce(definitions, work, part.vars, part.constraints)) return 'replay'
    return splitChoices(definitions, work, sets, part)
}

/** The part's open variables in independent small choices, each with its satisfying assignments; undefined when one has too many, 'replay' when one has none. */
function splitChoices(definitions: readonly (Formula | undefined)[], work: Int8Array, sets: DisjointSets, part: Part): Choice[] | 'replay' | undefined {
    const open = part.vars.filter(v => work[v] === -1)
    const lookup: Lookup = u => (work[u] === -1 ? undefined : work[u] === 1)
    for (const v of open) for (const u of variables(definitions[v]!)) if (work[u] === -1) sets.union(v, u)
    // a variable deduction decided is still defined by its formula: where the formula is open it
    // binds the open variables it reads (a node an implied relation keeps still needs one of its
    // hosts), so it is a constraint on the choice those variables fall in
    const defining = part.vars.flatMap(v => {
        if (work[v] === -1) return []
        const f = definitions[v]!
        return evaluate(f, lookup) === (work[v] === 1) ? [] : [work[v] === 1 ? f : not(f)]
    })
    const constraints: Formula[] = []
    for (const c of [...part.constraints, ...defining]) {
        const vars = variables(c).filter(u => work[u] === -1)
        if (vars.length === 0) {
            if (evaluate(c, lookup) !== true) return 'replay'
            continue
        }
        for (const u of vars) sets.union(vars[0]!, u)
        constraints.push(c)
    }
    const byRoot = new Map<number, number[]>()
    for (const v of open) {
        const root = sets.find(v)
        const list = byRoot.get(root)
        if (list) list.push(v)
        else byRoot.set(root, [v])
    }
    const constraintsOf = new Map<number, Formula[]>()
    for (const c of constraints) {
        const root = sets.find(variables(c).find(u => work[u] === -1)!)
        const list = constraintsOf.get(root)
        if (list) list.push(c)
        else constraintsOf.set(root, [c])
    }
    const choices: Choice[] = []
    for (const [root, vars] of byRoot) {
        const candidates = enumerateKept(definitions, work, vars, constraintsOf.get(root) ?? [])
        if (!candidates) return undefined
        if (candidates.length === 0) return 'replay'
        choices.push({vars, candidates})
    }
    return choices
}

/** Choices with fewer variables are enumerated faster than they are looked up. */
const KEPT_CHOICE_VARS = 16
/** Variants kept per first definition (one problem can ask about a choice under many outside values): beyond it the oldest go. */
const KEPT_CHOICES = 64
/**
 * Large choices enumerated, kept with the definition of their first variable: an analysis solves
 * core problems that share most parts, each with a definitions array of its own (on the industry
 * example one of 50 variables and 761 variants, twice), and a wizard resolves one prepared template
 * again and again. The key names each definition by identity and writes each constraint out, so no
 * other problem can match it.
 */
const enumerated = new WeakMap<Formula, Map<string, Uint8Array[] | undefined>>()
const formulaIds = new WeakMap<Formula, number>()
let formulaCount = 0
const formulaId = (f: Formula) => {
    let id = formulaIds.get(f)
    if (id === undefined) formulaIds.set(f, (id = formulaCount++))
    return id
}
/** A formula written out (notes left out: they change no value), for formulas each problem makes anew such as analysis's constraints on a core's boundary. */
const formulaTexts = new WeakMap<Formula, string>()
function formulaText(f: Formula): string {
    let text = formulaTexts.get(f)
    if (text !== undefined) return text
    if (f.op === 'var') text = `${f.v}`
    else if (f.op === 'const') text = f.value ? 'T' : 'F'
    else if (f.op === 'note') text = formulaText(f.arg)
    else if (f.op === 'not') text = `!${formulaText(f.arg)}`
    else text = `${f.op}(${f.args.map(formulaText).join(',')})`
    formulaTexts.set(f, text)
    return text
}

/** enumerate, kept for a large choice by everything its variants depend on: its variables and their definitions, its constraints and the values of the variables they read outside them. */
function enumerateKept(definitions: readonly (Formula | undefined)[], work: Int8Array, vars: readonly number[], constraints: readonly Formula[]): Uint8Array[] | undefined {
    if (vars.length < KEPT_CHOICE_VARS) return enumerate(definitions, work, vars, constraints)
    const inside = new Set(vars)
    const outside = new Set<number>()
    for (const v of vars) for (const u of variables(definitions[v]!)) if (!inside.has(u)) outside.add(u)
    for (const c of constraints) for (const u of variables(c)) if (!inside.has(u)) outside.add(u)
    const key = `${vars.map(v => `${v}:${formulaId(definitions[v]!)}`).join(',')}|${constraints.map(formulaText).join(';')}|${[...outside].map(u => `${u}=${work[u]}`).join(',')}`
    const first = definitions[vars[0]!]!
    let kept = enumerated.get(first)
    if (!kept) enumerated.set(first, (kept = new Map()))
    if (kept.has(key)) return kept.get(key)
    const candidates = enumerate(definitions, work, vars, constraints)
    if (kept.size >= KEPT_CHOICES) kept.delete(kept.keys().next().value!)
    kept.set(key, candidates)
    return candidates
}

/**
 * Every assignment of `vars` under which each definition holds and every constraint is true, by a
 * search that deduces after each decision (most decisions decide much of the rest); undefined when
 * there are more than CHOICE_VARIANTS.
 */
function enumerate(definitions: readonly (Formula | undefined)[], work: Int8Array, vars: readonly number[], constraints: readonly Formula[]): Uint8Array[] | undefined {
    const deduction = new Deduction(definitions, vars, constraints)
    const out: Uint8Array[] = []
    let steps = 0
    // each step deduces from what the step before decided (`changed`), and undoes what it set
    const search = (changed?: number): boolean => {
        if (++steps > SEARCH_STEPS) return false
        const trail: number[] = []
        const restore = () => trail.forEach(v => (work[v] = -1))
        const consistent = changed === undefined ? deduction.run(work, undefined, false, [], trail) : deduction.run(work, undefined, 'changed', [changed], trail)
        if (consistent) {
            const open = vars.find(v => work[v] === -1)
            if (open === undefined) {
                // deduction is sound, not complete: a variant is checked as a whole
                if (deduction.holds(work, () => true)) out.push(Uint8Array.from(vars, v => work[v]!))
            } else
                for (const value of [0, 1]) {
                    work[open] = value
                    const done = search(open)
                    work[open] = -1
                    if (!done) return (restore(), false)
                }
        }
        restore()
        return out.length <= CHOICE_VARIANTS
    }
    return search() ? out : undefined
}

/** A candidate's part of each optimizing objective (signed: larger is better) and the coupling terms it makes true. */
interface Scored {
    readonly score: number[]
    readonly mask: number
}

/** The dynamic programme over the choices of one part. */
class Programme {
    private constructor(
        private readonly choices: readonly Choice[],
        private readonly scored: readonly (readonly Scored[])[],
        /** Per objective: its constant share (signed). */
        private readonly constants: readonly number[],
        /** Per coupling term: its objective and signed weight. */
        private readonly coupling: readonly {readonly objective: number; readonly weight: number}[],
        private readonly work: Int8Array,
    ) {}

    /** Scores every candidate; undefined when a term couples choices in a way the programme cannot follow, or the work is too large. */
    static of(choices: readonly Choice[], objectives: readonly Objective[], work: Int8Array): Programme | undefined {
        const choiceOf = new Map<number, number>()
        choices.forEach((choice, j) => choice.vars.forEach(v => choiceOf.set(v, j)))
        const indexes = choices.map(choice => new Map(choice.vars.map((v, i) => [v, i])))
        const candidateLookup = (j: number, a: Uint8Array): Lookup => {
            const index = indexes[j]!
            return u => {
                const i = index.get(u)
                return i === undefined ? (work[u] === -1 ? undefined : work[u] === 1) : a[i] === 1
            }
        }
        const scored = choices.map(choice => choice.candidates.map(() => ({score: objectives.map(() => 0), mask: 0})))
        const constants = objectives.map(() => 0)
        const coupling: {objective: number; weight: number}[] = []
        for (let k = 0; k < objectives.length; k++) {
            const o = objectives[k]!
            if (!o.direction || o.terms.length === 0) continue
            const sign = o.direction === 'max' ? 1 : -1
            for (const term of o.terms) {
                const weight = sign * Math.round(term.weight * 100)
                const touched = [...new Set(variables(term.formula).flatMap(u => (work[u] === -1 ? [choiceOf.get(u)!] : [])))]
                if (touched.length === 0) {
                    if (evaluate(term.formula, u => work[u] === 1)) constants[k]! += weight
                } else if (touched.length === 1) {
                    const j = touched[0]!
                    choices[j]!.candidates.forEach((a, c) => {
                        if (evaluate(term.formula, candidateLookup(j, a)) === true) scored[j]![c]!.score[k]! += weight
                    })
                } else {
                    // coupled: an "or" whose arguments each lie in one choice holds when some choice makes its share true
                    const args = orArguments(term.formula)
                    if (!args) return undefined
                    const shares = new Map<number, Formula[]>()
                    let always = false
                    for (const arg of args) {
                        const inside = [...new Set(variables(arg).flatMap(u => (work[u] === -1 ? [choiceOf.get(u)!] : [])))]
                        if (inside.length > 1) return undefined
                        if (inside.length === 0) always ||= evaluate(arg, u => work[u] === 1) === true
                        else shares.set(inside[0]!, [...(shares.get(inside[0]!) ?? []), arg])
                    }
                    if (always) {
                        constants[k]! += weight
                        continue
                    }
                    if (coupling.length === COUPLING_TERMS) return undefined
                    const bit = 1 << coupling.length
                    coupling.push({objective: k, weight})
                    for (const [j, own] of shares)
                        choices[j]!.candidates.forEach((a, c) => {
                            const lookup = candidateLookup(j, a)
                            if (own.some(arg => evaluate(arg, lookup) === true)) scored[j]![c] = {...scored[j]![c]!, mask: scored[j]![c]!.mask | bit}
                        })
                }
            }
        }
        const states = 2 << coupling.length
        if (choices.reduce((sum, choice) => sum + choice.candidates.length, 0) * states > MAX_WORK) return undefined
        return new Programme(choices, scored, constants, coupling, work)
    }

    /** The best variant over the first `stages` objectives: one candidate per choice. */
    best(stages: number): {score: number[]; picked: number[]} {
        return this.run(stages)[0]!
    }

    /** Whether a variant as good as `picked` over the first `stages` objectives differs from it in one of `over`. */
    differs(stages: number, picked: readonly number[], over: readonly number[]): boolean {
        const watched = new Set(over)
        const positions = this.choices.map(choice => choice.vars.flatMap((v, i) => (watched.has(v) ? [i] : [])))
        const [best, other] = this.run(stages, (j, c) => {
            const [a, b] = [this.choices[j]!.candidates[c]!, this.choices[j]!.candidates[picked[j]!]!]
            return positions[j]!.some(i => a[i] !== b[i])
        })
        return other !== undefined && compare(other.score, best!.score, stages) === 0
    }

    /** Writes the picked candidates into the work values. */
    apply(picked: readonly number[]): void {
        this.choices.forEach((choice, j) => choice.vars.forEach((v, i) => (this.work[v] = choice.candidates[picked[j]!]![i]!)))
    }

    /**
     * The programme: states are (coupling terms true so far, differs yet); returns the best variant and,
     * when `differ` is given, the best one among those that differ somewhere.
     */
    private run(stages: number, differ?: (choice: number, candidate: number) => boolean): [{score: number[]; picked: number[]}, {score: number[]; picked: number[]} | undefined] {
        const width = this.coupling.length
        const size = 2 << width
        let scores: (number[] | undefined)[] = new Array(size)
        scores[0] = this.constants.slice(0, stages)
        const back: Int32Array[] = []
        for (let j = 0; j < this.choices.length; j++) {
            const next: (number[] | undefined)[] = new Array(size)
            const from = new Int32Array(size * 2).fill(-1)
            const own = this.scored[j]!
            for (let state = 0; state < size; state++) {
                const score = scores[state]
                if (!score) continue
                for (let c = 0; c < own.length; c++) {
                    const flag = (state >> width) | (differ?.(j, c) ? 1 : 0)
                    const to = (state & ((1 << width) - 1)) | own[c]!.mask | (flag << width)
                    const sum = score.map((s, k) => s + own[c]!.score[k]!)
                    if (!next[to] || compare(sum, next[to]!, stages) > 0) {
                        next[to] = sum
                        from[to * 2] = state
                        from[to * 2 + 1] = c
                    }
                }
            }
            back.push(from)
            scores = next
        }
        const finish = (flag: number) => {
            let best: {score: number[]; state: number} | undefined
            for (let mask = 0; mask < 1 << width; mask++) {
                const state = mask | (flag << width)
                const score = scores[state]
                if (!score) continue
                const total = score.slice()
                this.coupling.forEach((t, i) => {
                    if (mask & (1 << i) && t.objective < stages) total[t.objective]! += t.weight
                })
                if (!best || compare(total, best.score, stages) > 0) best = {score: total, state}
            }
            if (!best) return undefined
            const picked = new Array<number>(this.choices.length)
            for (let j = this.choices.length - 1, state = best.state; j >= 0; j--) {
                picked[j] = back[j]![state * 2 + 1]!
                state = back[j]![state * 2]!
            }
            return {score: best.score, picked}
        }
        const any = [finish(0), finish(1)].filter(x => x !== undefined)
        const best = any.reduce((a, b) => (compare(b.score, a.score, stages) > 0 ? b : a))
        return [best, differ ? finish(1) : undefined]
    }
}

/** Lexicographic comparison of the first `stages` objectives. */
function compare(a: readonly number[], b: readonly number[], stages: number): number {
    for (let k = 0; k < stages; k++) if (a[k] !== b[k]) return a[k]! > b[k]! ? 1 : -1
    return 0
}

/** The arguments of a formula that is an "or" (under notes), else undefined. */
function orArguments(f: Formula): readonly Formula[] | undefined {
    while (f.op === 'note') f = f.arg
    return f.op === 'or' ? f.args : undefined
}
