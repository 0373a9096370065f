// Date operators (dayjs). Numbers are epoch milliseconds; strings are ISO-8601
// (with "Z" or an offset: that instant; without: local time).
import dayjs, {type Dayjs} from 'dayjs'
import type {Operator, OperatorContext} from '../types.js'
import {list, show} from './checks.js'

function date(raw: unknown, c: OperatorContext): Dayjs {
    const value = c.evaluate(raw)
    const d = typeof value === 'number' || typeof value === 'string' || value instanceof Date ? dayjs(value) : undefined
    if (!d || !d.isValid()) c.fail(`operator "${c.name}" expects a date (ISO-8601 string or epoch milliseconds), got ${show(value)}`, 'operand-type')
    return d
}

function compare(test: (a: number, b: number) => boolean): Operator {
    return (args, c) => {
        const [a, b] = list(args, c, 2, 2)
        return test(date(a, c).valueOf(), date(b, c).valueOf())
    }
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

export const dates: Record<string, Operator> = {
    weekday: (args, c) => {
        if (Array.isArray(args)) list(args, c, 0, 0)
        return WEEKDAYS[dayjs().day()]
    },
    same: compare((a, b) => a === b),
    before: compare((a, b) => a < b),
    before_or_same: compare((a, b) => a <= b),
    after: compare((a, b) => a > b),
    after_or_same: compare((a, b) => a >= b),
    // exclusive at both ends, and the bounds may come in either order
    within: (args, c) => {
        const [value, range] = list(args, c, 2, 2)
        const [low, high] = list(c.evaluate(range), c, 2, 2).map(r => date(r, c).valueOf()) as [number, number]
        const v = date(value, c).valueOf()
        return (low < v && v < high) || (high < v && v < low)
    },
}
