// The export format: a plain YAML map — `presets:` plus the input values — that
// `trellis resolve --inputs` reads as well. Comment lines at the top name the
// profile, its template (relative to the file) and the template's hash, so
// `trellis profile import` can restore the whole profile.
import path from 'node:path'
import {CONTROL_RANGES, escapedControl, yamlPackage} from '../engine/index.js'
import type {Profile} from './types.js'

/** A comment line holds one line of text, without a character a terminal acts on (YAML allows none there either). */
const comment = (text: string) => text.replace(/\r?\n/g, ' ').replace(CONTROLS, escapedControl)
const CONTROLS = new RegExp(`[${CONTROL_RANGES}]`, 'gu')

export function exportProfile(profile: Profile, exportFile: string): string {
    const relative = comment(path.relative(path.dirname(path.resolve(exportFile)), profile.template.path) || path.basename(profile.template.path))
    const header = [
        `# trellis profile: ${profile.name}`,
        `# template: ${relative.split(path.sep).join('/')}`,
        `# sha256: ${profile.template.sha256}`,
        ...(profile.note ? [`# note: ${comment(profile.note)}`] : []),
        `# use: trellis resolve ${relative.split(path.sep).join('/')} --inputs ${path.basename(exportFile)}`,
    ]
    const body: Record<string, unknown> = {presets: [...profile.presets], ...profile.inputs}
    return `${header.join('\n')}\n${yamlPackage().stringify(body)}`
}

export interface ExportHeader {
    readonly name?: string
    /** Resolved against the exported file's directory. */
    readonly template?: string
    readonly sha256?: string
    readonly note?: string
}

export function readExportHeader(text: string, exportFile: string): ExportHeader {
    const fields: Record<string, string> = {}
    for (const line of text.split('\n')) {
        if (!line.startsWith('#')) break
        const m = /^#\s*(trellis profile|template|sha256|note):\s*(.*)$/.exec(line)
        if (m) fields[m[1]!] = m[2]!.trim()
    }
    return {
        name: fields['trellis profile'],
        template: fields.template ? path.resolve(path.dirname(path.resolve(exportFile)), fields.template) : undefined,
        sha256: fields.sha256,
        note: fields.note,
    }
}
