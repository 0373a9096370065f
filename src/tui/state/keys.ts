// What each key does, per screen. Pure: (state, key) → state. Keys that need
// the world (write, save, quit) add an effect; the hooks carry it out.
import type {Key} from 'ink'
import {parse as parseYaml} from 'yaml'
import {checkNesting, checkType, isTrellisError, type ResolveRequest, type VariabilityDefinition} from '../../engine/index.js'
import {inputsView, selectedElement, topologyView, whyView} from './selectors.js'
import {choose, clamp, FILTERS, withEffect, type WizardState, type WriteField} from './wizard.js'
import {nextMissing} from './missing.js'
import {keptChoices} from './reload.js'
import {STANDARD_OUTPUT} from '../resolver/protocol.js'

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
}

type Handler = (state: WizardState, input: string, key: Key, ctx: KeyContext) => WizardState

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

/** A cursor moved by the usual keys; undefined when the key is not a movement. */
function moved(cursor: number, length: number, input: string, key: Key, page: number): number | undefined {
    if (key.upArrow || input === 'k') return clamp(cursor - 1, length)
    if (key.downArrow || input === 'j') return clamp(cursor + 1, length)
    if (key.pageUp) return clamp(cursor - page, length)
    if (key.pageDown) return clamp(cursor + page, length)
    if (key.home || input === 'g') return 0
    if (key.end || input === 'G') return Math.max(0, length - 1)
    return undefined
}

/** Editing a line of text: the new text, or undefined when the key does not edit. */
function edited(text: string, input: string, key: Key): string | undefined {
    if (key.backspace || key.delete) return text.slice(0, -1)
    // as in a shell: ctrl-u clears the line, ctrl-w the last word
    if (key.ctrl && input === 'u') return ''
    if (key.ctrl && input === 'w') return text.replace(/[^\s/.]*[\s/.]*$/, '')
    if (input && !key.ctrl && !key.meta && !key.return && !key.escape && !key.tab && !key.upArrow && !key.downArrow) return text + input
    return undefined
}

/** Keys every screen but text entry shares. */
function globalKey(state: WizardState, input: string): WizardState | undefined {
    if (input === '?') return {...state, screen: 'help'}
    if (input === 'q') return state.dirty ? {...state, quitting: true} : withEffect(state, {kind: 'exit'})
    return undefined
}

function mainKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    if (state.editor) return editorKey(state, input, key, ctx)
    if (state.search?.typing) {
        if (key.escape) return {...state, search: undefined, topologyCursor: 0}
        if (key.return || key.upArrow || key.downArrow || key.tab)
            return mainKey({...state, search: {...state.search, typing: false}}, input, key.return ? {...key, return: false} : key, ctx)
        const text = edited(state.search.text, input, key)
        return text === undefined ? state : {...state, search: {text, typing: true}, topologyCursor: 0}
    }
    const global = globalKey(state, input)
    if (global) return global
    const digit = /^[1-9]$/.test(input) ? Number(input) : undefined
    if (digit !== undefined && state.suggestions) return apply(state, digit)
    if (key.tab) {
        const order = ['inputs', 'topology', 'why'] as const
        const next = order[(order.indexOf(state.pane) + (key.shift ? order.length - 1 : 1)) % order.length]!
        return {...state, pane: next, why: next === 'why' ? state.why : {stack: [], cursor: 0}}
    }
    switch (input) {
        case 'p':
            return {...state, screen: 'presets', message: undefined}
        case 'o':
            return withEffect({...state, screen: 'profiles', profiles: {...state.profiles, cursor: 0, naming: undefined}, message: undefined}, {kind: 'load-profiles'})
        case 's':
            return withEffect({...state, screen: 'profiles', profiles: {...state.profiles, naming: {text: '', confirming: false}}, message: undefined}, {kind: 'load-profiles'})
        case 'W':
            return {...state, screen: 'write', write: {...state.write, confirming: false, field: undefined, offering: false}, message: undefined}
        case 'c':
            return toConflict(state)
        case 'f':
            return {...state, pane: 'topology', filter: FILTERS[(FILTERS.indexOf(state.filter) + 1) % FILTERS.length]!, topologyCursor: 0, why: {stack: [], cursor: 0}}
        case '/':
            return {...state, pane: 'topology', search: {text: '', typing: true}, topologyCursor: 0, why: {stack: [], cursor: 0}}
        case 'z':
            return {...state, pane: 'why', whyFull: !state.whyFull}
        case 'w': {
            const target = state.pane === 'why' ? (state.why.stack[state.why.stack.length - 1] ?? selectedElement(state)) : selectedElement(state)
            return target ? {...state, lookup: {kind: 'what-if', target, choices: state.choices}, suggestions: undefined} : state
        }
    }
    if (key.escape) {
        if (state.whyFull && state.why.stack.length <= 1) return {...state, whyFull: false}
        if (state.pane === 'why' && state.why.stack.length > 1) return {...state, why: {stack: state.why.stack.slice(0, -1), cursor: 0}}
        if (state.pane === 'why') return {...state, pane: 'topology', why: {stack: [], cursor: 0}}
        return {...state, search: undefined, suggestions: undefined, lookup: undefined, message: undefined}
    }
    switch (state.pane) {
        case 'inputs':
            return inputsKey(state, input, key, ctx)
        case 'topology': {
            const rows = topologyView(state)
            const cursor = moved(state.topologyCursor, rows.length, input, key, ctx.page)
            if (cursor !== undefined) return {...state, topologyCursor: cursor}
            const id = selectedElement(state)
            if (key.return && id) return {...state, pane: 'why', why: {stack: [id], cursor: 0}}
            return state
        }
        case 'why': {
            const lines = whyView(state)
            const cursor = moved(state.why.cursor, lines.length, input, key, ctx.page)
            if (cursor !== undefined) return {...state, why: {...state.why, cursor}}
            const ref = lines[state.why.cursor]?.refs[0]
            if (key.return && ref) {
                const stack = state.why.stack.length ? state.why.stack : [selectedElement(state)!]
                return {...state, why: {stack: [...stack, ref], cursor: 0}}
            }
            return state
        }
    }
}

function inputsKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    const rows = inputsView(ctx, state)
    const cursor = moved(state.inputCursor, rows.length, input, key, ctx.page)
    if (cursor !== undefined) return {...state, inputCursor: cursor}
    const row = rows[state.inputCursor]
    if (!row || !(key.return || input === ' ')) return state
    // a boolean with a value toggles; one without is chosen from on and off, as nothing says which it is now
    if (row.type === 'boolean' && row.value !== undefined) return choose(state, {...state.choices, values: {...state.choices.values, [row.name]: row.value !== true}})
    if (input === ' ' && row.type !== 'boolean') return state
    const choices = row.type === 'boolean' && row.value === undefined ? [true, false] : ctx.choicesFor(row.name)
    const current = choices.findIndex(c => same(c, row.value))
    return {
        ...state,
        editor: {
            name: row.name,
            choices,
            cursor: current >= 0 ? current : 0,
            typing: choices.length === 0,
            text: row.value === undefined ? '' : typeof row.value === 'string' ? row.value : JSON.stringify(row.value),
        },
    }
}

function editorKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    const editor = state.editor!
    const commit = (value: unknown) => walkOn({...choose(state, {...state.choices, values: {...state.choices.values, [editor.name]: value}}), editor: undefined}, ctx)
    if (!editor.typing) {
        if (key.escape) return {...state, editor: undefined}
        const cursor = moved(editor.cursor, editor.choices.length + 1, input, key, ctx.page)
        if (cursor !== undefined) return {...state, editor: {...editor, cursor}}
        if (key.return) return editor.cursor < editor.choices.length ? commit(editor.choices[editor.cursor]) : {...state, editor: {...editor, typing: true}}
        // a list of values takes no letters: q quits and ? helps, as the key line says (the list closed)
        return globalKey({...state, editor: undefined}, input) ?? state
    }
    if (key.escape) return {...state, editor: editor.choices.length ? {...editor, typing: false, error: undefined} : undefined}
    if (key.return) {
        const parsed = typedValue(ctx.definition.inputs.get(editor.name)?.type, editor.text)
        return parsed.ok ? commit(parsed.value) : {...state, editor: {...editor, error: parsed.error}}
    }
    const text = edited(editor.text, input, key)
    return text === undefined ? state : {...state, editor: {...editor, text, error: undefined}}
}

