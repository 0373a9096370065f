// A template compiled once for an analysis answers every request it is asked (the
// defaults, a preset, a pair of presets, an input value) as resolving that request
// on its own does: the same template written, or a failure of the same kind.
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {CompiledTemplate} from '../../src/engine/analyze/compiled.js'
import type {InputAssignment} from '../../src/engine/inputs/index.js'
import {loadTemplate, templateFromText, type LoadedTemplate} from '../../src/engine/load/index.js'
import {resolveTemplate} from '../../src/engine/resolve/index.js'
import {readDefinitionOf} from '../../src/engine/resolve/index.js'
import {stringifyTemplate} from '../../src/engine/transform/index.js'

const SAMPLES = path.resolve(import.meta.dirname, '../../sample-templates')

/** Presets that contradict a constraint, violate an input constraint, or leave a relation without its target (a check). */
const FAILING = `tosca_definitions_version: tosca_variability_1_0
topology_template:
  variability:
    inputs:
      env: {type: string, default: dev}
      ha: {type: boolean, default: false}
      level: {type: integer, default: 1}
      monitoring: {type: boolean, default: false, mandatory: alerting}
      alerting: {type: boolean, default: false}
    presets:
      broken: {inputs: {env: prod, ha: false}}
      prod: {inputs: {env: prod, ha: true}}
      lopsided: {inputs: {monitoring: true}}
      deep: {inputs: {level: 7}}
    options:
      type_default_condition: true
    constraints:
      - implies: [{equal: [{variability_input: env}, prod]}, {variability_input: ha}]
  node_templates:
    app:
      type: tosca.nodes.Root
      properties:
        - tier: {expression: {concat: [{variability_input: env}, '-', {variability_input: level}]}}
      requirements:
        - host: {node: server, conditions: {greater: [{variability_input: level}, 5]}}
        - host: {node: base, conditions: {not: {greater: [{variability_input: level}, 5]}}}
    base:
      type: tosca.nodes.Root
    server:
      type: tosca.nodes.Root
      conditions: {variability_input: ha}
`

/** Every request the analysis makes of a template: the defaults, each preset, each ordered pair, and each value a preset names alone. */
function requests(template: LoadedTemplate): {presets: string[]; assignments: InputAssignment[]}[] {
    const definition = readDefinitionOf(template)
    const names = [...definition.presets.keys()]
    const out: {presets: string[]; assignments: InputAssignment[]}[] = [{presets: [], assignments: []}]
    for (const a of names) {
        out.push({presets: [a], assignments: []})
        for (const b of names) if (a !== b) out.push({presets: [a, b], assignments: []})
    }
    for (const preset of definition.presets.values())
        for (const [name, value] of Object.entries(preset.inputs)) out.push({presets: [], assignments: [{name, value, source: {kind: 'wizard'}}]})
    return out
}

/** What resolving on its own gives: the written template, or the kind of failure in the analysis's words. */
function alone(template: LoadedTemplate, presets: string[], assignments: InputAssignment[]): string {
    const outcome = resolveTemplate(template, {presets, assignments})
    return outcome.kind === 'resolved' ? stringifyTemplate(outcome.output) : outcome.kind
}

function compiledAnswers(template: LoadedTemplate): {compiled: string[]; alone: string[]} {
    const compiled = new CompiledTemplate(template, [])
    const all = requests(template)
    // an input constraint the request violates is, to resolving, a mistake in the request
    const failure = (f: string) => (f === 'inputs-violated' ? 'invalid' : f)
    return {
        compiled: all.map(r => {
            const resolved = compiled.resolve(r.presets, r.assignments)
            return resolved.kind === 'resolved' ? stringifyTemplate(compiled.finish(resolved).output) : failure(resolved.failure)
        }),
        alone: all.map(r => alone(template, r.presets, r.assignments)),
    }
}

describe('a template compiled once answers as resolving alone does', () => {
    for (const sample of ['web-shop', 'iot-fleet', 'technology-rules'])
        it(`on the ${sample} sample: the defaults, every preset and pair of presets, every input value named`, async () => {
            const {compiled, alone} = compiledAnswers(await loadTemplate(path.join(SAMPLES, sample, 'variable-service-template.yaml')))
            expect(compiled).toEqual(alone)
            expect(compiled.some(c => c.startsWith('tosca_definitions_version'))).toBe(true)
        })

    it('on presets that fail: a contradicted constraint, a violated input constraint, a failed check', () => {
        const template = templateFromText(FAILING)
        const {compiled, alone} = compiledAnswers(template)
        expect(compiled).toEqual(alone)
        expect(new Set(compiled.filter(c => !c.startsWith('tosca_definitions_version')))).toEqual(new Set(['unsatisfiable', 'invalid', 'check-failed']))
    })
})
