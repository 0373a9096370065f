// The reducer: keys (see keys.ts) and what the hooks report back — a new
// resolution, a finished search, the outcome of a write or a profile save.
import type {Key} from 'ink'
import type {ExplanationLine} from '../../engine/index.js'
import type {Profile} from '../../profiles/types.js'
import {onKey, type KeyContext} from './keys/index.js'
import type {Choices} from '../resolver/protocol.js'
import {clamp, type Lookup, type Outcome, type Suggestion, type WizardState} from './wizard.js'
import {reloadMessage} from './reload.js'
import {inputsView, topologyView} from './selectors.js'

export type Action =
    | {readonly type: 'key'; readonly input: string; readonly key: Key}
    | {readonly type: 'outcome'; readonly outcome: Outcome}
    | {readonly type: 'decisive'; readonly choices: Choices; readonly inputs: ReadonlySet<string>}
    | {readonly type: 'explained'; readonly resolution: number; readonly element: string; readonly lines: readonly ExplanationLine[]}
    | {readonly type: 'effects-taken'; readonly count: number}
    | {readonly type: 'written'; readonly message: string}
    | {readonly type: 'failed'; readonly message: string}
    | {readonly type: 'profiles'; readonly list: readonly Profile[]}
    | {readonly type: 'profile-saved'; readonly name: string; readonly list: readonly Profile[]}
    | {readonly type: 'suggestions'; readonly lookup: Lookup; readonly items: readonly Suggestion[]; readonly note: string}
    /** The template was read again: the choices it still has, and what no longer exists. */
    | {readonly type: 'reloaded'; readonly choices: Choices; readonly dropped: readonly string[]}
    /** The template changed but cannot be read: the wizard keeps the last version. */
    | {readonly type: 'reload-failed'; readonly message: string}
    /** The resolver stopped and is starting again with the latest choices. */
    | {readonly type: 'restarted'; readonly message: string}
    /** The resolver stopped for good: nothing more is resolved, nothing waits for it. */
    | {readonly type: 'stopped'; readonly message: string}

/** Explanations kept for going back to them (esc after following a line). */
const KEPT_EXPLANATIONS = 32

export function reducer(ctx: KeyContext): (state: WizardState, action: Action) => WizardState {
    return (state, action) => {
        switch (action.type) {
            case 'key':
                return onKey(state, action.input, action.key, ctx)
            case 'outcome': {
                // results for other choices than the current ones are stale
                const first = state.outcome === undefined
                const reloaded = state.reloaded
                // a warning (a preset's value of the wrong type) is said on the message line when it first appears
                const warned = action.outcome.warnings.filter(w => !state.outcome?.warnings.includes(w)).join('; ')
                const message = warned ? [first ? state.message : undefined, warned].filter(Boolean).join('; ') : state.message
                const next: WizardState = reloaded
                    ? {...state, outcome: action.outcome, reloaded: undefined, message: reloadMessage(ctx.rules, reloaded.before, action.outcome, reloaded.dropped)}
                    : {...state, outcome: action.outcome, message}
                // a template whose starting choices give no variant opens on the conflict and its repairs,
                // never on a bare "no variant" (an input still without a value is asked for on the inputs pane)
                if (first && !action.outcome.ok && action.outcome.conflict.length > 0 && state.screen === 'main')
                    return {...next, screen: 'conflict', lookup: {kind: 'repairs', choices: state.choices}, suggestions: undefined}
                const inputs = inputsView(ctx, next)
                // inputs that need a value stop everything: the walk opens on the first of them
                const needed = first ? inputs.findIndex(r => r.needed) : -1
                return {...next, inputCursor: needed >= 0 ? needed : clamp(next.inputCursor, inputs.length), topologyCursor: clamp(next.topologyCursor, topologyView(next).length)}
            }
            case 'decisive':
                return {...state, decisive: {choices: action.choices, inputs: action.inputs}}
            case 'explained': {
                const explained = new Map(state.explained)
                explained.set(`${action.resolution}:${action.element}`, action.lines)
                for (const key of explained.keys()) if (explained.size > KEPT_EXPLANATIONS) explained.delete(key)
                return {...state, explained}
            }
            case 'effects-taken':
                return {...state, effects: state.effects.slice(action.count)}
            case 'written':
                return {
                    ...state,
                    dirty: false,
                    message: action.message,
                    write: {...state.write, offering: true},
                    profiles: {...state.profiles, naming: {text: '', confirming: false}},
                }
            case 'failed':
                return {...state, message: action.message, write: {...state.write, confirming: false}}
            case 'profiles':
                return {...state, profiles: {...state.profiles, list: action.list, cursor: clamp(state.profiles.cursor, action.list.length)}}
            case 'profile-saved': {
                const afterWrite = state.screen === 'write'
                return {
                    ...state,
                    message: `saved profile ${action.name}`,
                    profiles: {list: action.list, cursor: 0, naming: undefined},
                    write: {...state.write, offering: false},
                    screen: afterWrite ? 'main' : state.screen,
                }
            }
            case 'suggestions':
                return action.lookup === state.lookup ? {...state, suggestions: {lookup: action.lookup, items: action.items, note: action.note}, lookup: undefined} : state
            case 'reloaded':
                return {
                    ...state,
                    choices: action.choices,
                    suggestions: undefined,
                    lookup: undefined,
                    why: {stack: [], cursor: 0},
                    reloaded: {before: state.outcome, dropped: action.dropped},
                    message: 'the template changed: resolving again…',
                }
            case 'reload-failed':
            case 'restarted':
                return {...state, message: action.message}
            case 'stopped':
                // a search in progress ends with it
                return {...state, message: action.message, stopped: true, lookup: undefined}
        }
    }
}
