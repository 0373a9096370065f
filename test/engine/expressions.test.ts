// Value operators of Variability4TOSCA as the value evaluator computes them,
// checked against the specification's examples and the conformance data.
import {afterEach, describe, expect, it, vi} from 'vitest'
import {TrellisError, type SourceLocation} from '../../src/engine/errors.js'
import {evaluateValue, type ValueScope} from '../../src/engine/expressions/index.js'
import {expectCode, failure} from '../helpers/errors.js'

/** A small scope: inputs and named expressions from plain maps, cycles detected by a stack. */
function scope(inputs: Record<string, unknown> = {}, expressions: Record<string, unknown> = {}, locations = new Map<object, SourceLocation>()): ValueScope {
    const stack: string[] = []
    return {
        input(name) {
            if (!(name in inputs)) throw new TrellisError('undefined-reference', `Variability input "${name}" is not defined`)
            return inputs[name]
        },
        expression(name, kind) {
            if (!(name in expressions)) throw new TrellisError('undefined-reference', `Did not find ${kind} expression "${name}"`)
            return expressions[name]
        },
        guard(what, _reference, fn) {
            if (stack.includes(what)) throw new TrellisError('expression-cycle', `cycle: ${[...stack, what].join(' -> ')}`)
            stack.push(what)
            try {
                return fn()
            } finally {
                stack.pop()
            }
        },
        locate(raw) {
            return raw !== null && typeof raw === 'object' ? locations.get(raw) : undefined
        },
        nesting: {levels: 0},
    }
}

const evaluate = (expression: unknown, s: ValueScope = scope()): unknown => evaluateValue(expression, s)

describe('literals', () => {
    it.each([['text'], [42], [true], [[1, 2]], [{a: 1, b: 2}]])('%j evaluates to itself', literal => {
        expect(evaluate(literal)).toEqual(literal)
    })
})

describe('arithmetic operators', () => {
    it('add sums all operands', () => {
        expect(evaluate({add: [10, 1, 1, 1, 1, 1]})).toBe(15)
    })

    it('sub subtracts the rest from the first operand (left fold)', () => {
        expect(evaluate({sub: [10, 1, 1, 1, 1, 1]})).toBe(5)
        expect(evaluate({sub: [1, 10]})).toBe(-9)
    })

    it('mul multiplies all operands', () => {
        expect(evaluate({mul: [10, 1, 3, 4]})).toBe(120)
    })

    it('div divides left to right without integer division', () => {
        expect(evaluate({div: [10, 1, 2, 5]})).toBe(1)
        expect(evaluate({div: [7, 2]})).toBe(3.5)
    })

    it('mod is the remainder of two operands', () => {
        expect(evaluate({mod: [11, 2]})).toBe(1)
        expect(evaluate({mod: [12, 4]})).toBe(0)
    })
})

describe('string operators', () => {
    it('concat joins the values without a separator', () => {
        expect(evaluate({concat: ['hello', ' ', 'world']})).toBe('hello world')
        expect(evaluate({concat: ['port-', 8080]})).toBe('port-8080')
    })

    it('join uses the given delimiter', () => {
        expect(evaluate({join: [['a', 'b', 'c'], '-']})).toBe('a-b-c')
    })

    it('join without a delimiter uses a comma', () => {
        expect(evaluate({join: [['a', 'b']]})).toBe('a,b')
    })

    it('token picks the 0-based part after splitting on the delimiter', () => {
        expect(evaluate({token: ['hello world', ' ', 1]})).toBe('world')
        expect(evaluate({token: ['a.b.c', '.', 0]})).toBe('a')
    })

    it('token past the last token gives no value and a warning, not an error', () => {
        const warnings: string[] = []
        const s = {...scope(), warn: (message: string) => warnings.push(message)}
        expect(evaluate({token: ['a b', ' ', 2]}, s)).toBeUndefined()
        expect(warnings).toEqual(['operator "token": index 2 is out of range, the value has 2 tokens; it gives no value'])
    })

    it('a comparison with a token past the last token is false, and two such tokens are equal', () => {
        const missing = {token: ['a', '-', 1]}
        for (const operator of ['greater', 'greater_or_equal', 'less', 'less_or_equal']) {
            expect(evaluate({[operator]: [missing, 0]}), operator).toBe(false)
            expect(evaluate({[operator]: ['a', missing]}), operator).toBe(false)
        }
        expect(evaluate({equal: [missing, 'a']})).toBe(false)
        expect(evaluate({equal: [missing, {token: ['b', ':', 3]}]})).toBe(true)
        expect(evaluate({in_range: [missing, [0, 9]]})).toBe(false)
        expect(evaluate({valid_values: [missing, ['a', '']]})).toBe(false)
        expect(evaluate({concat: ['x', missing, 'y']})).toBe('xy')
    })
})

