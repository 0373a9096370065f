// analyze tells variants apart by the data of their resolved templates (dataText), not by writing
// them: the two must agree with the YAML written, pair by pair, on values the writer tells apart.
import {describe, expect, it} from 'vitest'
import {dataText} from '../../src/engine/analyze/data-text.js'
import {stringifyTemplate} from '../../src/engine/transform/index.js'

const VALUES: unknown[] = [
    0,
    -0,
    1,
    1.5,
    '1',
    '1.5',
    'true',
    true,
    false,
    null,
    'null',
    '~',
    '',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    new Date('2024-01-02T03:04:05.000Z'),
    '2024-01-02T03:04:05.000Z',
    [],
    {},
    [null],
    [undefined],
    [1, 2],
    [2, 1],
    ['1,2'],
    {a: 1, b: 2},
    {b: 2, a: 1},
    {a: 1, b: undefined},
    {a: 1},
    {'a:1': 1},
    {a: {b: [1, {c: 'x'}]}},
    {a: {b: [1, {c: 'y'}]}},
    {'"a"': 1},
    'a\nb',
    'a\\nb',
]

describe('the data of a resolved template, as analyze compares it', () => {
    it('is equal exactly when the YAML written is', () => {
        let equalPairs = 0
        for (const a of VALUES)
            for (const b of VALUES) {
                const written = stringifyTemplate({topology_template: {outputs: {x: a}}}) === stringifyTemplate({topology_template: {outputs: {x: b}}})
                expect(dataText(a) === dataText(b), `${String(dataText(a))} vs ${String(dataText(b))}`).toBe(written)
                if (written && a !== b) equalPairs++
            }
        // pairs of different values written the same exist ([undefined] and [null], a key without a value)
        expect(equalPairs).toBeGreaterThan(0)
    })
})
