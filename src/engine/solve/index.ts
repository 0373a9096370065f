// Decides presence: propagation first, then each independent open part with
// logic-solver (MiniSat), then optimization and the uniqueness check per part.
// Because parts share no variables, the global optimum is the sum of the
// parts' optima and the result is ambiguous exactly when some part is.
import {evaluate, variables, type Formula} from '../conditions/index.js'
import {DisjointSets} from './components.js'
import {optimizeChoices} from './choices.js'
import {optimizeUnique} from './optimize.js'
import type {Component, Problem, Solution, SolveFailure, VariableState} from './problem.js'
import {replayParts, type Part} from './replay.js'
import {ENUMERATE_VARIABLES, enumeratePart} from './enumerate.js'
import {propagate} from './propagate.js'
import {complete, Deduction} from './deduce.js'

export {objectives, technologySteps, type Measure} from './objectives.js'
export {ENUMERATE_VARIABLES} from './enumerate.js'
export {logic, newSolver, satisfiableAssuming} from './logic.js'
export {toLogic, varName} from './sat.js'
// analysis decides many combinations in stages of its own, with the solver's propagation and parts
export {propagate} from './propagate.js'
export {DisjointSets} from './components.js'
// explanations ask which constraints force a verdict; what deduction decides needs no SAT call
export {complete, Deduction} from './deduce.js'
export {quickXplain} from './quick-xplain.js'
export type {Component, Objective, Problem, Solution, SolveFailure} from './problem.js'

export type SolveResult = {readonly ok: true; readonly solution: Solution} | {readonly ok: false; readonly failure: SolveFailure}

export interface SolveOptions {
    /** Parts with at most this many open variables are enumerated instead of handed to MiniSat (tests compare both ways). */
    readonly enumerateUpTo?: number
    /** False: every open part is replayed, never taken the quick way (tests compare both ways). */
    readonly quick?: boolean
}

export function solve(problem: Problem, options: SolveOptions = {}): SolveResult {
    return solveParts(problem, options, false)!
}

/**
 * `solve`, answering only when the variant it finds is the only optimal one (or it fails): every
 * solver, however it is given the problem, reaches that variant. Undefined when a tie or a free
 * choice was decided by where a solver lands (analysis then resolves the whole combination).
 */
export function solveUnique(problem: Problem): SolveResult | undefined {
    return solveParts(problem, {}, true)
}

/**
 * The part the replay would report as having no variant, found without MiniSat: the first part
 * deduction refutes, when each part before it has a variant completed without going back; else
 * undefined (the replay decides). Building MiniSat's clauses for a batch that has no variant was
 * most of the time of a failing resolution (and of each repair tried after one).
 */
function refutedPart(problem: Problem, values: Int8Array, parts: readonly Part[]): number | undefined {
    const deductions = parts.map(part => new Deduction(problem.definitions, part.vars, part.constraints))
    // each part's deduction run on the shared values and undone: parts share no variables
    const trail: number[] = []
    const undo = () => {
        for (const v of trail) values[v] = -1
        trail.length = 0
    }
    const refuted = deductions.findIndex(d => {
        const contradiction = !d.run(values, undefined, false, [], trail)
        undo()
        return contradiction
    })
    if (refuted < 0) return undefined
    for (let k = 0; k < refuted; k++) {
        const part = parts[k]!
        const free = undefinedRead(problem, values, part.vars, part.constraints)
        const completed =
            deductions[k]!.run(values, undefined, false, [], trail) &&
            complete(
                deductions[k]!,
                values,
                () => true,
                () => 0,
                free,
            )
        // completing leaves the part's variables (and the free ones it read) decided
        undo()
        for (const v of [...part.vars, ...free]) values[v] = -1
        if (!completed) return undefined
    }
    return refuted
}

/** The open variables that the definitions of `vars` and `constraints` read and no definition decides. */
function undefinedRead(problem: Problem, values: Int8Array, vars: readonly number[], constraints: readonly Formula[]): number[] {
    const free = new Set<number>()
    const read = (f: Formula) => {
        for (const u of variables(f)) if (values[u] === -1 && !problem.definitions[u]) free.add(u)
    }
    for (const v of vars) read(problem.definitions[v]!)
    for (const c of constraints) read(c)
    return [...free]
}

