// What each key does, per screen, each screen's keys in a file of its own. Pure: (state, key) →
// state. Keys that need the world (write, save, quit) add an effect; the hooks carry it out.
import {withEffect} from '../wizard.js'
import {moved, type Handler} from './common.js'
import {conflictKey} from './conflict.js'
import {mainKey} from './main.js'
import {presetsKey} from './presets.js'
import {profilesKey} from './profiles.js'
import {writeKey} from './write.js'

export type {KeyContext} from './common.js'
export {togglePreset} from './presets.js'

export const onKey: Handler = (state, input, key, ctx) => {
    if (state.quitting) return input === 'y' ? withEffect(state, {kind: 'exit'}) : {...state, quitting: false}
    switch (state.screen) {
        case 'help': {
            if (key.escape || input === '?' || input === 'q') return {...state, screen: 'main', helpOffset: 0}
            // the help clamps what it shows; this bound only keeps the way back short
            const offset = moved(state.helpOffset ?? 0, 60, input, key, ctx.page)
            return offset === undefined ? state : {...state, helpOffset: offset}
        }
        case 'presets':
            return presetsKey(state, input, key, ctx)
        case 'profiles':
            return profilesKey(state, input, key, ctx)
        case 'write':
            return writeKey(state, input, key, ctx)
        case 'conflict':
            return conflictKey(state, input, key, ctx)
        case 'main':
            return mainKey(state, input, key, ctx)
    }
}
