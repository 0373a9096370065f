// logic-solver compiles MiniSat to JavaScript and builds it when imported (about
// 0.2 s). Most resolutions never reach it — propagation decides everything — so
// it is loaded the first time a part is left open.
import {createRequire} from 'node:module'
import type LogicSolver from 'logic-solver'

let loaded: typeof LogicSolver | undefined

export function logic(): typeof LogicSolver {
    return (loaded ??= createRequire(import.meta.url)('logic-solver') as typeof LogicSolver)
}
