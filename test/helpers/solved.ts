// A solve's result as plain data, so that two ways of solving can be compared with toEqual.
import {solve} from '../../src/engine/solve/index.js'

/** What a solve came to, as plain data (maps as entries). */
export function plainSolution(result: ReturnType<typeof solve>): unknown {
    if (!result.ok) {
        const f = result.failure
        return f.kind === 'ambiguous' ? {...f, chosen: [...f.chosen], alternative: [...f.alternative]} : f
    }
    const {values, state, components} = result.solution
    return {values: [...values], state, components}
}
