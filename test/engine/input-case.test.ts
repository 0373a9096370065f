// An input compared with a text that differs from its value only in letter case (`--set tier=large`
// where the template compares with `LARGE`): not equal, as the specification and the reference have
// it, but said once, as a warning at the first comparison, since it silently picks another variant.
import {describe, expect, it} from 'vitest'
import {templateFromText} from '../../src/engine/load/index.js'
import {resolveTemplate} from '../../src/engine/resolve/index.js'

const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options: {checks: false}
        inputs:
            tier: {type: string, default: MEDIUM}
            other: {type: string, default: large}
    node_templates:
        big: {type: vm, conditions: {equal: [{variability_input: tier}, LARGE]}}
        also_big: {type: vm, conditions: {equal: [LARGE, {variability_input: tier}]}}
        small: {type: vm, conditions: {equal: [{variability_input: tier}, MEDIUM]}}
        same: {type: vm, conditions: {equal: [{variability_input: tier}, {variability_input: other}]}}
`

function resolve(tier: string) {
    const resolution = resolveTemplate(templateFromText(TEMPLATE, 't.yaml'), {assignments: [{name: 'tier', value: tier, source: {kind: 'set'}}]})
    if (resolution.kind !== 'resolved') throw resolution.error
    const present = resolution.model.graph.nodes.filter(n => resolution.model.present(n)).map(n => n.name)
    return {present, warnings: resolution.warnings.filter(w => w.code === 'input-case')}
}

describe('an input compared with a text in another letter case', () => {
    it('is not equal, and is said once, at the first comparison', () => {
        const {present, warnings} = resolve('large')
        expect(present).toEqual(['same'])
        expect(warnings.map(w => w.message)).toEqual([
            'Variability input "tier" is "large", which this condition compares with "LARGE": they differ only in letter case, so they are not equal',
        ])
        expect(warnings[0]!.location).toMatchObject({file: 't.yaml', line: 9})
    })

    it('is not said for a value written as the template writes it, for another word, or for two inputs', () => {
        expect(resolve('LARGE')).toEqual({present: ['big', 'also_big'], warnings: []})
        expect(resolve('huge').warnings).toEqual([])
        // tier and other differ only in case too, but neither is a text of the template
        expect(resolve('LARGE').warnings).toEqual([])
    })
})
