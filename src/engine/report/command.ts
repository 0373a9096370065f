// The shell command that reproduces a resolution, each word quoted by the one rule (text.ts shellWord).
import {shellWord} from '../text.js'

/**
 * `NAME=value trellis resolve …`: environment assignments first, in name order; `unset`: variables
 * the shell may hold that must not reach the command (`env -u NAME …`).
 */
export function commandLine(argv: readonly string[], env: Readonly<Record<string, string>> = {}, unset: readonly string[] = []): string {
    const assignments = Object.keys(env)
        .sort()
        .map(name => `${name}=${shellWord(env[name]!)}`)
    const unsetting = unset.length ? ['env', ...[...unset].sort().flatMap(name => ['-u', shellWord(name)])] : []
    return [...unsetting, ...assignments, ...argv.map(shellWord)].join(' ')
}
