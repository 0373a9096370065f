// "type a value…" starts empty in the wizard's value editor: what is typed is the value, never
// appended to the one the input has (a user typing CUSTOMER over HYPERSCALER once got HYPERSCALERCUSTOMER).
import type {Key} from 'ink'
import {expect, it} from 'vitest'
import {readDefinitionOf} from '../../src/engine/resolve/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {inputRules} from '../../src/tui/input-rules.js'
import {reducer} from '../../src/tui/state/reduce.js'
import type {KeyContext} from '../../src/tui/state/keys/index.js'
import {initialState, type WizardState} from '../../src/tui/state/wizard.js'

const TEXT = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: OPENSTACK}
`

it('starts the typed value empty whatever value the input has, from the list and without one', () => {
    const definition = readDefinitionOf(templateFromText(TEXT))
    for (const offered of [['OPENSTACK', 'GCP'], []]) {
        const ctx: KeyContext = {definition, choicesFor: () => offered, exists: () => false, page: 10, rules: inputRules}
        const reduce = reducer(ctx)
        let state: WizardState = initialState({presets: [], values: {env: 'HYPERSCALER'}}, 't.resolved.yaml', 't.report.md')
        const press = (input: string, key: Partial<Key> = {}) => (state = reduce(state, {type: 'key', input, key: key as Key}))
        press('', {return: true})
        // the list's last entry is "type a value…"
        if (!state.editor!.typing) {
            press('G')
            press('', {return: true})
        }
        expect(state.editor).toMatchObject({typing: true, text: ''})
        press('CUSTOMER')
        press('', {return: true})
        expect(state.choices.values.env).toBe('CUSTOMER')
    }
})
