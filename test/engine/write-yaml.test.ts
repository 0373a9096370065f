// The writer of resolved templates (js-yaml with the reader's schema, `yaml` for
// anything but plain data) against the reader: whatever it writes reads back
// as the same data — every YAML file of the conformance suite and the samples,
// corner cases of quoting, and random data.
import fs from 'node:fs'
import {isDeepStrictEqual} from 'node:util'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {stringifyTemplate} from '../../src/engine/transform/yaml.js'
import {iterations} from '../helpers/deep.js'
import {conformanceAndSampleFiles} from '../helpers/files.js'

const RUNS = iterations(400, 5000, 'YAML_FUZZ_RUNS')

function roundTrips(value: Record<string, unknown>): void {
    const text = stringifyTemplate(value)
    if (!isDeepStrictEqual(parse(text), value)) expect(parse(text), text).toStrictEqual(value)
}

describe('writing resolved templates', () => {
    it('reads back every YAML file of the conformance suite and the samples as written', () => {
        const files = conformanceAndSampleFiles()
        let written = 0
        for (const file of files) {
            let data: unknown
            try {
                data = parse(fs.readFileSync(file, 'utf8'))
            } catch {
                continue // damaged on purpose: cases of the error group
            }
            if (data === null || typeof data !== 'object' || Array.isArray(data)) continue
            roundTrips(data as Record<string, unknown>)
            written++
        }
        // the samples alone where ../shared is missing (see conformanceAndSampleFiles)
        expect(written).toBeGreaterThanOrEqual(files.length > 50 ? 50 : 3)
    })

    it.each([
        // strings that read as something else unquoted, under YAML 1.2's core schema
        {a: ['', '~', 'null', 'true', 'False', '1', '-0', '0o17', '0x1F', '1.0', '-.5', '+.5', '.inf', '-.Inf', '.NaN', '1e5', '1_000', 'yes', 'no', 'on', 'y']},
        // indicators, comments, spaces, line breaks, escapes
        {
            a: [
                '-',
                '- x',
                'a: b',
                '#x',
                'x #y',
                '@x',
                '`x',
                '? x',
                '[x]',
                '{x}',
                '*x',
                '&x',
                '!x',
                '|x',
                '>x',
                '%x',
                "'x",
                '"x',
                ' x',
                'x ',
                'tab\there',
                'a\nb',
                'x\n',
                '\n',
                '  lead\n',
                '\u0085',
                'a\u2028b',
                'é ✔',
            ],
        },
        // keys of every kind, empty collections, numbers
        {'': 1, '1': 2, true: 3, null: 4, 'a b': 5, '- x': 6, nested: {list: [], map: {}, deep: [[1, [2]], {x: [{}]}]}, numbers: [0, -0, 1.5, -2.25, 1e21, 1e-7, 123456789012]},
    ])('reads back corner case %#', value => roundTrips(value))

    it('reads back random data', () => {
        const key = fc.oneof(fc.string(), fc.constantFrom('', 'null', 'true', '1', '- x', 'a: b', '#', '?'))
        const scalar = fc.oneof(
            fc.string(),
            fc.string({unit: 'binary', maxLength: 8}),
            fc.double({noNaN: true, noDefaultInfinity: true}),
            fc.integer(),
            fc.boolean(),
            fc.constant(null),
        )
        const data = fc.letrec(tie => ({
            value: fc.oneof({depthSize: 'small'}, scalar, fc.array(tie('value'), {maxLength: 4}), fc.dictionary(key, tie('value'), {maxKeys: 4, noNullPrototype: true})),
        })).value
        fc.assert(
            fc.property(fc.dictionary(key, data, {maxKeys: 5, noNullPrototype: true}), value => roundTrips(value)),
            {numRuns: RUNS},
        )
    })

    it('writes bidirectional controls escaped, in keys and values of one line or several, and reads them back the same', () => {
        const names = ['a\u202eb', 'x\u2066y\u2069', 'rtl\u200f', 'alm\u061c']
        const value = {
            topology_template: {node_templates: Object.fromEntries(names.map(n => [n, {type: n, description: `first line\n${n}\nlast`}]))},
            [names[0]!]: [names[1], `${names[2]}\n${names[3]}`],
            other: {[names[0]!]: names[1]},
        }
        // plain data (js-yaml), and data with undefined in it (`yaml`)
        for (const data of [value, {...value, undefined}]) {
            const text = stringifyTemplate(data)
            expect(text).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/)
            expect(text).toContain('\\u202E')
            expect(parse(text)).toEqual(JSON.parse(JSON.stringify(data)))
        }
        // a template without them is written as before, each value as plain as it reads
        expect(stringifyTemplate({a: {b: 'c'}})).toBe('a:\n  b: c\n')
    })

    it('leaves out undefined in a map and writes it as null in a list, as before', () => {
        expect(parse(stringifyTemplate({a: 1, b: undefined, c: [1, undefined]}))).toEqual({a: 1, c: [1, null]})
    })
})
