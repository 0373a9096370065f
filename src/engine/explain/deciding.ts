// Which constraints decide a verdict the SAT solver reached? A constraint (a
// topology constraint, an implication, a constraint option) never appears in an
// element's own conditions, yet it can be the only reason for its verdict: a
// node kept because a constraint breaks a loop of default conditions. Replayed on
// the solver's own part of the problem: the verdict is forced by constraints when
// flipping it is impossible with them and possible without them; the constraints
// shown are a minimal set that still forces it (each one needed).
//
// Each question "do these constraints force this verdict?" has one answer, however
// it is found, so the answers are shared: every variant found is kept and answers
// later questions it satisfies, and a set known to force a verdict answers for its
// supersets. Most questions deduction answers (solve/deduce.ts): flipping the
// verdict meets a contradiction, or completing what it left open gives a variant
// that flips it; MiniSat answers the rest. The sets found are the same as asking
// MiniSat every question (on a technology template of 567 open elements, no call).
import type LogicSolver from 'logic-solver'
import {evaluate, variables} from '../conditions/index.js'
import type {ConstraintRecord} from '../conditions/index.js'
import type {Element} from '../model/index.js'
import type {ResolvedModel} from '../resolve/index.js'
import {complete, Deduction, logic, newSolver, quickXplain} from '../solve/index.js'
import {toLogic, varName} from '../solve/index.js'

/** Beyond this many constraints in one part, deciding constraints are not searched (each step may be a SAT call). */
const MAX_CONSTRAINTS = 1000
/** Variants kept per part to answer questions without MiniSat (the most recent ones). */
const MAX_VARIANTS = 64

/**
 * A variant of a part: the values of its variables (by position), and which of its constraints it
 * satisfies, evaluated when first asked (a part may have hundreds of constraints, a question reads
 * a few).
 */
interface Variant {
    readonly values: Uint8Array
    /** Per constraint: 1 holds, 0 does not, -1 not evaluated yet. */
    readonly holds: Int8Array
    /** It satisfies every constraint of the part (asked of each kept variant for each open element); undefined until asked. */
    all?: boolean
}

interface Part {
    /** MiniSat over the part, made when first asked (deduction answers most questions: often no SAT call at all, nor loading the solver). */
    readonly solver: () => LogicSolver.Solver
    /** Every variable at its solved value but the part's (open): what deduction starts from. */
    readonly values: Int8Array
    /** Deduction over the part's definitions and its constraints (by selector index). */
    readonly deduction: Deduction
    /** What the definitions alone force (every deduction starts there), and what all constraints do (no subset forces more). */
    readonly deducedNone: Int8Array
    /** Per constraint: 1 when what the definitions alone force already satisfies it (it can force nothing more). */
    readonly inert: Uint8Array
    readonly deducedAll: Set<number>
    /** What deduction found forced, by the constraints it was given (selector indices, joined). */
    readonly deducedBy: Map<string, Closure>
    /** The same closures by a hash of their set (see prefixKey), to find the longest known beginning of a set. */
    readonly prefixes: Map<string, {readonly key: string; readonly closure: Closure}>
    readonly variables: readonly number[]
    /** Where each variable of the part is in a variant's values. */
    readonly position: ReadonlyMap<number, number>
    /** Selector variable per constraint of the part: assuming it switches the constraint on. */
    readonly selectors: readonly {readonly name: string; readonly record: ConstraintRecord}[]
    readonly variants: Variant[]
    /** Per variable: flipping it is impossible with every constraint (true) or possible (false). */
    readonly forcedByAll: Map<number, boolean>
    /** Per variable: flipping it is impossible with no constraint (true) or possible (false). */
    readonly forcedByNone: Map<number, boolean>
    /** Per variable: sets of constraints (selector indices) known to force its verdict. */
    readonly forcing: Map<number, (readonly number[])[]>
    /** Sets already asked about for the whole part. */
    readonly spread: Set<string>
}

/**
 * What deduction makes of the part's definitions and a set of constraints: the part's values (by
 * position; null on a contradiction) and which constraints of the set can force anything. A part of
 * a technology template is asked about a thousand sets: each is kept as small as it can be.
 */
