// Variability inputs: presets, direct assignments, defaults, default
// expressions, type checks, cycles and input constraints.
import {describe, expect, it} from 'vitest'
import {evaluateValue} from '../../src/engine/expressions/index.js'
import {checkInputConstraints, describeSource, readVariabilityDefinition, VariabilityInputs, type InputAssignment, type InputSource} from '../../src/engine/inputs/index.js'
import {readYaml} from '../../src/engine/load/yaml/index.js'
import {expectCode} from '../helpers/errors.js'

const FILE = 'template.yaml'

/** A template whose `topology_template.variability` is the given YAML (written at column 0). */
function templateText(variability: string): string {
    const body = variability
        .trim()
        .split('\n')
        .map(line => `        ${line}`)
        .join('\n')
    return `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    variability:\n${body}\n`
}

function load(variability: string) {
    const text = templateText(variability)
    const {data, sourceMap} = readYaml(text, FILE)
    const definition = readVariabilityDefinition(data as Record<string, unknown>, sourceMap)
    return {text, definition, sourceMap}
}

function inputs(variability: string, presets: readonly string[] = [], assignments: readonly InputAssignment[] = []): VariabilityInputs {
    const {definition, sourceMap} = load(variability)
    return new VariabilityInputs(definition, sourceMap, presets, assignments)
}

/** 1-based line of the first line containing `needle`. */
function lineOf(text: string, needle: string): number {
    const index = text.split('\n').findIndex(line => line.includes(needle))
    if (index < 0) throw new Error(`"${needle}" not in template`)
    return index + 1
}

const set = (name: string, value: unknown): InputAssignment => ({name, value, source: {kind: 'set'}})
const fromFile = (name: string, value: unknown): InputAssignment => ({name, value, source: {kind: 'file', file: 'inputs.yaml'}})

// The specification's example under "Retrieve Variability Inputs Assignments".
const SPEC_EXAMPLE = `
inputs:
    mode:
        type: string
    another_input:
        type: string
    another_another_input:
        type: string
presets:
    dev:
        name: Development
        description: Deploy the application on a private cloud
        inputs:
            mode: dev
            another_input: dev
            another_another_input: dev
    prod:
        name: Production
        description: Deploy the application on a public cloud
        inputs:
            mode: prod
            another_input: prod
`

