// Decides presence: propagation first, then each independent open part with
// logic-solver (MiniSat), then optimization and the uniqueness check per part.
// Because parts share no variables, the global optimum is the sum of the
// parts' optima and the result is ambiguous exactly when some part is.
import type LogicSolver from 'logic-solver'
import {logic} from './logic.js'
import {evaluate, variables, type Formula} from '../conditions/formula.js'
import {DisjointSets} from './components.js'
import type {Component, Objective, Problem, Solution, SolveFailure, VariableState} from './problem.js'
import {propagate} from './propagate.js'
import {toLogic, varName} from './sat.js'

export type {Component, Objective, ObjectiveSubject, Problem, Solution, SolveFailure, VariableState} from './problem.js'

export type SolveResult = {readonly ok: true; readonly solution: Solution} | {readonly ok: false; readonly failure: SolveFailure}

export function solve(problem: Problem): SolveResult {
    const n = problem.variableCount
    const values = new Int8Array(n).fill(-1)
    propagate(problem.definitions, values)
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
    const components: Component[] = []
    for (const [root, vars] of [...members].sort((a, b) => a[0] - b[0])) {
        const inPart = (f: Formula) => variables(f).some(u => values[u] === -1 && sets.find(u) === root)
        const objectives = problem.objectives.map(o => ({
            ...o,
            terms: o.terms.filter(t => inPart(t.formula)),
            compare: o.compare.filter(v => values[v] === -1 && sets.find(v) === root),
        }))
        const result = solveComponent(problem, values, vars, constraints.get(root) ?? [], objectives)
        if (!result.ok) return result
        for (const v of vars) state[v] = result.component.chosen ? 'optimized' : 'solved'
        components.push(result.component)
    }
    return {ok: true, solution: {values, state, components}}
}

function solveComponent(
    problem: Problem,
    values: Int8Array,
    vars: readonly number[],
    constraints: readonly Formula[],
    objectives: readonly Objective[],
): {ok: true; component: Component} | {ok: false; failure: SolveFailure} {
    const Logic = logic()
    const solver = new Logic.Solver()
    for (const v of vars) solver.require(Logic.equiv(varName(v), toLogic(problem.definitions[v]!, values)))
    for (const c of constraints) solver.require(toLogic(c, values))
    let solution = solver.solve()
    if (!solution) return {ok: false, failure: {kind: 'unsatisfiable', variables: vars}}

    const literals = (s: LogicSolver.Solution, over: readonly number[]) => over.map(v => (s.evaluate(varName(v)) ? varName(v) : Logic.not(varName(v))))
    let chosen = false
    const optima: (number | undefined)[] = []
    for (const objective of objectives) {
        let optimum: number | undefined
        if (objective.direction && objective.terms.length > 0) {
            const over = objective.terms.flatMap(t => variables(t.formula)).filter(v => values[v] === -1)
            // did the optimizer choose, or was this part decided anyway?
            chosen ||= solver.solveAssuming(Logic.not(Logic.and(literals(solution, over)))) !== null
            const formulas = objective.terms.map(t => toLogic(t.formula, values))
            // logic-solver needs integer weights; two decimals are kept
            const weights = objective.terms.map(t => Math.round(t.weight * 100))
            solution = objective.direction === 'min' ? solver.minimizeWeightedSum(solution, formulas, weights) : solver.maximizeWeightedSum(solution, formulas, weights)
            optimum = solution.getWeightedSum(formulas, weights) / 100
        }
        optima.push(optimum)
        if (objective.unique && objective.compare.length > 0) {
            const other = solver.solveAssuming(Logic.not(Logic.and(literals(solution, objective.compare))))
            if (other) {
                const pick = (s: LogicSolver.Solution) => new Map(vars.map(v => [v, s.evaluate(varName(v))]))
                return {
                    ok: false,
                    failure: {kind: 'ambiguous', subject: objective.subject, optimized: Boolean(objective.direction), variables: objective.compare, chosen: pick(solution), alternative: pick(other)},
                }
            }
        }
    }
    for (const v of vars) values[v] = solution.evaluate(varName(v)) ? 1 : 0
    return {ok: true, component: {variables: vars, optima, chosen}}
}
