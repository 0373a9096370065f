// The profiles screen's keys: a profile loaded, or the choices saved under a name.
import type {Key} from 'ink'
import {keptChoices} from '../reload.js'
import {choose, withEffect, type WizardState} from '../wizard.js'
import {edited, globalKey, moved, type KeyContext} from './common.js'

export function profilesKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    const {list, naming} = state.profiles
    if (naming) {
        // after a write, naming a profile is the last step: leaving it leaves the write screen too
        const back = state.screen === 'write'
        if (naming.confirming) {
            if (input === 'y') return withEffect(state, {kind: 'save-profile', name: naming.text, force: true})
            if (input === 'n' || key.escape) return {...state, profiles: {...state.profiles, naming: {...naming, confirming: false}}}
            return state
        }
        if (key.escape) return {...state, profiles: {...state.profiles, naming: undefined}, screen: back ? 'main' : state.screen}
        if (key.return) {
            if (naming.text.trim() === '') return {...state, message: 'type a name for the profile'}
            if (list.some(p => p.name === naming.text)) return {...state, profiles: {...state.profiles, naming: {...naming, confirming: true}}}
            return withEffect(state, {kind: 'save-profile', name: naming.text, force: false})
        }
        const text = edited(naming.text, input, key)
        return text === undefined ? state : {...state, profiles: {...state.profiles, naming: {text, confirming: false}}, message: undefined}
    }
    if (key.escape) return {...state, screen: 'main'}
    const cursor = moved(state.profiles.cursor, list.length, input, key, ctx.page)
    if (cursor !== undefined) return {...state, profiles: {...state.profiles, cursor}}
    if (input === 's') return {...state, profiles: {...state.profiles, naming: {text: '', confirming: false}}, message: undefined}
    const profile = list[state.profiles.cursor]
    if (key.return && profile) {
        // a profile of another template (or of an older version of this one) brings only what this one defines:
        // a preset it does not define would fail every choice, and no screen could take it away
        // it replaces the profile the wizard started with: that one's values no longer hold (--set, an inputs file, the environment still do)
        const replaced = [...new Set((ctx.base?.assignments ?? []).flatMap(a => (a.source.kind === 'profile' && !(a.name in profile.inputs) ? [a.name] : [])))]
        const {choices, dropped} = keptChoices({presets: [...profile.presets], values: {...profile.inputs}, ...(replaced.length ? {removed: replaced} : {})}, ctx.definition)
        const note = dropped.length > 0 ? `; left out, not in this template: ${dropped.join(', ')}` : ''
        return {...choose(state, choices, `loaded profile ${profile.name}${note}`), screen: 'main'}
    }
    return globalKey(state, input) ?? state
}