describe('constraint operators', () => {
    it('equal is n-ary: true only if all operands are equal', () => {
        expect(evaluate({equal: [1, 1, 1]})).toBe(true)
        expect(evaluate({equal: [1, 1, 2]})).toBe(false)
        expect(evaluate({equal: ['dev', 'dev']})).toBe(true)
    })

    it('equal does not coerce between numbers and strings', () => {
        expect(evaluate({equal: [1, '1']})).toBe(false)
    })

    it.each([
        ['greater', [2, 1], true],
        ['greater', [1, 1], false],
        ['greater', [0, 1], false],
        ['greater_or_equal', [2, 1], true],
        ['greater_or_equal', [1, 1], true],
        ['greater_or_equal', [0, 1], false],
        ['less', [0, 1], true],
        ['less', [1, 1], false],
        ['less', [2, 1], false],
        ['less_or_equal', [0, 1], true],
        ['less_or_equal', [1, 1], true],
        ['less_or_equal', [2, 1], false],
    ])('%s %j is %s', (operator, operands, expected) => {
        expect(evaluate({[operator]: operands})).toBe(expected)
    })

    // The reference compares what it gets as JavaScript does; a mistyped input must resolve
    // to the same variant there and here (it gets a located warning where it is assigned).
    it.each([
        ['greater', ['high', 2], false],
        ['less', ['high', 2], false],
        ['greater_or_equal', ['10', 9], true],
        ['greater', ['b', 'a'], true],
        ['less', ['10', '9'], true],
        ['greater_or_equal', [null, 0], true],
        ['greater', [true, 0], true],
    ])('%s %j orders scalars as the reference does: %s', (operator, operands, expected) => {
        expect(evaluate({[operator]: operands})).toBe(expected)
    })

    it('in_range orders strings by code units', () => {
        expect(evaluate({in_range: ['b', ['a', 'c']]})).toBe(true)
        expect(evaluate({in_range: ['1', [0, 2]]})).toBe(true)
    })

    it('in_range is inclusive at both ends', () => {
        expect(evaluate({in_range: [0, [0, 1]]})).toBe(true)
        expect(evaluate({in_range: [1, [0, 1]]})).toBe(true)
        expect(evaluate({in_range: [2, [0, 1]]})).toBe(false)
        expect(evaluate({in_range: [-1, [0, 1]]})).toBe(false)
    })

    it('valid_values tests membership', () => {
        expect(evaluate({valid_values: [1, [0, 1]]})).toBe(true)
        expect(evaluate({valid_values: [2, [0, 1]]})).toBe(false)
        expect(evaluate({valid_values: ['b', ['a', 'b']]})).toBe(true)
    })

    it('length, min_length and max_length measure strings', () => {
        expect(evaluate({length: ['hallo', 5]})).toBe(true)
        expect(evaluate({length: ['hallo', 4]})).toBe(false)
        expect(evaluate({min_length: ['hallo', 5]})).toBe(true)
        expect(evaluate({min_length: ['hallo', 6]})).toBe(false)
        expect(evaluate({max_length: ['hallo', 5]})).toBe(true)
        expect(evaluate({max_length: ['hallo', 6]})).toBe(true)
        expect(evaluate({max_length: ['hallo', 4]})).toBe(false)
    })

    it('length, min_length and max_length measure lists', () => {
        expect(evaluate({length: [[1, 2, 3], 3]})).toBe(true)
        expect(evaluate({length: [[1, 2, 3], 2]})).toBe(false)
        expect(evaluate({min_length: [[1, 2], 3]})).toBe(false)
        expect(evaluate({min_length: [[1, 2, 3], 3]})).toBe(true)
        expect(evaluate({max_length: [[1, 2], 2]})).toBe(true)
        expect(evaluate({max_length: [[1, 2, 3], 2]})).toBe(false)
    })

    it('length of a number is an operand type error', () => {
        expectCode(() => evaluate({length: [12345, 5]}), 'operand-type')
    })
})

