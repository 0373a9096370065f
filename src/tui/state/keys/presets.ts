// The presets screen's keys: presets chosen in order, and the way on to the inputs.
import type {Key} from 'ink'
import {inputsView} from '../selectors.js'
import {choose, withEffect, type WizardState} from '../wizard.js'
import {globalKey, moved, toConflict, toWrite, type KeyContext} from './common.js'

export function presetsKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    const names = [...ctx.definition.presets.keys()]
    // on to the inputs: the next step of the walk (and back to them when opened from there); when the
    // presets chosen give no variant, on to the conflict and its repairs instead
    if (key.escape || key.tab)
        return state.outcome && !state.outcome.ok && state.outcome.conflict.length > 0 && state.outcome.choices === state.choices
            ? {...state, screen: 'conflict', lookup: {kind: 'repairs', choices: state.choices}, suggestions: undefined}
            : {...state, screen: 'main', pane: 'inputs', inputCursor: firstUnset(state, ctx)}
    const cursor = moved(state.presetCursor, names.length, input, key, ctx.page)
    if (cursor !== undefined) return {...state, presetCursor: cursor}
    const name = names[state.presetCursor]
    if ((input === ' ' || key.return) && name) return choose(state, {...state.choices, presets: togglePreset(state.choices.presets, name)})
    if (input === 'o') return withEffect({...state, screen: 'profiles', profiles: {...state.profiles, cursor: 0, naming: undefined}}, {kind: 'load-profiles'})
    if (input === 'c') return toConflict(state)
    // writing is possible from here as from the main screen (the key line shows W at any width)
    if (input === 'W') return toWrite(state)
    return globalKey(state, input) ?? state
}

/** The walk goes on at the first input that still needs a value (none given, no default), else where it was. */
function firstUnset(state: WizardState, ctx: KeyContext): number {
    const index = inputsView(ctx, state).findIndex(row => row.needed)
    return index >= 0 ? index : state.inputCursor
}

/** Presets apply in the order chosen: choosing appends, choosing again removes. */
export function togglePreset(presets: readonly string[], name: string): string[] {
    return presets.includes(name) ? presets.filter(p => p !== name) : [...presets, name]
}
