// The wizard marks the inputs that decide nothing; which do is read a slice at a time from the
// deciding records (DecisiveInputs), stopping once every input is cited. It must name exactly the
// inputs the explanations of all elements cite as root causes, as the explanation document does.
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {stringify} from 'yaml'
import {describe, expect, it} from 'vitest'
import {DecisiveInputs, explanationDocument} from '../../src/engine/explain/index.js'
import {loadTemplate, templateFromText, type LoadedTemplate} from '../../src/engine/load/index.js'
import {readDefinitionOf, type ResolveRequest} from '../../src/engine/resolve/index.js'
import {generate} from '../../scripts/differential/generate.mjs'
import {iterations} from '../helpers/deep.js'
import {resolved} from '../helpers/v4t.js'

const SAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../sample-templates')

/** The inputs explanations of every element cite, and those DecisiveInputs finds an element per step. */
function both(template: LoadedTemplate, request: ResolveRequest) {
    const model = resolved(template, request).model!
    const document = explanationDocument(template, model)
    const explained = Object.entries(document.inputs)
        .filter(([, input]) => input.decidesSomething)
        .map(([name]) => name)
    const pass = new DecisiveInputs(model)
    let steps = 0
    while (!pass.step(0)) steps++
    return {explained: explained.sort(), stepped: [...pass.inputs].sort(), steps, elements: model.graph.elements.length}
}

describe('the inputs that decide something, a slice at a time', () => {
    for (const sample of ['web-shop', 'iot-fleet', 'technology-rules'])
        it(`are those the explanations cite on the ${sample} sample, under every preset`, async () => {
            const template = await loadTemplate(path.join(SAMPLES, sample, 'variable-service-template.yaml'))
            for (const preset of [undefined, ...readDefinitionOf(template).presets.keys()]) {
                const {explained, stepped} = both(template, {presets: preset ? [preset] : []})
                expect(stepped, `preset ${preset}`).toEqual(explained)
            }
        })

    it('stop once every input is cited', () => {
        // n0 cites the only input; the thousand nodes after it are never read
        const nodes = Array.from({length: 1000}, (_, i) => `        m${i}: {type: t}`).join('\n')
        const template = templateFromText(`tosca_definitions_version: tosca_variability_1_0
node_types: {t: {}}
topology_template:
    variability:
        inputs: {x: {type: boolean, default: true}}
    node_templates:
        n0: {type: t, conditions: {variability_input: x}}
${nodes}
`)
        const {explained, stepped, steps, elements} = both(template, {})
        expect(stepped).toEqual(['x'])
        expect(explained).toEqual(['x'])
        expect(elements).toBeGreaterThan(1000)
        expect(steps).toBeLessThan(5)
    })

    const GENERATED = iterations(30, 200)
    it(`are those the explanations cite on ${GENERATED} generated templates`, () => {
        let compared = 0
        let partial = 0
        for (let seed = 5000; compared < GENERATED && seed < 5000 + GENERATED * 40; seed++) {
            const {template: data, presets = [], inputs = {}} = generate(seed, 1)
            const request = {presets, assignments: Object.entries(inputs).map(([name, value]) => ({name, value, source: {kind: 'wizard' as const}}))}
            let template: LoadedTemplate
            try {
                template = templateFromText(stringify(data))
                if (!resolved(template, request).model) continue
            } catch {
                continue // a template with mistakes has no model to ask about
            }
            const {explained, stepped} = both(template, request)
            expect(stepped, `seed ${seed}`).toEqual(explained)
            compared++
            if (explained.length < readDefinitionOf(template).inputs.size) partial++
        }
        expect(compared).toBe(GENERATED)
        // the comparison says something only when some input decides nothing
        expect(partial).toBeGreaterThan(0)
    })
})
