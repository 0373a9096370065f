// The replay: an open part's objectives approached as the reference approaches them (weights ×100,
// the optimum one improvement at a time, logic-solver's own minimize/maximize), so that where several
// variants are equally good, MiniSat lands where the reference's lands. optimize.ts finds the same
// optima far faster and is used whenever the answer cannot depend on the landing.
import type LogicSolver from 'logic-solver'
import {logic, newSolver} from './logic.js'
import {variables, type Formula} from '../conditions/index.js'
import type {Component, Objective, Problem, SolveFailure} from './problem.js'
import {literals, toLogic, varName} from './sat.js'

/** An independent part of the open problem: its variables, the constraints among them, the objectives restricted to them. */
export interface Part {
    readonly vars: readonly number[]
    readonly constraints: readonly Formula[]
    readonly objectives: readonly Objective[]
}

/** Parts solved in one MiniSat instance, with the problem they belong to and the values propagation decided. */
export interface PartsProblem {
    readonly problem: Problem
    readonly values: Int8Array
    readonly parts: readonly Part[]
}

/**
 * Solves parts together. Because they are independent, optimizing the sum
 * over all of them reaches each part's own optimum, and a part has another
 * equally good variant exactly when asking for one that differs in that part
 * succeeds. Failures are reported as solving the parts one by one would:
 * the first part in order, and within it the first objective.
 */
export function replayParts({problem, values, parts}: PartsProblem): {ok: true; components: Component[]} | {ok: false; failure: SolveFailure; part: number} {
    const Logic = logic()
    const solver = partsSolver(problem, values, parts)
    let solution = solver.solve()
    if (!solution) {
        const part = unsatisfiablePart(problem, values, parts)
        return {ok: false, failure: {kind: 'unsatisfiable', variables: parts[part]?.vars ?? parts.flatMap(p => p.vars)}, part: Math.max(0, part)}
    }

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
    // a part is free where another variant differs: nothing chose there, or the optimizer reached its
    // optimum with several variants, equally good (every optimum is required by now); where the solver
    // landed decided, not a condition nor the optimizer. One such variant names the free variables
    const free = parts.map(part => {
        const other = solver.solveAssuming(Logic.not(Logic.and(literals(solution!, part.vars))))
        return other ? part.vars.filter(v => other.evaluate(varName(v)) !== solution!.evaluate(varName(v))) : []
    })
    for (const part of parts) for (const v of part.vars) values[v] = solution.evaluate(varName(v)) ? 1 : 0
    return {ok: true, components: parts.map((part, i) => ({variables: part.vars, optima: optima[i]!, chosen: chosen[i]!, free: free[i]!}))}
}

/** The first part that has no solution on its own (the failure path only: one instance per part); -1 if none alone. */
function unsatisfiablePart(problem: Problem, values: Int8Array, parts: readonly Part[]): number {
    return parts.findIndex(part => {
        return !partsSolver(problem, values, [part]).solve()
    })
}

/**
 * A solver holding the parts' definitions (v ⇔ its formula) and constraints, decided variables
 * inlined, in the order the replay has always given them (MiniSat's landing depends on it).
 */
export function partsSolver(problem: Problem, values: Int8Array, parts: readonly Part[]): LogicSolver.Solver {
    const Logic = logic()
    const solver = newSolver()
    for (const part of parts) {
        for (const v of part.vars) solver.require(Logic.equiv(varName(v), toLogic(problem.definitions[v]!, values)))
        for (const c of part.constraints) solver.require(toLogic(c, values))
    }
    return solver
}