interface Closure {
    readonly values: Int8Array | null
    readonly active: (constraint: number) => boolean
}

/** The part's values (by position) put in place. */
function restore(part: Part, from: Int8Array): void {
    const {variables, values} = part
    for (let i = 0; i < variables.length; i++) values[variables[i]!] = from[i]!
}

/** The part's values, by position. */
function snapshot(part: Part): Int8Array {
    const {variables, values} = part
    const out = new Int8Array(variables.length)
    for (let i = 0; i < variables.length; i++) out[i] = values[variables[i]!]!
    return out
}

/** The hash of each beginning of `kept` (element i: the first i + 1 constraints), for the prefixes' keys. */
function prefixHashes(kept: readonly number[]): number[] {
    const out = new Array<number>(kept.length)
    let h = 0
    for (let i = 0; i < kept.length; i++) out[i] = h = (Math.imul(h, 31) + kept[i]! + 1) | 0
    return out
}

/** The key of a set's first `length` constraints: the length and a hash (compared in full before use). */
const prefixKey = (length: number, hashes: readonly number[]) => `${length}:${length === 0 ? 0 : hashes[length - 1]}`

const NONE: readonly ConstraintRecord[] = []

/**
 * What decided a verdict the solver reached: the conditions alone (every variant of its part has it),
 * constraints (a minimal set without which it could flip), the optimizer (variants satisfying
 * everything differ in it), or a free choice (they differ in it and nothing chose). A verdict
 * propagation reached is decided by the conditions.
 */
export type Decision =
    {readonly kind: 'conditions'} | {readonly kind: 'constraints'; readonly constraints: readonly ConstraintRecord[]} | {readonly kind: 'optimizer'} | {readonly kind: 'free'}

/** Deduction found that no variant gives the element the other verdict. */
const REFUTED = 'refuted'

const CONDITIONS: Decision = {kind: 'conditions'}
const OPTIMIZER: Decision = {kind: 'optimizer'}
/** Variants satisfying everything differ in it and nothing chose: the resolver's preference did (see free-choice.ts). */
const FREE: Decision = {kind: 'free'}

export class DecidingConstraints {
    private readonly parts = new Map<number, Part | undefined>()
    private readonly found = new Map<number, Decision>()
    private componentOf?: Map<number, number>

    constructor(private readonly model: ResolvedModel) {}

    /** A minimal set of constraints without which the element's verdict could flip; empty when its conditions alone decide it. */
    of(element: Element): readonly ConstraintRecord[] {
        const decision = this.decision(element)
        return decision.kind === 'constraints' ? decision.constraints : NONE
    }

    decision(element: Element): Decision {
        const state = this.model.solution.state[element.seq]
        if (state === undefined || state === 'propagated') return CONDITIONS
        // the solver marked it: variants satisfying every condition and constraint differ in it, nothing chose
        if (state === 'free') return FREE
        let found = this.found.get(element.seq)
        if (!found) this.found.set(element.seq, (found = this.search(element.seq, state === 'optimized')))
        return found
    }

    private search(v: number, optimized: boolean): Decision {
        const index = this.component(v)
        const part = index === undefined ? undefined : this.part(index)
        // too many constraints to search (each step may be a SAT call): what the solver said
        if (!part || part.selectors.length > MAX_CONSTRAINTS) return optimized ? OPTIMIZER : CONDITIONS
        // a part the optimizer did not choose in, without constraints: the conditions decided it (one
        // variant, or several that nothing chooses between), no SAT call needed to say so
        if (!optimized && part.selectors.length === 0) return CONDITIONS
        // with every constraint the verdict may still flip (the optimizer's choice, or nobody's), or the
        // conditions alone may force it
        if (!this.forcedByAll(part, v)) return optimized ? OPTIMIZER : CONDITIONS
        if (part.selectors.length === 0 || this.forcedByNone(part, v)) return CONDITIONS
        const all = part.selectors.map((_, i) => i)
        const kept = quickXplain(all, set => this.forced(part, v, set))
        this.spread(part, kept)
        return {kind: 'constraints', constraints: kept.map(i => part.selectors[i]!.record)}
    }

