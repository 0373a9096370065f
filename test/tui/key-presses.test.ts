// Keys that arrive in one read (typed ahead, or sent together by tmux) are split into the key
// presses they were, control characters included: none is lost or typed as text.
import type {Key} from 'ink'
import {describe, expect, it} from 'vitest'
import {keyPresses} from '../../src/tui/state/key-presses.js'

const plain = {ctrl: false, meta: false, escape: false, upArrow: false, downArrow: false, leftArrow: false, rightArrow: false} as Key

describe('keys arriving together', () => {
    it('reads Tab, Ctrl-U and a letter sent at once as three keys, the Ctrl-U as a control key', () => {
        const presses = keyPresses('\t\u0015X', plain)
        expect(presses.map(p => [p.input, p.key.tab, p.key.ctrl])).toEqual([
            ['', true, false],
            ['u', false, true],
            ['X', false, false],
        ])
    })

    it('reads Enter, Backspace and Ctrl-W in a run as those keys', () => {
        const presses = keyPresses('a\r\u007f\u0017', plain)
        expect(presses.map(p => (p.key.return ? 'enter' : p.key.backspace ? 'backspace' : p.key.ctrl ? `ctrl-${p.input}` : p.input))).toEqual(['a', 'enter', 'backspace', 'ctrl-w'])
    })

    it('leaves a single key as Ink read it', () => {
        const key = {...plain, ctrl: true}
        expect(keyPresses('u', key)).toEqual([{input: 'u', key}])
    })
})
