// The choices a template is resolved with, kept as a named profile: the one way the
// wizard, line mode and `trellis profile save`/`import` write one, stamped with the
// hash of the template's content (what staleness.ts compares later).
import {sha256File} from './staleness.js'
import type {ProfileStore} from './store.js'
import type {Profile} from './types.js'

export interface ProfileChoices {
    readonly name: string
    /** The template's file (absolute): the profile names it. */
    readonly template: string
    /** In the order they are applied. */
    readonly presets: readonly string[]
    readonly inputs: Readonly<Record<string, unknown>>
    readonly note?: string
    /** The template's content hash to record; by default the file's as it is now (an import keeps the one its file recorded). */
    readonly sha256?: string
}

/** Saves the choices; a profile of the same name is replaced only with `force`. */
export function saveChoices(store: ProfileStore, choices: ProfileChoices, options: {readonly force?: boolean} = {}): Profile {
    const {name, template, presets, inputs, note, sha256} = choices
    return store.save(
        {name, template: {path: template, sha256: sha256 ?? sha256File(template)}, presets: [...presets], inputs: {...inputs}, ...(note !== undefined ? {note} : {})},
        {force: options.force},
    )
}
