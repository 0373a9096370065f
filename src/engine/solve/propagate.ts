// Unit propagation before SAT: once inputs are known almost every condition is
// a constant or depends only on decided elements, so we decide those here in
// linear time and leave the SAT solver only the genuinely open parts (cycles of
// naive default conditions, optimization choices).
import {evaluate, variables, type Formula} from '../conditions/formula.js'

export function propagate(definitions: readonly (Formula | undefined)[], values: Int8Array): void {
    const n = definitions.length
    const dependents: number[][] = Array.from({length: n}, () => [])
    const queue: number[] = []
    for (let v = 0; v < n; v++) {
        const f = definitions[v]
        if (!f) continue
        for (const u of new Set(variables(f))) if (u !== v) dependents[u]!.push(v)
        queue.push(v)
    }
    const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
    const queued = new Uint8Array(n).fill(1)
    // process in definition order first, then whatever became decidable
    for (let head = 0; head < queue.length; head++) {
        const v = queue[head]!
        queued[v] = 0
        if (values[v] !== -1) continue
        const r = evaluate(definitions[v]!, lookup)
        if (r === undefined) continue
        values[v] = r ? 1 : 0
        for (const d of dependents[v]!)
            if (values[d] === -1 && !queued[d]) {
                queued[d] = 1
                queue.push(d)
            }
    }
}
