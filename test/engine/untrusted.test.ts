// Templates are untrusted: names a template writes (operators, pruning modes, element, input, preset
// and expression names) never reach a JavaScript built-in (Object.prototype's toString, constructor,
// __proto__, …), and small files cannot make the work blow up.
import {describe, expect, it} from 'vitest'
import {expectCode} from '../helpers/errors.js'
import {run, runError} from '../helpers/v4t.js'

const BUILT_INS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']

describe('JavaScript built-in names in templates', () => {
    it.each(BUILT_INS)('operator %s is unknown, located', name => {
        const error = expectCode(() => run(`topology_template:\n    node_templates:\n        a: {type: t, conditions: {${name}: [1, 2]}}\n`), 'unknown-operator')
        expect(error.message).toBe(`unknown operator "${name}"`)
        expect(error.location?.line).toBe(4)
    })

    it.each(BUILT_INS)('pruning mode %s is unknown', name => {
        const error = runError(`topology_template:\n    variability:\n        options: {mode: ${name}}\n    node_templates:\n        a: {type: t}\n`)
        expect(error.code).toBe('invalid-option')
        expect(error.message).toContain(`Pruning mode "${name}" unknown`)
    })

    it.each(BUILT_INS)('%s works as the name of a node, input, preset and expression', name => {
        const body = `topology_template:
    variability:
        inputs:
            ${name}: {type: boolean, default: true}
        presets:
            ${name}: {inputs: {${name}: false}}
        expressions:
            ${name}: {variability_input: ${name}}
        options: {type_default_condition: true}
    node_templates:
        ${name}: {type: t, conditions: {logic_expression: ${name}}}
        other: {type: t}
`
        expect(Object.keys((run(body).output as {topology_template: {node_templates: object}}).topology_template.node_templates)).toEqual([name, 'other'])
        expect(Object.keys((run(body, {presets: [name]}).output as {topology_template: {node_templates: object}}).topology_template.node_templates)).toEqual(['other'])
    })
})

describe('named logic expressions reused at every level', () => {
    it('are refused with a located error once they stand for more than 100,000 operators, instead of hanging', () => {
        const lines = ['topology_template:', '    variability:', '        inputs:', '            x: {type: boolean, default: true}', '        expressions:']
        for (let i = 0; i < 30; i++) lines.push(`            e${i}: {and: [{logic_expression: e${i + 1}}, {logic_expression: e${i + 1}}]}`)
        lines.push('            e30: {variability_input: x}', '    node_templates:', '        a: {type: t, conditions: {logic_expression: e0}}', '')
        const error = expectCode(() => run(lines.join('\n')), 'too-large')
        expect(error.message).toMatch(/^logic expression "e\d+" expands to more than 100,000 operators through the named expressions it reuses$/)
        expect(error.location?.line).toBeGreaterThan(5)
    })

    it('a few levels of reuse are fine', () => {
        const lines = ['topology_template:', '    variability:', '        inputs:', '            x: {type: boolean, default: true}', '        expressions:']
        for (let i = 0; i < 10; i++) lines.push(`            e${i}: {and: [{logic_expression: e${i + 1}}, {logic_expression: e${i + 1}}]}`)
        lines.push('            e10: {variability_input: x}', '    node_templates:', '        a: {type: t, conditions: {logic_expression: e0}}', '')
        expect(run(lines.join('\n')).output).toMatchObject({topology_template: {node_templates: {a: {type: 't'}}}})
    })
})

describe('an unknown name in a presence operator is located where it is written', () => {
    it.each([
        ['{input_presence: nope}', 'Input "nope" not found'],
        ['{output_presence: nope}', 'Output "nope" not found'],
        ['{is_consumed: nope}', 'Input "nope" not found'],
        ['{technology_presence: [a, nope]}', 'Technology "nope" of node "a" not found'],
        ['{node_property_presence: [a, nope]}', 'Property "nope" of node "a" not found'],
        ['{node_type_presence: [a, nope]}', 'Type "nope" of node "a" not found'],
        ['{relation_property_presence: [a, r, p]}', 'Relation "r" of node "a" not found'],
    ])('%s', (condition, message) => {
        const error = runError(`topology_template:\n    node_templates:\n        a: {type: t, conditions: ${condition}}\n`)
        expect(error.message).toBe(message)
        expect(error.location).toMatchObject({line: 4, column: 34})
    })
})

