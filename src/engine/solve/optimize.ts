// The quick way through an open part's objectives, used whenever it cannot change the answer.
//
// MiniSat lands on one of the variants that are equally good; which one depends on every question
// asked before (the order, the clauses of each comparison). The replay (replay.ts) asks what the
// reference asks — weights ×100, the optimum approached one improvement at a time — and so lands
// where it lands, but on a technology template that is dozens of slow calls. Here the same optima
// are found with weights divided by their greatest common divisor and a binary search on each
// objective, and then one more question decides whether the answer can be taken: is the optimal
// variant the only one? If it is, every exact method, the replay included, ends on it. If not
// (a tie, an ambiguity, no variant at all), the caller replays, so answers never change.
import type LogicSolver from 'logic-solver'
import {variables} from '../conditions/index.js'
import {logic} from './logic.js'
import type {Component} from './problem.js'
import {partsSolver, type PartsProblem} from './replay.js'
import {literals, toLogic, varName} from './sat.js'

/** The parts' components when their optimal variant is the only one, else undefined (the replay decides). */
export function optimizeUnique({problem, values, parts}: PartsProblem): Component[] | undefined {
    const Logic = logic()
    const solver = partsSolver(problem, values, parts)
    let solution = solver.solve()
    if (!solution) return undefined

    const chosen = parts.map(() => false)
    const optima: (number | undefined)[][] = parts.map(() => [])
    for (let k = 0; k < problem.objectives.length; k++) {
        const own = parts.map(p => p.objectives[k]!)
        const optimizing = own.map(o => Boolean(o.direction) && o.terms.length > 0)
        if (optimizing.some(Boolean)) {
            // did the optimizer choose? Whether another variant differs over the objective's variables
            // does not depend on which variant the solver holds
            own.forEach((o, i) => {
                if (!optimizing[i] || chosen[i]) return
                const over = o.terms.flatMap(t => variables(t.formula)).filter(v => values[v] === -1)
                chosen[i] = solver.solveAssuming(Logic.not(Logic.and(literals(solution!, over)))) !== null
            })
            const terms = own.flatMap((o, i) => (optimizing[i] ? o.terms : []))
            const direction = own.find((_, i) => optimizing[i])!.direction as 'min' | 'max'
            solution = optimum(
                solver,
                solution,
                terms.map(t => toLogic(t.formula, values)),
                terms.map(t => Math.round(t.weight * 100)),
                direction,
            )
        }
        own.forEach((o, i) => {
            if (!optimizing[i]) return void optima[i]!.push(undefined)
            const hundredths = o.terms.reduce((sum, t) => sum + (solution!.evaluate(toLogic(t.formula, values)) ? Math.round(t.weight * 100) : 0), 0)
            optima[i]!.push(hundredths / 100)
        })
        // the uniqueness check is asked after its own objective, before later ones could break a tie
        for (const o of own) if (o.unique && o.compare.length > 0 && solver.solveAssuming(Logic.not(Logic.and(literals(solution, o.compare)))) !== null) return undefined
    }
    // one variant left: no tie, no ambiguity, nothing free; any other outcome is the replay's to tell
    const all = parts.flatMap(part => part.vars)
    if (solver.solveAssuming(Logic.not(Logic.and(literals(solution, all)))) !== null) return undefined
    for (const v of all) values[v] = solution.evaluate(varName(v)) ? 1 : 0
    return parts.map((part, i) => ({variables: part.vars, optima: optima[i]!, chosen: chosen[i]!, free: []}))
}

/**
 * Finds the optimum of the weighted sum by binary search (weights divided by their greatest common
 * divisor keep the adder small), requires it from now on, and returns a variant that reaches it.
 */
function optimum(solver: LogicSolver.Solver, start: LogicSolver.Solution, formulas: LogicSolver.Operand[], weights: number[], direction: 'min' | 'max'): LogicSolver.Solution {
    const Logic = logic()
    const kept = weights.map((w, i) => i).filter(i => weights[i]! > 0)
    const divisor = kept.reduce((g, i) => gcd(g, weights[i]!), 0)
    if (kept.length === 0) return start
    const terms = kept.map(i => formulas[i]!)
    const reduced = kept.map(i => weights[i]! / divisor)
    const sum = Logic.weightedSum(terms, reduced)
    const value = (s: LogicSolver.Solution) => s.getWeightedSum(terms, reduced)
    let best = start
    if (direction === 'max') {
        // lo is reached; nothing above hi is
        let lo = value(start)
        let hi = reduced.reduce((a, b) => a + b, 0)
        while (lo < hi) {
            const mid = Math.ceil((lo + hi) / 2)
            const found = solver.solveAssuming(Logic.greaterThanOrEqual(sum, Logic.constantBits(mid)))
            if (found) [best, lo] = [found, value(found)]
            else hi = mid - 1
        }
        solver.require(Logic.equalBits(sum, Logic.constantBits(lo)))
        return best
    }
    let lo = 0
    let hi = value(start)
    while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2)
        const found = solver.solveAssuming(mid === 0 ? Logic.not(Logic.or(terms)) : Logic.lessThanOrEqual(sum, Logic.constantBits(mid)))
        if (found) [best, hi] = [found, value(found)]
        else lo = mid + 1
    }
    if (hi === 0) solver.forbid(terms)
    else solver.require(Logic.equalBits(sum, Logic.constantBits(hi)))
    return best
}

function gcd(a: number, b: number): number {
    while (b !== 0) [a, b] = [b, a % b]
    return a
}