    /**
     * A set that forces one verdict often forces its neighbours' too (one constraint holding up a
     * whole hosting stack): what deduction finds the set forces is learned for the part's other
     * elements at once. (Asking MiniSat whether any other element can flip paid only when none could,
     * and deduction answers nearly every such question alone.)
     */
    private spread(part: Part, kept: readonly number[]): void {
        const key = kept.join(' ')
        if (part.spread.has(key)) return
        part.spread.add(key)
        const on = new Uint8Array(part.selectors.length)
        for (const i of kept) on[i] = 1
        const covered = (u: number) => part.forcing.get(u)?.some(set => set.every(i => on[i] === 1)) ?? false
        for (const u of this.deduced(part, kept)) if (this.asked(u) && !covered(u)) this.learn(part, u, kept)
    }

    private learn(part: Part, v: number, forcing: readonly number[]): void {
        const known = part.forcing.get(v)
        if (known) known.push(forcing)
        else part.forcing.set(v, [forcing])
    }

    /** Is flipping v impossible with the constraints `kept` (selector indices)? */
    private forced(part: Part, v: number, kept: readonly number[]): boolean {
        if (kept.length === part.selectors.length) return this.forcedByAll(part, v)
        if (kept.length === 0) return this.forcedByNone(part, v)
        const known = part.forcing.get(v)
        if (known) {
            const on = new Uint8Array(part.selectors.length)
            for (const i of kept) on[i] = 1
            if (known.some(set => set.every(i => on[i] === 1))) return true
        }
        if (part.variants.some(x => this.flips(part, x, v) && this.satisfies(part, x, kept))) return false
        const probed = part.deducedAll.has(v) && this.deducedHas(part, kept, v) ? REFUTED : this.probe(part, kept, v)
        if (probed === REFUTED) {
            this.learn(part, v, kept)
            return true
        }
        if (probed) return false
        const Logic = logic()
        const variant = this.solve(part, Logic.and([...kept.map(i => part.selectors[i]!.name), this.flip(v)]))
        if (variant) return false
        this.learn(part, v, kept)
        return true
    }

    private forcedByAll(part: Part, v: number): boolean {
        return this.backbone(
            part,
            v,
            part.forcedByAll,
            part.selectors.map((_, i) => i),
            x => (x.all ??= part.selectors.every((_, i) => this.holds(part, x, i))),
        )
    }

    private forcedByNone(part: Part, v: number): boolean {
        return this.backbone(part, v, part.forcedByNone, [], () => true)
    }

    /**
     * The part's variables that the definitions and the constraints `kept` force, as far as deduction
     * (solve/deduce.ts) finds them without MiniSat: each one is forced, so the answer is the SAT call's.
     */
    private deduced(part: Part, kept: readonly number[]): number[] {
        const closed = this.closure(part, kept).values
        const solved = this.model.solution.values
        return closed ? part.variables.filter((u, i) => closed[i] === solved[u]) : []
    }

    /** Whether deduction finds v forced by the definitions and the constraints `kept`. */
    private deducedHas(part: Part, kept: readonly number[], v: number): boolean {
        const closed = this.closure(part, kept).values
        return closed !== null && closed[part.position.get(v)!] === this.model.solution.values[v]
    }

    /**
     * What deduction makes of the definitions and the constraints `kept`, kept per set. QuickXplain
     * asks about a set it asked about before plus a few constraints more: deduction then goes on from
     * the longest such beginning of `kept` already closed, with only the constraints added.
     */
    private closure(part: Part, kept: readonly number[]): Closure {
        // quickXplain asks about the same sets for element after element (halves of the same list)
        const key = kept.join(' ')
        const known = part.deducedBy.get(key)
        if (known) return known
        const on = new Uint8Array(part.selectors.length)
        for (const i of kept) on[i] = 1 - part.inert[i]!
        const active = (i: number) => on[i] === 1
        const values = part.values
        const hashes = prefixHashes(kept)
        const start = this.closedPrefix(part, kept, hashes)
        let consistent = start === undefined || start.closure.values !== null
        if (consistent) {
            restore(part, start?.closure.values ?? part.deducedNone)
            consistent = start ? part.deduction.run(values, active, 'changed', [], undefined, kept.slice(start.length)) : part.deduction.run(values, active, true)
        }
        const closed = consistent ? snapshot(part) : null
        for (const u of part.variables) values[u] = -1
        const closure: Closure = {values: closed, active}
        part.deducedBy.set(key, closure)
        part.prefixes.set(prefixKey(kept.length, hashes), {key, closure})
        return closure
    }