describe('a policy target that does not exist is located', () => {
    it.each([
        ['targets: nope', 'nope', 15],
        ['targets: [a, nope]', 'nope', 28],
        ['targets: 5', '5', 15],
    ])('%s', (targets, name, column) => {
        const error = runError(`topology_template:\n    node_templates:\n        a: {type: t}\n    policies:\n        - p:\n              type: t\n              ${targets}\n`)
        expect(error.message).toBe(`Policy target "${name}" of policy "p@0" does not exist`)
        expect(error.location).toMatchObject({line: 8, column})
    })
})

describe('computed values are bounded', () => {
    it('a chain of named concat expressions doubling its text is refused, located where it crosses the limit', () => {
        const lines = ['topology_template:', '    variability:', '        expressions:']
        for (let i = 0; i < 40; i++) lines.push(`            e${i}: {concat: [{value_expression: e${i + 1}}, {value_expression: e${i + 1}}]}`)
        lines.push(
            '            e40: abcdefgh',
            '    node_templates:',
            '        a:',
            '            type: t',
            '            properties:',
            '                - p: {expression: {value_expression: e0}}',
            '',
        )
        const error = expectCode(() => run(lines.join('\n')), 'too-large')
        expect(error.message).toBe('value expression computes a text of more than 10,000,000 characters')
        expect(error.errorClass).toBe('input')
        // 8 · 2^21 characters is the first text over the limit: e19 (line 24) computes it
        expect(error.location?.line).toBe(5 + 19)
    })

    it('so is a chain of input default expressions, and a concat of many long operands', () => {
        const lines = ['topology_template:', '    variability:', '        inputs:']
        for (let i = 0; i < 40; i++) lines.push(`            i${i}: {type: string, default_expression: {concat: [{variability_input: i${i + 1}}, {variability_input: i${i + 1}}]}}`)
        lines.push(
            '            i40: {type: string, default: abcdefgh}',
            '    node_templates:',
            '        a: {type: t, properties: [{p: {expression: {variability_input: i0}}}]}',
            '',
        )
        expect(expectCode(() => run(lines.join('\n')), 'too-large').location?.line).toBe(5 + 19)
        const many = `topology_template:\n    variability:\n        inputs:\n            long: {type: string}\n    node_templates:\n        a: {type: t, properties: [{p: {expression: {concat: [${Array(60).fill('{variability_input: long}').join(', ')}]}}}]}\n`
        expect(expectCode(() => run(many, {inputs: {long: 'x'.repeat(9_000_000)}}), 'too-large').location?.line).toBe(7)
    })

    /** A template whose `count` properties each read e19, a text of 8 · 2^19 characters (4 MB) made by doubling `seed`. */
    const readBy = (count: number, seed: string) => {
        const lines = ['topology_template:', '    variability:', '        expressions:', `            e0: {concat: [${seed}]}`]
        for (let i = 1; i < 20; i++) lines.push(`            e${i}: {concat: [{value_expression: e${i - 1}}, {value_expression: e${i - 1}}]}`)
        lines.push('    node_templates:', '        a:', '            type: t', '            properties:')
        for (let k = 0; k < count; k++) lines.push(`                - p${k}: {expression: {concat: [{value_expression: e19}, '${k}']}}`)
        return `${lines.join('\n')}\n`
    }

    it('so is the text value expressions compute in all: values that each read a long expression are refused once they pass it', () => {
        // each value computes its e19 again (12 million characters with the steps): 50 values would be 600 million
        const error = expectCode(() => run(readBy(50, 'abcdefgh')), 'too-large')
        expect(error.message).toBe('value expressions compute more than 100,000,000 characters of text in all (each time a value reads an expression, its text is computed again)')
        expect(error.location?.line).toBeGreaterThan(4)
        // the same reads of a short text are nothing
        expect(run(readBy(50, "''")).model).toBeDefined()
    })
})
