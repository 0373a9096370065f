import type {Command} from 'commander'

// commander helpers: a flag that repeats (each value appended to the list so far), and which flags
// take a value.
export const collect = (value: string, previous: string[]) => [...previous, value]

/** The flags of any command or subcommand that take a value (`--preset`, `-o`): the word after one is no argument. */
export function valueFlags(program: Command): ReadonlySet<string> {
    const commands = program.commands.flatMap(c => [c, ...c.commands])
    return new Set(
        commands
            .flatMap(c => c.options)
            .filter(o => o.required || o.optional)
            .flatMap(o => [o.long, o.short])
            .filter((f): f is string => f !== undefined),
    )
}
