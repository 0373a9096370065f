// trellis resolve TEMPLATE: the headless resolver.
import type {Command} from 'commander'
import {resolve, stringifyTemplate} from '../../engine/pipeline.js'
import {writeFileAtomic} from '../io.js'
import {EXIT_OK, reportError} from '../report-error.js'
import {addResolutionFlags, prepareRequest, PRECEDENCE_HELP, type ResolutionFlags} from '../resolution-flags.js'

interface ResolveFlags extends ResolutionFlags {
    output: string
}

export function registerResolve(program: Command, setExit: (code: number) => void): void {
    addResolutionFlags(program.command('resolve').description('resolve a variable service template into a TOSCA 1.3 template').argument('<template>', 'the variable service template (YAML)'))
        .option('-o, --output <file>', 'where to write the resolved template ("-" for stdout)', '-')
        .addHelpText('after', `\n${PRECEDENCE_HELP}\nExit status: 0 resolved, 1 resolving or a check failed, 2 bad usage or bad input.`)
        .action(async (file: string, flags: ResolveFlags, command: Command) => {
            const debug = Boolean(command.optsWithGlobals().debug)
            try {
                const {template, request} = await prepareRequest(file, flags)
                const text = stringifyTemplate(resolve(template, request).output)
                if (flags.output === '-') process.stdout.write(text)
                else writeFileAtomic(flags.output, text)
                setExit(EXIT_OK)
            } catch (e) {
                setExit(reportError(e, debug))
            }
        })
}
