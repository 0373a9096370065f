// trellis [TEMPLATE] (or trellis wizard TEMPLATE): the interactive wizard.
// Ink, React and the prompts load only here, on demand: every other command
// starts without them (they take most of a second to load).
import type {Command} from 'commander'
import {findTemplates} from '../find-templates.js'
import {EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, reportError} from '../report-error.js'
import {pluginPolicy} from '../../app/plugins.js'
import {chosenInputs, prepareRequest} from '../../app/request.js'
import {openStore, warnLine} from '../../app/profile-request.js'
import {addResolutionFlags, type ResolutionFlags} from '../resolution-flags.js'
import {isInterrupt, leftWith, shownPrompts} from '../../tui/plain-prompts.js'
import {openPrompts} from '../../tui/inquirer-prompts.js'

/**
 * With no template named: the only one found below the working directory, or a choice among them
 * (plain lines in line mode, as its other questions); null when the user leaves the list (q or Esc).
 */
async function pickTemplate(): Promise<string | undefined | null> {
    const found = findTemplates(process.cwd())
    if (found.length === 0) {
        process.stderr.write('trellis: no variable service template (tosca_variability_1_0*) below this folder; name one: trellis TEMPLATE\n')
        return undefined
    }
    if (found.length === 1) return found[0]
    const prompts = shownPrompts(await openPrompts(process.stdout))
    try {
        return await prompts.select({message: 'Which variable service template?', choices: found.map(f => ({name: f, value: f}))}, {input: process.stdin, output: process.stdout})
    } catch (e) {
        if (leftWith(e)) return null
        throw e
    } finally {
        prompts.close()
    }
}

/** The template a saved profile was made for. */
async function profileTemplate(name: string): Promise<string> {
    return (await openStore()).get(name).template.path
}

export function registerWizard(program: Command, setExit: (code: number) => void): void {
    addResolutionFlags(
        program
            .command('wizard', {isDefault: true})
            .description('walk through presets and inputs interactively, see what is present or pruned and why, and write the result (the default command)')
            .argument('[template]', 'the variable service template (YAML), or a CSAR: a folder or a .csar/.zip archive'),
    )
        .option('--prompt', 'ask the questions one after another instead of the full-screen wizard (for simple terminals, screen readers and logs; automatic when TERM=dumb)')
        .option('--screen-reader', "render the wizard for screen readers: text with roles and labels, no borders (Ink's screen-reader mode; also INK_SCREEN_READER=true)")
        .action(async (file: string | undefined, flags: ResolutionFlags & {prompt?: boolean; screenReader?: boolean}, command: Command) => {
            const debug = Boolean(command.optsWithGlobals().debug)
            const lineMode = Boolean(flags.prompt) || process.env.TERM === 'dumb'
            if (!lineMode && !(process.stdin.isTTY && process.stdout.isTTY)) {
                process.stderr.write('trellis: the wizard needs an interactive terminal; use "trellis resolve TEMPLATE" or "trellis TEMPLATE --prompt" instead\n')
                setExit(EXIT_USAGE)
                return
            }
            try {
                // a profile names its own template: `trellis --profile NAME` opens that one
                const named = file ?? (flags.profile ? await profileTemplate(flags.profile) : await pickTemplate())
                // leaving the picker is no mistake: nothing to do
                if (named === null) {
                    setExit(EXIT_OK)
                    return
                }
                if (!named) {
                    setExit(EXIT_USAGE)
                    return
                }
                file = named
                // warnings (a profile of another template) go to stderr and, in the wizard, to its message line
                const warnings: string[] = []
                const warn = (message: string) => {
                    warnLine(message)
                    warnings.push(message)
                }
                if (lineMode) {
                    const {template, request} = await prepareRequest(file, {...flags, preset: []}, undefined, warn)
                    // the presets of a profile or an inputs file start chosen, before those given as flags:
                    // the user sees (and can change) them instead of their being applied out of sight
                    const {runLineMode} = await import('../../tui/line-mode.js')
                    setExit(await runLineMode(template, {...request, presets: []}, [...(request.presets ?? []), ...flags.preset]))
                    return
                }
                // React's development build checks and times every render: several times slower
                process.env.NODE_ENV ??= 'production'
                // the wizard's resolver (a worker thread) reads the template, and loads the plugins the flags
                // allow, while this thread loads the wizard; this thread never reads the template itself
                const {openResolver} = await import('../../tui/resolver/client.js')
                const resolver = openResolver(file, {plugins: pluginPolicy(flags)})
                const wizard = import('../../tui/index.js')
                // awaited once the template is read; a template that cannot be read is reported first
                wizard.catch(() => {})
                try {
                    const outline = await resolver.loaded
                    const chosen = await chosenInputs(outline, {...flags, preset: []}, warn)
                    for (const line of outline.warnings) warnLine(line)
                    const presets = [...chosen.presets, ...flags.preset]
                    const ended = await (await wizard).runWizard(resolver, {...chosen, presets: []}, presets, {screenReader: flags.screenReader, notice: warnings.join('; ')})
                    setExit(ended === 'interrupted' ? EXIT_INTERRUPTED : EXIT_OK)
                } finally {
                    resolver.close()
                }
            } catch (e) {
                // ctrl-c in a question exits as an interrupt does (130); an input that ended is a usage error
                if ((e as Error)?.name === 'ExitPromptError') {
                    const interrupted = isInterrupt(e)
                    process.stderr.write(`trellis: ${interrupted ? 'interrupted' : 'cancelled'}; nothing was written\n`)
                    setExit(interrupted ? EXIT_INTERRUPTED : EXIT_USAGE)
                } else setExit(reportError(e, debug))
            }
        })
}
