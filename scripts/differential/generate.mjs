// Random variable service templates for differential testing against another resolver,
// by generation: the first (kept so its seeds replay) and the second, which covers the
// whole specification. Seeded, so a disagreement can be replayed.
import {generateFirst} from './first-generation.mjs'
import {generateSecond} from './second-generation.mjs'

export const GENERATIONS = [1, 2]
export const LATEST_GENERATION = 2

/** One template and how to resolve it: `{template, inputs, presets}` (plain data). */
export function generate(seed, generation = LATEST_GENERATION) {
    switch (generation) {
        case 1:
            return generateFirst(seed)
        case 2:
            return generateSecond(seed)
        default:
            throw new Error(`unknown generation ${generation} (known: ${GENERATIONS.join(', ')})`)
    }
}
