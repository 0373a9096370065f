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

/**
 * `NAME=value trellis resolve …`: environment assignments first, in name order. `unset`: variables
 * the run had but did not use (a value the wizard removed or set again), which would win over the
 * command's own values in the shell they came from: `env -u NAME …` leaves them out.
 */
export function commandLine(argv: readonly string[], env: Readonly<Record<string, string>> = {}, unset: readonly string[] = []): string {
    const assignments = Object.keys(env)
        .sort()
        .map(name => `${name}=${shellQuote(env[name]!)}`)
    const cleared = unset.length ? ['env', ...[...unset].sort().flatMap(name => ['-u', shellQuote(name)])] : []
    return [...cleared, ...assignments, ...argv.map(shellQuote)].join(' ')
}
