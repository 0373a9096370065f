// The shell command that reproduces a resolution, each word quoted by the one rule (text.ts shellWord).
import {shellWord} from '../text.js'

/** `NAME=value trellis resolve …`: environment assignments first, in name order. */
export function commandLine(argv: readonly string[], env: Readonly<Record<string, string>> = {}): string {
    const assignments = Object.keys(env)
        .sort()
        .map(name => `${name}=${shellWord(env[name]!)}`)
    return [...assignments, ...argv.map(shellWord)].join(' ')
}
