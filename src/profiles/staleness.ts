// Does a profile still fit its template? The content hash, inputs the template
// no longer declares, inputs the template requires that the profile leaves unset.
import crypto from 'node:crypto'
import fs from 'node:fs'
import {type LoadedTemplate, readDefinitionOf} from '../engine/index.js'
import type {Profile} from './types.js'

export function sha256File(file: string): string {
    return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
}

export interface Staleness {
    /** The template's content changed since the profile was saved. */
    readonly changed: boolean
    /** Inputs the profile sets that the template no longer declares. */
    readonly unknownInputs: readonly string[]
    /** Presets the profile applies that the template no longer defines. */
    readonly unknownPresets: readonly string[]
    /** Inputs the template requires (no default, no default expression) that neither the profile nor its presets set. */
    readonly missingInputs: readonly string[]
}

export function staleness(profile: Profile, template: LoadedTemplate): Staleness {
    const changed = sha256File(template.file) !== profile.template.sha256
    const definition = readDefinitionOf(template)
    const unknownInputs = Object.keys(profile.inputs).filter(name => !definition.inputs.has(name))
    const unknownPresets = profile.presets.filter(name => !definition.presets.has(name))
    const set = new Set(Object.keys(profile.inputs))
    for (const preset of profile.presets) for (const name of Object.keys(definition.presets.get(preset)?.inputs ?? {})) set.add(name)
    const missingInputs = [...definition.inputs.values()]
        .filter(i => i.default === undefined && i.defaultExpression === undefined && i.raw.required !== false && !set.has(i.name))
        .map(i => i.name)
    return {changed, unknownInputs, unknownPresets, missingInputs}
}

/** One line per problem; empty when the profile fits its template. */
export function describeStaleness(profile: Profile, s: Staleness): string[] {
    const lines: string[] = []
    if (s.changed) lines.push(`profile "${profile.name}": the template ${profile.template.path} changed since the profile was saved (${profile.updated})`)
    if (s.unknownInputs.length) lines.push(`profile "${profile.name}" sets inputs the template no longer declares: ${s.unknownInputs.join(', ')}`)
    if (s.unknownPresets.length) lines.push(`profile "${profile.name}" applies presets the template no longer defines: ${s.unknownPresets.join(', ')}`)
    if (s.missingInputs.length) lines.push(`profile "${profile.name}" does not set inputs the template requires: ${s.missingInputs.join(', ')}`)
    return lines
}