/**
 * Whether the problem has a variant at all, objectives aside (a conflict's search asks it of many
 * relaxed problems): a contradiction deduction meets says no, a variant completed without going
 * back says yes, both without MiniSat; `solve` answers the rest. Always `solve(problem).ok` for a
 * problem without objectives.
 */
export function satisfiable(problem: Problem): boolean {
    const n = problem.variableCount
    const values = new Int8Array(n).fill(-1)
    propagate(problem.definitions, values)
    const defined: number[] = []
    for (let v = 0; v < n; v++) if (problem.definitions[v] && values[v] === -1) defined.push(v)
    const deduction = new Deduction(problem.definitions, defined, problem.constraints)
    if (!deduction.run(values)) return false
    if (
        complete(
            deduction,
            values,
            () => true,
            () => 0,
            undefinedRead(problem, values, defined, problem.constraints),
        )
    )
        return true
    return solve({...problem, objectives: []}).ok
}

function solveParts(problem: Problem, options: SolveOptions, unique: boolean): SolveResult | undefined {
    const enumerateUpTo = options.enumerateUpTo ?? ENUMERATE_VARIABLES
    const n = problem.variableCount
    const values = new Int8Array(n).fill(-1)
    const order = new Int32Array(n)
    propagate(problem.definitions, values, order)
    const state: (VariableState | undefined)[] = new Array(n)
    for (let v = 0; v < n; v++) if (values[v] !== -1) state[v] = 'propagated'

    const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
    const sets = new DisjointSets(n)
    const open: number[] = []
    for (let v = 0; v < n; v++) {
        const f = problem.definitions[v]
        if (!f || values[v] !== -1) continue
        open.push(v)
        for (const u of variables(f)) if (values[u] === -1) sets.union(v, u)
    }
    // an objective term couples its variables (e.g. "some technology named t" across nodes)
    for (const objective of problem.objectives)
        for (const term of objective.terms) {
            const vars = variables(term.formula).filter(u => values[u] === -1)
            for (const u of vars) sets.union(vars[0]!, u)
        }
    const constraintsByRoot = new Map<number, Formula[]>()
    for (let i = 0; i < problem.constraints.length; i++) {
        const c = problem.constraints[i]!
        const result = evaluate(c, lookup)
        if (result === true) continue
        if (result === false) return {ok: false, failure: {kind: 'unsatisfiable', constraint: i, variables: []}}
        const vars = variables(c).filter(u => values[u] === -1)
        for (const u of vars) sets.union(vars[0]!, u)
        const root = sets.find(vars[0]!)
        const list = constraintsByRoot.get(root) ?? []
        list.push(c)
        constraintsByRoot.set(root, list)
    }
    const members = new Map<number, number[]>()
    for (const v of open) {
        const root = sets.find(v)
        const list = members.get(root) ?? []
        list.push(v)
        members.set(root, list)
    }
    // constraints were grouped by an earlier root; regroup by the final one
    const constraints = new Map<number, Formula[]>()
    for (const [root, list] of constraintsByRoot) {
        const final = sets.find(root)
        constraints.set(final, [...(constraints.get(final) ?? []), ...list])
    }
    const parts: Part[] = []
    for (const [root, vars] of [...members].sort((a, b) => a[0] - b[0])) {
        const inPart = (f: Formula) => variables(f).some(u => values[u] === -1 && sets.find(u) === root)
        const objectives = problem.objectives.map(o => ({
            ...o,
            terms: o.terms.filter(t => inPart(t.formula)),
            compare: o.compare.filter(v => values[v] === -1 && sets.find(v) === root),
        }))
        parts.push({vars, constraints: constraints.get(root) ?? [], objectives})
    }
    const outcomes = partOutcomes(problem, values, parts, enumerateUpTo, options.quick ?? true, unique)
    if (outcomes === undefined) return undefined
    // the whole problem has no variant when any part has none, whatever another part's ambiguity:
    // so a part without a solution is reported first, then the first part in order that is ambiguous
    const failed = outcomes.filter(o => o && !o.ok) as {ok: false; failure: SolveFailure}[]
    if (failed.length > 0) return failed.find(o => o.failure.kind === 'unsatisfiable') ?? failed[0]!
    const components: Component[] = []
    for (const [i, outcome] of outcomes.entries()) {
        if (!outcome?.ok) continue
        const free = new Set(outcome.component.free)
        for (const v of parts[i]!.vars) state[v] = free.has(v) ? 'free' : outcome.component.chosen ? 'optimized' : 'solved'
        components.push(outcome.component)
    }
    return {ok: true, solution: {values, state, order, components}}
}

