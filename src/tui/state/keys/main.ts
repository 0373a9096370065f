// The main screen's keys: the panes (inputs, topology, why), an input's value being chosen or
// typed, search and filter, and the ways to the other screens.
import type {Key} from 'ink'
import {withoutValue, withValue} from '../../resolver/protocol.js'
import {removalText} from '../inputs.js'
import {nextMissing} from '../missing.js'
import {inputsView, selectedElement, topologyView, valueWithout, whyView} from '../selectors.js'
import {choose, type Editor, editorEntries, editorEntry, FILTERS, hasList, withEffect, type WizardState} from '../wizard.js'
import {apply, edited, globalKey, moved, toConflict, toWrite, type KeyContext} from './common.js'

export function mainKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
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
            return toWrite(state)
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

export function inputsKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    const rows = inputsView(ctx, state)
    const cursor = moved(state.inputCursor, rows.length, input, key, ctx.page)
    if (cursor !== undefined) return {...state, inputCursor: cursor}
    const row = rows[state.inputCursor]
    if (row && (input === 'x' || key.delete || key.backspace)) return removeValue(state, row.name, ctx)
    if (!row || !(key.return || input === ' ')) return state
    // a boolean with a value toggles; one without is chosen from on and off, as nothing says which it is now
    if (row.type === 'boolean' && row.value !== undefined) return choose(state, withValue(state.choices, row.name, row.value !== true))
    if (input === ' ' && row.type !== 'boolean') return state
    const choices = row.type === 'boolean' && row.value === undefined ? [true, false] : ctx.choicesFor(row.name)
    const current = choices.findIndex(c => ctx.rules.same(c, row.value))
    // a value given (a profile's, --set, set here) can be removed from the list too, which says what applies then
    const removal = row.given ? removalText(ctx.rules, valueWithout(ctx, state.choices, row.name)) : undefined
    // typing starts empty: what is typed is the value, never appended to the current one (shown on its row)
    const editor: Editor = {name: row.name, choices, ...(removal === undefined ? {} : {removal}), cursor: 0, typing: false, text: ''}
    const entries = editorEntries(editor)
    // nothing to pick from: typing at once; with only the removal besides, the list opens on "type a value…"
    return {...state, editor: {...editor, cursor: current >= 0 ? current : choices.length === 0 ? entries - 1 : 0, typing: entries === 1}}
}

/**
 * Removes the value given for an input (x): the wizard's own, or the command line's (a profile, --set,
 * an inputs file, the environment), so that a preset's value or the template's default applies again.
 */
function removeValue(state: WizardState, name: string, ctx: KeyContext): WizardState {
    const row = inputsView(ctx, state).find(r => r.name === name)
    if (!row) return state
    if (!row.given) return {...state, editor: undefined, message: `${name}: nothing given to remove (${row.needed ? 'it needs a value' : `the value comes from ${row.source}`})`}
    const after = valueWithout(ctx, state.choices, name)
    const now = after?.value === undefined ? 'it needs a value' : `${ctx.rules.render(after.value, 24)} (${ctx.rules.source(after)}) applies`
    return {...choose(state, withoutValue(state.choices, name, ctx.base), `removed ${name} = ${ctx.rules.render(row.value, 24)}: ${now}`), editor: undefined}
}

function editorKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    const editor = state.editor!
    const commit = (value: unknown) => walkOn({...choose(state, withValue(state.choices, editor.name, value)), editor: undefined}, ctx)
    if (!editor.typing) {
        if (key.escape) return {...state, editor: undefined}
        const cursor = moved(editor.cursor, editorEntries(editor), input, key, ctx.page)
        if (cursor !== undefined) return {...state, editor: {...editor, cursor}}
        if (editor.removal !== undefined && (input === 'x' || key.delete || key.backspace)) return removeValue(state, editor.name, ctx)
        if (key.return) {
            const entry = editorEntry(editor)
            if (entry.kind === 'value') return commit(entry.value)
            return entry.kind === 'remove' ? removeValue(state, editor.name, ctx) : {...state, editor: {...editor, typing: true}}
        }
        // a list of values takes no letters: q quits and ? helps, as the key line says (the list closed)
        return globalKey({...state, editor: undefined}, input) ?? state
    }
    if (key.escape) return {...state, editor: hasList(editor) ? {...editor, typing: false, error: undefined} : undefined}
    if (key.return) {
        const parsed = ctx.rules.typed(ctx.definition.inputs.get(editor.name)?.type, editor.text)
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
