// Constraint operators: comparisons, ranges, membership and string lengths.
import {isDeepStrictEqual} from 'node:util'
import type {Operator, OperatorContext} from '../types.js'
import {list, number, show, string} from './checks.js'

type Comparable = number | string

/**
 * An operand of an ordering comparison. The specification asks for numbers; the reference
 * compares whatever it gets as JavaScript does (two strings by code units, otherwise as
 * numbers, so "high" > 2 is false), and a mistyped input already gets a located warning, so
 * scalars are compared the same way here (null as 0 and booleans as 0 or 1, as JavaScript
 * orders them). No value (a `token` past the last token) is NaN, as in JavaScript: every
 * comparison with it is false. Lists and maps have no sensible order: an error.
 */
function comparable(value: unknown, c: OperatorContext): Comparable {
    if (typeof value === 'number' || typeof value === 'string') return value
    if (value === undefined) return NaN
    if (value === null) return 0
    if (typeof value === 'boolean') return value ? 1 : 0
    return number(value, c)
}

function pair(args: unknown, c: OperatorContext): [Comparable, Comparable] {
    const [a, b] = list(args, c, 2, 2)
    return [comparable(c.evaluate(a), c), comparable(c.evaluate(b), c)]
}

function lengthOf(args: unknown, c: OperatorContext): [number, number] {
    const [value, n] = list(args, c, 2, 2)
    const v = c.evaluate(value)
    const length = Array.isArray(v) ? v.length : string(v, c).length
    return [length, number(c.evaluate(n), c)]
}

/**
 * An input compared with a text written in the template that differs from the input's value only in
 * letter case (`--set tier=large` where the template compares with `LARGE`) is not equal, as the
 * specification and the reference have it, and yet almost always a slip: a different variant, and
 * nothing said. Said here, as a warning at the comparison.
 */
function warnCase(operands: readonly unknown[], values: readonly unknown[], c: OperatorContext): void {
    const at = operands.findIndex(o => typeof o === 'object' && o !== null && typeof (o as Record<string, unknown>).variability_input === 'string' && Object.keys(o).length === 1)
    const literal = operands[1 - at]
    const value = values[at]
    if (at < 0 || typeof literal !== 'string' || typeof value !== 'string' || value.toLowerCase() !== literal.toLowerCase()) return
    const name = (operands[at] as {variability_input: string}).variability_input
    c.warn(
        `Variability input "${name}" is ${show(value)}, which this condition compares with ${show(literal)}: they differ only in letter case, so they are not equal`,
        'input-case',
    )
}

export const constraints: Record<string, Operator> = {
    equal: (args, c) => {
        const operands = list(args, c, 1)
        const values = operands.map(a => c.evaluate(a))
        const first = values[0]
        // scalars compare directly; the deep comparison is for lists and maps
        const equal = values.every(v => Object.is(v, first) || (typeof v === 'object' && v !== null && isDeepStrictEqual(v, first)))
        if (!equal && operands.length === 2) warnCase(operands, values, c)
        return equal
    },
    greater: (args, c) => {
        const [a, b] = pair(args, c)
        return a > b
    },
    greater_or_equal: (args, c) => {
        const [a, b] = pair(args, c)
        return a >= b
    },
    less: (args, c) => {
        const [a, b] = pair(args, c)
        return a < b
    },
    less_or_equal: (args, c) => {
        const [a, b] = pair(args, c)
        return a <= b
    },
    in_range: (args, c) => {
        const [value, range] = list(args, c, 2, 2)
        // the value first, as the reference evaluates it: a mistake in it is met before one in a bound
        const v = comparable(c.evaluate(value), c)
        const [low, high] = list(range, c, 2, 2).map(r => comparable(c.evaluate(r), c)) as [Comparable, Comparable]
        return low <= v && v <= high
    },
    valid_values: (args, c) => {
        const [value, valid] = list(args, c, 2, 2)
        const v = c.evaluate(value)
        return list(valid, c).some(candidate => isDeepStrictEqual(c.evaluate(candidate), v))
    },
    length: (args, c) => {
        const [length, n] = lengthOf(args, c)
        return length === n
    },
    min_length: (args, c) => {
        const [length, n] = lengthOf(args, c)
        return length >= n
    },
    max_length: (args, c) => {
        const [length, n] = lengthOf(args, c)
        return length <= n
    },
}
