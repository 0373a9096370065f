// Two wizards in one process (on two templates) never answer from what the other's views
// remember: asked in turn, with filters and searches of their own, each shows what it shows alone.
import {describe, expect, it} from 'vitest'
import {readDefinitionOf} from '../../src/engine/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {inputRules} from '../../src/tui/input-rules.js'
import {resolutionData} from '../../src/tui/resolver/service.js'
import {displayOf, inputsView, topologyView} from '../../src/tui/state/selectors.js'
import type {Choices} from '../../src/tui/resolver/protocol.js'
import {elementRows, evaluateChoices} from '../../src/tui/resolver/session.js'
import {initialState, type Filter, type WizardState} from '../../src/tui/state/wizard.js'

const wizardOn = (text: string) => {
    const template = templateFromText(text)
    const choices: Choices = {presets: [], values: {}}
    const evaluated = evaluateChoices(template, choices)
    const outcome = {...resolutionData(1, evaluated), rows: evaluated.ok ? elementRows(evaluated.model) : []}
    const ctx = {definition: readDefinitionOf(template), rules: inputRules}
    const state: WizardState = {...initialState(choices, 'out.yaml', ''), outcome}
    /** What the wizard shows under a filter and a search. */
    return (filter: Filter, search?: string) => {
        const shown = {...state, filter, ...(search ? {search: {text: search, typing: false}} : {})}
        return {
            topology: topologyView(shown).map(r => `${r.element.id}:${r.present}`),
            inputs: inputsView(ctx, shown).map(r => `${r.name}=${String(r.value)}`),
            display: displayOf(shown, 'node.vm'),
        }
    }
}

const first = wizardOn(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options: {type_default_condition: true}
        inputs:
            cloud: {type: boolean, default: true}
    node_templates:
        vm: {type: v, conditions: {variability_input: cloud}}
        db: {type: d, conditions: {not: {variability_input: cloud}}}
`)
const second = wizardOn(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            size: {type: integer, default: 3}
    node_templates:
        web: {type: w, conditions: {greater: [{variability_input: size}, 2]}}
`)

describe('two wizards in one process', () => {
    it('each shows its own topology, inputs and displays, asked in turn', () => {
        const views = [
            ['all', undefined],
            ['present', undefined],
            ['all', 'd'],
            ['pruned', undefined],
        ] as const
        const alone = views.map(([filter, search]) => [first(filter, search), second(filter, search)] as const)
        for (let round = 0; round < 2; round++)
            views.forEach(([filter, search], i) => {
                expect(second(filter, search)).toEqual(alone[i]![1])
                expect(first(filter, search)).toEqual(alone[i]![0])
            })
        expect(alone[0]![0].display).toBe('Node "vm"')
        // the second template has no node vm: the identifier is shown as it is
        expect(alone[0]![1].display).toBe('node.vm')
        expect(alone[1]![0].topology).toContain('node.vm:true')
        expect(alone[1]![1].inputs).toEqual(['size=3'])
    })
})
