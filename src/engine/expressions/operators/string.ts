// String operators: concat, join, token.
import type {Operator} from '../types.js'
import {list, number, string} from './checks.js'

export const strings: Record<string, Operator> = {
    concat: (args, c) =>
        list(args, c)
            .map(a => text(c.evaluate(a)))
            .join(''),
    join: (args, c) => {
        const [values, delimiter] = list(args, c, 1, 2)
        return list(values, c)
            .map(a => text(c.evaluate(a)))
            .join(delimiter === undefined ? ',' : string(delimiter, c))
    },
    token: (args, c) => {
        const [value, delimiter, index] = list(args, c, 3, 3)
        const parts = string(c.evaluate(value), c).split(string(delimiter, c))
        const i = number(index, c)
        if (!Number.isInteger(i) || i < 0 || i >= parts.length)
            c.fail(`operator "token": index ${i} is out of range, the value has ${parts.length} token${parts.length === 1 ? '' : 's'}`, 'operand-type')
        return parts[i]
    },
}

function text(value: unknown): string {
    return value === null || value === undefined ? '' : Array.isArray(value) ? value.map(text).join(',') : plain(value)
}

/** What JavaScript's String() gives, also for a map whose `toString` key is data (String() would throw). */
function plain(value: unknown): string {
    try {
        return String(value)
    } catch {
        return Object.prototype.toString.call(value)
    }
}