describe('analytical operators', () => {
    it('sum', () => {
        expect(evaluate({sum: [1, 2, 3, 4]})).toBe(10)
    })

    it('sum is rounded to two decimals', () => {
        expect(evaluate({sum: [0.1, 0.2]})).toBe(0.3)
    })

    it('count', () => {
        expect(evaluate({count: [1, 2, 3, 4]})).toBe(4)
    })

    it('min and max', () => {
        expect(evaluate({min: [3, 1, 4, 2]})).toBe(1)
        expect(evaluate({max: [3, 1, 4, 2]})).toBe(4)
    })

    it('mean', () => {
        expect(evaluate({mean: [1, 2, 3, 4, 10]})).toBe(4)
    })

    it('median of odd and even lengths', () => {
        expect(evaluate({median: [1, 2, 3, 4, 10]})).toBe(3)
        expect(evaluate({median: [4, 1, 3, 2]})).toBe(2.5)
    })

    it('variance is the population variance', () => {
        expect(evaluate({variance: [1, 2, 3, 4]})).toBe(1.25)
    })

    it('standard_deviation is the population standard deviation, rounded', () => {
        expect(evaluate({standard_deviation: [1, 2, 3, 4]})).toBe(1.12)
        expect(evaluate({standard_deviation: [2, 4, 4, 4, 5, 5, 7, 9]})).toBe(2)
    })

    it('linear_regression predicts y at x', () => {
        expect(
            evaluate({
                linear_regression: [
                    [
                        [0, 0],
                        [1, 2],
                        [2, 4],
                    ],
                    100,
                ],
            }),
        ).toBe(200)
    })

    it('polynomial_regression takes points, order and x', () => {
        expect(
            evaluate({
                polynomial_regression: [
                    [
                        [0, 0],
                        [1, 1],
                        [2, 4],
                    ],
                    2,
                    5,
                ],
            }),
        ).toBe(25)
    })

    it('polynomial_regression refuses an order the points cannot determine (no minutes of work, no abort)', () => {
        for (const order of [3, 3000, 1e308, 1.5, -1]) {
            const error = expectCode(
                () =>
                    evaluate({
                        polynomial_regression: [
                            [
                                [0, 0],
                                [1, 1],
                                [2, 4],
                            ],
                            order,
                            5,
                        ],
                    }),
                'operand-type',
            )
            expect(error.message).toContain('expects an order from 0 to 2')
        }
        const many = Array.from({length: 100}, (_, i) => [i, i * i])
        expect(failure(() => evaluate({polynomial_regression: [many, 50, 1]})).message).toContain('at most 32')
    })

    it('logarithmic_regression rounds the coefficients before predicting', () => {
        expect(
            evaluate({
                logarithmic_regression: [
                    [
                        [0.01, -4.61],
                        [0.5, -0.7],
                        [1, 0],
                        [2, 0.69],
                        [3, 1],
                    ],
                    4,
                ],
            }),
        ).toBe(1.34)
    })

    it('exponential_regression', () => {
        expect(
            evaluate({
                exponential_regression: [
                    [
                        [0, 1],
                        [1, 2.72],
                        [2, 7.39],
                        [3, 20.09],
                    ],
                    4,
                ],
            }),
        ).toBe(54.6)
    })

    it('min of an empty list is an operand count error', () => {
        expectCode(() => evaluate({min: []}), 'operand-count')
    })

    it('a non-number among the values is an operand type error', () => {
        expectCode(() => evaluate({sum: [1, 'two']}), 'operand-type')
    })
})