/** After a value is set, the walk goes on to the next input that still needs one (the cursor stays when none does). */
function walkOn(state: WizardState, ctx: KeyContext): WizardState {
    const next = nextMissing(inputsView(ctx, state), state.inputCursor)
    return next === undefined ? state : {...state, inputCursor: next}
}

/**
 * The conflict screen, when nothing resolves: with the repairs search started when no variant exists;
 * a mistake in the choices (inputs that still need a value, an unknown input) is shown instead.
 */
function toConflict(state: WizardState): WizardState {
    if (!state.outcome || state.outcome.ok) return state
    if (state.outcome.error.errorClass === 'input') return {...state, screen: 'conflict', conflictOffset: 0, lookup: undefined, suggestions: undefined}
    return {...state, screen: 'conflict', conflictOffset: 0, lookup: {kind: 'repairs', choices: state.choices}, suggestions: undefined}
}

/** A typed value read as YAML and checked against the input's type. */
export function typedValue(type: string | undefined, text: string): {ok: true; value: unknown} | {ok: false; error: string} {
    let value: unknown
    try {
        // a value nested too deep for the parser is refused first, with the same message as in a template
        checkNesting(text, 'the value')
        value = text.trim() === '' ? '' : parseYaml(text)
    } catch (e) {
        if (isTrellisError(e)) return {ok: false, error: e.message}
        // the first line says what and where; the excerpt under it (after its colon) repeats the typed line
        return {ok: false, error: `not valid YAML: ${(e as Error).message.split('\n')[0]!.replace(/:$/, '')}`}
    }
    const check = checkType(type, value, true)
    return check.ok ? {ok: true, value: check.value} : {ok: false, error: `expects ${check.expected}`}
}

function presetsKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
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

function profilesKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
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
        const {choices, dropped} = keptChoices({presets: [...profile.presets], values: {...profile.inputs}}, ctx.definition)
        const note = dropped.length > 0 ? `; left out, not in this template: ${dropped.join(', ')}` : ''
        return {...choose(state, choices, `loaded profile ${profile.name}${note}`), screen: 'main'}
    }
    return globalKey(state, input) ?? state
}

/** The path tab moves to from the one edited: output, report, then the CSAR when one is offered; then none. */
function nextField(write: WizardState['write']): WriteField | undefined {
    if (write.field === 'output') return 'report'
    if (write.field === 'report' && write.csar !== undefined) return 'csar'
    return undefined
}

function writeKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    const write = state.write
    // after writing: the offer to keep these choices as a profile
    if (write.offering && state.profiles.naming) return profilesKey(state, input, key, ctx)
    if (write.confirming) {
        if (input === 'y') return withEffect({...state, write: {...write, confirming: false}}, {kind: 'write'})
        if (input === 'n' || key.escape) return {...state, write: {...write, confirming: false}, message: 'nothing written'}
        return state
    }
    if (write.field) {
        if (key.escape || key.return) return {...state, write: {...write, field: undefined}}
        if (key.tab) return {...state, write: {...write, field: nextField(write)}}
        const text = edited(write[write.field] ?? '', input, key)
        return text === undefined ? state : {...state, write: {...write, [write.field]: text}}
    }
    if (key.escape) return {...state, screen: 'main', message: undefined}
    if (key.tab) return {...state, write: {...write, field: 'output'}}
    if (key.return) {
        if (!state.outcome?.ok) return {...state, message: 'no variant exists: nothing to write'}
        if (write.output.trim() === '') return {...state, message: 'name the output file'}
        if ([write.output, write.report, write.csar].includes(STANDARD_OUTPUT))
            return {...state, message: 'standard output ("-") is the screen here: name a file (trellis resolve -o - or --prompt write to standard output)'}
        const existing = [write.output, write.report, write.csar].filter(f => f && ctx.exists(f))
        return existing.length ? {...state, write: {...write, confirming: true}} : withEffect(state, {kind: 'write'})
    }
    return globalKey(state, input) ?? state
}

function conflictKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
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

/** Applies the numbered suggestion. */
function apply(state: WizardState, n: number): WizardState {
    const suggestion = state.suggestions?.items[n - 1]
    return suggestion ? choose(state, suggestion.choices, `applied: ${suggestion.text}`) : state
}

function same(a: unknown, b: unknown): boolean {
    return JSON.stringify(a) === JSON.stringify(b)
}
