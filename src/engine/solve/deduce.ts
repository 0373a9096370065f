// What holds in every variant of an open part, found without a SAT solver. Propagation (propagate.ts)
// reads each definition one way: a variable follows once its formula is decided. Here definitions
// are also read backwards (a present relation needs both its ends) and constraints are facts (a
// present node needs its host), to a fixpoint. On a technology template that decides the whole
// topology and leaves one small choice per node; everything decided here is true in every variant,
// so the set of variants does not change.
import {evaluate, forEachVariable, type Formula, type Lookup} from '../conditions/index.js'

/**
 * Decides, in `values`, every variable of `vars` that the definitions and `constraints` force;
 * false when they contradict each other (no variant at all).
 */
export function deduce(definitions: readonly (Formula | undefined)[], values: Int8Array, vars: readonly number[], constraints: readonly Formula[]): boolean {
    return new Deduction(definitions, vars, constraints).run(values)
}

/**
 * Deduction over one set of definitions and constraints, run as often as needed (explanations ask
 * about many subsets of the constraints): each formula is looked at again only when a variable it
 * mentions was decided.
 */
export class Deduction {
    /** Items: the definitions of `vars` (0 … vars.length - 1), then the constraints. */
    private readonly watchers = new Map<number, number[]>()
    private queued: Uint8Array | undefined
    /** The variables deduction decides (those whose definitions it reads). */
    readonly variables: readonly number[]

    constructor(
        private readonly definitions: readonly (Formula | undefined)[],
        private readonly vars: readonly number[],
        private readonly constraints: readonly Formula[],
    ) {
        this.variables = vars
        const watch = (item: number) => (u: number) => {
            const list = this.watchers.get(u)
            if (!list) this.watchers.set(u, [item])
            else if (list[list.length - 1] !== item) list.push(item)
        }
        vars.forEach((v, item) => {
            watch(item)(v)
            forEachVariable(definitions[v]!, watch(item))
        })
        constraints.forEach((c, i) => forEachVariable(c, watch(vars.length + i)))
    }

    /**
     * Decides what the definitions and the constraints `active` allows (all by default) force; false
     * on a contradiction. `settled`: `values` already hold what the definitions alone force (an
     * earlier run without constraints), so only the constraints are looked at first, and the formulas
     * of `changed` (variables set since); 'changed': `values` are already closed under deduction
     * but for `changed`, so only their formulas are looked at, and the constraints `added` (closed
     * under the others, not these). `trail` gets every variable set.
     */
    run(
        values: Int8Array,
        active: (constraint: number) => boolean = () => true,
        settled: boolean | 'changed' = false,
        changed: readonly number[] = [],
        trail?: number[],
        added: readonly number[] = [],
    ): boolean {
        const {definitions, vars, constraints} = this
        const lookup: Lookup = u => (values[u] === -1 ? undefined : values[u] === 1)
        const size = vars.length + constraints.length
        // one buffer for every run (completing a variant runs deduction once per open variable): each
        // run leaves it all zero
        const queued = (this.queued ??= new Uint8Array(size))
        const queue: number[] = []
        const enqueue = (item: number) => {
            if (queued[item] === 1 || (item >= vars.length && !active(item - vars.length))) return
            queued[item] = 1
            queue.push(item)
        }
        let contradiction = false
        const set = (v: number, b: boolean) => {
            const known = values[v]!
            if (known === -1) {
                values[v] = b ? 1 : 0
                trail?.push(v)
                for (const item of this.watchers.get(v) ?? []) enqueue(item)
            } else if ((known === 1) !== b) contradiction = true
        }
        const force = forcing(lookup, set, () => (contradiction = true))
        if (settled !== 'changed') for (let item = settled ? vars.length : 0; item < size; item++) enqueue(item)
        for (const v of changed) for (const item of this.watchers.get(v) ?? []) enqueue(item)
        for (const c of added) enqueue(vars.length + c)
        let next = 0
        for (; next < queue.length && !contradiction; next++) {
            const item = queue[next]!
            queued[item] = 0
            if (item >= vars.length) {
                force(constraints[item - vars.length]!, true)
                continue
            }
            const v = vars[item]!
            const f = definitions[v]!
            const r = evaluate(f, lookup)
            if (r !== undefined) set(v, r)
            else if (values[v] !== -1) force(f, values[v] === 1)
        }
        for (; next < queue.length; next++) queued[queue[next]!] = 0
        return !contradiction
    }

