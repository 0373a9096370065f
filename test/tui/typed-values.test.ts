// A value a user types is read by one rule in every shell: `--set`, `TRELLIS_INPUT_<NAME>`, the
// wizard's value editor and line mode. The wizard and line mode once read it with a YAML parser of
// their own and took 12345678901234567890 as 12345678901234567000 and 1e400 as Infinity, which
// `--set` refuses; a refusal now reads the same in each, one line.
import {describe, expect, it} from 'vitest'
import {commandLine, definitionWith, lineMode, wizard} from '../helpers/typed-shells.js'

const TOO_BIG = 'the integer 12345678901234567890 cannot be kept exactly (integers are exact up to 9007199254740991); quote it to keep it as text: "12345678901234567890"'
const TOO_LARGE = 'the number 1e400 is too large to be kept (it would be written as .inf); write .inf, or quote it to keep it as text: "1e400"'

describe('a value that would not come out as written', () => {
    for (const type of ['integer', 'float'])
        for (const [text, message] of [
            ['12345678901234567890', TOO_BIG],
            ['1e400', TOO_LARGE],
        ] as const)
            it(`is refused alike for a ${type} input: ${text}`, async () => {
                const definition = definitionWith(type)
                expect(commandLine(definition, text, 'set')).toEqual({refused: message})
                expect(commandLine(definition, text, 'env')).toEqual({refused: message})
                expect(wizard(definition, text)).toEqual({refused: message})
                expect(await lineMode(definition, text)).toEqual({refused: message})
            })

    it('is kept when quoted, as text, and the largest exact integer as the integer', async () => {
        const text = '"12345678901234567890"'
        for (const reading of [commandLine(definitionWith('string'), text, 'set'), wizard(definitionWith('string'), text), await lineMode(definitionWith('string'), text)])
            expect(reading).toMatchObject({value: '12345678901234567890'})
        for (const reading of [commandLine(definitionWith('integer'), '9007199254740991', 'set'), wizard(definitionWith('integer'), '9007199254740991')])
            expect(reading).toMatchObject({value: 9007199254740991})
    })
})

describe('typed text', () => {
    it('that is not valid YAML is refused in one line that says where', () => {
        const definition = definitionWith('string')
        const message = 'the value is not valid YAML: Missing closing "quote at line 1, column 5'
        expect(commandLine(definition, '"abc', 'set')).toEqual({refused: message})
        expect(wizard(definition, '"abc')).toEqual({refused: message})
    })

    it('with an alias that names nothing, or itself, is refused (the command line stopped on an internal error)', () => {
        const definition = definitionWith(undefined)
        expect(commandLine(definition, '*x', 'set')).toEqual({refused: 'the value is not valid YAML: alias "*x" cannot be resolved at line 1, column 1'})
        expect(commandLine(definition, '&a [1, *a]', 'env')).toEqual({refused: 'the value is not valid YAML: alias "*a" cannot be resolved at line 1, column 8'})
        expect(wizard(definition, '&a [1, *a]')).toEqual({refused: 'the value is not valid YAML: alias "*a" cannot be resolved at line 1, column 8'})
    })

    it('with a tag the wizard once read as a date is refused', () => {
        const refused = {refused: 'the YAML tag !!timestamp is not read: its value has no plain TOSCA form; write the value as a plain map, list or string'}
        expect(wizard(definitionWith(undefined), '!!timestamp 2020-01-02')).toEqual(refused)
        expect(commandLine(definitionWith(undefined), '!!timestamp 2020-01-02', 'set')).toEqual(refused)
    })

    it('of only blanks is the empty string (the command line once dropped it without a word)', () => {
        for (const text of ['', '  ']) {
            expect(commandLine(definitionWith('string'), text, 'set')).toEqual({value: ''})
            expect(wizard(definitionWith('string'), text)).toEqual({value: '', shown: ''})
        }
    })

    it('~ is no value in each shell, whatever the type: the input keeps what presets and defaults give', async () => {
        for (const type of ['integer', 'string', undefined]) {
            const definition = definitionWith(type)
            expect(commandLine(definition, '~', 'set')).toEqual({value: undefined})
            expect(wizard(definition, '~')).toEqual({value: null, shown: undefined})
            expect(await lineMode(definition, '~')).toEqual({value: null})
        }
    })

    it('that does not fit the type is used as given with a warning by the command line, and asked again by the wizard and line mode, in the same words', async () => {
        const definition = definitionWith('integer')
        expect(commandLine(definition, 'many', 'set')).toEqual({value: 'many', mistyped: 'an integer'})
        expect(wizard(definition, 'many')).toEqual({refused: 'expects an integer'})
        expect(await lineMode(definition, 'many')).toEqual({refused: 'expects an integer'})
    })

    it('that is a value expression passes for any type, as on the command line: its result counts', async () => {
        const definition = definitionWith('string')
        expect(commandLine(definition, '{concat: [a, b]}', 'set')).toEqual({value: 'ab'})
        expect(wizard(definition, '{concat: [a, b]}')).toEqual({value: {concat: ['a', 'b']}, shown: 'ab'})
        expect(await lineMode(definition, '{concat: [a, b]}')).toEqual({value: {concat: ['a', 'b']}})
    })
})
