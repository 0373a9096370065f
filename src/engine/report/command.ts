// The shell command that reproduces a resolution, each word quoted by the one rule (shell-word.ts).
import {shellWord} from '../shell-word.js'

/** A name a shell takes in an assignment before a command (`NAME=value trellis …`). */
const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * `NAME=value trellis resolve …`: environment assignments first, in name order; `unset`: variables
 * the shell may hold that must not reach the command. Both through `env` (`env -u NAME …`,
 * `env 'TRELLIS_INPUT_log-level=debug' …`) where a shell's own assignment cannot say it: a
 * variable to unset, or a name a shell does not take (an input named `log-level`).
 */
export function commandLine(argv: readonly string[], env: Readonly<Record<string, string>> = {}, unset: readonly string[] = []): string {
    const names = Object.keys(env).sort()
    const assignments = names.map(name => `${name}=${env[name]!}`)
    const throughEnv = unset.length > 0 || !names.every(name => SHELL_NAME.test(name))
    const prefix = throughEnv
        ? ['env', ...[...unset].sort().flatMap(name => ['-u', shellWord(name)]), ...assignments.map(shellWord)]
        : names.map(name => `${name}=${shellWord(env[name]!)}`)
    return [...prefix, ...argv.map(shellWord)].join(' ')
}
