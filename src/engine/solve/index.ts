// Decides presence: propagation first, then each independent open part with
// logic-solver (MiniSat), then optimization and the uniqueness check per part.
// Because parts share no variables, the global optimum is the sum of the
// parts' optima and the result is ambiguous exactly when some part is.
import type LogicSolver from 'logic-solver'
import {logic, newSolver} from './logic.js'
import {evaluate, variables, type Formula} from '../conditions/index.js'
import {DisjointSets} from './components.js'
import type {Component, Objective, Problem, Solution, SolveFailure, VariableState} from './problem.js'
import {ENUMERATE_VARIABLES, enumeratePart} from './enumerate.js'
import {propagate} from './propagate.js'
import {toLogic, varName} from './sat.js'

export {objectives} from './objectives.js'
export {ENUMERATE_VARIABLES} from './enumerate.js'
export {logic, newSolver} from './logic.js'
export {toLogic, varName} from './sat.js'
// analysis decides many combinations in stages of its own, with the solver's propagation and parts
export {propagate} from './propagate.js'
export {DisjointSets} from './components.js'
export type {Component, Objective, Problem, Solution, SolveFailure} from './problem.js'

export type SolveResult = {readonly ok: true; readonly solution: Solution} | {readonly ok: false; readonly failure: SolveFailure}

export interface SolveOptions {
    /** Parts with at most this many open variables are enumerated instead of handed to MiniSat (tests compare both ways). */
    readonly enumerateUpTo?: number
}

export function solve(problem: Problem, options: SolveOptions = {}): SolveResult {
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
    // small parts are enumerated, the rest solved by MiniSat in batches. The whole problem
    // has no variant when any part has none, whatever another part's ambiguity: so a part
    // without a solution is reported first, then the first part in order that is ambiguous
    const outcomes: ({ok: true; component: Component} | {ok: false; failure: SolveFailure})[] = new Array(parts.length)
    const large: number[] = []
    parts.forEach((part, i) => {
        if (part.vars.length <= enumerateUpTo) outcomes[i] = enumeratePart(problem, values, part)
        else large.push(i)
    })
    for (const batch of batches(large.map(i => parts[i]!))) {
        const result = solveParts(problem, values, batch)
        const at = (part: Part) => large.find(i => parts[i] === part)!
        if (!result.ok) outcomes[at(batch[result.part]!)] = {ok: false, failure: result.failure}
        else batch.forEach((part, j) => (outcomes[at(part)] = {ok: true, component: result.components[j]!}))
    }
    const failed = outcomes.filter(o => o && !o.ok) as {ok: false; failure: SolveFailure}[]
    if (failed.length > 0) return failed.find(o => o.failure.kind === 'unsatisfiable') ?? failed[0]!
    const components: Component[] = []
    for (const [i, outcome] of outcomes.entries()) {
        if (!outcome?.ok) continue
        const free = new Set(outcome.component.free)
        for (const v of parts[i]!.vars) state[v] = outcome.component.chosen ? 'optimized' : free.has(v) ? 'free' : 'solved'
        components.push(outcome.component)
    }
    return {ok: true, solution: {values, state, order, components}}
}