    /** The longest proper beginning of `kept` whose closure is known. */
    private closedPrefix(part: Part, kept: readonly number[], hashes: readonly number[]): {length: number; closure: Closure} | undefined {
        for (let length = kept.length - 1; length > 0; length--) {
            const found = part.prefixes.get(prefixKey(length, hashes))
            // a hash's match is checked in full (rarely more than once per set)
            if (found && found.key === kept.slice(0, length).join(' ')) return {length, closure: found.closure}
        }
        return undefined
    }

    /**
     * Flips v with the constraints `kept` (selector indices) on, without MiniSat: REFUTED when
     * deduction meets a contradiction (no variant flips v), a variant that flips v when completing
     * what deduction left open finds one (kept, as MiniSat's are), else undefined: ask MiniSat.
     * Deduction starts from what the set alone forces (kept per set: many elements are asked about
     * with the same set), so only what flipping v changes is looked at again.
     */
    private probe(part: Part, kept: readonly number[], v: number): typeof REFUTED | Variant | undefined {
        const solved = this.model.solution.values
        const closure = this.closure(part, kept)
        // the definitions and the set contradict each other: nothing flips (the solution shows they cannot)
        if (!closure.values) return REFUTED
        const values = part.values
        restore(part, closure.values)
        let found: typeof REFUTED | Variant | undefined
        if (values[v] === solved[v]) found = REFUTED
        else {
            values[v] = 1 - solved[v]!
            if (!part.deduction.run(values, closure.active, 'changed', [v])) found = REFUTED
            else if (complete(part.deduction, values, closure.active, u => solved[u]!))
                found = this.keep(
                    part,
                    Uint8Array.from(part.variables, u => values[u]!),
                )
        }
        for (const u of part.variables) values[u] = -1
        return found
    }

    /**
     * Whether no variant satisfying the constraints `kept` flips v. Asked first for every open variable
     * of the part at once (one call answers them all when none can flip), then for v alone.
     */
    private backbone(part: Part, v: number, known: Map<number, boolean>, kept: readonly number[], admits: (x: Variant) => boolean): boolean {
        const open = (u: number): boolean => {
            if (known.has(u)) return false
            if (!part.variants.some(x => admits(x) && this.flips(part, x, u))) return true
            known.set(u, false)
            return false
        }
        if (!open(v)) return known.get(v)!
        // deduction answers most questions without MiniSat, one way or the other
        const probed = this.probe(part, kept, v)
        if (probed) {
            known.set(v, probed === REFUTED)
            return probed === REFUTED
        }
        const Logic = logic()
        const assumed = kept.map(i => part.selectors[i]!.name)
        const candidates = part.variables.filter(u => this.asked(u) && open(u))
        const any = this.solve(part, Logic.and([...assumed, Logic.or(candidates.map(u => this.flip(u)))]))
        if (!any) for (const u of candidates) known.set(u, true)
        else {
            for (const u of candidates) if (this.flips(part, any, u)) known.set(u, false)
            if (!known.has(v)) known.set(v, this.solve(part, Logic.and([...assumed, this.flip(v)])) === undefined)
        }
        return known.get(v)!
    }

    /** Solves under an assumption; a variant found is kept to answer later questions. */
    private solve(part: Part, assumption: LogicSolver.Operand): Variant | undefined {
        const solver = part.solver()
        const solution = logic().disablingAssertions(() => solver.solveAssuming(assumption))
        if (!solution) return undefined
        return this.keep(
            part,
            Uint8Array.from(part.variables, u => (solution.evaluate(varName(u)) ? 1 : 0)),
        )
    }

    /** A variant found (its values by position), kept to answer later questions. */
    private keep(part: Part, values: Uint8Array): Variant {
        const variant: Variant = {values, holds: new Int8Array(part.selectors.length).fill(-1)}
        if (part.variants.length === MAX_VARIANTS) part.variants.shift()
        part.variants.push(variant)
        return variant
    }

