// Ink hands a run of plain characters over as one input (it treats it as a
// paste). Keys typed ahead while the wizard is busy, or sent together by a
// terminal multiplexer, arrive that way too ("jj\r"): split such a run into
// one key press per character so none is lost.
import type {Key} from 'ink'

const NONE: Key = {
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
    return chars.map(char => {
        switch (char) {
            case '\r':
            case '\n':
                return {input: '', key: {...NONE, return: true}}
            case '\t':
                return {input: '', key: {...NONE, tab: true}}
            case '\u007F':
            case '\b':
                return {input: '', key: {...NONE, backspace: true}}
            default:
                return {input: char, key: {...NONE, shift: /[A-Z]/.test(char)}}
        }
    })
}
