// Property: every shell reads a value text a user types by one rule. For random texts at the
// edges of YAML (integers past 2^53, exponents past a double, .inf and .nan, 0x and 0o forms,
// YAML 1.1 words, quotes, tags, anchors, flow collections, dates, blanks, ~, nesting about the
// limit) and every input type: `--set`, `TRELLIS_INPUT_<NAME>`, the wizard's value editor and line
// mode refuse the same texts in the same words, and give the input the same value. Where the value
// does not fit the type, the command line uses it as given with a warning (as the reference does)
// and the wizard and line mode ask again, naming the same expectation.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {iterations} from '../helpers/deep.js'
import {commandLine, definitionWith, lineMode, wizard} from '../helpers/typed-shells.js'
import type {VariabilityDefinition} from '../../src/engine/inputs/index.js'
import {inputRules} from '../../src/tui/input-rules.js'

const RUNS = iterations(300, 3000)

const TYPES = [undefined, 'string', 'integer', 'float', 'boolean', 'list', 'map', 'timestamp'] as const
const DEFINITIONS = new Map<string | undefined, VariabilityDefinition>(TYPES.map(t => [t, definitionWith(t)]))

/** Scalars whose reading differs between schemas, parsers or doubles. */
const EDGES = [
    '9007199254740991',
    '9007199254740992',
    '-9007199254740993',
    '12345678901234567890',
    '0x20000000000001',
    '0o400000000000000001',
    '0x1F',
    '0X1F',
    '0o17',
    '0O17',
    '0x',
    '0o',
    '0b101',
    '017',
    '-0',
    '+1',
    '1_000',
    '1e400',
    '-1e400',
    '1E+400',
    '1e-400',
    '1e308',
    '1.7976931348623157e308',
    '1.8e308',
    '4.9e-324',
    '1.0',
    '1.',
    '.5',
    '.inf',
    '-.Inf',
    '+.INF',
    '.nan',
    '.NaN',
    'NaN',
    'inf',
    'yes',
    'No',
    'on',
    'OFF',
    'y',
    'n',
    'true',
    'True',
    'FALSE',
    '~',
    'null',
    'Null',
    '',
    '2020-01-02',
    '2020-01-02T10:20:30Z',
    '12:30:45',
    '1,000',
    '__proto__',
    '"12345678901234567890"',
    "'1e400'",
    '"yes"',
    "'~'",
    '""',
    '"\\t"',
    '"a\\nb"',
    '[]',
    '{}',
    '[1, 2]',
    '{a: 1}',
    '{concat: [a, b]}',
    '{variability_input: n}',
    '{a: 1, a: 2}',
    '{[a]: 1}',
    '[a]: 1',
    '&a [1, *a]',
    '[&a 1, *a]',
    '*x',
    '!!binary aGk=',
    '!!str 5',
    '!!int 5',
    '!!float 5',
    '!!bool yes',
    '!!timestamp 2020-01-02',
    '!!set {a, b}',
    '!foo bar',
    '- a',
    '? a',
    'a: b: c',
    '"unterminated',
    '{a: [1, 2',
    '@x',
    '`x',
    '# a comment',
    'a # a comment',
    '--- x',
    '...',
    '|',
    '"\\u001b[31mred"',
]

/** Texts over several lines: only the command line takes them (the wizard's editor and line mode read one line). */
const LINES = ['- a\n- b', 'a: 1\nb: 2', 'a\n---\nb', '%YAML 1.1\n--- yes', '|\n  text\n', 'a:\n  - 12345678901234567890', '"a\n  b"', '[1,\n2]']

const integer = fc.bigInt({min: -(2n ** 70n), max: 2n ** 70n}).map(n => n.toString())
const prefixed = fc.tuple(fc.constantFrom('0x', '0o', '-0x', '+0o'), fc.bigInt({min: 0n, max: 2n ** 64n})).map(([p, n]) => `${p}${n.toString(p.endsWith('x') ? 16 : 8)}`)
const exponent = fc
    .tuple(fc.integer({min: -99, max: 99}), fc.constantFrom('', '.5', '.'), fc.constantFrom('e', 'E', 'e+', 'e-'), fc.integer({min: 0, max: 450}))
    .map(([m, f, e, x]) => `${m}${f}${e}${x}`)
