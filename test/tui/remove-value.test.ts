// A value given for an input — by a profile, --set, an inputs file, the environment or the wizard —
// can be removed in the wizard (x, or the list's entry), so that a preset's value or the template's
// default applies again, or the input needs a value. The removal is data in the choices: the
// request, the inputs pane, the saved values and a suggestion applied later all honour it.
import type {Key} from 'ink'
import {describe, expect, it} from 'vitest'
import type {InputAssignment} from '../../src/engine/index.js'
import type {Profile} from '../../src/profiles/types.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {readDefinitionOf} from '../../src/engine/resolve/index.js'
import {inputsWidth} from '../../src/tui/components/inputs-pane.js'
import {keyLine} from '../../src/tui/components/key-bar.js'
import {inputRules} from '../../src/tui/input-rules.js'
import {givenValues, requestOf, type Choices} from '../../src/tui/resolver/protocol.js'
import {suggestion} from '../../src/tui/resolver/service.js'
import type {KeyContext} from '../../src/tui/state/keys/index.js'
import {missingInputs} from '../../src/tui/state/missing.js'
import {reducer} from '../../src/tui/state/reduce.js'
import {keptChoices} from '../../src/tui/state/reload.js'
import {inputsView, valuesView} from '../../src/tui/state/selectors.js'
import {initialState, type WizardState} from '../../src/tui/state/wizard.js'

const TEXT = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: OPENSTACK}
            tier: {type: string}
            debug: {type: boolean, default: false}
            region: {type: string, default: eu}
        presets:
            prod: {inputs: {env: GCP}}
