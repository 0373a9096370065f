// The shell command that reproduces a resolution, quoted for POSIX shells.
import {CONTROL_RANGES, escapedControl} from '../text.js'

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/
const CONTROL = new RegExp(`[${CONTROL_RANGES}]`, 'u')
const CONTROLS = new RegExp(CONTROL.source, 'gu')

function shellQuote(word: string): string {
    if (word !== '' && SAFE.test(word)) return word
    // a control character (a preset name holding ESC) is written as $'\x1b': the same word to the
    // shell, and nothing a terminal showing the command acts on
    if (CONTROL.test(word)) return `$'${word.replace(/[\\']/g, '\\$&').replace(CONTROLS, escapedControl)}'`
    return `'${word.replace(/'/g, `'\\''`)}'`
}

/** `NAME=value trellis resolve …`: environment assignments first, in name order. */
export function commandLine(argv: readonly string[], env: Readonly<Record<string, string>> = {}): string {
    const assignments = Object.keys(env)
        .sort()
        .map(name => `${name}=${shellQuote(env[name]!)}`)
    return [...assignments, ...argv.map(shellQuote)].join(' ')
}
