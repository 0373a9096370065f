// Which of two mistakes is reported: the one the reference meets first as it reads the template
// (its elements, then linking them), enriches it (each element's type-specific condition, then its
// default condition mode, kind by kind), and only then applies the presets and input values.
import {describe, expect, it} from 'vitest'
import {runError} from '../helpers/v4t.js'

const RC2 = 'tosca_variability_1_0_rc_2' as const

/** Two nodes with a mistake each (`a` first), technologies off, and a preset `fine` that is defined. */
const TEMPLATE = (a: string, b: string, variability = '') => `topology_template:
    variability:
        options: {technology_constraint: false, checks: false}
        presets: {fine: {inputs: {}}}
${variability}    node_templates:
        a: {type: ta, managed: false, persistent: true${a}}
        b: {type: tb, managed: false${b}}
`

describe('presets are applied once the template is read and enriched', () => {
    it.each([
        ['a missing relation target', ', requirements: [{host: nowhere}]', '', 'Target "nowhere" of relation "host@0" of node "a" does not exist'],
        ['an unknown default condition mode', ', default_condition_mode: bogus', '', 'Node "a" has unknown mode "bogus" as default condition'],
        [
            'a type-specific condition without conditions',
            '',
            '        type_specific_conditions: {node_types: {ta: {semantic: true}}}\n',
            'Node "a" holds type-specific condition without any condition',
        ],
    ])('%s comes before an undefined preset', (_, a, variability, message) => {
        expect(runError(TEMPLATE(a, '', variability), {version: RC2, presets: ['missing']}).message).toBe(message)
    })

    it('an undefined preset comes before a mistake in a condition', () => {
        const error = runError(TEMPLATE(', conditions: {eq: [1, 1]}', ''), {version: RC2, presets: ['missing']})
        expect(error.message).toBe('Did not find variability preset "missing"')
        expect(runError(TEMPLATE(', conditions: {eq: [1, 1]}', ''), {version: RC2, presets: ['fine']}).message).toContain('eq')
    })
})

describe('each element is enriched in turn: its type-specific condition, then its mode', () => {
    it("an earlier node's mode comes before a later node's type-specific condition", () => {
        const error = runError(TEMPLATE(', default_condition_mode: bogus', '', '        type_specific_conditions: {node_types: {tb: {semantic: true}}}\n'), {version: RC2})
        expect(error.message).toBe('Node "a" has unknown mode "bogus" as default condition')
    })

    it("an earlier node's type-specific condition comes before a later node's mode", () => {
        const error = runError(TEMPLATE('', ', default_condition_mode: bogus', '        type_specific_conditions: {node_types: {ta: {semantic: true}}}\n'), {version: RC2})
        expect(error.message).toBe('Node "a" holds type-specific condition without any condition')
    })

    it('within one element, its type-specific condition comes before its mode', () => {
        const error = runError(TEMPLATE(', default_condition_mode: bogus', '', '        type_specific_conditions: {node_types: {ta: {semantic: true}}}\n'), {version: RC2})
        expect(error.message).toBe('Node "a" holds type-specific condition without any condition')
    })

    it("nodes are enriched before artifacts: a later node's type-specific condition before an earlier node's artifact's mode", () => {
        const artifact = ', artifacts: [{zip: {type: tosca.artifacts.Deployment, file: a.zip, default_condition_mode: bogus}}]'
        const error = runError(TEMPLATE(artifact, '', '        type_specific_conditions: {node_types: {tb: {semantic: true}}}\n'), {version: RC2})
        expect(error.message).toBe('Node "b" holds type-specific condition without any condition')
    })
})

describe('a value expression is evaluated in the order the reference evaluates it', () => {
    it("in_range: the value before its bounds (a logic operator in the value's default expression before an input missing in a bound's)", () => {
        const error = runError(`topology_template:
    variability:
        inputs:
            x: {type: integer, default_expression: {not: true}}
            low: {type: integer, default_expression: {add: [{variability_input: missing}, 1]}}
    node_templates:
        n: {type: t, conditions: {in_range: [{variability_input: x}, [{variability_input: low}, 9]]}}
`)
        expect(error.message).toBe('operator "not" is a logic operator and cannot be used where a value is expected')
        expect(error.location?.line).toBe(5)
    })
})
