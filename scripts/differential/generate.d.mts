// Types for generate.mjs, so TypeScript tests can reuse the generator.
export interface Generated {
    readonly template: Record<string, unknown>
    readonly inputs: Record<string, unknown>
    readonly presets: string[]
    /** Files beside the template (technology rules, type libraries, …) by path relative to it. */
    readonly files?: Record<string, unknown>
}
export const GENERATIONS: readonly number[]
export const LATEST_GENERATION: number
/** The case of `seed` in the given generation (default: the latest). */
export function generate(seed: number, generation?: number): Generated
