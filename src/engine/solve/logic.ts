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
                    if (typeof e === 'string' && e.startsWith('abort(')) throw new TrellisError('too-large', SOLVER_MEMORY)
                    throw e
                }
            }
        },
    })
}
