// Operand checks shared by the operator families; each failure names the operator.
import type {OperatorContext} from '../types.js'

export function list(args: unknown, c: OperatorContext, min = 0, max = Infinity): unknown[] {
    if (!Array.isArray(args)) c.fail(`operator "${c.name}" expects a list of operands`, 'operand-type')
    if (args.length < min || args.length > max) {
        const want = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`
        c.fail(`operator "${c.name}" expects ${want} operand${min === 1 && max === 1 ? '' : 's'}, got ${args.length}`, 'operand-count')
    }
    return args
}

export function number(value: unknown, c: OperatorContext): number {
    if (typeof value !== 'number') c.fail(`operator "${c.name}" expects numbers, got ${show(value)}`, 'operand-type')
    return value
}

export function string(value: unknown, c: OperatorContext): string {
    if (typeof value !== 'string') c.fail(`operator "${c.name}" expects a string, got ${show(value)}`, 'operand-type')
    return value
}

export function show(value: unknown): string {
    if (value === undefined) return 'nothing'
    const text = JSON.stringify(value)
    return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** Two decimals, as the specification's reference implementation reports statistics. */
export function round2(value: number): number {
    return Number(value.toFixed(2))
}