    /** Whether `values`, deciding every variable of the formulas, satisfy every definition and every constraint `active` allows. */
    holds(values: Int8Array, active: (constraint: number) => boolean): boolean {
        const lookup: Lookup = u => (values[u] === -1 ? undefined : values[u] === 1)
        return this.vars.every(v => evaluate(this.definitions[v]!, lookup) === (values[v] === 1)) && this.constraints.every((c, i) => !active(i) || evaluate(c, lookup) === true)
    }
}

/**
 * Completes `values` (closed under deduction with the constraints `active`) to a whole variant of
 * `vars` and of `free` (variables no definition decides, read by the formulas; decided first) without backtracking: each open variable takes its `preferred` value, else the other, and
 * deduction follows; undefined when both contradict. What comes out is checked as a whole (deduction
 * is sound, not complete), so a variant returned is one: every definition and active constraint holds.
 * `values` are left as completed; the caller resets them.
 */
export function complete(
    deduction: Deduction,
    values: Int8Array,
    active: (constraint: number) => boolean,
    preferred: (v: number) => number,
    free: readonly number[] = [],
): boolean {
    const order = free.length === 0 ? deduction.variables : [...free, ...deduction.variables]
    // every open variable at its preferred value at once, checked as a whole: when the preference is a
    // variant near this one, that is usually a variant already, without deducing after each decision
    const open = order.filter(v => values[v] === -1)
    for (const v of open) values[v] = preferred(v)
    if (deduction.holds(values, active)) return true
    for (const v of open) values[v] = -1
    const trail: number[] = []
    for (const v of order) {
        if (values[v] !== -1) continue
        const first = preferred(v)
        let placed = false
        for (const value of [first, 1 - first]) {
            trail.length = 0
            values[v] = value
            if (deduction.run(values, active, 'changed', [v], trail)) {
                placed = true
                break
            }
            values[v] = -1
            for (const u of trail) values[u] = -1
        }
        if (!placed) return false
    }
    return deduction.holds(values, active)
}

/** `force(f, b)`: makes `f` take the value `b` where that decides some of its variables. */
function forcing(lookup: Lookup, set: (v: number, b: boolean) => void, contradict: () => void): (f: Formula, b: boolean) => void {
    /** Makes `f` take the value `b` where that decides some of its variables. */
    const force = (f: Formula, b: boolean): void => {
        switch (f.op) {
            case 'const':
                if (f.value !== b) contradict()
                return
            case 'var':
                return set(f.v, b)
            case 'not':
                return force(f.arg, !b)
            case 'note':
                return force(f.arg, b)
            case 'and':
            case 'or': {
                // and = true (or = false): every argument; otherwise the one argument left open
                if ((f.op === 'and') === b) return f.args.forEach(a => force(a, b))
                return forceLast(f.args, !b, b)
            }
            case 'implies': {
                if (!b) return void (force(f.args[0], true), force(f.args[1], false))
                if (evaluate(f.args[0], lookup) === true) force(f.args[1], true)
                else if (evaluate(f.args[1], lookup) === false) force(f.args[0], false)
                return
            }
            case 'exo':
            case 'amo': {
                if (!b) return
                const values = f.args.map(a => evaluate(a, lookup))
                const present = values.indexOf(true)
                // one present: every other absent; exactly one: the last one open when all others are absent
                if (present >= 0) f.args.forEach((a, i) => i !== present && values[i] !== false && force(a, false))
                else if (f.op === 'exo') forceLast(f.args, false, true)
                return
            }
            case 'xor':
                return
        }
    }
    /** When every argument but one evaluates to `others`, the last one takes `last`; when all do, `f` contradicts. */
    const forceLast = (args: readonly Formula[], others: boolean, last: boolean): void => {
        let open: Formula | undefined
        for (const a of args) {
            const r = evaluate(a, lookup)
            if (r === undefined) {
                if (open) return
                open = a
            } else if (r !== others) return
        }
        if (open) force(open, last)
        else contradict()
    }
    return force
}
