// Types for generate.mjs, so TypeScript tests can reuse the generator.
export interface Generated {
    readonly template: Record<string, unknown>
    readonly inputs: Record<string, unknown>
    readonly presets: string[]
}
export function generate(seed: number): Generated
