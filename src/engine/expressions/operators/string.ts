// String operators: concat, join, token.
import {MAX_VALUE_LENGTH, VALUE_TOO_LARGE} from '../nesting.js'
import type {Operator, OperatorContext} from '../types.js'
import {list, number, string} from './checks.js'

export const strings: Record<string, Operator> = {
    concat: (args, c) =>
        joined(
            list(args, c).map(a => text(c.evaluate(a))),
            '',
            c,
        ),
    join: (args, c) => {
        const [values, delimiter] = list(args, c, 1, 2)
        return joined(
            list(values, c).map(a => text(c.evaluate(a))),
            delimiter === undefined ? ',' : string(delimiter, c),
            c,
        )
    },
    // An index past the last token gives no value (the value is a runtime input, e.g. one without the
    // delimiter, not a mistake in the template): a comparison with it is false, as in the reference.
    token: (args, c) => {
        const [value, delimiter, index] = list(args, c, 3, 3)
        const parts = string(c.evaluate(value), c).split(string(delimiter, c))
        const i = number(index, c)
        if (Number.isInteger(i) && i >= 0 && i < parts.length) return parts[i]
        c.warn(`operator "token": index ${i} is out of range, the value has ${parts.length} token${parts.length === 1 ? '' : 's'}; it gives no value`)
        return undefined
    },
}

/** The parts joined, refused before joining when the text would pass the longest a value may be. */
function joined(parts: string[], delimiter: string, c: OperatorContext): string {
    let length = delimiter.length * Math.max(0, parts.length - 1)
    for (const part of parts) length += part.length
    if (length > MAX_VALUE_LENGTH) c.fail(VALUE_TOO_LARGE, 'too-large')
    return parts.join(delimiter)
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
