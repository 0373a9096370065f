// The first objective (the node templates) for every combination of input values,
// with one solver: the core problem is given to it once with the atoms free, and
// each combination is asked as assumptions (its atoms, what its leaves forbid). The
// optimum of the first objective is asked for with comparisons cached per bound, so
// a combination adds almost nothing to the solver. Only when the objective's compared
// variables are unique at the optimum is the answer used: then every solver reaches it.
import type LogicSolver from 'logic-solver'
import {variables, type Formula} from '../conditions/index.js'
import {logic, newSolver, toLogic, varName, type Objective, type Problem} from '../solve/index.js'

export type FirstObjective = {readonly kind: 'unsatisfiable'} | {readonly kind: 'ambiguous'} | {readonly kind: 'fixed'; readonly values: ReadonlyMap<number, boolean>}

export class FirstObjectiveSolver {
    private readonly solver: LogicSolver.Solver
    private readonly formulas: LogicSolver.Operand[] = []
    private readonly weights: number[] = []
    private readonly sum?: LogicSolver.Bits
    private readonly bounds = new Map<string, LogicSolver.Formula>()
    private readonly free: Int8Array

    private constructor(
        problem: Problem,
        private readonly objective: Objective,
    ) {
        const Logic = logic()
        this.solver = newSolver()
        const free = (this.free = new Int8Array(problem.variableCount).fill(-1))
        problem.definitions.forEach((f, v) => {
            if (f) this.solver.require(Logic.equiv(varName(v), toLogic(f, free)))
        })
        for (const c of problem.constraints) this.solver.require(toLogic(c, free))
        if (objective.direction) {
            // the engine's integer weights (two decimals), divided by their common divisor: the same
            // optimum with a smaller sum to compare
            const scaled = objective.terms.map(t => Math.round(t.weight * 100))
            const divisor = scaled.reduce(gcd, 0) || 1
            objective.terms.forEach((t, i) => {
                if (scaled[i] === 0) return
                this.formulas.push(toLogic(t.formula, free))
                this.weights.push(scaled[i]! / divisor)
            })
            if (this.formulas.length > 0) this.sum = Logic.weightedSum(this.formulas, this.weights)
        }
    }

    /** Undefined when the first objective is not one this stage decides: it must be unique, and its terms read only what it compares. */
    static for(problem: Problem): FirstObjectiveSolver | undefined {
        const objective = problem.objectives[0]
        if (!objective?.unique || objective.compare.length === 0) return undefined
        const compared = new Set(objective.compare)
        if (!objective.terms.every(t => variables(t.formula).every(v => compared.has(v)))) return undefined
        return new FirstObjectiveSolver(problem, objective)
    }

    /** The compared variables at the optimum, given what the combination assumes (its atoms' truths, what its leaves forbid). */
    decide(assumptions: readonly Formula[]): FirstObjective {
        const Logic = logic()
        const assumed = Logic.and(assumptions.map(f => toLogic(f, this.free)))
        let solution = this.solver.solveAssuming(assumed)
        if (!solution) return {kind: 'unsatisfiable'}
        const pinned: LogicSolver.Operand[] = [assumed]
        if (this.sum) {
            const better = this.objective.direction === 'min' ? 'less' : 'greater'
            let cost = solution.getWeightedSum(this.formulas, this.weights)
            for (;;) {
                const improved = this.solver.solveAssuming(Logic.and(assumed, this.bound(better, cost)))
                if (!improved) break
                solution = improved
                cost = improved.getWeightedSum(this.formulas, this.weights)
            }
            pinned.push(this.bound('equal', cost))
        }
        const found = solution
        const literals = this.objective.compare.map(v => (found.evaluate(varName(v)) ? varName(v) : Logic.not(varName(v))))
        if (this.solver.solveAssuming(Logic.and(...pinned, Logic.not(Logic.and(literals))))) return {kind: 'ambiguous'}
        return {kind: 'fixed', values: new Map(this.objective.compare.map(v => [v, found.evaluate(varName(v))]))}
    }

    private bound(kind: 'less' | 'greater' | 'equal', cost: number): LogicSolver.Formula {
        const key = `${kind} ${cost}`
        let formula = this.bounds.get(key)
        if (!formula) {
            const Logic = logic()
            const compare = kind === 'less' ? Logic.lessThan : kind === 'greater' ? Logic.greaterThan : Logic.equalBits
            formula = compare(this.sum!, Logic.constantBits(cost))
            this.bounds.set(key, formula)
        }
        return formula
    }
}

function gcd(a: number, b: number): number {
    while (b) [a, b] = [b, a % b]
    return a
}
