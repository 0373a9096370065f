// Unit propagation before SAT: once inputs are known almost every condition is
// a constant or depends only on decided elements, so we decide those here in
// linear time and leave the SAT solver only the genuinely open parts (cycles of
// naive default conditions, optimization choices).
import {evaluate, forEachVariable, type Formula} from '../conditions/index.js'

/**
 * Decides every variable whose definition evaluates to a constant, in as many rounds as it takes.
 * `order` (when given) receives for each variable decided the step at which it was: 1 for the first,
 * 2 for the next…; a variable's definition was decided by variables of earlier steps only, which is
 * what explanations follow from an element to its causes. Undecided variables keep 0.
 */
export function propagate(definitions: readonly (Formula | undefined)[], values: Int8Array, order?: Int32Array): void {
    const n = definitions.length
    // dependents in compressed form (offsets + flat list), built in two passes over the
    // formulas, instead of keeping a list of variables per formula
    const count = new Int32Array(n + 1)
    const counted = (u: number) => {
        count[u + 1]!++
    }
    for (let v = 0; v < n; v++) {
        const f = definitions[v]
        if (f) forEachVariable(f, counted)
    }
    for (let i = 0; i < n; i++) count[i + 1]! += count[i]!
    const fill = count.slice(0, n)
    const dependents = new Int32Array(count[n]!)
    let owner = 0
    const listed = (u: number) => {
        dependents[fill[u]!++] = owner
    }
    for (owner = 0; owner < n; owner++) {
        const f = definitions[owner]
        if (f) forEachVariable(f, listed)
    }

    const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
    // a ring: a variable is queued at most once at a time, so n slots always suffice
    const queue = new Int32Array(Math.max(n, 1))
    const queued = new Uint8Array(n)
    let head = 0
    let size = 0
    let step = 0
    for (let v = 0; v < n; v++)
        if (definitions[v]) {
            queue[size++] = v
            queued[v] = 1
        }
    // process in definition order first, then whatever became decidable
    while (size > 0) {
        const v = queue[head]!
        head = head + 1 === n ? 0 : head + 1
        size--
        queued[v] = 0
        if (values[v] !== -1) continue
        const r = evaluate(definitions[v]!, lookup)
        if (r === undefined) continue
        values[v] = r ? 1 : 0
        if (order) order[v] = ++step
        for (let i = count[v]!; i < count[v + 1]!; i++) {
            const d = dependents[i]!
            if (values[d] === -1 && !queued[d]) {
                queued[d] = 1
                queue[(head + size++) % n] = d
            }
        }
    }
}
