// Random variable service templates for differential testing against another resolver,
// by generation: the first (kept so its seeds replay), the second, which covers the
// whole specification, and the third, shaped like realistic technology-aware templates
// with files beside them. Seeded, so a disagreement can be replayed.
import {generateFirst} from './first-generation.mjs'
import {generateSecond} from './second-generation.mjs'
import {generateThird} from './third-generation.mjs'

export const GENERATIONS = [1, 2, 3]
// the default; test/engine/analyze-exact.test.ts draws from it, and a third-generation case needs its files
export const LATEST_GENERATION = 2

/** One template and how to resolve it: `{template, inputs, presets}` and, if it has any, `files` beside it (`{relativePath: data}`), all plain data. */
export function generate(seed, generation = LATEST_GENERATION) {
    switch (generation) {
        case 1:
            return generateFirst(seed)
        case 2:
            return generateSecond(seed)
        case 3:
            return generateThird(seed)
        default:
            throw new Error(`unknown generation ${generation} (known: ${GENERATIONS.join(', ')})`)
    }
}
