// Which elements no assignment of the inputs makes present (dead) or absent (core) is answered by
// deduction and completed models, seeded with the variants the enumeration resolved; MiniSat alone
// must give the same sets. Generated templates (contradictions, constraints, technologies) and the
// samples, with and without the enumeration's models.
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {stringify} from 'yaml'
import {describe, expect, it} from 'vitest'
import {CompiledTemplate} from '../../src/engine/analyze/compiled.js'
import {inputDomains} from '../../src/engine/analyze/domains.js'
import {constrainedInputs, decidingInputs} from '../../src/engine/analyze/findings.js'
import {Backbone, symbolicProblem, type SymbolicProblem} from '../../src/engine/analyze/symbolic.js'
import {not, or, variable} from '../../src/engine/conditions/index.js'
import {enumerateVariants} from '../../src/engine/analyze/variants.js'
import {loadTemplate, templateFromText, type LoadedTemplate} from '../../src/engine/load/index.js'
import {generate} from '../../scripts/differential/generate.mjs'
import {iterations} from '../helpers/deep.js'

const SAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../sample-templates')

/** The backbone three ways: MiniSat alone, deduction from nothing, deduction from the enumeration's variants. */
function backbones(template: LoadedTemplate) {
    const compiled = new CompiledTemplate(template, [])
    const {definition, prepared, atoms} = compiled
    const domains = inputDomains(definition, atoms, constrainedInputs(definition))
    const problem = symbolicProblem(prepared, domains, definition.expressions)
    const enumeration = enumerateVariants(compiled, decidingInputs(definition, atoms, domains), {spent: () => false, combinations: 2000, bound: 10_000})
    const {presentIn, resolved} = enumeration
    const plain = (r: ReturnType<Backbone['decided']>) => r && {dead: [...r.dead].sort((a, b) => a - b), core: [...r.core].sort((a, b) => a - b)}
    return {
        sat: plain(new Backbone(problem, {deduction: false}).decided()),
        deduced: plain(new Backbone(problem).decided()),
        seeded: resolved > 0 ? plain(new Backbone(problem).decided({present: seq => presentIn[seq]! > 0, absent: seq => presentIn[seq]! < resolved})) : undefined,
    }
}

describe('the backbone of the symbolic problem', () => {
    for (const sample of ['web-shop', 'iot-fleet', 'technology-rules'])
        it(`is MiniSat's on the ${sample} sample`, async () => {
            const {sat, deduced, seeded} = backbones(await loadTemplate(path.join(SAMPLES, sample, 'variable-service-template.yaml')))
            expect(deduced).toEqual(sat)
            expect(seeded).toEqual(sat)
        })

    const GENERATED = iterations(25, 200)
    it(`is MiniSat's on ${GENERATED} generated templates`, () => {
        let compared = 0
        let decided = 0
        for (let seed = 7000; compared < GENERATED && seed < 7000 + GENERATED * 10; seed++) {
            let template: LoadedTemplate
            try {
                template = templateFromText(stringify(generate(seed, 1).template))
                new CompiledTemplate(template, [])
            } catch {
                continue // a template with mistakes is not analyzed
            }
            const {sat, deduced, seeded} = backbones(template)
            expect(deduced, `seed ${seed}`).toEqual(sat)
            if (seeded) expect(seeded, `seed ${seed}`).toEqual(sat)
            compared++
            if (sat && sat.dead.length + sat.core.length > 0) decided++
        }
        expect(compared).toBe(GENERATED)
        // the comparison says something only when dead or core elements are found
        expect(decided).toBeGreaterThan(GENERATED / 5)
    })

    it('asks MiniSat when completing without going back fails, and never takes that for "no model"', () => {
        // one element, present exactly when a; four constraints say a, which deduction cannot see
        // until d and e are decided: completing tries a absent first and then meets a contradiction
        // whichever value d takes
        const [a, d, e] = [variable(1), variable(2), variable(3)]
        const constraints = [or([a, d, e]), or([a, d, not(e)]), or([a, not(d), e]), or([a, not(d), not(e)])]
        const problem = {
            prepared: {problem: {variableCount: 4, definitions: [a], constraints, objectives: []}, graph: {elements: [{seq: 0, conditions: [a]}]}},
            facts: [],
            variableCount: 4,
        } as unknown as SymbolicProblem
        const expected = {dead: new Set(), core: new Set([0])}
        expect(new Backbone(problem, {deduction: false}).decided()).toEqual(expected)
        expect(new Backbone(problem).decided()).toEqual(expected)
        expect(new Backbone(problem).decided({present: () => true, absent: () => false})).toEqual(expected)
    })
})
