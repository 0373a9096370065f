// A resolution request from what the user chose: a saved profile first, then
// presets, an inputs file, --set values and TRELLIS_INPUT_ variables, and the
// technology plugins the user allows.
import {type InputAssignment, type LoadedTemplate, loadTemplate, type ReadOptions, type ResolveRequest} from '../engine/index.js'
import {type ProfileTarget, targetOf} from '../profiles/staleness.js'
import {collectInputs} from './inputs.js'
import {pluginsFor, type PluginFlags} from './plugins.js'
import {loadProfileFor, profileChoices} from './profile-request.js'

export interface RequestFlags extends PluginFlags {
    preset: string[]
    inputs?: string
    set: string[]
    profile?: string
}

/** Loads the template (`read`: how, see ReadOptions) and turns the flags into an engine request; `warn` hears what does not fit (a profile's template). */
export async function prepareRequest(
    file: string,
    flags: RequestFlags,
    read?: ReadOptions,
    warn?: (message: string) => void,
): Promise<{template: LoadedTemplate; request: ResolveRequest}> {
    const template = await loadTemplate(file, read)
    const chosen = await chosenInputs(targetOf(template), flags, warn)
    return {template, request: {...chosen, plugins: await pluginsFor(template, flags)}}
}

/** The presets and input values the flags choose for a template, known by its file and variability definition (the wizard's resolver reads the template). */
export async function chosenInputs(
    template: ProfileTarget,
    flags: Omit<RequestFlags, keyof PluginFlags>,
    warn?: (message: string) => void,
): Promise<{presets: string[]; assignments: InputAssignment[]}> {
    const collected = collectInputs(flags, [...template.definition.inputs.keys()], process.env)
    const flagPresets = [...collected.presets, ...flags.preset]
    const profile = flags.profile ? await loadProfileFor(flags.profile, template, warn) : undefined
    const chosen = profile ? profileChoices(profile, template.definition, flagPresets) : {presets: [], assignments: []}
    return {presets: [...chosen.presets, ...flagPresets], assignments: [...chosen.assignments, ...collected.assignments]}
}
