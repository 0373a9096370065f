// resolveTemplate says how resolving went as one closed union, and throws only for faults of
// Trellis itself: each kind carries what the shells show for it, worked out once.
import {describe, expect, it} from 'vitest'
import {templateFromText} from '../../src/engine/load/index.js'
import {resolveTemplate, type Outcome} from '../../src/engine/resolve/index.js'

const template = (body: string) => templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${body}`)
const kind = (o: Outcome) => o.kind

describe('resolveTemplate', () => {
    it("a mistake in a present property's value expression comes before a check the variant fails, as in the reference", () => {
        const text = (conditions: string) => `topology_template:
    variability:
        options: {default_condition: true}
    node_templates:
        h1: {type: tosca.nodes.Compute}
        h2: {type: tosca.nodes.Compute}
        a:
            type: tosca.nodes.SoftwareComponent
            properties:
                - p: {expression: {value_expression: nothere}${conditions}}
            requirements:
                - host: h1
                - host: h2
`
        const present = resolveTemplate(template(text('')))
        expect(present.kind === 'invalid' && present.error.message).toBe('Did not find value expression "nothere"')
        // an absent property's expression is never evaluated: the check speaks
        const absent = resolveTemplate(template(text(', conditions: false')))
        expect(absent.kind === 'check-failed' && absent.error.message).toBe('Node "a" has more than one hosting relations')
    })

    it('resolved: the output and the decided model', () => {
        const o = resolveTemplate(template('topology_template:\n    node_templates:\n        a: {type: t}\n'))
        expect(kind(o)).toBe('resolved')
        if (o.kind !== 'resolved') return
        expect(o.output.topology_template).toEqual({node_templates: {a: {type: t()}}})
        expect(o.model.graph.nodes.map(n => n.name)).toEqual(['a'])
    })

    it('unsatisfiable: the minimal conflict', () => {
        const o = resolveTemplate(
            template(`topology_template:
    variability:
        constraints: [{node_presence: a}]
    node_templates:
        a: {type: t, conditions: false}
`),
        )
        expect(kind(o)).toBe('unsatisfiable')
        if (o.kind !== 'unsatisfiable') return
        expect(o.error.message).toBe('Could not solve')
        expect(o.conflict.length).toBeGreaterThan(0)
    })

    it('ambiguous: where two equally good variants differ', () => {
        const o = resolveTemplate(
            template(`topology_template:
    variability:
        options: {type_default_condition: true, expected_incoming_relation_check: false}
    node_templates:
        a: {type: t, conditions: {not: {node_presence: b}}}
        b: {type: t, conditions: {not: {node_presence: a}}}
`),
        )
        expect(kind(o)).toBe('ambiguous')
        if (o.kind !== 'ambiguous') return
        expect(o.differences.map(d => d.element).sort()).toEqual(['Node "a"', 'Node "b"'])
    })

    it('check-failed: with the model the check rejected', () => {
        const o = resolveTemplate(
            template(`topology_template:
    variability:
        options: {relation_pruning: false, relation_default_condition: false, consistency_checks: true}
    node_templates:
        a:
            type: t
            conditions: false
            requirements:
                - r: {node: b, conditions: true}
        b: {type: t}
`),
        )
        expect(kind(o)).toBe('check-failed')
        if (o.kind !== 'check-failed') return
        expect(o.model?.graph.nodes).toHaveLength(2)
    })

    it('invalid: every mistake found, as diagnostics', () => {
        const o = resolveTemplate(template('topology_template:\n    node_templates:\n        a: {type: t, conditions: {nope: 1}}\n        b: {type: t, conditions: {nada: 1}}\n'))
        expect(kind(o)).toBe('invalid')
        if (o.kind !== 'invalid') return
        expect(o.diagnostics.map(d => d.code)).toEqual(['unknown-operator', 'unknown-operator'])
    })
})

function t(): string {
    return 't'
}
