// logic-solver compiles MiniSat to JavaScript and builds it when imported (about
// 0.2 s). Most resolutions never reach it — propagation decides everything — so
// it is loaded the first time a part is left open.
import {createRequire} from 'node:module'
import type LogicSolver from 'logic-solver'
import {TrellisError} from '../errors.js'

// the module, loaded once for the process (no state of any template: each use makes a solver of its own)
let loaded: typeof LogicSolver | undefined

export function logic(): typeof LogicSolver {
    return (loaded ??= createRequire(import.meta.url)('logic-solver') as typeof LogicSolver)
}

const SOLVER_MEMORY = 'the problem is too large for the SAT solver: MiniSat (in logic-solver) has a fixed heap of 64 MB, and this problem needs more'

/**
 * A solver for every use in the engine. Each has its own MiniSat heap of a fixed 64 MB; a problem
 * that needs more makes MiniSat abort: it prints its message through console.log (onto standard
 * output, amid a resolved template or JSON) and throws a string holding a stack trace. The solver
 * made here prints nothing, and its abort is a TrellisError saying what happened (the instance
 * is spent; others are not affected).
 */
export function newSolver(): LogicSolver.Solver {
    const solver = new (logic().Solver)()
    const module = (solver as unknown as {_minisat?: {_C?: {print?: unknown; printErr?: unknown}}})._minisat?._C
    if (module) module.print = module.printErr = () => {}
    return new Proxy(solver, {
        get(target, key) {
            const value: unknown = Reflect.get(target, key, target)
            if (typeof value !== 'function') return value
            return (...args: unknown[]) => {
                try {
                    return (value as (...a: unknown[]) => unknown).apply(target, args)
                } catch (e) {
                    throw solverError(e)
                }
            }
        },
    })
}

/** MiniSat's abort (a string with a stack trace) as the TrellisError it means; anything else as it was. */
function solverError(e: unknown): unknown {
    return typeof e === 'string' && e.startsWith('abort(') ? new TrellisError('too-large', SOLVER_MEMORY) : e
}

/** The parts of a logic-solver 2.0.1 Solver that solveAssuming uses. */
interface SolverInternals {
    _unsat: boolean
    readonly clauses: readonly {readonly terms: readonly number[]}[]
    _numClausesAddedToMiniSat: number
    readonly _num2name: readonly unknown[]
    readonly _minisat: {addClause(terms: readonly number[]): boolean; ensureVar(v: number): void; solveAssuming(v: number): boolean; retireVar(v: number): void}
    _formulaToTerm(formula: unknown): number
    _useFormulaTerm(term: number): void
}

/**
 * Whether the solver's clauses and `formula` can hold together: `solveAssuming(formula) !== null`,
 * step for step as logic-solver 2.0.1 takes it, without the Solution it then builds (a copy of
 * every formula not yet turned into clauses, and every variable's value: most of the time of a
 * question asked thousands of times, as analyze's reasons ask). test/engine/solver-assuming.test.ts
 * holds it to solveAssuming.
 */
export function satisfiableAssuming(solver: LogicSolver.Solver, formula: LogicSolver.Operand): boolean {
    const s = solver as unknown as SolverInternals
    const Assumption = (logic() as unknown as {Assumption: new (formula: LogicSolver.Operand) => unknown}).Assumption
    try {
        const assumption = s._formulaToTerm(new Assumption(formula))
        s._useFormulaTerm(assumption)
        const satisfiable = solvedAssuming(s, assumption)
        s._minisat.retireVar(assumption)
        return satisfiable
    } catch (e) {
        throw solverError(e)
    }
}

/** logic-solver's solve(assumption) up to the Solution: the clauses not yet given to MiniSat first. */
function solvedAssuming(s: SolverInternals, assumption: number): boolean {
    if (s._unsat) return false
    while (s._numClausesAddedToMiniSat < s.clauses.length) {
        const satisfiable = s._minisat.addClause(s.clauses[s._numClausesAddedToMiniSat]!.terms)
        s._numClausesAddedToMiniSat++
        if (!satisfiable) {
            s._unsat = true
            return false
        }
    }
    s._minisat.ensureVar(s._num2name.length - 1)
    return s._minisat.solveAssuming(assumption)
}
