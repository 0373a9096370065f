import {type Command, InvalidArgumentError} from 'commander'

// commander helpers: a flag that repeats (each value appended to the list so far), and which flags
// take a value.
export const collect = (value: string, previous: string[]) => [...previous, value]

/**
 * Every flag that takes one value (`--inputs`, `-o`) refuses a second: commander would keep the last
 * and drop the first without a word (`--inputs a.yaml --inputs b.yaml` read b alone). Flags that
 * repeat (`--preset`, `--set`) collect their values instead.
 */
export function refuseRepeats(program: Command): void {
    for (const command of [program, ...program.commands.flatMap(c => [c, ...c.commands])])
        for (const option of command.options) {
            if (!(option.required || option.optional) || option.parseArg === collect) continue
            let first: string | undefined
            option.argParser((value: string) => {
                if (first !== undefined) throw new InvalidArgumentError(`${option.long ?? option.short} was given twice (${first}, then ${value}): give it once`)
                first = value
                return value
            })
        }
}

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
