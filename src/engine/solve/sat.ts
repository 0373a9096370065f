// Translates formulas into logic-solver terms, with decided variables inlined.
import type LogicSolver from 'logic-solver'
import {logic} from './logic.js'
import type {Formula} from '../conditions/index.js'

export const varName = (v: number): string => `v${v}`

export function toLogic(f: Formula, values: Int8Array): LogicSolver.Operand {
    const Logic = logic()
    switch (f.op) {
        case 'const':
            return f.value ? Logic.TRUE : Logic.FALSE
        case 'var':
            return values[f.v] === -1 ? varName(f.v) : values[f.v] === 1 ? Logic.TRUE : Logic.FALSE
        case 'not':
            return Logic.not(toLogic(f.arg, values))
        case 'note':
            return toLogic(f.arg, values)
        case 'and':
            return f.args.length === 0 ? Logic.TRUE : Logic.and(f.args.map(a => toLogic(a, values)))
        case 'or':
            return f.args.length === 0 ? Logic.FALSE : Logic.or(f.args.map(a => toLogic(a, values)))
        case 'xor':
            return f.args.length === 0 ? Logic.FALSE : Logic.xor(f.args.map(a => toLogic(a, values)))
        case 'exo':
            return f.args.length === 0 ? Logic.FALSE : Logic.exactlyOne(f.args.map(a => toLogic(a, values)))
        case 'amo':
            return f.args.length === 0 ? Logic.TRUE : Logic.atMostOne(f.args.map(a => toLogic(a, values)))
        case 'implies':
            return Logic.implies(toLogic(f.args[0], values), toLogic(f.args[1], values))
    }
}

/** The literals that hold `over` at its values in the solution (its negation asks for a variant that differs there). */
export function literals(solution: LogicSolver.Solution, over: readonly number[]): LogicSolver.Operand[] {
    const Logic = logic()
    return over.map(v => (solution.evaluate(varName(v)) ? varName(v) : Logic.not(varName(v))))
}
