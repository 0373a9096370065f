// Random YAML texts for comparing the fast and the exact YAML readers: value trees
// rendered by `yaml` and by js-yaml with random options, and by a hand renderer
// that writes scalars unquoted (so 0b101, 1_000, +.5 or -0x1F reach the readers as
// plain scalars), then possibly damaged by a few random edits.
import fc from 'fast-check'
import {dump} from 'js-yaml'
import {stringify} from 'yaml'

/** Plain scalars whose reading differs between YAML schemas or parsers, and other awkward text. */
const TRICKY = [
    '0',
    '-0',
    '+0',
    '00',
    '012',
    '-012',
    '0o17',
    '0O17',
    '+0o7',
    '0x1F',
    '0X1F',
    '0xff',
    '-0x1F',
    '0b101',
    '1_000',
    '1_0.5',
    '1.5_0',
    '1.5',
    '1.',
    '.5',
    '+.5',
    '-.5',
    '1e5',
    '1E+5',
    '1.5e-3',
    '.5e3',
    '-1.e2',
    '1e',
    '.e1',
    '12345678901234567890',
    '0.1e400',
    '6.02e23',
    '.inf',
    '-.Inf',
    '+.INF',
    '.Inf',
    '.nan',
    '.NaN',
    '.NAN',
    '.Nan',
    'NaN',
    'inf',
    '-inf',
    'true',
    'True',
    'TRUE',
    'tRUE',
    'false',
    'False',
    'FALSE',
    'yes',
    'No',
    'on',
    'OFF',
    'y',
    'n',
    '~',
    'null',
    'Null',
    'NULL',
    'nULL',
    '2023-01-01',
    '2023-01-01T00:00:00.000Z',
    '1:20',
    '1,000',
    '12:30:45',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'hello world',
    'a#b',
    'x-y',
    'é',
    '日本語',
    '😀',
    '@x',
    '`x',
    '%x',
    '<<',
    '=',
    'a: b',
    '- a',
    '? a',
    'a,b',
    'a]',
    'a}',
    "it's",
    'say "hi"',
    // brackets, quotes and node indicators inside a plain scalar (text, not structure)
    'a != "b"',
    '${f(split("::", "{{ x | join("::") }}"))}',
    'x [y] {z}',
    'x !y &z *w',
    "a 'b' c",
    'a "b',
    'a [b',
    'a {b: c',
    'a ]b',
    'a, "b": c',
    'x "#y',
    'x [#y',
    'x: !y',
    'x: &y z',
    'x: *y',
    'x - !y',
    'x ? "y"',
    'a\\b',
    'C:\\dir',
    'http://x.org/a#b?c=1&d=2',
    '|',
    '>',
    '-',
    '?',
    ':',
    '!',
    '&',
    '*',
    '#',
    '---',
    '...',
    ' lead',
    'trail ',
    'two  spaces',
    'multi\nline',
    'multi\n\nparagraph\n',
    'tab\there',
    '\ttab first',
    'cr\rlf',
    'crlf\r\nline',
    '\u0085nel',
    'ls\u2028ps\u2029',
    'bom\ufeff',
    'bell\u0007',
    '\u00a0nbsp',
    '',
]

const scalar: fc.Arbitrary<unknown> = fc.oneof(
    {weight: 6, arbitrary: fc.constantFrom(...TRICKY)},
    {weight: 2, arbitrary: fc.string({maxLength: 12})},
    {weight: 1, arbitrary: fc.string({unit: 'grapheme', maxLength: 6})},
    {weight: 2, arbitrary: fc.integer()},
    {weight: 1, arbitrary: fc.double()},
    {weight: 1, arbitrary: fc.boolean()},
    {weight: 1, arbitrary: fc.constant(null)},
    {weight: 1, arbitrary: fc.string({minLength: 60, maxLength: 200})},
)

const key = fc.oneof(
    {weight: 3, arbitrary: fc.constantFrom(...TRICKY)},
    {weight: 3, arbitrary: fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/)},
    {weight: 1, arbitrary: fc.string({maxLength: 8})},
)

const value: fc.Arbitrary<unknown> = fc.letrec<{value: unknown}>(tie => ({
    value: fc.oneof(
        {depthSize: 'small', withCrossShrink: true},
        {weight: 3, arbitrary: scalar},
        {weight: 2, arbitrary: fc.array(tie('value'), {maxLength: 4})},
        {weight: 2, arbitrary: fc.dictionary(key, tie('value'), {maxKeys: 5, noNullPrototype: true})},
    ),
})).value