type PartOutcome = {ok: true; component: Component} | {ok: false; failure: SolveFailure}

/**
 * Each part solved: small parts enumerated, the rest by MiniSat in batches; undefined (`unique`) when
 * one was decided among equally good variants.
 */
function partOutcomes(problem: Problem, values: Int8Array, parts: readonly Part[], enumerateUpTo: number, quick: boolean, unique: boolean): PartOutcome[] | undefined {
    const outcomes: PartOutcome[] = new Array(parts.length)
    const large: number[] = []
    let several = false
    parts.forEach((part, i) => {
        if (part.vars.length > enumerateUpTo) return void large.push(i)
        const outcome = enumeratePart(problem, values, part)
        if (outcome === 'replay') return void large.push(i)
        // a free variable: preference chose among several variants
        several ||= outcome.ok && outcome.component.free.length > 0
        outcomes[i] = outcome
    })
    if (unique && several) return undefined
    for (const batch of batches(large.map(i => parts[i]!))) {
        const result = solveBatch(problem, values, batch, quick, unique)
        if (result === undefined) return undefined
        const at = (part: Part) => large.find(i => parts[i] === part)!
        if (!result.ok) outcomes[at(batch[result.part]!)] = {ok: false, failure: result.failure}
        else batch.forEach((part, j) => (outcomes[at(part)] = {ok: true, component: result.components[j]!}))
    }
    return outcomes
}

/**
 * Parts share no variables, so one MiniSat instance can hold many of them:
 * creating an instance costs milliseconds (logic-solver sets up its whole
 * heap), while MiniSat's fixed heap is what limits a single instance. Parts
 * are packed into instances up to this many variables each.
 */
const BATCH_VARIABLES = 20_000

function batches(parts: readonly Part[]): Part[][] {
    const out: Part[][] = []
    let size = Infinity
    for (const part of parts) {
        if (size + part.vars.length > BATCH_VARIABLES) {
            out.push([])
            size = 0
        }
        out[out.length - 1]!.push(part)
        size += part.vars.length
    }
    return out
}

/**
 * Where optimization chooses, a quick way that cannot change the answer: the small choices a
 * technology template leaves (choices.ts), else MiniSat with a binary search (optimize.ts); each
 * answers only when the optimal variant is the only one. Otherwise, the replay (replay.ts).
 */
function solveBatch(problem: Problem, values: Int8Array, parts: Part[], quick: boolean, unique: boolean): ReturnType<typeof replayParts> | undefined {
    const batch = {problem, values, parts}
    if (quick && parts.some(part => part.objectives.some(o => o.direction && o.terms.length > 0))) {
        const choices = optimizeChoices(batch)
        const components = choices === undefined ? optimizeUnique(batch) : choices
        if (components && components !== 'replay') return {ok: true, components}
    }
    const refuted = quick ? refutedPart(problem, values, parts) : undefined
    if (refuted !== undefined) return {ok: false, failure: {kind: 'unsatisfiable', variables: parts[refuted]!.vars}, part: refuted}
    const replayed = replayParts(batch)
    // the replay says which variants were free, not whether optimization chose among equals: a
    // failure or one variant per part without choosing is unique, anything else may not be
    if (unique && replayed.ok && replayed.components.some(c => c.chosen || c.free.length > 0)) return undefined
    return replayed
}
