// A text as one word of a shell command line: the one rule of every command Trellis prints to paste
// (the report's "Reproduce with", the repairs, explain's suggestions, the missing inputs' example).
import {CONTROL_RANGES, escapedControl} from './text.js'

/** What a POSIX shell takes as one word without quotes (and no shell expands). */
const SHELL_SAFE = /^[\w@%+=:,./-]+$/
const CONTROL = new RegExp(`[${CONTROL_RANGES}]`, 'u')
const CONTROLS = new RegExp(CONTROL.source, 'gu')

/**
 * As it is when that is safe, else single-quoted; a control character (a preset name holding ESC)
 * makes it `$'…'`, the same word to bash and zsh, and nothing a terminal showing it acts on.
 */
export function shellWord(text: string): string {
    if (SHELL_SAFE.test(text)) return text
    if (CONTROL.test(text)) return `$'${text.replace(/[\\']/g, '\\$&').replace(CONTROLS, shellEscape)}'`
    return `'${text.replace(/'/g, "'\\''")}'`
}

/**
 * A character inside `$'…'`: as escapedControl shows it below U+0080; beyond, by its code point
 * (`\u0085`, `\U000e0041`), since `\x85` there is the byte 0x85, not the character, and `\u{…}` is
 * not read at all.
 */
function shellEscape(ch: string): string {
    const code = ch.codePointAt(0)!
    if (code < 0x80) return escapedControl(ch)
    return code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}
