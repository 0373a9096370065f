// The conflict screen's keys: a repair applied, or on to the inputs that need a value.
import type {Key} from 'ink'
import {inputsView} from '../selectors.js'
import type {WizardState} from '../wizard.js'
import {apply, globalKey, moved, type KeyContext} from './common.js'
import {inputsKey} from './main.js'

export function conflictKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    if (key.escape) return {...state, screen: 'main'}
    if (key.return) {
        // on to the first input that needs a value, its editor open: each value set moves on to the next
        const rows = inputsView(ctx, state)
        const first = rows.findIndex(r => r.needed)
        if (first < 0) return state
        return inputsKey({...state, screen: 'main', pane: 'inputs', inputCursor: first}, '', {...key, return: true}, ctx)
    }
    const digit = /^[1-9]$/.test(input) ? Number(input) : undefined
    if (digit !== undefined && state.suggestions) return {...apply(state, digit), screen: 'main'}
    // a conflict taller than the terminal scrolls; the screen clamps, this bound only keeps the way back short
    const offset = moved(state.conflictOffset ?? 0, 200, input, key, ctx.page)
    if (offset !== undefined) return {...state, conflictOffset: offset}
    if (input === 'p') return {...state, screen: 'presets'}
    return globalKey(state, input) ?? state
}