const yamlOptions = fc.record({
    indent: fc.constantFrom(2, 3, 4),
    indentSeq: fc.boolean(),
    lineWidth: fc.constantFrom(0, 12, 40, 80),
    minContentWidth: fc.constantFrom(0, 20),
    defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED') as fc.Arbitrary<'PLAIN'>,
    defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE') as fc.Arbitrary<null>,
    collectionStyle: fc.constantFrom('any', 'block', 'flow') as fc.Arbitrary<'any'>,
    flowCollectionPadding: fc.boolean(),
    doubleQuotedAsJSON: fc.boolean(),
    doubleQuotedMinMultiLineLength: fc.constantFrom(0, 40),
    nullStr: fc.constantFrom('null', '~', ''),
    trueStr: fc.constantFrom('true', 'True'),
})

const jsYamlOptions = fc.record({
    indent: fc.constantFrom(1, 2, 4),
    flowLevel: fc.constantFrom(-1, 0, 1, 2),
    lineWidth: fc.constantFrom(-1, 20, 80),
    quotingType: fc.constantFrom("'", '"') as fc.Arbitrary<"'">,
    forceQuotes: fc.boolean(),
    condenseFlow: fc.boolean(),
    noArrayIndent: fc.boolean(),
})

/** Writes block YAML by hand with every string unquoted where it fits on one line, and comments in between. */
function handWritten(data: unknown, indent: number, comments: boolean): string {
    const pad = (n: number) => ' '.repeat(n)
    const plain = (v: unknown) => (typeof v === 'string' && v !== '' && !/[\n\r\t]/.test(v) ? v : (JSON.stringify(v) ?? 'null'))
    const lines: string[] = []
    const write = (v: unknown, level: number, prefix: string): void => {
        if (Array.isArray(v) && v.length > 0) {
            if (prefix) lines.push(prefix)
            for (const item of v) write(item, level + indent, `${pad(level)}- `)
        } else if (v !== null && typeof v === 'object' && Object.keys(v).length > 0) {
            if (prefix) lines.push(prefix)
            for (const [k, item] of Object.entries(v)) write(item, level + indent, `${pad(level)}${plain(k)}:`)
        } else
            lines.push(
                `${prefix}${prefix.endsWith(' ') || !prefix ? '' : ' '}${Array.isArray(v) ? '[]' : v !== null && typeof v === 'object' ? '{}' : plain(v)}${comments ? ' # c' : ''}`,
            )
    }
    write(data, 0, '')
    return lines.join('\n') + '\n'
}

const rendered: fc.Arbitrary<string> = fc.oneof(
    fc.tuple(value, yamlOptions).map(([v, o]) => stringify(v, {...o, aliasDuplicateObjects: false})),
    fc.tuple(value, jsYamlOptions).map(([v, o]) => {
        try {
            return dump(v, {...o, noRefs: true})
        } catch {
            return 'a: 1\n'
        }
    }),
    fc.tuple(value, fc.constantFrom(1, 2, 4), fc.boolean()).map(([v, i, c]) => handWritten(v, i, c)),
)

const SNIPPETS = [
    '#',
    ' # c',
    '\t',
    ' ',
    '\n',
    '\r',
    '\r\n',
    '&a ',
    '*a',
    '!',
    '!!str ',
    '[',
    ']',
    '{',
    '}',
    ',',
    '"',
    "'",
    '- ',
    ': ',
    '? ',
    '|',
    '>',
    '|-',
    '%YAML 1.1\n---\n',
    '---\n',
    '...\n',
    '\\',
    'x'.repeat(1030),
    '0b1',
    '\u00a0',
    '\ufeff',
]

/** An edit: insert a snippet, delete a stretch, duplicate, drop or re-indent a line. */
const edit = fc.oneof(
    fc.tuple(fc.nat(), fc.constantFrom(...SNIPPETS)).map(
        ([at, snippet]) =>
            (text: string) =>
                text.slice(0, at % (text.length + 1)) + snippet + text.slice(at % (text.length + 1)),
    ),
    fc.tuple(fc.nat(), fc.integer({min: 1, max: 4})).map(
        ([at, n]) =>
            (text: string) =>
                text.slice(0, at % (text.length + 1)) + text.slice((at % (text.length + 1)) + n),
    ),
    fc.tuple(fc.nat(), fc.constantFrom('duplicate', 'drop', 'indent', 'dedent')).map(([at, how]) => (text: string) => {
        const lines = text.split('\n')
        const i = at % lines.length
        if (how === 'duplicate') lines.splice(i, 0, lines[i]!)
        else if (how === 'drop') lines.splice(i, 1)
        else if (how === 'indent') lines[i] = ' ' + lines[i]
        else lines[i] = lines[i]!.replace(/^ /, '')
        return lines.join('\n')
    }),
)

/** A YAML text: rendered from a random value, and in about half of the cases edited up to three times. */
export const yamlText: fc.Arbitrary<string> = fc
    .tuple(rendered, fc.oneof({weight: 1, arbitrary: fc.constant([])}, {weight: 1, arbitrary: fc.array(edit, {minLength: 1, maxLength: 3})}))
    .map(([text, edits]) => edits.reduce((t, e) => e(t), text))