const scalar = fc.oneof(fc.constantFrom(...EDGES), integer, prefixed, exponent, fc.string({maxLength: 6}))
const quoted = fc.tuple(fc.constantFrom('"', "'"), scalar).map(([q, s]) => `${q}${s.replaceAll('\\', '\\\\').replaceAll(q, q === "'" ? "''" : '\\"')}${q}`)

/** Flow collections of the scalars, nested a few levels. */
const {flow} = fc.letrec<{flow: string}>(tie => ({
    flow: fc.oneof(
        {depthSize: 'small', withCrossShrink: true},
        scalar,
        quoted,
        fc.array(tie('flow'), {maxLength: 3}).map(items => `[${items.join(', ')}]`),
        fc.array(fc.tuple(fc.constantFrom('a', 'b', '"k"', '1'), tie('flow')), {maxLength: 3}).map(pairs => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
    ),
}))

/** Lists nested about the 500 levels a text may nest. */
const deep = fc.integer({min: 495, max: 505}).map(n => `${'['.repeat(n)}1${']'.repeat(n)}`)
const blank = fc.constantFrom('', ' ', '  ', '\t', ' \t ')
const padded = fc.tuple(blank, fc.oneof(scalar, quoted, flow), blank).map(([a, s, b]) => a + s + b)
const oneLine = fc.oneof(scalar, quoted, flow, deep, padded).filter(s => !/[\r\n]/.test(s))
const type = fc.constantFrom(...TYPES)

/** What the wizard's editor and line mode must make of a text the command line read as `cli`. */
function expectSame(cli: ReturnType<typeof commandLine>, typed: {ok: true; value: unknown} | {ok: false; error: string}): void {
    if ('refused' in cli) expect(typed).toEqual({ok: false, error: cli.refused})
    else if (cli.mistyped) expect(typed).toEqual({ok: false, error: `expects ${cli.mistyped}`})
    else expect(typed.ok).toBe(true)
}

describe('a typed value text', () => {
    it(`reads alike in --set, TRELLIS_INPUT_, the wizard's editor and line mode (${RUNS} texts)`, async () => {
        await fc.assert(
            fc.asyncProperty(oneLine, type, async (text, t) => {
                const definition = DEFINITIONS.get(t)!
                const cli = commandLine(definition, text, 'set')
                expect(commandLine(definition, text, 'env')).toEqual(cli)
                const typed = inputRules.typed(t, text)
                expectSame(cli, typed)
                const editor = wizard(definition, text)
                if ('refused' in cli) expect(editor).toEqual(cli)
                else if (cli.mistyped) expect(editor).toEqual({refused: `expects ${cli.mistyped}`})
                // what the wizard commits is, for the engine, the value --set gives
                else expect(editor).toEqual({value: typed.ok ? typed.value : undefined, shown: cli.value})
                // a boolean is asked yes or no, and an empty answer keeps the value
                if (t === 'boolean') return
                const answered = await lineMode(definition, text)
                if (text === '') expect(answered).toEqual({kept: true})
                else if ('refused' in editor) expect(answered).toEqual(editor)
                else expect(answered).toEqual({value: editor.value})
            }),
            {numRuns: RUNS},
        )
    })

    it(`over several lines reads alike in --set, TRELLIS_INPUT_ and the wizard's rule (${RUNS} texts)`, () => {
        const text = fc
            .tuple(fc.array(fc.oneof(fc.constantFrom(...LINES), oneLine), {minLength: 1, maxLength: 3}), fc.constantFrom('\n', '\r\n'))
            .map(([parts, eol]) => parts.join(eol))
        fc.assert(
            fc.property(text, type, (s, t) => {
                const definition = DEFINITIONS.get(t)!
                const cli = commandLine(definition, s, 'set')
                expect(commandLine(definition, s, 'env')).toEqual(cli)
                expectSame(cli, inputRules.typed(t, s))
            }),
            {numRuns: RUNS},
        )
    })
})