describe('date operators', () => {
    const d1 = '2023-01-01T00:00:00.000Z'
    const d2 = '2023-01-02T00:00:00.000Z'
    const d3 = '2023-01-03T00:00:00.000Z'
    const d4 = '2023-01-04T00:00:00.000Z'

    it('same', () => {
        expect(evaluate({same: [d1, d1]})).toBe(true)
        expect(evaluate({same: [d1, d3]})).toBe(false)
    })

    it('before and before_or_same', () => {
        expect(evaluate({before: [d1, d3]})).toBe(true)
        expect(evaluate({before: [d3, d1]})).toBe(false)
        expect(evaluate({before: [d1, d1]})).toBe(false)
        expect(evaluate({before_or_same: [d1, d1]})).toBe(true)
        expect(evaluate({before_or_same: [d1, d3]})).toBe(true)
        expect(evaluate({before_or_same: [d3, d1]})).toBe(false)
    })

    it('after and after_or_same', () => {
        expect(evaluate({after: [d1, '2022-01-03T00:00:00.000Z']})).toBe(true)
        expect(evaluate({after: [d1, d3]})).toBe(false)
        expect(evaluate({after: [d1, d1]})).toBe(false)
        expect(evaluate({after_or_same: [d1, d1]})).toBe(true)
        expect(evaluate({after_or_same: [d3, d1]})).toBe(true)
        expect(evaluate({after_or_same: [d1, d3]})).toBe(false)
    })

    it('compares instants, not text: the same instant in another offset is the same', () => {
        expect(evaluate({same: ['2023-01-01T01:00:00.000+01:00', d1]})).toBe(true)
    })

    it('accepts epoch milliseconds', () => {
        expect(evaluate({same: [Date.parse(d1), d1]})).toBe(true)
    })

    it('accepts Date objects', () => {
        expect(evaluate({before: [new Date(d1), new Date(d3)]})).toBe(true)
    })

    it('within is exclusive at both ends', () => {
        expect(evaluate({within: [d2, [d1, d3]]})).toBe(true)
        expect(evaluate({within: [d1, [d1, d3]]})).toBe(false)
        expect(evaluate({within: [d3, [d1, d3]]})).toBe(false)
        expect(evaluate({within: [d4, [d1, d3]]})).toBe(false)
    })

    it('within does not care about the order of the bounds', () => {
        expect(evaluate({within: [d2, [d3, d1]]})).toBe(true)
        expect(evaluate({within: [d4, [d3, d1]]})).toBe(false)
    })

    it('an invalid date is an operand type error', () => {
        expectCode(() => evaluate({before: ['not a date', d1]}), 'operand-type')
    })

    describe('weekday', () => {
        afterEach(() => {
            vi.useRealTimers()
        })

        it('is the current day as a lower-case English name (local time)', () => {
            vi.useFakeTimers()
            vi.setSystemTime(new Date(2024, 0, 1, 12, 0, 0)) // Monday, 1 January 2024, local noon
            expect(evaluate({weekday: []})).toBe('monday')
            vi.setSystemTime(new Date(2024, 0, 7, 12, 0, 0))
            expect(evaluate({weekday: []})).toBe('sunday')
        })

        it('can be compared with a day name', () => {
            vi.useFakeTimers()
            vi.setSystemTime(new Date(2024, 0, 5, 12, 0, 0)) // a Friday
            expect(evaluate({equal: [{weekday: []}, 'friday']})).toBe(true)
        })
    })
})

describe('nested evaluation', () => {
    it('evaluates operands that are expressions', () => {
        expect(evaluate({add: [{mul: [2, 3]}, {sub: [10, 4]}]})).toBe(12)
    })

    it('evaluates comparisons over computed values', () => {
        expect(evaluate({equal: [{token: ['hello world', ' ', 1]}, 'world']})).toBe(true)
        expect(evaluate({greater: [{count: [1, 2, 3]}, {sum: [1, 1]}]})).toBe(true)
    })

    it('evaluates list items of analytical operators', () => {
        expect(evaluate({sum: [{add: [1, 1]}, 3]})).toBe(5)
    })

    it('evaluates the value of length', () => {
        expect(evaluate({length: [{concat: ['ab', 'cd']}, 4]})).toBe(true)
    })
})

describe('references', () => {
    it('variability_input reads the input value from the scope', () => {
        const s = scope({mode: 'dev', replicas: 3})
        expect(evaluate({variability_input: 'mode'}, s)).toBe('dev')
        expect(evaluate({equal: [{variability_input: 'mode'}, 'dev']}, s)).toBe(true)
        expect(evaluate({mul: [{variability_input: 'replicas'}, 2]}, s)).toBe(6)
    })

    it('variability_input needs a name', () => {
        expectCode(() => evaluate({variability_input: ['mode']}, scope({mode: 'dev'})), 'operand-type')
    })

    it('value_expression evaluates the named expression', () => {
        const s = scope({mode: 'prod'}, {is_prod: {equal: [{variability_input: 'mode'}, 'prod']}, name: 'Miles'})
        expect(evaluate({value_expression: 'is_prod'}, s)).toBe(true)
        expect(evaluate({value_expression: 'name'}, s)).toBe('Miles')
    })

    it('value_expression may refer to other named expressions', () => {
        const s = scope({}, {two: {add: [1, 1]}, four: {mul: [{value_expression: 'two'}, 2]}})
        expect(evaluate({value_expression: 'four'}, s)).toBe(4)
    })

    it('a named expression that refers to itself is reported as a cycle, not a stack overflow', () => {
        const s = scope({}, {a: {value_expression: 'b'}, b: {add: [1, {value_expression: 'a'}]}})
        expectCode(() => evaluate({value_expression: 'a'}, s), 'expression-cycle')
    })

    it('errors of the scope pass through unchanged', () => {
        expectCode(() => evaluate({variability_input: 'missing'}, scope()), 'undefined-reference')
        expectCode(() => evaluate({value_expression: 'missing'}, scope()), 'undefined-reference')
    })
})

