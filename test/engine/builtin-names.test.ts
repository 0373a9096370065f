// Names a template writes (operators, pruning modes, element, input, preset and expression names)
// are looked up without ever reaching a JavaScript built-in (Object.prototype's toString,
// constructor, __proto__, …): an unknown name is a clear error, a known one works as any other.
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
