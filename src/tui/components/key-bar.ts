// The key line under each screen: its keys, those that matter most first, as
// many as the width holds. A few are pinned and show at any width (on the main
// screen: how to write, the wizard's job, and how to get help); the others are
// dropped whole when they do not fit, never cut: the help (?) lists every key.
import {hasList, type WizardState} from '../state/wizard.js'

/** A key and what it does, as the line shows it; a pinned one shows at any width. */
export interface Hint {
    readonly text: string
    readonly pinned?: boolean
}

const SEPARATOR = ' · '

const pin = (text: string): Hint => ({text, pinned: true})
const hint = (text: string): Hint => ({text})

/**
 * The hints in their order, those that fit in `width` columns: room is kept for the pinned ones
 * first, then the others are taken in order until one does not fit; it and those after it are left
 * out, so no key shows while one that matters more is missing.
 */
export function fitHints(hints: readonly Hint[], width: number): string {
    const cost = (h: Hint) => [...h.text].length + SEPARATOR.length
    // the first hint has no separator before it: count it as if the line were one separator longer
    let room = width + SEPARATOR.length - hints.filter(h => h.pinned).reduce((n, h) => n + cost(h), 0)
    const shown = hints.filter(h => {
        if (h.pinned) return true
        if (cost(h) > room) room = -1
        else room -= cost(h)
        return room >= 0
    })
    return shown.map(h => h.text).join(SEPARATOR)
}

/**
 * The key line of the screen shown, fitted to `width`; `missing` counts the inputs that need a value,
 * `removable` says the focused input's value was given (x removes it).
 */
export function keyLine(state: WizardState, missing: number, width: number, removable = false): string {
    return fitHints(hintsOf(state, missing, removable), width)
}

const REMOVE = 'x remove value'

/** What enter does in the focused pane (one short word where one line serves three panes). */
const ENTER: Readonly<Record<WizardState['pane'], string>> = {inputs: '⏎ edit', topology: '⏎ explain', why: '⏎ follow'}

function hintsOf(state: WizardState, missing: number, removable: boolean): readonly Hint[] {
    // a dialog open: its own keys, nothing else (what it takes is typed, or y/n)
    const dialog = dialogHints(state)
    if (dialog) return dialog
    switch (state.screen) {
        case 'main':
            return [
                pin('W write'),
                pin('? keys'),
                hint(ENTER[state.pane]),
                ...(state.pane === 'inputs' && removable ? [hint(REMOVE)] : []),
                hint('tab pane'),
                hint('/ search'),
                hint('w what-if'),
                hint(state.whyFull ? 'z back' : 'z whole why'),
                hint('f filter'),
                hint('p presets'),
                hint('q quit'),
                hint('o s profiles'),
                hint('↑↓ move'),
            ]
        case 'presets':
            return [hint('space/⏎ choose'), pin('tab/esc on to the inputs'), pin('W write'), pin('? keys'), hint('c conflict'), hint('o profiles'), hint('↑↓ move')]
        case 'profiles':
            return [hint('⏎ load'), hint('s save'), pin('esc back'), pin('? keys'), hint('↑↓ move')]
        case 'write':
            return [pin('⏎ write'), hint('tab edit paths'), pin('esc back'), pin('? keys')]
        case 'help':
            return [pin('esc back')]
        case 'conflict':
            return conflictHints(missing, state.suggestions?.items.length ?? 0)
    }
}

/** The conflict screen's keys: enter while inputs need a value, a repair's number only while repairs are listed. */
function conflictHints(missing: number, repairs: number): Hint[] {
    const apply = repairs === 0 ? [] : [pin(repairs === 1 ? '1 applies the repair' : `1–${Math.min(9, repairs)} apply a repair`)]
    return [...(missing > 0 ? [pin('⏎ set the inputs that need a value')] : []), ...apply, hint('p presets'), pin('esc back'), pin('? keys')]
}

/** The keys of a dialog open on the screen (a confirmation, a name or path typed, a value edited); undefined when none is. */
function dialogHints(state: WizardState): readonly Hint[] | undefined {
    const naming = state.profiles.naming
    const namingOpen = naming && (state.screen === 'profiles' || (state.screen === 'write' && state.write.offering))
    if (namingOpen && naming.confirming) return [pin(`y replace profile "${naming.text}"`), pin('n/esc keep it')]
    if (namingOpen) return [pin('⏎ save the profile'), pin(state.screen === 'write' ? 'esc skip' : 'esc cancel')]
    if (state.screen === 'write' && state.write.confirming) return [pin('y overwrite'), pin('n/esc cancel')]
    if (state.screen === 'write' && state.write.field) return [pin('⏎/esc done'), pin('tab next path')]
    if (state.screen === 'main' && state.editor)
        return state.editor.typing
            ? [pin('⏎ set'), pin(hasList(state.editor) ? 'esc back to the list' : 'esc cancel')]
            : [pin('⏎ set'), pin('esc cancel'), ...(state.editor.removal === undefined ? [] : [pin(REMOVE)]), hint('↑↓ move')]
    return undefined
}
