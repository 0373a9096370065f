// Ink hands a run of characters over as one input (it treats it as a paste).
// Keys typed ahead while the wizard is busy, or sent together by a terminal
// multiplexer, arrive that way too ("jj\r", "\t\u0015X" for Tab Ctrl-U X):
// split such a run into one key press per character, reading control
// characters as the keys they are, so none is lost or typed as text.
import type {Key} from 'ink'

/** A key record with nothing pressed (tests build key presses from it too). */
export const NONE: Key = {
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    pageDown: false,
    pageUp: false,
    home: false,
    end: false,
    return: false,
    escape: false,
    ctrl: false,
    shift: false,
    tab: false,
    backspace: false,
    delete: false,
    meta: false,
    super: false,
    hyper: false,
    capsLock: false,
    numLock: false,
}

export interface KeyPress {
    readonly input: string
    readonly key: Key
}

export function keyPresses(input: string, key: Key): KeyPress[] {
    const chars = Array.from(input)
    // a single key, or one Ink already recognised (arrows, escape sequences, ctrl combinations)
    if (chars.length <= 1 || key.ctrl || key.meta || key.escape || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return [{input, key}]
    return chars.map(charPress)
}

/** One character as the key that types it: Enter, Tab, Backspace, Ctrl-letter, or the character itself. */
function charPress(char: string): KeyPress {
    switch (char) {
        case '\r':
        case '\n':
            return {input: '', key: {...NONE, return: true}}
        case '\t':
            return {input: '', key: {...NONE, tab: true}}
        case '\u007F':
        case '\b':
            return {input: '', key: {...NONE, backspace: true}}
    }
    const code = char.charCodeAt(0)
    // Ctrl-A … Ctrl-Z are the codes 1 … 26, as Ink reports them when they arrive alone
    if (code >= 1 && code <= 26) return {input: String.fromCharCode(code + 96), key: {...NONE, ctrl: true}}
    return {input: char, key: {...NONE, shift: /[A-Z]/.test(char)}}
}