describe('errors', () => {
    it('an unknown operator names itself and suggests the closest one', () => {
        const error = expectCode(() => evaluate({concatt: ['a', 'b']}), 'unknown-operator')
        expect(error.message).toBe('unknown operator "concatt"')
        expect(error.help).toEqual(['did you mean "concat"?'])
    })

    it('an unknown operator far from any name has no suggestion', () => {
        const error = expectCode(() => evaluate({frobnicate_everything: 1}), 'unknown-operator')
        expect(error.help).toEqual([])
    })

    it('an unknown operator nested in another is reported too', () => {
        expectCode(() => evaluate({add: [1, {ad: [1, 2]}]}), 'unknown-operator')
    })

    it('errors are located where the failing expression was written', () => {
        const inner = {ad: [1, 2]}
        const at: SourceLocation = {file: 'template.yaml', line: 7, column: 13}
        const error = failure(() => evaluate({add: [1, inner]}, scope({}, {}, new Map([[inner, at]]))))
        expect(error.location).toEqual(at)
        expect(error.describe()).toMatch(/^template\.yaml:7:13: /)
    })

    it.each([
        [{mod: [1]}],
        [{mod: [1, 2, 3]}],
        [{greater: [1]}],
        [{in_range: [1, [0]]}],
        [{token: ['a b', ' ']}],
        [
            {
                linear_regression: [
                    [
                        [0, 0],
                        [1, 1],
                    ],
                ],
            },
        ],
        [
            {
                polynomial_regression: [
                    [
                        [0, 0],
                        [1, 1],
                    ],
                    5,
                ],
            },
        ],
        [{same: ['2023-01-01T00:00:00.000Z']}],
        [{sub: []}],
    ])('%j is an operand count error', expression => {
        const error = expectCode(() => evaluate(expression), 'operand-count')
        expect(error.message).toContain(`"${Object.keys(expression)[0]}"`)
    })

    it.each([
        [{add: [1, 'two']}],
        [{add: 3}],
        [{greater: [[1], 0]}],
        [{in_range: [[1], [0, 2]]}],
        [{token: [42, ' ', 0]}],
        [{mean: [1, true]}],
        [
            {
                linear_regression: [
                    [
                        [0, 'x'],
                        [1, 1],
                    ],
                    3,
                ],
            },
        ],
    ])('%j is an operand type error', expression => {
        const error = expectCode(() => evaluate(expression), 'operand-type')
        expect(error.message).toContain(`"${Object.keys(expression)[0]}"`)
    })

    it.each([[{and: [true, true]}], [{or: [true]}], [{not: true}], [{logic_expression: 'x'}], [{node_presence: 'n'}]])(
        'the logic operator %j cannot be used as a value',
        expression => {
            const error = expectCode(() => evaluate(expression), 'unknown-operator')
            expect(error.message).toContain('logic operator')
        },
    )

    it('a logic operator nested in a value operator cannot be used as a value', () => {
        expectCode(() => evaluate({equal: [{node_presence: 'a'}, true]}), 'unknown-operator')
    })

    it('errors are input errors, not resolution failures', () => {
        expect(failure(() => evaluate({add: [1, 'x']})).errorClass).toBe('input')
    })
})

describe('named expressions reused at every level stay linear', () => {
    it('a value expression used twice by each of 40 levels is evaluated once per name', () => {
        const expressions: Record<string, unknown> = {v40: 1}
        for (let i = 0; i < 40; i++) expressions[`v${i}`] = {add: [{value_expression: `v${i + 1}`}, {value_expression: `v${i + 1}`}]}
        expect(evaluate({value_expression: 'v0'}, scope({}, expressions))).toBe(2 ** 40)
    })
})
