// trellis completion SHELL: a completion script for bash, zsh or fish. The script asks
// `trellis __complete WORD…` for the candidates of the word being typed: commands, flags,
// the template's presets and input names, saved profile names; files are left to the shell.
import fs from 'node:fs'
import type {Command} from 'commander'
import {loadTemplate, readDefinitionOf} from '../../engine/index.js'
import {openStore} from '../../app/profile-request.js'
import {valueFlags} from '../repeatable.js'
import {EXIT_OK, EXIT_USAGE} from '../report-error.js'
import {printLines} from '../print.js'

const SHELLS = ['bash', 'zsh', 'fish'] as const
type Shell = (typeof SHELLS)[number]

const SCRIPTS: Record<Shell, string> = {
    bash: `# trellis completion for bash: source this file, or add it to ~/.bashrc
_trellis() {
    local IFS=$'\\n'
    COMPREPLY=($(trellis __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
    # NAME= for --set: the value follows without a space
    [[ \${#COMPREPLY[@]} -eq 1 && \${COMPREPLY[0]} == *= ]] && compopt -o nospace
}
complete -o default -o bashdefault -F _trellis trellis
`,
    zsh: `#compdef trellis
# trellis completion for zsh: put this file on your fpath as _trellis
_trellis() {
    local -a candidates
    candidates=("\${(@f)$(trellis __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
    if [[ -z "\${candidates[1]}" ]]; then _files
    elif [[ \${#candidates[@]} -eq 1 && "\${candidates[1]}" == *= ]]; then compadd -S '' -- "\${candidates[@]}"
    else compadd -- "\${candidates[@]}"; fi
}
compdef _trellis trellis
`,
    fish: `# trellis completion for fish: save as ~/.config/fish/completions/trellis.fish
function __trellis_complete
    set -l tokens (commandline -opc) (commandline -ct)
    trellis __complete $tokens[2..-1] 2>/dev/null
end
complete -c trellis -a '(__trellis_complete)'
`,
}

/** What completion may look up: the template's presets and inputs, the saved profiles. */
export interface CompletionSources {
    presets(template: string): Promise<readonly string[]>
    inputs(template: string): Promise<readonly string[]>
    profiles(): Promise<readonly string[]>
}

const TEMPLATE = /\.ya?ml$/i

/**
 * A candidate the shell may put on the command line as it is. Bash inserts candidates unquoted, so a
 * preset a template names `prod;touch x;#` would become a command once the user pressed Enter (and a
 * line break would split one candidate in two): a name with anything but letters, digits and
 * `_ . , : @ % + / = -` is not offered (it can still be typed, quoted).
 */
const SHELL_SAFE = /^[\p{L}\p{N}_.,:@%+/=-]+$/u

/**
 * The candidates for the last of `words` (the words after `trellis`, the last one being typed,
 * possibly empty), starting with it; empty when the shell should complete a file name.
 */
export async function completions(program: Command, words: readonly string[], sources: CompletionSources): Promise<string[]> {
    const current = words[words.length - 1] ?? ''
    const before = words.slice(0, -1)
    const starting = (list: readonly string[]) => [...new Set(list)].filter(c => c.startsWith(current) && SHELL_SAFE.test(c)).sort()
    // the command being typed: the first word naming one (then a subcommand of it), else the wizard
    let command = program.commands.find(c => c.name() === 'wizard')!
    let named = false
    // a flag's value (`--preset test`, `-o out.yaml`) is neither a command nor the template
    const takesValue = valueFlags(program)
    const isValue = (i: number) => i > 0 && takesValue.has(before[i - 1]!)
    for (const [i, word] of before.entries()) {
        if (isValue(i)) continue
        const sub = (named ? command : program).commands.find(c => c.name() === word && !isHidden(c))
        if (sub && (!named || command.commands.length > 0)) {
            command = sub
            named = true
        }
    }
    // the first word: a command (or, when none matches, a template file the shell completes)
    if (!named && before.every(w => w.startsWith('-')) && !current.startsWith('-')) return starting(visible(program).map(c => c.name()))
    if (command.commands.length > 0 && before[before.length - 1] === command.name() && !current.startsWith('-')) return starting(visible(command).map(c => c.name()))
    const template = before.find((w, i) => !isValue(i) && TEMPLATE.test(w) && fs.existsSync(w))
    const previous = before[before.length - 1]
    if (previous === '--preset' || previous === '-p') return template ? starting(await sources.presets(template)) : []
    if (previous === '--set' || previous === '-s') return template ? starting((await sources.inputs(template)).map(n => `${n}=`)) : []
    if (previous === '--profile') return starting(await sources.profiles())
    const option = command.options.find(o => o.long === previous || o.short === previous)
    if (option && (option.required || option.optional)) return [] // a value: a file name, most often
    if (current.startsWith('-'))
        return starting([...command.options.flatMap(o => [o.long, o.short].filter((f): f is string => Boolean(f))), '--help', ...(command.parent ? [] : ['--version'])])
    // the name of a profile, for the profile commands that take one
    if (command.parent?.name() === 'profile' && ['show', 'delete', 'rename', 'export', 'diff', 'test'].includes(command.name())) return starting(await sources.profiles())
    return []
}

function isHidden(command: Command): boolean {
    return (command as unknown as {_hidden?: boolean})._hidden === true
}

function visible(command: Command): Command[] {
    return command.commands.filter(c => !isHidden(c))
}

/** Completion reads the template the user is typing, quietly: any problem gives no candidates. */
const quietly =
    <T>(fn: (file: string) => Promise<T[]>) =>
    async (file: string): Promise<T[]> => {
        try {
            return await fn(file)
        } catch {
            return []
        }
    }

const FILE_SOURCES: CompletionSources = {
    presets: quietly(async file => [...readDefinitionOf(await loadTemplate(file)).presets.keys()]),
    inputs: quietly(async file => [...readDefinitionOf(await loadTemplate(file)).inputs.keys()]),
    profiles: async () => {
        try {
            return (await openStore()).list().map(p => p.name)
        } catch {
            return []
        }
    },
}

export function registerCompletion(program: Command, setExit: (code: number) => void): void {
    program
        .command('completion')
        .description('print a shell completion script (bash, zsh or fish): commands, flags, presets, input names and profile names')
        .argument('<shell>', SHELLS.join(', '))
        .action((shell: string) => {
            if (!(SHELLS as readonly string[]).includes(shell)) {
                process.stderr.write(`trellis: completion expects one of ${SHELLS.join(', ')}, got "${shell}"\n`)
                setExit(EXIT_USAGE)
                return
            }
            process.stdout.write(SCRIPTS[shell as Shell])
            setExit(EXIT_OK)
        })
}

/** `trellis __complete WORD…`, which the scripts call: read before commander, which would take the words' flags for its own. */
export async function runCompletion(program: Command, words: readonly string[]): Promise<number> {
    const list = await completions(program, words.length ? words : [''], FILE_SOURCES)
    if (list.length) printLines(list)
    return EXIT_OK
}