describe('presets and direct assignments', () => {
    it('reproduces the specification example: dev, then prod, then mode=override', () => {
        const values = inputs(SPEC_EXAMPLE, ['dev', 'prod'], [set('mode', 'override')])
        expect(values.value('mode').value).toBe('override')
        expect(values.value('another_input').value).toBe('prod')
        expect(values.value('another_another_input').value).toBe('dev')
    })

    it('applies presets in the order given: the later one wins', () => {
        const values = inputs(SPEC_EXAMPLE, ['prod', 'dev'])
        expect(values.value('mode').value).toBe('dev')
        expect(values.value('another_input').value).toBe('dev')
    })

    it('reads the preset definitions', () => {
        const {definition} = load(SPEC_EXAMPLE)
        const dev = definition.presets.get('dev')!
        expect(dev.displayName).toBe('Development')
        expect(dev.description).toBe('Deploy the application on a private cloud')
        expect(dev.inputs).toEqual({mode: 'dev', another_input: 'dev', another_another_input: 'dev'})
    })

    it('applies direct assignments after all presets, in the order given', () => {
        const values = inputs(SPEC_EXAMPLE, ['dev'], [fromFile('mode', 'from-file'), set('mode', 'from-set'), fromFile('another_input', 'x')])
        expect(values.value('mode').value).toBe('from-set')
        expect(values.value('another_input').value).toBe('x')
        expect(values.value('another_another_input').value).toBe('dev')
    })

    it('records the source of each value and what it overrode, latest first', () => {
        const {text, definition, sourceMap} = load(SPEC_EXAMPLE)
        const values = new VariabilityInputs(definition, sourceMap, ['dev', 'prod'], [set('mode', 'override')])

        const mode = values.value('mode')
        expect(mode.source).toEqual({kind: 'set'})
        expect(mode.overridden.map(o => o.value)).toEqual(['prod', 'dev'])
        expect(mode.overridden.map(o => (o.source as {preset?: string}).preset)).toEqual(['prod', 'dev'])

        const another = values.value('another_input')
        expect(another.source.kind).toBe('preset')
        expect((another.source as Extract<InputSource, {kind: 'preset'}>).preset).toBe('prod')
        expect(another.overridden).toEqual([expect.objectContaining({value: 'dev'})])

        const last = values.value('another_another_input')
        expect(last.source).toMatchObject({kind: 'preset', preset: 'dev'})
        expect(last.overridden).toEqual([])
        // the preset source points at the assignment inside the preset
        const location = (last.source as Extract<InputSource, {kind: 'preset'}>).location
        expect(location?.file).toBe(FILE)
        expect(location?.line).toBe(lineOf(text, 'another_another_input: dev'))
    })

    it('an unknown preset is reported with a help line listing the known presets', () => {
        const error = expectCode(() => inputs(SPEC_EXAMPLE, ['x']), 'unknown-preset')
        expect(error.message).toBe('Did not find variability preset "x"')
        expect(error.help).toHaveLength(1)
        expect(error.help[0]).toMatch(/dev/)
        expect(error.help[0]).toMatch(/prod/)
    })

    it('a misspelt preset gets the closest preset as help', () => {
        const error = expectCode(() => inputs(SPEC_EXAMPLE, ['prd']), 'unknown-preset')
        expect(error.message).toBe('Did not find variability preset "prd"')
        expect(error.help).toEqual(['did you mean "prod"?'])
    })

    it('an unknown preset of a template without presets says so in a note', () => {
        const error = expectCode(() => inputs('inputs: {mode: {type: string}}', ['prod']), 'unknown-preset')
        expect([error.notes, error.help]).toEqual([['the template defines no presets'], []])
    })

    it('a preset in a template without presets is unknown', () => {
        const error = expectCode(() => inputs('inputs:\n    mode: {type: string}', ['dev']), 'unknown-preset')
        expect(error.message).toContain('Did not find variability preset "dev"')
    })

    it('assigning an undeclared input is an error with a suggestion', () => {
        const error = expectCode(() => inputs(SPEC_EXAMPLE, [], [set('mdoe', 'dev')]), 'input-unknown')
        expect(error.message).toBe('Variability input "mdoe" is not defined')
        expect(error.help).toEqual(['did you mean "mode"?'])
    })

    it('assigning an input far from every declared name lists the declared inputs as help', () => {
        const error = expectCode(() => inputs(SPEC_EXAMPLE, [], [set('colour', 'red')]), 'input-unknown')
        expect(error.help).toHaveLength(1)
        expect(error.help[0]).toMatch(/^the template's variability inputs are mode\b/)
    })

    it('referencing an undeclared input is an error', () => {
        const values = inputs(SPEC_EXAMPLE)
        const error = expectCode(() => values.value('nope'), 'undefined-reference')
        expect(error.message).toContain('Variability input "nope" is not defined')
    })
})

describe('defaults', () => {
    it('uses `default` when nothing is assigned', () => {
        const {text, definition, sourceMap} = load('inputs:\n    replicas:\n        type: integer\n        default: 3')
        const value = new VariabilityInputs(definition, sourceMap, [], []).value('replicas')
        expect(value.value).toBe(3)
        expect(value.source.kind).toBe('default')
        expect((value.source as Extract<InputSource, {kind: 'default'}>).location?.line).toBe(lineOf(text, 'default: 3'))
    })

    it('an assignment wins over `default`', () => {
        const value = inputs('inputs:\n    replicas:\n        type: integer\n        default: 3', [], [fromFile('replicas', 5)]).value('replicas')
        expect(value.value).toBe(5)
        expect(value.source.kind).toBe('file')
    })

    it('computes `default_expression`, which may use other inputs', () => {
        const values = inputs(
            `
inputs:
    name:
        type: string
    greeting:
        type: string
        default_expression: {concat: ['hello ', {variability_input: name}]}
`,
            [],
            [set('name', 'Miles')],
        )
        const greeting = values.value('greeting')
        expect(greeting.value).toBe('hello Miles')
        expect(greeting.source.kind).toBe('default_expression')
    })

    it('`default_expression` is lazy: not evaluated when nothing needs it', () => {
        const variability = `
inputs:
    broken:
        default_expression: {variability_input: unset}
    unset:
        type: string
    fine:
        default: 1
`
        const values = inputs(variability)
        expect(values.value('fine').value).toBe(1)
        expectCode(() => values.value('broken'), 'input-missing')
    })

    it('`default_expression` is not evaluated when a value is assigned', () => {
        const values = inputs('inputs:\n    x:\n        default_expression: {no_such_operator: 1}', [], [set('x', 'given')])
        expect(values.value('x').value).toBe('given')
    })

    it('a default expression may use a named value expression', () => {
        const values = inputs(`
inputs:
    size:
        default_expression: {value_expression: double}
expressions:
    double: {mul: [2, 21]}
`)
        expect(values.value('size').value).toBe(42)
    })

    it('an input without value, default or default expression has no value', () => {
        const values = inputs('inputs:\n    lonely:\n        type: string')
        const error = expectCode(() => values.value('lonely'), 'input-missing')
        expect(error.message).toContain('Variability input "lonely" has no value nor default (expression) assigned')
    })

    it('all() lists unset inputs without failing', () => {
        const all = inputs('inputs:\n    lonely:\n        type: string\n    other:\n        default: 1').all()
        expect(all.map(v => [v.name, v.value, v.source.kind])).toEqual([
            ['lonely', undefined, 'unset'],
            ['other', 1, 'default'],
        ])
    })

    it('a null assignment counts as unassigned', () => {
        const values = inputs('inputs:\n    x:\n        default: fallback', [], [fromFile('x', null)])
        expect(values.value('x').value).toBe('fallback')
    })
})

describe('value expressions through the inputs scope', () => {
    it('evaluateValue reads inputs and named expressions', () => {
        const values = inputs(
            `
inputs:
    mode:
        type: string
expressions:
    is_prod: {equal: [{variability_input: mode}, prod]}
`,
            [],
            [set('mode', 'prod')],
        )
        expect(evaluateValue({value_expression: 'is_prod'}, values)).toBe(true)
    })

    it('an unknown named expression is reported', () => {
        const values = inputs('expressions:\n    is_prod: true')
        const error = expectCode(() => evaluateValue({value_expression: 'is_prd'}, values), 'undefined-reference')
        expect(error.message).toContain('Did not find value expression "is_prd"')
    })
})

describe('type checks', () => {
    const TYPED = `
inputs:
    s:
        type: string
    i:
        type: integer
    f:
        type: float
    b:
        type: boolean
    l:
        type: list
    m:
        type: map
`

    it.each([
        ['s', 'text'],
        ['i', 3],
        ['f', 1.5],
        ['f', 2],
        ['b', true],
        ['b', false],
        ['l', [1, 2]],
        ['m', {a: 1}],
    ])('accepts %s = %j', (name, value) => {
        expect(inputs(TYPED, [], [fromFile(name, value)]).value(name).value).toEqual(value)
    })

    it.each([
        ['s', 5],
        ['s', true],
        ['i', 1.5],
        ['i', '3'],
        ['f', 'x'],
        ['b', 'maybe'],
        ['b', 1],
        ['l', 'a'],
        ['l', {a: 1}],
        ['m', [1]],
        ['m', 'a'],
    ])('uses %s = %j as given, with a warning (the reference never checks input types)', (name, value) => {
        const values = inputs(TYPED, [], [fromFile(name, value)])
        expect(values.value(name).value).toEqual(value)
        expect(values.warnings.map(w => w.code)).toEqual(['input-type'])
        expect(values.warnings[0]!.message).toContain(`Variability input "${name}"`)
        expect(values.warnings[0]!.message).toContain('used as given')
    })

    it.each([
        ['yes', true],
        ['no', false],
        ['Yes', true],
        ['NO', false],
        ['true', true],
    ])('reads %j typed for a boolean input (--set) as %s', (word, expected) => {
        const values = inputs(TYPED, [], [set('b', word)])
        expect(values.value('b').value).toBe(expected)
        expect(values.warnings).toEqual([])
    })

    it.each(['yes', 'no', 'true', 'On'])('keeps the string %j written in a file for a boolean input, with a warning, as the reference reads it', word => {
        const values = inputs(TYPED, [], [fromFile('b', word)])
        expect(values.value('b').value).toBe(word)
        expect(values.warnings.map(w => w.code)).toEqual(['input-type'])
    })

    it('a number given via --set to a string input becomes text', () => {
        const value = inputs(TYPED, [], [set('s', 42)]).value('s')
        expect(value.value).toBe('42')
        expect(value.source).toEqual({kind: 'set'})
    })

    it('a number given in an inputs file to a string input is kept, with a warning', () => {
        const values = inputs(TYPED, [], [fromFile('s', 42)])
        expect(values.value('s').value).toBe(42)
        expect(values.warnings).toHaveLength(1)
    })

    it('a type mismatch from --set says so in its warning', () => {
        const values = inputs(TYPED, [], [set('i', 'many')])
        expect(values.value('i').value).toBe('many')
        expect(values.warnings[0]!.message).toContain('--set')
    })

    it('values from presets are checked and a mismatch is located in the preset', () => {
        const {text, definition, sourceMap} = load(`
inputs:
    count:
        type: integer
presets:
    big:
        inputs:
            count: lots
`)
        const values = new VariabilityInputs(definition, sourceMap, ['big'], [])
        expect(values.value('count').value).toBe('lots')
        expect(values.warnings[0]!.location?.line).toBe(lineOf(text, 'count: lots'))
    })

    it('a boolean preset value yes stays the string YAML 1.2 reads, with a warning', () => {
        const values = inputs('inputs:\n    on:\n        type: boolean\npresets:\n    p:\n        inputs:\n            on: yes', ['p'])
        expect(values.value('on').value).toBe('yes')
        expect(values.warnings.map(w => w.code)).toEqual(['input-type'])
    })

    it('a default of the wrong type is reported when the input is used', () => {
        const values = inputs('inputs:\n    i:\n        type: integer\n        default: ten')
        expect(values.value('i').value).toBe('ten')
        expect(values.warnings.map(w => w.code)).toEqual(['input-type'])
    })

    it('a default written as a value expression is evaluated (as in the reference)', () => {
        const values = inputs(
            "inputs:\n    region:\n        type: string\n        default: {concat: [eu, '-', {variability_input: zone}]}\n    zone:\n        type: integer\n        default: 2",
        )
        expect(values.value('region').value).toBe('eu-2')
        expect(values.warnings).toEqual([])
    })

    it('an assigned value written as a value expression is evaluated too', () => {
        const values = inputs('inputs:\n    n:\n        type: integer', [], [fromFile('n', {add: [1, 2]})])
        expect(values.value('n').value).toBe(3)
    })

    it('listing every input does not fail on one whose default cannot be computed: it is marked, as resolving reads it only when used', () => {
        const values = inputs('inputs:\n    broken:\n        type: integer\n        default_expression: {add: [1, nope]}\n    ok:\n        default: 1')
        const listed = values.all()
        expect(listed.map(i => [i.name, i.source.kind])).toEqual([
            ['broken', 'failed'],
            ['ok', 'default'],
        ])
        expect(describeSource(listed[0]!.source)).toMatch(/^cannot be computed: .*operator "add" expects numbers, got "nope"$/)
        expectCode(() => values.value('broken'), 'operand-type')
    })

    it('a map whose key is no operator stays a map value', () => {
        expect(inputs(TYPED, [], [fromFile('m', {a: 1})]).value('m').value).toEqual({a: 1})
    })

    it('inputs without a type accept anything', () => {
        expect(inputs('inputs:\n    any: {}', [], [fromFile('any', {deep: [1]})]).value('any').value).toEqual({deep: [1]})
    })
})

describe('cycles', () => {
    it('between default expressions is an expression-cycle naming the inputs', () => {
        const values = inputs(`
inputs:
    a:
        default_expression: {variability_input: b}
    b:
        default_expression: {variability_input: a}
`)
        const error = expectCode(() => values.value('a'), 'expression-cycle')
        expect(error.message).toContain('input "a"')
        expect(error.message).toContain('input "b"')
        expect(error.message).toMatch(/input "a".*input "b".*input "a"/)
    })

    it('a default expression referring to its own input is a cycle', () => {
        const values = inputs('inputs:\n    a:\n        default_expression: {add: [1, {variability_input: a}]}')
        expectCode(() => values.value('a'), 'expression-cycle')
    })

    it('between named value expressions is an expression-cycle naming the expressions', () => {
        const values = inputs(`
expressions:
    one: {value_expression: two}
    two: {add: [1, {value_expression: one}]}
`)
        const error = expectCode(() => evaluateValue({value_expression: 'one'}, values), 'expression-cycle')
        expect(error.message).toMatch(/expression "one".*expression "two".*expression "one"/)
    })

    it('through an input and an expression', () => {
        const values = inputs(`
inputs:
    a:
        default_expression: {value_expression: e}
expressions:
    e: {variability_input: a}
`)
        const error = expectCode(() => values.value('a'), 'expression-cycle')
        expect(error.message).toContain('input "a"')
        expect(error.message).toContain('expression "e"')
    })

    it('a non-cyclic diamond of references is not a cycle', () => {
        const values = inputs(`
inputs:
    base:
        default: 2
    left:
        default_expression: {mul: [{variability_input: base}, 3]}
    right:
        default_expression: {add: [{variability_input: base}, 1]}
    top:
        default_expression: {add: [{variability_input: left}, {variability_input: right}]}
`)
        expect(values.value('top').value).toBe(9)
    })
})

describe('checkInputConstraints', () => {
    const violated = (variability: string, assignments: InputAssignment[] = []) => {
        const error = expectCode(() => checkInputConstraints(inputs(variability, [], assignments)), 'inputs-constraints-violated')
        // the conformance suite's text first, then which constraint of which input
        expect(error.message).toMatch(/^Variability inputs constraints are violated: input "\w+"/)
        expect(error.errorClass).toBe('input')
        return error
    }
    const holds = (variability: string, assignments: InputAssignment[] = []) => {
        expect(() => checkInputConstraints(inputs(variability, [], assignments))).not.toThrow()
    }

    it('requires: satisfied when both hold', () => {
        holds('inputs:\n    first:\n        default: true\n        requires: second\n    second:\n        default: true')
    })

    it('requires: violated when the required input is false', () => {
        violated('inputs:\n    first:\n        default: true\n        requires: second\n    second:\n        default: false')
    })

    it('requires: violated when the required input has no value', () => {
        violated('inputs:\n    first:\n        default: true\n        requires: second\n    second:\n        type: boolean')
    })

    it('requires: the string "yes" of an untyped input is truthy', () => {
        violated('inputs:\n    first:\n        default: yes\n        requires: second\n    second:\n        default: false')
    })

    it('requires: nothing is required of an input that does not hold', () => {
        holds('inputs:\n    first:\n        default: false\n        requires: [second]\n    second:\n        default: false')
    })

    it('requires: assignments count, not only defaults', () => {
        const variability = 'inputs:\n    first:\n        default: false\n        requires: second\n    second:\n        default: false'
        violated(variability, [fromFile('first', true)])
        holds(variability, [fromFile('first', true), fromFile('second', true)])
    })

    it('excludes: violated when both hold', () => {
        violated('inputs:\n    a:\n        default: true\n        excludes: b\n    b:\n        default: true')
    })

    it('excludes: satisfied when the excluded one does not hold', () => {
        holds('inputs:\n    a:\n        default: true\n        excludes: [b]\n    b:\n        default: false')
    })

    const ALTERNATIVES = 'inputs:\n    a:\n        default: true\n        alternatives: [b, c]\n    b:\n        type: boolean\n    c:\n        type: boolean'

    it('alternatives: exactly one must hold', () => {
        holds(ALTERNATIVES, [fromFile('b', true)])
        holds(ALTERNATIVES, [fromFile('c', true), fromFile('b', false)])
        violated(ALTERNATIVES, [fromFile('b', true), fromFile('c', true)])
        violated(ALTERNATIVES)
    })

    const CHOICES = 'inputs:\n    a:\n        default: true\n        choices: [b, c]\n    b:\n        type: boolean\n    c:\n        type: boolean'

    it('choices: at least one must hold', () => {
        holds(CHOICES, [fromFile('b', true)])
        holds(CHOICES, [fromFile('b', true), fromFile('c', true)])
        violated(CHOICES)
    })

    const MANDATORY = 'inputs:\n    a:\n        type: boolean\n        mandatory: b\n    b:\n        type: boolean'

    it('mandatory: the input and its mandatory input hold together', () => {
        holds(MANDATORY, [fromFile('a', true), fromFile('b', true)])
        holds(MANDATORY, [fromFile('a', false), fromFile('b', false)])
        violated(MANDATORY, [fromFile('a', true), fromFile('b', false)])
        violated(MANDATORY, [fromFile('a', false), fromFile('b', true)])
    })

    const OPTIONAL = 'inputs:\n    a:\n        type: boolean\n        optional: [b]\n    b:\n        type: boolean'

    it('optional: the optional input needs its parent', () => {
        holds(OPTIONAL, [fromFile('a', true), fromFile('b', false)])
        holds(OPTIONAL, [fromFile('a', true), fromFile('b', true)])
        violated(OPTIONAL, [fromFile('a', false), fromFile('b', true)])
    })

    it('names the violated constraint, the inputs with their values, and where the input is defined', () => {
        const variability = 'inputs:\n    cache:\n        default: true\n        requires: redis\n    redis:\n        type: boolean\n        default: false'
        const error = violated(variability)
        expect(error.message).toBe('Variability inputs constraints are violated: input "cache" holds and requires "redis", but "redis" does not hold (false)')
        expect(error.location).toMatchObject({file: FILE, line: lineOf(load(variability).text, 'cache:')})
        expect(error.describe()).toMatch(new RegExp(`^${FILE.replace(/\./g, '\\.')}:\\d+:\\d+: Variability inputs constraints are violated: `))
    })

    it('names every violation, each further one with its own location', () => {
        const variability =
            'inputs:\n    a:\n        default: true\n        excludes: b\n    b:\n        default: true\n    c:\n        default: true\n        alternatives: [d, e]\n    d:\n        type: boolean\n    e:\n        type: boolean'
        const error = violated(variability)
        const text = load(variability).text
        expect(error.message).toMatch(
            new RegExp(
                '^Variability inputs constraints are violated: input "a" holds and excludes "b", but "b" holds \\(true\\); ' +
                    `input "c" holds and needs exactly one of its alternatives "d", "e" to hold, but none does \\(template\\.yaml:${lineOf(text, '    c:')}:\\d+\\)$`,
            ),
        )
        expect(error.location?.line).toBe(lineOf(text, '    a:'))
    })

    it('says what each kind of constraint needs', () => {
        expect(violated(MANDATORY, [fromFile('a', true), fromFile('b', false)]).message).toContain(
            'input "a" and its mandatory input "b" must hold together, but "a" holds (true) and "b" does not hold (false)',
        )
        expect(violated(OPTIONAL, [fromFile('a', false), fromFile('b', true)]).message).toContain(
            'input "b", an optional input of "a", holds and needs "a", but "a" does not hold (false)',
        )
        expect(violated(CHOICES).message).toContain('input "a" holds and needs one of its choices "b", "c" to hold, but none does')
        expect(violated(ALTERNATIVES, [fromFile('b', true), fromFile('c', true)]).message).toContain('but 2 do ("b", "c")')
        expect(violated('inputs:\n    first:\n        default: true\n        requires: second\n    second:\n        type: boolean').message).toContain(
            '"second" does not hold (not set)',
        )
    })

    it('without constraint keywords nothing is checked, even with unset inputs', () => {
        holds('inputs:\n    a:\n        type: boolean\n    b:\n        type: boolean')
    })

    it('0 and false are falsy, other values are truthy', () => {
        const variability = 'inputs:\n    a:\n        default: true\n        requires: b\n    b: {}'
        violated(variability, [fromFile('b', 0)])
        violated(variability, [fromFile('b', false)])
        holds(variability, [fromFile('b', 'no')])
        holds(variability, [fromFile('b', 1)])
    })

    it('a constraint on an undeclared input is reported', () => {
        expectCode(() => checkInputConstraints(inputs('inputs:\n    a:\n        default: true\n        requires: ghost')), 'undefined-reference')
    })

    // `no` in a file is the string YAML 1.2 reads (see the type checks above): it holds, as any value
    // but false, 0 or none does in the reference; typed on a command line it is false
    it('a boolean default of `no` holds, as the string it is; --set b=no does not', () => {
        const variability = 'inputs:\n    a:\n        default: true\n        requires: b\n    b:\n        type: boolean\n        default: no'
        expect(inputs(variability).value('b').value).toBe('no')
        holds(variability)
        violated(variability, [set('b', 'no')])
    })
})
