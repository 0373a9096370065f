// The flags every command that resolves shares: presets, inputs, --set.
import type {Command} from 'commander'
import {loadTemplate, type LoadedTemplate} from '../engine/load/index.js'
import {variabilityInputNames, type ResolveRequest} from '../engine/pipeline.js'
import {collectInputs} from './inputs.js'
import {addPluginFlags, pluginsFor, type PluginFlags} from './plugins.js'
import {loadProfileFor, profileAssignments} from './profile-request.js'

export interface ResolutionFlags extends PluginFlags {
    preset: string[]
    inputs?: string
    set: string[]
    profile?: string
}

const collect = (value: string, previous: string[]) => [...previous, value]

export function addResolutionFlags(command: Command): Command {
    return addPluginFlags(command)
        .option('-p, --preset <name>', 'apply a variability preset; repeat to apply several, later ones win', collect, [])
        .option('-i, --inputs <file>', 'YAML file of variability input values')
        .option('-s, --set <name=value>', 'set one variability input (value parsed as YAML); repeatable', collect, [])
        .option('--profile <name>', 'apply a saved profile first (trellis profile list); presets and inputs given beside it override it')
}

export const PRECEDENCE_HELP =
    'Input values are applied in this order, later ones winning: --profile, presets, --inputs, --set, TRELLIS_INPUT_<NAME> environment variables.'

/** Loads the template and turns the flags into an engine request. */
export async function prepareRequest(file: string, flags: ResolutionFlags): Promise<{template: LoadedTemplate; request: ResolveRequest}> {
    const template = loadTemplate(file)
    const collected = collectInputs(flags, variabilityInputNames(template), process.env)
    const flagPresets = [...collected.presets, ...flags.preset]
    const profile = flags.profile ? await loadProfileFor(flags.profile, template) : undefined
    return {
        template,
        request: {
            presets: [...(profile?.presets ?? []), ...flagPresets],
            assignments: [...(profile ? profileAssignments(profile, template, flagPresets) : []), ...collected.assignments],
            plugins: await pluginsFor(template, flags),
        },
    }
}
