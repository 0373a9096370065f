// Solving keeps each element's condition formula; the records that say where
// each condition came from are made when an explanation asks. They must be
// exactly the conditions solving used, in the specification's order.
import {describe, expect, it} from 'vitest'
import type {Formula} from '../../src/engine/conditions/index.js'
import {TrellisError} from '../../src/engine/errors.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide} from '../../src/engine/resolve/index.js'
import {element, label, run} from '../helpers/v4t.js'

/** The error compiling the template's conditions throws, before any shell reorders what it reports. */
function compileError(body: string): TrellisError {
    try {
        decide(templateFromText(`tosca_definitions_version: tosca_variability_1_0\n${body}`), {})
    } catch (e) {
        if (e instanceof TrellisError) return e
        throw e
    }
    throw new Error('expected a TrellisError')
}

const TEMPLATE = `topology_template:
    variability:
        inputs:
            small: {type: boolean, default: false}
        options: {checks: false, pruning: true}
    node_templates:
        client:
            type: c
            conditions: [{variability_input: small}, true]
            requirements: [{uses: server}]
        server:
            type: s
            conditions: {not: {variability_input: small}}
    groups:
        extras:
            type: variability.groups.ConditionalMembers
            members: [server]
            conditions: true
`

describe('condition records made on demand', () => {
    const {model} = run(TEMPLATE)

    it('are the conditions solving used: generated first, then manual, then group conditions', () => {
        const server = element(model, 'node.server')
        const conditions = model.conditions.of(server.seq)
        expect(conditions.records.map(label)).toEqual(['pruning:incoming', 'manual', 'group'])
        // the element's formula is the AND of exactly these record formulas, in this order
        const formula = model.problem.definitions[server.seq] as Formula & {op: 'and'}
        expect(formula.op).toBe('and')
        expect(formula.args).toEqual(conditions.records.map(r => r.formula))
        expect(conditions.records.every((r, i) => r.formula === formula.args[i])).toBe(true)
    })

    it('keep the manual formula apart from generated conditions', () => {
        const client = element(model, 'node.client')
        const conditions = model.conditions.of(client.seq)
        expect(conditions.records.map(label)).toEqual(['manual', 'manual'])
        expect(conditions.manual).toBe(conditions.formula)
        const server = model.conditions.of(element(model, 'node.server').seq)
        expect(server.manual).toEqual({op: 'and', args: server.records.filter(r => !r.generated).map(r => r.formula)})
    })

    it('are made once: asking again gives the same records', () => {
        const seq = element(model, 'node.server').seq
        expect(model.conditions.of(seq)).toBe(model.conditions.of(seq))
        expect(model.conditions.of(seq).records[1]).toBe(model.conditions.of(seq).records[1])
    })

    it('cover every element, iterated in sequence order', () => {
        const all = [...model.conditions]
        expect(all.map(c => c.element)).toEqual(model.graph.elements)
        expect(all.every(c => c.formula === model.problem.definitions[c.element.seq])).toBe(true)
    })

    it('say where a manual condition was written', () => {
        const client = model.conditions.of(element(model, 'node.client').seq)
        // line 10: run() puts the definitions version line above the template
        const [first, second] = client.records.map(r => r.location)
        expect([first?.line, second?.line]).toEqual([10, 10])
        expect(second!.column).toBeGreaterThan(first!.column)
        expect(client.records[1]!.expression).toBe(true)
    })
})

describe('the order conditions are compiled in', () => {
    // kind by kind, as the reference walks its elements: the mistake a user sees first is the same
    it('a mistake in a conditional type is reported before one in a node written earlier', () => {
        // the order compiling finds them in (the shells then name inputs without a value first)
        const error = compileError(`topology_template:
    variability:
        inputs:
            unset: {type: boolean}
    node_templates:
        first: {type: t, conditions: {variability_input: unset}}
        second:
            type:
                - t: {conditions: {node_presence: missing}}
                - u: {default_alternative: true}
`)
        expect(error.message).toMatch(/"missing"/)
        expect(error.more.map(e => e.message)).toEqual([expect.stringContaining('Variability input "unset" has no value')])
    })
})
