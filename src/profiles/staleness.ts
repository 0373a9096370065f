// Does a profile still fit its template? The content hash, inputs the template
// no longer declares, inputs the template requires that the profile leaves unset;
// or, used on another template than its own, which one it belongs to.
import crypto from 'node:crypto'
import path from 'node:path'
import {entryDefinitions, isDirectory, type LoadedTemplate, readDefinitionOf, readRegularFile, type VariabilityDefinition} from '../engine/index.js'
import type {Profile} from './types.js'

/** The digest of a template as a profile names it: its file, a CSAR archive's bytes, or a CSAR folder's entry definitions. */
export function sha256File(file: string): string {
    const read = isDirectory(file) ? entryDefinitions(file) : file
    return crypto.createHash('sha256').update(readRegularFile(read)).digest('hex')
}

export interface Staleness {
    /** The profile was saved for another template than this one (the path given), so nothing "changed" or is "no longer" there. */
    readonly foreign?: string
    /** The template's content changed since the profile was saved. */
    readonly changed: boolean
    /** Inputs the profile sets that the template no longer declares. */
    readonly unknownInputs: readonly string[]
    /** Presets the profile applies that the template no longer defines. */
    readonly unknownPresets: readonly string[]
    /** Inputs the template requires (no default, no default expression) that neither the profile nor its presets set. */
    readonly missingInputs: readonly string[]
}

/** What a profile is checked against: a template's file (absolute) and its variability definition (the wizard's thread holds these, not the template). */
export interface ProfileTarget {
    readonly file: string
    readonly definition: VariabilityDefinition
}

export function targetOf(template: LoadedTemplate): ProfileTarget {
    return {file: template.origin, definition: readDefinitionOf(template)}
}

export function staleness(profile: Profile, template: ProfileTarget): Staleness {
    const foreign = path.resolve(profile.template.path) === template.file ? undefined : template.file
    // the template as the profile names it (an archive's bytes, a CSAR folder's entry definitions)
    const changed = !foreign && sha256File(template.file) !== profile.template.sha256
    const {definition} = template
    const unknownInputs = Object.keys(profile.inputs).filter(name => !definition.inputs.has(name))
    const unknownPresets = profile.presets.filter(name => !definition.presets.has(name))
    const set = new Set(Object.keys(profile.inputs))
    for (const preset of profile.presets) for (const name of Object.keys(definition.presets.get(preset)?.inputs ?? {})) set.add(name)
    const missingInputs = [...definition.inputs.values()]
        .filter(i => i.default === undefined && i.defaultExpression === undefined && i.raw.required !== false && !set.has(i.name))
        .map(i => i.name)
    return {...(foreign ? {foreign} : {}), changed, unknownInputs, unknownPresets, missingInputs}
}

/** One line per problem; empty when the profile fits its template. */
export function describeStaleness(profile: Profile, s: Staleness): string[] {
    const lines: string[] = []
    if (s.foreign) {
        // another template's profile: say whose it is and what does not fit this one
        lines.push(`profile "${profile.name}" belongs to another template, ${profile.template.path} (not ${s.foreign})`)
        if (s.unknownInputs.length) lines.push(`profile "${profile.name}" sets inputs this template does not declare: ${s.unknownInputs.join(', ')} (left out)`)
        if (s.unknownPresets.length) lines.push(`profile "${profile.name}" applies presets this template does not define: ${s.unknownPresets.join(', ')} (left out)`)
        if (s.missingInputs.length) lines.push(`profile "${profile.name}" does not set inputs this template requires: ${s.missingInputs.join(', ')}`)
        return lines
    }
    if (s.changed) lines.push(`profile "${profile.name}": the template ${profile.template.path} changed since the profile was saved (${profile.updated})`)
    if (s.unknownInputs.length) lines.push(`profile "${profile.name}" sets inputs the template no longer declares: ${s.unknownInputs.join(', ')} (left out)`)
    if (s.unknownPresets.length) lines.push(`profile "${profile.name}" applies presets the template no longer defines: ${s.unknownPresets.join(', ')} (left out)`)
    if (s.missingInputs.length) lines.push(`profile "${profile.name}" does not set inputs the template requires: ${s.missingInputs.join(', ')}`)
    return lines
}
