// A named input profile: the choices a user resolves a template with, kept by name.

interface ProfileTemplate {
    /** Absolute path of the variable service template. */
    readonly path: string
    /** sha256 of the template's content when the profile was saved. */
    readonly sha256: string
}

export interface Profile {
    readonly name: string
    readonly template: ProfileTemplate
    /** Presets in the order they are applied. */
    readonly presets: readonly string[]
    /** Variability input values, applied after the presets. */
    readonly inputs: Readonly<Record<string, unknown>>
    readonly note?: string
    /** ISO 8601 times. */
    readonly created: string
    readonly updated: string
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

/** Why a name is not a valid profile name, or undefined when it is. */
export function invalidProfileName(name: string): string | undefined {
    if (PROFILE_NAME.test(name)) return undefined
    return `"${name}" is not a valid profile name: use 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit`
}

/** Errors of the profile store a user can cause (unknown name, existing name, …). */
export class ProfileError extends Error {
    constructor(message: string) {
        super(message)
        this.name = 'ProfileError'
    }
}

/** Checks the shape of a stored profile; returns a reason when it is not one. */
export function malformedProfile(value: unknown): string | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a map'
    const p = value as Record<string, unknown>
    if (typeof p.name !== 'string') return 'no name'
    const t = p.template as Record<string, unknown> | undefined
    if (!t || typeof t !== 'object' || typeof t.path !== 'string' || typeof t.sha256 !== 'string') return 'no template path and sha256'
    if (!Array.isArray(p.presets) || !p.presets.every(x => typeof x === 'string')) return 'presets is not a list of names'
    if (p.inputs === null || typeof p.inputs !== 'object' || Array.isArray(p.inputs)) return 'inputs is not a map'
    if (typeof p.created !== 'string' || typeof p.updated !== 'string') return 'no created/updated times'
    return undefined
}
