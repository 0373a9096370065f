// Unit propagation before SAT: once inputs are known almost every condition is
// a constant or depends only on decided elements, so we decide those here in
// linear time and leave the SAT solver only the genuinely open parts (cycles of
// naive default conditions, optimization choices).
import {evaluate, type Formula} from '../conditions/formula.js'

export function propagate(definitions: readonly (Formula | undefined)[], values: Int8Array): void {
    const n = definitions.length
    // dependents in compressed form (offsets + flat list), built in two passes over the
    // formulas, instead of keeping a list of variables per formula
    const count = new Int32Array(n + 1)
    for (let v = 0; v < n; v++) {
        const f = definitions[v]
        if (f) countVariables(f, count)
    }
    for (let i = 0; i < n; i++) count[i + 1]! += count[i]!
    const fill = count.slice(0, n)
    const dependents = new Int32Array(count[n]!)
    for (let v = 0; v < n; v++) {
        const f = definitions[v]
        if (f) addDependent(f, v, fill, dependents)
    }

    const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
    // a ring: a variable is queued at most once at a time, so n slots always suffice
    const queue = new Int32Array(Math.max(n, 1))
    const queued = new Uint8Array(n)
    let head = 0
    let size = 0
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
        for (let i = count[v]!; i < count[v + 1]!; i++) {
            const d = dependents[i]!
            if (values[d] === -1 && !queued[d]) {
                queued[d] = 1
                queue[(head + size++) % n] = d
            }
        }
    }
}

/** Counts each mention of a variable at count[v + 1] (most formulas are a constant or one variable). */
function countVariables(f: Formula, count: Int32Array): void {
    switch (f.op) {
        case 'const':
            return
        case 'var':
            count[f.v + 1]!++
            return
        case 'not':
        case 'note':
            countVariables(f.arg, count)
            return
        default:
            for (let i = 0; i < f.args.length; i++) countVariables(f.args[i]!, count)
    }
}

/** Lists `owner` as a dependent of every variable its formula mentions. */
function addDependent(f: Formula, owner: number, fill: Int32Array, dependents: Int32Array): void {
    switch (f.op) {
        case 'const':
            return
        case 'var':
            dependents[fill[f.v]!++] = owner
            return
        case 'not':
        case 'note':
            addDependent(f.arg, owner, fill, dependents)
            return
        default:
            for (let i = 0; i < f.args.length; i++) addDependent(f.args[i]!, owner, fill, dependents)
    }
}
