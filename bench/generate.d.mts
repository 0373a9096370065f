// Types for generate.mjs, so TypeScript tests can reuse the benchmark template.
export function benchmarkTemplate(seed: number): Record<string, unknown>
