// What holds in every variant of an open part, found without a SAT solver. Propagation (propagate.ts)
// reads each definition one way: a variable follows once its formula is decided. Here definitions
// are also read backwards (a present relation needs both its ends) and constraints are facts (a
// present node needs its host), to a fixpoint. On a technology template that decides the whole
// topology and leaves one small choice per node; everything decided here is true in every variant,
// so the set of variants does not change.
import {evaluate, type Formula, type Lookup} from '../conditions/index.js'

/**
 * Decides, in `values`, every variable of `vars` that the definitions and `constraints` force;
 * false when they contradict each other (no variant at all).
 */
export function deduce(definitions: readonly (Formula | undefined)[], values: Int8Array, vars: readonly number[], constraints: readonly Formula[]): boolean {
    const lookup: Lookup = u => (values[u] === -1 ? undefined : values[u] === 1)
    let changed = true
    let contradiction = false
    const set = (v: number, b: boolean) => {
        const known = values[v]!
        if (known === -1) {
            values[v] = b ? 1 : 0
            changed = true
        } else if ((known === 1) !== b) contradiction = true
    }
    /** Makes `f` take the value `b` where that decides some of its variables. */
    const force = (f: Formula, b: boolean): void => {
        switch (f.op) {
            case 'const':
                if (f.value !== b) contradiction = true
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
        else contradiction = true
    }
    while (changed && !contradiction) {
        changed = false
        for (const v of vars) {
            const f = definitions[v]!
            const r = evaluate(f, lookup)
            if (r !== undefined) set(v, r)
            else if (values[v] !== -1) force(f, values[v] === 1)
        }
        for (const c of constraints) force(c, true)
    }
    return !contradiction
}
