// Analytical operators: statistics (simple-statistics) and regressions
// (regression-js). Results are rounded to two decimals where the reference
// implementation rounds (sum, mean, variance, standard deviation, regressions);
// regression coefficients are rounded before predicting, as regression-js does.
import regression, {type DataPoint} from 'regression'
import * as stats from 'simple-statistics'
import type {Operator, OperatorContext} from '../types.js'
import {list, number, round2} from './checks.js'

function values(args: unknown, c: OperatorContext): number[] {
    return list(args, c).map(a => number(c.evaluate(a), c))
}

function nonEmpty(args: unknown, c: OperatorContext): number[] {
    const v = values(args, c)
    if (v.length === 0) c.fail(`operator "${c.name}" needs at least one value`, 'operand-count')
    return v
}

function points(raw: unknown, c: OperatorContext): DataPoint[] {
    const data = list(raw, c, 1).map(p => {
        const [x, y] = list(c.evaluate(p), c, 2, 2)
        return [number(c.evaluate(x), c), number(c.evaluate(y), c)] as DataPoint
    })
    return data
}

/** Beyond this a polynomial fit is numerically meaningless, and its work grows with the cube of the order. */
const MAX_ORDER = 32

type Fit = (data: DataPoint[], order: number) => {predict(x: number): [number, number]}

function regressionOperator(fit: Fit, withOrder: boolean): Operator {
    return (args, c) => {
        const operands = list(args, c, withOrder ? 3 : 2, withOrder ? 3 : 2)
        const data = points(operands[0], c)
        const order = withOrder ? number(c.evaluate(operands[1]), c) : 2
        // the fit solves a system of order + 1 equations: an order the points cannot determine is an
        // error, not minutes of work on a singular system (or an allocation that aborts the process)
        const highest = Math.min(data.length - 1, MAX_ORDER)
        if (withOrder && !(Number.isInteger(order) && order >= 0 && order <= highest))
            c.fail(`operator "${c.name}" expects an order from 0 to ${highest} (below the number of points, at most ${MAX_ORDER}), got ${order}`)
        const x = number(c.evaluate(operands[operands.length - 1]), c)
        return round2(fit(data, order).predict(x)[1])
    }
}

export const analytical: Record<string, Operator> = {
    sum: (args, c) => round2(stats.sum(values(args, c))),
    count: (args, c) => values(args, c).length,
    min: (args, c) => stats.min(nonEmpty(args, c)),
    max: (args, c) => stats.max(nonEmpty(args, c)),
    mean: (args, c) => round2(stats.mean(nonEmpty(args, c))),
    median: (args, c) => stats.median(nonEmpty(args, c)),
    // population statistics: the template lists the whole population, not a sample
    variance: (args, c) => round2(stats.variance(nonEmpty(args, c))),
    standard_deviation: (args, c) => round2(stats.standardDeviation(nonEmpty(args, c))),
    linear_regression: regressionOperator(data => regression.linear(data, {precision: 2}), false),
    polynomial_regression: regressionOperator((data, order) => regression.polynomial(data, {order, precision: 2}), true),
    logarithmic_regression: regressionOperator(data => regression.logarithmic(data, {precision: 2}), false),
    exponential_regression: regressionOperator(data => regression.exponential(data, {precision: 2}), false),
}