`

const definition = readDefinitionOf(templateFromText(TEXT))
const given = (name: string, value: unknown, source: InputAssignment['source']): InputAssignment => ({name, value, source})
/** What the command line asked for: --set env=ELASTIC, a profile's tier, --set debug=true, and region from the environment. */
const BASE = {
    assignments: [
        given('tier', 'gold', {kind: 'profile', profile: 'p'}),
        given('env', 'ELASTIC', {kind: 'set'}),
        given('debug', true, {kind: 'set'}),
        given('region', 'us', {kind: 'env', variable: 'TRELLIS_INPUT_region'}),
    ],
}
const ORDER = ['env', 'tier', 'debug', 'region']

function wizard(choices: Choices = {presets: [], values: {}}, offered: Record<string, unknown[]> = {env: ['OPENSTACK', 'GCP', 'ELASTIC']}, base = BASE) {
    const ctx: KeyContext = {base, definition, choicesFor: name => offered[name] ?? [], exists: () => false, page: 10, rules: inputRules}
    const reduce = reducer(ctx)
    let state: WizardState = initialState(choices, 't.resolved.yaml', 't.report.md', 'main')
    const press = (input: string, key: Partial<Key> = {}) => (state = reduce(state, {type: 'key', input, key: key as Key}))
    const at = (name: string) => {
        state = {...state, editor: undefined, inputCursor: ORDER.indexOf(name)}
    }
    const row = (name: string) => inputsView(ctx, state).find(r => r.name === name)!
    return {ctx, press, at, row, state: () => state}
}

describe('removing a value given on the command line', () => {
    it('brings back the template’s default, says what was removed, and marks the choices unwritten', () => {
        const w = wizard()
        expect(w.row('env')).toMatchObject({value: 'ELASTIC', source: '--set (was OPENSTACK)', given: true})
        w.at('env')
        w.press('x')
        expect(w.state().choices).toEqual({presets: [], values: {}, removed: ['env']})
        expect(w.row('env')).toMatchObject({value: 'OPENSTACK', source: 'default (removed: ELASTIC from --set)', given: false})
        expect(w.state().dirty).toBe(true)
        expect(w.state().message).toBe('removed env = ELASTIC: OPENSTACK (default) applies')
        // the request resolving the choices has no assignment of env left
        expect(requestOf(w.state().choices, BASE).assignments!.map(a => a.name)).toEqual(['tier', 'debug', 'region'])
    })

    it('brings back a preset’s value where a chosen preset sets the input', () => {
        const w = wizard({presets: ['prod'], values: {}})
        w.at('env')
        w.press('', {delete: true})
        expect(w.row('env')).toMatchObject({value: 'GCP', source: 'preset prod (removed: ELASTIC from --set)'})
    })

    it('leaves an input without a default needing a value, as the header and the walk count it', () => {
        const w = wizard()
        w.at('tier')
        w.press('x')
        expect(w.row('tier')).toMatchObject({value: undefined, needed: true, source: 'needs a value (removed: gold from profile p)'})
        expect(missingInputs(inputsView(w.ctx, w.state()))).toEqual(['tier'])
        expect(w.state().message).toBe('removed tier = gold: it needs a value')
        // enter then sets it again: the list has nothing to remove any more
        w.press('', {return: true})
        expect(w.state().editor).toMatchObject({name: 'tier', typing: true})
        expect(w.state().editor!.removal).toBeUndefined()
    })

    it('is undone by setting a value again, which shows what it overrides', () => {
        const w = wizard()
        w.at('env')
        w.press('x')
        w.press('', {return: true})
        expect(w.state().editor!.removal).toBeUndefined()
        w.press('G')
        w.press('k')
        w.press('', {return: true})
        expect(w.state().choices).toEqual({presets: [], values: {env: 'ELASTIC'}})
        expect(w.row('env')).toMatchObject({value: 'ELASTIC', source: 'set here', given: true})
        // a boolean toggled after its removal, too
        w.at('debug')
        w.press('x')
        expect(w.row('debug')).toMatchObject({value: false, source: 'default (removed: true from --set)'})
        w.press(' ')
        expect(w.state().choices).toEqual({presets: [], values: {env: 'ELASTIC', debug: true}})
    })

    it('removes every value given at once, the wizard’s and the environment’s: the default applies', () => {
        const w = wizard({presets: [], values: {region: 'asia'}})
        w.at('region')
        expect(w.row('region')).toMatchObject({value: 'asia', source: 'set here (was us)'})
        w.press('x')
        expect(w.state().choices).toEqual({presets: [], values: {}, removed: ['region']})
        expect(w.row('region')).toMatchObject({value: 'eu', source: 'default (removed: us from environment TRELLIS_INPUT_region)'})
        expect(w.state().message).toBe('removed region = asia: eu (default) applies')
        // a value set only in the wizard is dropped without removing anything of the command line
        const v = wizard({presets: [], values: {env: 'GCP'}}, {}, {assignments: BASE.assignments.filter(a => a.name !== 'env')})
        v.press('x')
        expect(v.state().choices).toEqual({presets: [], values: {}})
        expect(v.row('env')).toMatchObject({value: 'OPENSTACK', source: 'default'})
    })

    it('says there is nothing to remove where the value is the default or a preset’s, and changes nothing', () => {
        const w = wizard()
        w.at('env')
        w.press('x')
        const before = w.state()
        w.press('x')
        expect(w.state().choices).toBe(before.choices)
        expect(w.state().message).toBe('env: nothing given to remove (the value comes from default (removed: ELASTIC from --set))')
    })
})

describe('the list of values', () => {
    it('offers the removal, saying what applies then, and removes with enter or x', () => {
        const w = wizard()
        w.at('env')
        w.press('', {return: true})
        expect(w.state().editor).toMatchObject({choices: ['OPENSTACK', 'GCP', 'ELASTIC'], removal: 'remove the value: OPENSTACK (default)', cursor: 2})
        w.press('j')
        w.press('', {return: true})
        expect(w.state().editor).toBeUndefined()
        expect(w.state().choices.removed).toEqual(['env'])
        const x = wizard()
        x.at('env')
        x.press('', {return: true})
        x.press('x')
        expect(x.state().choices.removed).toEqual(['env'])
    })

    it('opens on "type a value…" for an input the template offers no values for, the removal above it', () => {
        const w = wizard()
        w.at('tier')
        w.press('', {return: true})
        expect(w.state().editor).toMatchObject({choices: [], removal: 'remove the value: it needs one then', cursor: 1, typing: false})
        w.press('', {return: true})
        expect(w.state().editor).toMatchObject({typing: true, text: ''})
        // esc goes back to the list, which has an entry besides typing
        w.press('', {escape: true})
        expect(w.state().editor).toMatchObject({typing: false})
    })

    it('toggles a boolean given on the command line with enter; x removes it, as the key line says', () => {
        const w = wizard()
        w.at('debug')
        expect(keyLine(w.state(), 0, 80, w.row('debug').given)).toBe('W write · ? keys · ⏎ edit · x remove value · tab pane · / search · w what-if')
        w.press('', {return: true})
        expect(w.row('debug')).toMatchObject({value: false, source: 'set here (was true)'})
        w.press('x')
        expect(w.row('debug')).toMatchObject({value: false, source: 'default (removed: true from --set)', given: false})
        expect(keyLine(w.state(), 0, 80, w.row('debug').given)).not.toContain('x remove value')
    })
})

it('widens the inputs pane, side by side, to show the removal entry whole', () => {
    const w = wizard()
    w.at('tier')
    w.press('', {return: true})
    const rows = inputsView(w.ctx, w.state()).filter(r => r.name === 'tier')
    expect(inputsWidth(rows)).toBeLessThan(10 + 'remove the value: it needs one then'.length)
    expect(inputsWidth(rows, w.state().editor)).toBe(10 + 'remove the value: it needs one then'.length)
})

describe('the key line', () => {
    it('shows x where a value was given, in the list too, within 80 columns', () => {
        const w = wizard()
        w.at('env')
        w.press('', {return: true})
        expect(keyLine(w.state(), 0, 80)).toBe('⏎ set · esc cancel · x remove value · ↑↓ move')
        w.press('x')
        w.press('', {return: true})
        expect(keyLine(w.state(), 0, 80)).toBe('⏎ set · esc cancel · ↑↓ move')
    })
})

describe('the choices with a value removed', () => {
    it('keep only the values given, none removed: what a profile saved now keeps', () => {
        const w = wizard({presets: ['prod'], values: {debug: false}})
        w.at('env')
        w.press('x')
        expect(givenValues(valuesView(w.ctx, w.state()))).toEqual({tier: 'gold', debug: false, region: 'us'})
    })

    it('stay removed when a suggestion is applied or the template is read again, unless they set the input', () => {
        const choices: Choices = {presets: [], values: {}, removed: ['env', 'tier']}
        expect(suggestion(choices, [{input: 'debug', from: false, to: true}], undefined, 'present').choices).toEqual({presets: [], values: {debug: true}, removed: ['env', 'tier']})
        expect(suggestion(choices, [{input: 'env', from: 'OPENSTACK', to: 'GCP'}], undefined, 'present').choices).toEqual({presets: [], values: {env: 'GCP'}, removed: ['tier']})
        const without = readDefinitionOf(templateFromText(TEXT.replace(/ +tier: .*\n/, '')))
        expect(keptChoices(choices, without).choices).toEqual({presets: [], values: {}, removed: ['env']})
    })
})

describe('loading a profile in the wizard', () => {
    it('replaces the profile it started with: that one’s values no longer hold, the command line’s still do', () => {
        const w = wizard()
        const reduce = reducer(w.ctx)
        let state: WizardState = {...w.state(), screen: 'profiles'}
        const other: Profile = {name: 'q', template: {path: 't.yaml', sha256: ''}, presets: [], inputs: {region: 'ap'}, created: '', updated: ''}
        state = reduce(state, {type: 'profiles', list: [other]})
        state = reduce(state, {type: 'key', input: '', key: {return: true} as Key})
        const request = requestOf(state.choices, BASE)
        const values = Object.fromEntries((request.assignments ?? []).map(a => [a.name, a.value]))
        // p's tier is gone (tier needs a value again); --set env and debug stay; q's region wins over the environment's
        expect(values).toEqual({env: 'ELASTIC', debug: true, region: 'ap'})
    })
})
