// trellis: the command-line shell over the engine. Commands parse flags, call
// the engine, print; resolution logic never lives here.
import {Command, CommanderError} from 'commander'
import {registerAnalyze} from './commands/analyze.js'
import {registerCompletion, runCompletion} from './commands/completion.js'
import {registerExplain} from './commands/explain.js'
import {registerLsp} from './commands/lsp.js'
import {addExamples} from './examples.js'
import {refuseRepeats, valueFlags} from './repeatable.js'
import {registerProfile} from './commands/profile.js'
import {registerResolve} from './commands/resolve.js'
import {registerTest} from './commands/test.js'
import {registerWizard} from './commands/wizard.js'
import fs from 'node:fs'
import {closestName, setMaxYamlSize} from '../engine/index.js'
import {errorHelp} from './error-help.js'
import {EXIT_USAGE, oneLine, reportError} from './report-error.js'
import {VERSION} from './version.js'

export async function main(argv: readonly string[]): Promise<number> {
    const debug = argv.includes('--debug')
    // the largest YAML file read (docs/untrusted-templates.md, "Limits")
    const limit = process.env.TRELLIS_MAX_YAML_MB
    if (limit) {
        const megabytes = Number(limit)
        if (!(megabytes > 0 && Number.isFinite(megabytes))) {
            process.stderr.write(`trellis: TRELLIS_MAX_YAML_MB expects a positive number of megabytes, got "${oneLine(limit)}"\n`)
            return EXIT_USAGE
        }
        setMaxYamlSize(megabytes)
    }
    let exitCode = 0
    const program = trellisProgram(code => {
        exitCode = code
    })
    if (argv[0] === '__complete') return runCompletion(program, argv.slice(1))
    const codeHelp = argv[0] === 'help' && argv.length === 2 ? errorHelp(argv[1]!) : undefined
    if (codeHelp) {
        process.stdout.write(`${codeHelp.join('\n')}\n`)
        return 0
    }
    const mistyped = mistypedCommand(argv, [...program.commands.map(c => c.name()), 'help'], valueFlags(program))
    if (mistyped) {
        process.stderr.write(`trellis: ${oneLine(mistyped)}\n`)
        return EXIT_USAGE
    }
    try {
        await program.parseAsync(argv as string[], {from: 'user'})
    } catch (e) {
        if (e instanceof CommanderError) {
            // --help and --version end here with exit code 0
            return e.exitCode === 0 ? 0 : EXIT_USAGE
        }
        return reportError(e, debug)
    }
    return exitCode
}

/** Every command, option and example of `trellis` (docs/cli.md lists them; a test compares the two). */
export function trellisProgram(setExit: (code: number) => void): Command {
    const program = new Command()
        .name('trellis')
        .description('Resolve Variability4TOSCA service templates into plain TOSCA 1.3, and explain every decision.')
        .version(VERSION)
        .option('--debug', 'show stack traces for internal errors')
        .exitOverride()
        // one line, as every error: commander puts its suggestion ("(Did you mean --output?)") on a line of its own
        .configureOutput({
            outputError: (text, write) =>
                write(
                    `trellis: ${text
                        .replace(/^error: /, '')
                        .trimEnd()
                        .replace(/\s*\n\s*/g, ' ')}\n`,
                ),
        })
        .showSuggestionAfterError(true)
        // help wrapped to the terminal (80 columns off one) however wide the column of terms: commander
        // leaves a description whole when fewer than 40 columns remain beside its term
        .configureHelp({minWidthToWrap: 20})
        // `help CODE` is answered before parsing (main): what an error code means
        .helpCommand('help [command]', 'display help for a command, or what an error code means (trellis help codes lists them)')
    registerResolve(program, setExit)
    registerExplain(program, setExit)
    registerAnalyze(program, setExit)
    registerProfile(program, setExit)
    registerTest(program, setExit)
    registerWizard(program, setExit)
    registerCompletion(program, setExit)
    registerLsp(program, setExit)
    addExamples(program)
    refuseRepeats(program)
    return program
}

/**
 * A first word that is no command and no file, but close to a command (`trellis resovle t.yaml`):
 * said as such, instead of the wizard (the default command) complaining about its arguments.
 */
function mistypedCommand(argv: readonly string[], commands: readonly string[], takesValue: ReadonlySet<string>): string | undefined {
    const first = argv.find(a => a !== '--debug')
    if (first === undefined || first.startsWith('-') || commands.includes(first) || fs.existsSync(first)) return undefined
    const close = closestName(first, commands)
    if (close) return `unknown command '${first}' (did you mean ${close}?)`
    // a word followed by more arguments is no template path the wizard could open
    // (a flag's value, `-p prod`, is no argument)
    const positional = argv.filter((a, i) => !a.startsWith('-') && !takesValue.has(argv[i - 1] ?? ''))
    if (positional.length > 1 && !/\.ya?ml$/i.test(first)) return `unknown command '${first}' (commands: ${commands.join(', ')})`
    return undefined
}
