// trellis [TEMPLATE] (or trellis wizard TEMPLATE): the interactive wizard.
import type {Command} from 'commander'
import {hasTerminal, runWizard} from '../../tui/index.js'
import {EXIT_OK, EXIT_USAGE, reportError} from '../report-error.js'
import {addResolutionFlags, prepareRequest, type ResolutionFlags} from '../resolution-flags.js'

export function registerWizard(program: Command, setExit: (code: number) => void): void {
    addResolutionFlags(
        program
            .command('wizard', {isDefault: true})
            .description('walk through presets and inputs interactively, see what is present or pruned and why, and write the result (the default command)')
            .argument('[template]', 'the variable service template (YAML)'),
    ).action(async (file: string | undefined, flags: ResolutionFlags, command: Command) => {
        const debug = Boolean(command.optsWithGlobals().debug)
        if (!file) {
            process.stderr.write('trellis: name a variable service template: trellis TEMPLATE (or trellis --help)\n')
            setExit(EXIT_USAGE)
            return
        }
        if (!hasTerminal()) {
            process.stderr.write('trellis: the wizard needs an interactive terminal; use "trellis resolve TEMPLATE" (see trellis resolve --help) instead\n')
            setExit(EXIT_USAGE)
            return
        }
        try {
            const {template, request} = await prepareRequest(file, {...flags, preset: []})
            await runWizard(template, request, flags.preset)
            setExit(EXIT_OK)
        } catch (e) {
            setExit(reportError(e, debug))
        }
    })
}
