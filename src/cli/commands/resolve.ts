// trellis resolve TEMPLATE: the headless resolver.
import type {Command} from 'commander'
import {loadTechnologyPlugins, loadTemplate} from '../../engine/load/index.js'
import {resolve, stringifyTemplate, variabilityInputNames} from '../../engine/pipeline.js'
import {collectInputs} from '../inputs.js'
import {writeFileAtomic} from '../io.js'
import {EXIT_OK, reportError} from '../report-error.js'

interface ResolveFlags {
    preset: string[]
    inputs?: string
    set: string[]
    output: string
}

const collect = (value: string, previous: string[]) => [...previous, value]

export function registerResolve(program: Command, setExit: (code: number) => void): void {
    program
        .command('resolve')
        .description('resolve a variable service template into a TOSCA 1.3 template')
        .argument('<template>', 'the variable service template (YAML)')
        .option('-p, --preset <name>', 'apply a variability preset; repeat to apply several, later ones win', collect, [])
        .option('-i, --inputs <file>', 'YAML file of variability input values')
        .option('-s, --set <name=value>', 'set one variability input (value parsed as YAML); repeatable', collect, [])
        .option('-o, --output <file>', 'where to write the resolved template ("-" for stdout)', '-')
        .addHelpText(
            'after',
            '\nInput values are applied in this order, later ones winning: presets, --inputs, --set, TRELLIS_INPUT_<NAME> environment variables.\nExit status: 0 resolved, 1 resolving or a check failed, 2 bad usage or bad input.',
        )
        .action(async (file: string, flags: ResolveFlags, command: Command) => {
            const debug = Boolean(command.optsWithGlobals().debug)
            try {
                const template = loadTemplate(file)
                const collected = collectInputs(flags, variabilityInputNames(template), process.env)
                const resolution = resolve(template, {
                    presets: [...collected.presets, ...flags.preset],
                    assignments: collected.assignments,
                    plugins: await loadTechnologyPlugins(template),
                })
                const text = stringifyTemplate(resolution.output)
                if (flags.output === '-') process.stdout.write(text)
                else writeFileAtomic(flags.output, text)
                setExit(EXIT_OK)
            } catch (e) {
                setExit(reportError(e, debug))
            }
        })
}
