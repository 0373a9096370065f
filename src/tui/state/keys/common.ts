// What the screens' keys share: the context they read, movement and line editing, the keys every
// screen but text entry knows, and the steps two screens take (the conflict, a suggestion applied).
import type {Key} from 'ink'
import type {ResolveRequest, VariabilityDefinition} from '../../../engine/index.js'
import type {InputRules} from '../rules.js'
import {choose, clamp, withEffect, type WizardState} from '../wizard.js'

export interface KeyContext {
    /** What the command line asked for before the wizard's own choices (presets, --set, a profile). */
    readonly base?: ResolveRequest
    /** The template's inputs and presets (see TemplateOutline). */
    readonly definition: VariabilityDefinition
    /** Values worth offering for an input, besides typing one. */
    readonly choicesFor: (input: string) => readonly unknown[]
    readonly exists: (file: string) => boolean
    /** Rows a list pane shows at once (page up/down move by this much). */
    readonly page: number
    /** What the engine says of input values (the state folder imports none of its code). */
    readonly rules: InputRules
}

/** What a key does on one screen. Pure: (state, key) → state; keys that need the world add an effect. */
export type Handler = (state: WizardState, input: string, key: Key, ctx: KeyContext) => WizardState

/** A cursor moved by the usual keys; undefined when the key is not a movement. */
export function moved(cursor: number, length: number, input: string, key: Key, page: number): number | undefined {
    if (key.upArrow || input === 'k') return clamp(cursor - 1, length)
    if (key.downArrow || input === 'j') return clamp(cursor + 1, length)
    if (key.pageUp) return clamp(cursor - page, length)
    if (key.pageDown) return clamp(cursor + page, length)
    if (key.home || input === 'g') return 0
    if (key.end || input === 'G') return Math.max(0, length - 1)
    return undefined
}

/** Editing a line of text: the new text, or undefined when the key does not edit. */
export function edited(text: string, input: string, key: Key): string | undefined {
    if (key.backspace || key.delete) return text.slice(0, -1)
    // as in a shell: ctrl-u clears the line, ctrl-w the last word
    if (key.ctrl && input === 'u') return ''
    if (key.ctrl && input === 'w') return text.replace(/[^\s/.]*[\s/.]*$/, '')
    if (input && !key.ctrl && !key.meta && !key.return && !key.escape && !key.tab && !key.upArrow && !key.downArrow) return text + input
    return undefined
}

/** Keys every screen but text entry shares. */
export function globalKey(state: WizardState, input: string): WizardState | undefined {
    if (input === '?') return {...state, screen: 'help'}
    if (input === 'q') return state.dirty ? {...state, quitting: true} : withEffect(state, {kind: 'exit'})
    return undefined
}

/**
 * The conflict screen, when nothing resolves: with the repairs search started when no variant exists;
 * a mistake in the choices (inputs that still need a value, an unknown input) is shown instead.
 */
export function toConflict(state: WizardState): WizardState {
    if (!state.outcome || state.outcome.ok) return state
    if (state.outcome.error.errorClass === 'input') return {...state, screen: 'conflict', conflictOffset: 0, lookup: undefined, suggestions: undefined}
    return {...state, screen: 'conflict', conflictOffset: 0, lookup: {kind: 'repairs', choices: state.choices}, suggestions: undefined}
}

/** To the write screen (W, from the main and presets screens): its paths shown, no dialog open. */
export function toWrite(state: WizardState): WizardState {
    return {...state, screen: 'write', write: {...state.write, confirming: false, field: undefined, offering: false}, message: undefined}
}

/** Applies the numbered suggestion. */
export function apply(state: WizardState, n: number): WizardState {
    const suggestion = state.suggestions?.items[n - 1]
    return suggestion ? choose(state, suggestion.choices, `applied: ${suggestion.text}`) : state
}
