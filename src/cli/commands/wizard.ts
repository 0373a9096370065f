// trellis [TEMPLATE] (or trellis wizard TEMPLATE): the interactive wizard.
import type {Command} from 'commander'
import {hasTerminal, runWizard} from '../../tui/index.js'
import {runLineMode} from '../../tui/line-mode.js'
import {EXIT_OK, EXIT_USAGE, reportError} from '../report-error.js'
import {addResolutionFlags, prepareRequest, type ResolutionFlags} from '../resolution-flags.js'

export function registerWizard(program: Command, setExit: (code: number) => void): void {
    addResolutionFlags(
        program
            .command('wizard', {isDefault: true})
            .description('walk through presets and inputs interactively, see what is present or pruned and why, and write the result (the default command)')
            .argument('[template]', 'the variable service template (YAML)'),
    )
        .option('--prompt', 'ask the questions one after another instead of the full-screen wizard (for simple terminals, screen readers and logs; automatic when TERM=dumb)')
        .action(async (file: string | undefined, flags: ResolutionFlags & {prompt?: boolean}, command: Command) => {
        const debug = Boolean(command.optsWithGlobals().debug)
        if (!file) {
            process.stderr.write('trellis: name a variable service template: trellis TEMPLATE (or trellis --help)\n')
            setExit(EXIT_USAGE)
            return
        }
        const lineMode = Boolean(flags.prompt) || process.env.TERM === 'dumb'
        if (!lineMode && !hasTerminal()) {
            process.stderr.write('trellis: the wizard needs an interactive terminal; use "trellis resolve TEMPLATE" or "trellis TEMPLATE --prompt" instead\n')
            setExit(EXIT_USAGE)
            return
        }
        try {
            const {template, request} = await prepareRequest(file, {...flags, preset: []})
            if (lineMode) setExit(await runLineMode(template, request, flags.preset))
            else {
                await runWizard(template, request, flags.preset)
                setExit(EXIT_OK)
            }
        } catch (e) {
            // the input ended or ctrl-c was pressed in a question: nothing was written
            if ((e as Error)?.name === 'ExitPromptError') {
                process.stderr.write('trellis: cancelled; nothing was written\n')
                setExit(EXIT_USAGE)
            } else setExit(reportError(e, debug))
        }
    })
}
