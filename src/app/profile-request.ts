// `--profile NAME`: a saved profile applied first; presets and inputs given
// beside it on the command line override it.
import type {InputAssignment, VariabilityDefinition} from '../engine/index.js'
import {describeStaleness, type ProfileTarget, staleness} from '../profiles/staleness.js'
import type {ProfileStore} from '../profiles/store.js'
import type {Profile} from '../profiles/types.js'
import {warnLine} from './shown-text.js'

export {warnLine}

/** The store, loaded on demand: `conf` is only needed by commands that read or write profiles. */
export async function openStore(): Promise<ProfileStore> {
    const {ProfileStore} = await import('../profiles/store.js')
    return new ProfileStore({warn: warnLine})
}

/** The profile's assignments, without the inputs a preset given beside it sets (flags override the profile). */
export function profileAssignments(profile: Profile, definition: VariabilityDefinition, flagPresets: readonly string[]): InputAssignment[] {
    const overridden = new Set(flagPresets.flatMap(p => Object.keys(definition.presets.get(p)?.inputs ?? {})))
    return Object.entries(profile.inputs)
        .filter(([name]) => !overridden.has(name))
        .map(([name, value]) => ({name, value, source: {kind: 'profile', profile: profile.name}}))
}

/**
 * What a profile applies to a template: its presets and inputs the template defines. The rest is left
 * out (loadProfileFor's warnings say which): kept, a preset or input of another template would fail
 * every choice, and could not be dropped in the wizard.
 */
export function profileChoices(profile: Profile, definition: VariabilityDefinition, flagPresets: readonly string[]): {presets: string[]; assignments: InputAssignment[]} {
    return {
        presets: profile.presets.filter(p => definition.presets.has(p)),
        assignments: profileAssignments(profile, definition, flagPresets).filter(a => definition.inputs.has(a.name)),
    }
}

/** Reads the profile and warns (stderr) when it belongs to another template or its template changed. */
export async function loadProfileFor(name: string, template: ProfileTarget, warn: (message: string) => void = warnLine): Promise<Profile> {
    const profile = (await openStore()).get(name)
    for (const line of describeStaleness(profile, staleness(profile, template))) warn(line)
    return profile
}