/** An independent part of the open problem: its variables, the constraints among them, the objectives restricted to them. */
interface Part {
    readonly vars: readonly number[]
    readonly constraints: readonly Formula[]
    readonly objectives: readonly Objective[]
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
 * Solves parts together. Because they are independent, optimizing the sum
 * over all of them reaches each part's own optimum, and a part has another
 * equally good variant exactly when asking for one that differs in that part
 * succeeds. Failures are reported as solving the parts one by one would:
 * the first part in order, and within it the first objective.
 */
function solveParts(problem: Problem, values: Int8Array, parts: readonly Part[]): {ok: true; components: Component[]} | {ok: false; failure: SolveFailure; part: number} {
    const Logic = logic()
    const solver = newSolver()
    for (const part of parts) {
        for (const v of part.vars) solver.require(Logic.equiv(varName(v), toLogic(problem.definitions[v]!, values)))
        for (const c of part.constraints) solver.require(toLogic(c, values))
    }
    let solution = solver.solve()
    if (!solution) {
        const part = unsatisfiablePart(problem, values, parts)
        return {ok: false, failure: {kind: 'unsatisfiable', variables: parts[part]?.vars ?? parts.flatMap(p => p.vars)}, part: Math.max(0, part)}
    }

    const literals = (s: LogicSolver.Solution, over: readonly number[]) => over.map(v => (s.evaluate(varName(v)) ? varName(v) : Logic.not(varName(v))))
    const chosen = parts.map(() => false)
    const optima: (number | undefined)[][] = parts.map(() => [])
    let failure: {part: number; objective: number; failure: SolveFailure} | undefined
    problem.objectives.forEach((_, k) => {
        const own = parts.map(p => p.objectives[k]!)
        const optimizing = own.map(o => Boolean(o.direction) && o.terms.length > 0)
        if (optimizing.some(Boolean)) {
            // did the optimizer choose, or was the part decided anyway?
            own.forEach((o, i) => {
                if (!optimizing[i]) return
                const over = o.terms.flatMap(t => variables(t.formula)).filter(v => values[v] === -1)
                chosen[i] ||= solver.solveAssuming(Logic.not(Logic.and(literals(solution!, over)))) !== null
            })
            const terms = own.flatMap((o, i) => (optimizing[i] ? o.terms : []))
            const formulas = terms.map(t => toLogic(t.formula, values))
            // logic-solver needs integer weights; two decimals are kept
            const weights = terms.map(t => Math.round(t.weight * 100))
            const direction = own.find((o, i) => optimizing[i])!.direction
            solution = direction === 'min' ? solver.minimizeWeightedSum(solution!, formulas, weights) : solver.maximizeWeightedSum(solution!, formulas, weights)
        }
        own.forEach((o, i) => {
            if (!optimizing[i]) return void optima[i]!.push(undefined)
            optima[i]!.push(
                solution!.getWeightedSum(
                    o.terms.map(t => toLogic(t.formula, values)),
                    o.terms.map(t => Math.round(t.weight * 100)),
                ) / 100,
            )
        })
        own.forEach((o, i) => {
            if (!o.unique || o.compare.length === 0 || (failure && failure.part <= i)) return
            const other = solver.solveAssuming(Logic.not(Logic.and(literals(solution!, o.compare))))
            if (!other) return
            const pick = (s: LogicSolver.Solution) => new Map(parts[i]!.vars.map(v => [v, s.evaluate(varName(v))]))
            failure = {
                part: i,
                objective: k,
                failure: {kind: 'ambiguous', subject: o.subject, optimized: Boolean(o.direction), variables: o.compare, chosen: pick(solution!), alternative: pick(other)},
            }
        })
    })
    if (failure) return {ok: false, failure: failure.failure, part: failure.part}
    // a part nothing chose in is free where another variant differs: one such variant names the free variables
    const free = parts.map((part, i) => {
        if (chosen[i]) return []
        const other = solver.solveAssuming(Logic.not(Logic.and(literals(solution!, part.vars))))
        return other ? part.vars.filter(v => other.evaluate(varName(v)) !== solution!.evaluate(varName(v))) : []
    })
    for (const part of parts) for (const v of part.vars) values[v] = solution.evaluate(varName(v)) ? 1 : 0
    return {ok: true, components: parts.map((part, i) => ({variables: part.vars, optima: optima[i]!, chosen: chosen[i]!, free: free[i]!}))}
}

/** The first part that has no solution on its own (the failure path only: one instance per part); -1 if none alone. */
function unsatisfiablePart(problem: Problem, values: Int8Array, parts: readonly Part[]): number {
    const Logic = logic()
    return parts.findIndex(part => {
        const solver = newSolver()
        for (const v of part.vars) solver.require(Logic.equiv(varName(v), toLogic(problem.definitions[v]!, values)))
        for (const c of part.constraints) solver.require(toLogic(c, values))
        return !solver.solve()
    })
}
