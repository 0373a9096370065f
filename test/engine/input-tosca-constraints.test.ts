// An input's TOSCA `constraints` (valid_values, in_range, pattern, greater_than, …): a value they do
// not allow is used as given (the reference ignores them, so a template it resolves still resolves),
// with a warning located where the value was given, or at the constraints, naming what they allow.
import {describe, expect, it} from 'vitest'
import {inputChoices, declaredConstraints} from '../../src/engine/resolve/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {readDefinitionOf} from '../../src/engine/resolve/index.js'
import {resolveTemplate} from '../../src/engine/resolve/index.js'

const template = (declared: string) => `topology_template:
    variability:
        options: {checks: false}
        inputs:
            v: {${declared}}
    node_templates:
        a: {type: a, conditions: {equal: [{variability_input: v}, x]}}
`

/** Resolved (as every shell resolves), with v given by --set when a value is named. */
const resolve = (declared: string, value?: unknown) =>
    resolveTemplate(templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${template(declared)}`), {
        assignments: value === undefined ? [] : [{name: 'v', value, source: {kind: 'set'}}],
    })

const warned = (declared: string, value?: unknown) =>
    resolve(declared, value)
        .warnings.filter(w => w.code === 'input-constraint')
        .map(w => w.describe())

describe('a value its input’s constraints do not allow', () => {
    it('resolves, warned at the constraints with the allowed values, for a value given by --set', () => {
        const resolution = resolve('type: string, constraints: [{valid_values: [vm, managed]}]', 'VM')
        if (resolution.kind !== 'resolved') throw resolution.error
        expect(resolution.model.present(resolution.model.graph.node('a')!)).toBe(false)
        const [warning] = resolution.warnings.filter(w => w.code === 'input-constraint')
        expect(warning?.message).toBe('Variability input "v" is VM (from --set), which its constraints do not allow: one of vm, managed; used as given')
        // --set has no place in a file: the warning points at the constraints
        expect(warning?.location?.line).toBe(6)
    })

    it('names each kind of clause in words, and is silent for a value they allow', () => {
        const cases: [string, unknown, string | undefined][] = [
            ['type: integer, constraints: [{in_range: [1, 10]}]', 11, 'from 1 to 10'],
            ['type: integer, constraints: [{in_range: [1, 10]}]', 10, undefined],
            ['type: integer, constraints: [{greater_than: 2}]', 2, 'greater than 2'],
            ['type: integer, constraints: [{greater_or_equal: 2}, {less_than: 5}]', 5, '2 or more and less than 5'],
            ['type: string, constraints: [{pattern: "[a-z]+"}]', 'ab1', 'matching [a-z]+'],
            ['type: string, constraints: [{pattern: "[a-z]+"}]', 'ab', undefined],
            ['type: string, constraints: [{min_length: 3}]', 'ab', 'of length 3 or more'],
            ['type: string, constraints: [{max_length: 1}, {equal: x}]', 'x', undefined],
        ]
        for (const [declared, value, allowed] of cases) {
            const [message] = warned(declared, value)
            if (allowed === undefined) expect(message, declared).toBeUndefined()
            else expect(message, declared).toContain(`which its constraints do not allow: ${allowed}; used as given`)
        }
    })

    it('warns of a default the constraints refuse, as its default', () => {
        expect(warned('type: string, default: q, constraints: [{valid_values: [x, y]}]')[0]).toContain('"v" is q (its default), which its constraints do not allow: one of x, y')
    })

    it('does not check a pattern that could backtrack for ever (an untrusted template)', () => {
        expect(warned('type: string, constraints: [{pattern: "(a+)+$"}]', `${'a'.repeat(40)}!`)).toEqual([])
    })
})

describe('the values offered for a constrained input', () => {
    it('are exactly those valid_values allows, and nothing else can be typed', () => {
        const t = templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${template('type: string, default: vm, constraints: [{valid_values: [vm, managed]}]')}`)
        expect(inputChoices(t).get('v')).toEqual(['vm', 'managed'])
        const declared = declaredConstraints(readDefinitionOf(t).inputs.get('v')!)
        expect(declared.closed).toBe(true)
        expect(declared.allows?.('x')).toBe(false)
    })
})