    /** Does the variant satisfy every constraint of `kept` (selector indices)? */
    private satisfies(part: Part, x: Variant, kept: readonly number[]): boolean {
        return kept.every(i => this.holds(part, x, i))
    }

    /** Does the variant satisfy constraint i of the part? Evaluated once, when first asked. */
    private holds(part: Part, x: Variant, i: number): boolean {
        if (x.holds[i] === -1) {
            const solved = this.model.solution.values
            const value = (u: number) => {
                const at = part.position.get(u)
                return at === undefined ? solved[u] === 1 : x.values[at] === 1
            }
            x.holds[i] = evaluate(part.selectors[i]!.record.formula, value) === true ? 1 : 0
        }
        return x.holds[i] === 1
    }

    /** Does the variant give v the other verdict? */
    private flips(part: Part, x: Variant, v: number): boolean {
        return x.values[part.position.get(v)!] !== this.model.solution.values[v]
    }

    /** Elements whose verdict the solver reached: the ones explanations ask about. */
    private asked(u: number): boolean {
        const state = this.model.solution.state[u]
        return state === 'solved' || state === 'optimized' || state === 'free'
    }

    private flip(v: number): LogicSolver.Operand {
        return this.model.solution.values[v] === 1 ? logic().not(varName(v)) : varName(v)
    }

    private component(v: number): number | undefined {
        if (!this.componentOf) {
            this.componentOf = new Map()
            this.model.solution.components.forEach((c, i) => c.variables.forEach(u => this.componentOf!.set(u, i)))
        }
        return this.componentOf.get(v)
    }

    /** The part's definitions and its constraints (each behind a selector), with every other variable at its solved value. */
    private part(index: number): Part | undefined {
        if (this.parts.has(index)) return this.parts.get(index)
        const {problem, constraints, solution} = this.model
        const component = solution.components[index]!
        const values = Int8Array.from(solution.values)
        for (const u of component.variables) values[u] = -1
        const selectors: Part['selectors'][number][] = []
        constraints.forEach((record, i) => {
            if (variables(record.formula).some(u => values[u] === -1)) selectors.push({name: `constraint${i}`, record})
        })
        const unique = [...new Set(component.variables)]
        let solver: LogicSolver.Solver | undefined
        const part: Omit<Part, 'deducedNone' | 'deducedAll' | 'deducedBy' | 'prefixes' | 'inert'> = {
            // made while the part's variables are open (-1) in `values`, as between any two questions
            solver: () => {
                if (solver) return solver
                const Logic = logic()
                solver = newSolver()
                for (const u of unique) solver.require(Logic.equiv(varName(u), toLogic(problem.definitions[u]!, values)))
                for (const {name, record} of selectors) solver.require(Logic.implies(name, toLogic(record.formula, values)))
                return solver
            },
            values,
            deduction: new Deduction(
                problem.definitions,
                unique,
                selectors.map(s => s.record.formula),
            ),
            variables: unique,
            position: new Map(unique.map((u, i) => [u, i])),
            selectors,
            variants: [],
            forcedByAll: new Map(),
            forcedByNone: new Map(),
            forcing: new Map(),
            spread: new Set(),
        }
        // what deduction finds forced needs no SAT call (solve/deduce.ts): each one is forced
        part.deduction.run(values, () => false)
        const none = Int8Array.from(unique, u => values[u]!)
        const inert = Uint8Array.from(selectors, s => (evaluate(s.record.formula, u => (values[u] === -1 ? undefined : values[u] === 1)) === true ? 1 : 0))
        for (const u of unique) {
            if (values[u] === solution.values[u]) part.forcedByNone.set(u, true)
            values[u] = -1
        }
        const built: Part = {...part, deducedNone: none, inert, deducedAll: new Set(), deducedBy: new Map(), prefixes: new Map()}
        for (const u of this.deduced(
            built,
            selectors.map((_, i) => i),
        )) {
            built.deducedAll.add(u)
            built.forcedByAll.set(u, true)
        }
        this.parts.set(index, built)
        return built
    }
}
