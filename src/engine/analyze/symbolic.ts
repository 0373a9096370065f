// One SAT problem for every assignment of the inputs at once: each element's
// presence defined by its conditions (as resolving defines it), the constraints,
// and for each input "it lies in exactly one region" with what each region makes
// of the atoms reading it. What this problem cannot satisfy, no assignment can:
// an element it never makes present is dead, one it never makes absent is core.
import type LogicSolver from 'logic-solver'
import {and, exo, implies, not, variable, variables, type ConditionRecord, type ConstraintRecord, type Formula} from '../conditions/index.js'
import type {PreparedModel} from '../resolve/index.js'
import {complete, Deduction, logic, newSolver, quickXplain, satisfiableAssuming, toLogic, varName} from '../solve/index.js'
import type {Atom} from './atoms.js'
import {regionTruths, type InputDomain} from './domains.js'

/** What an input's regions say of the atoms reading it: one fact per input. */
interface DomainFact {
    readonly domain: InputDomain
    readonly formula: Formula
    readonly atoms: readonly Atom[]
}

export interface SymbolicProblem {
    readonly prepared: PreparedModel
    readonly facts: readonly DomainFact[]
    readonly variableCount: number
}

export function symbolicProblem(prepared: PreparedModel, domains: readonly InputDomain[], expressions: Readonly<Record<string, unknown>>): SymbolicProblem {
    let next = prepared.problem.variableCount
    const facts: DomainFact[] = []
    for (const domain of domains) {
        if (domain.atoms.length === 0) continue
        const regions = domain.regions.map(() => variable(next++))
        const parts: Formula[] = [exo(regions)]
        for (const atom of domain.atoms) {
            const a = variable(atom.v)
            regionTruths(domain, atom, expressions).forEach((truth, i) => {
                if (truth !== undefined) parts.push(implies(regions[i]!, truth ? a : not(a)))
            })
        }
        facts.push({domain, formula: and(parts), atoms: domain.atoms})
    }
    return {prepared, facts, variableCount: next}
}

/** One reason a SAT check may keep or drop: a condition, a constraint, or what an input's regions say. */
export type ReasonItem =
    | {readonly kind: 'condition'; readonly record: ConditionRecord}
    | {readonly kind: 'constraint'; readonly record: ConstraintRecord}
    | {readonly kind: 'domain'; readonly fact: DomainFact}

/** Models already known (the variants the enumeration resolved: each is a model of this problem): which elements some model has present and absent. */
export interface KnownModels {
    readonly present: (seq: number) => boolean
    readonly absent: (seq: number) => boolean
}

/**
 * The problem's backbone: what every model gives an element. Each question "is there a model where v
 * has this value?" is answered by deduction first (solve/deduce.ts: a contradiction means none), then
 * by completing what deduction left open to a model, checked as a whole; MiniSat, built when first
 * needed, answers what neither settles. On a technology template that is most questions without
 * loading the SAT solver at all.
 */
export class Backbone {
    private solver: LogicSolver.Solver | undefined
    private readonly deduction: Deduction
    /** Variables no definition decides (the atoms, the regions): decided before completing the rest. */
    private readonly free: number[] = []
    /** What deduction forces with nothing assumed; undefined when that already contradicts. */
    private closed: Int8Array | undefined | null = null

    /** `deduction: false`: MiniSat answers every question (tests compare both ways). */
    constructor(
        readonly problem: SymbolicProblem,
        private readonly options: {readonly deduction?: boolean} = {},
    ) {
        const {definitions, constraints} = problem.prepared.problem
        const defined: number[] = []
        for (let v = 0; v < problem.variableCount; v++) (definitions[v] ? defined : this.free).push(v)
        this.deduction = new Deduction(definitions, defined, [...constraints, ...problem.facts.map(f => f.formula)])
    }

    /**
     * Elements no model makes present (dead) and conditional ones no model makes absent (core);
     * undefined when the problem has no model at all. Each model found (or `known`) settles every
     * element it shows present or absent, so most elements need no question of their own.
     */
    decided(known?: KnownModels): {dead: Set<number>; core: Set<number>} | undefined {
        const elements = this.problem.prepared.graph.elements
        const seenPresent = new Uint8Array(elements.length)
        const seenAbsent = new Uint8Array(elements.length)
        const harvest = (model: Int8Array) => {
            for (let seq = 0; seq < elements.length; seq++) (model[seq] === 1 ? seenPresent : seenAbsent)[seq] = 1
        }
        if (known)
            for (let seq = 0; seq < elements.length; seq++) {
                seenPresent[seq] = known.present(seq) ? 1 : 0
                seenAbsent[seq] = known.absent(seq) ? 1 : 0
            }
        else {
            const first = this.model(undefined, true, () => 0)
            if (!first) return undefined
            harvest(first)
        }
        // completing prefers what no model has shown yet, else absence (a small variant leaves room
        // for the elements asked about): one model settles many elements (on a technology template
        // with 243 elements no resolved variant has, 7 questions instead of 59 staying near a variant)
        const preferred = (u: number) => (u < elements.length && !seenPresent[u] ? 1 : 0)
        const dead = new Set<number>()
        const core = new Set<number>()
        for (const e of elements) {
            if (seenPresent[e.seq]) continue
            const model = this.model(e.seq, true, preferred)
            if (model) harvest(model)
            else dead.add(e.seq)
        }
        for (const e of elements) {
            if (seenAbsent[e.seq] || dead.has(e.seq) || e.conditions.length === 0) continue
            const model = this.model(e.seq, false, preferred)
            if (model) harvest(model)
            else core.add(e.seq)
        }
        return {dead, core}
    }

    /** A model where `v` has `value` (any model without `v`), as values by variable, or undefined when there is none. */
    private model(v: number | undefined, value: boolean, preferred: (u: number) => number): Int8Array | undefined {
        if (this.options.deduction === false) return this.solved(v, value)
        if (this.closed === null) {
            const values = new Int8Array(this.problem.variableCount).fill(-1)
            this.closed = this.deduction.run(values) ? values : undefined
        }
        // deduction is sound: a contradiction means no model at all
        if (!this.closed) return undefined
        const values = this.closed.slice()
        if (v !== undefined) {
            if (values[v] !== -1 && (values[v] === 1) !== value) return undefined
            values[v] = value ? 1 : 0
            if (!this.deduction.run(values, undefined, 'changed', [v])) return undefined
        }
        return this.completed(values, preferred) ?? this.solved(v, value)
    }

    /** `values` completed to a model without backtracking (checked as a whole), or undefined when that fails. */
    private completed(values: Int8Array, preferred: (u: number) => number): Int8Array | undefined {
        return complete(this.deduction, values, () => true, preferred, this.free) ? values : undefined
    }

    /** The question asked of MiniSat (built on first use). */
    private solved(v: number | undefined, value: boolean): Int8Array | undefined {
        const Logic = logic()
        const solver = (this.solver ??= this.satSolver())
        const found = v === undefined ? solver.solve() : solver.solveAssuming(value ? varName(v) : Logic.not(varName(v)))
        if (!found) return undefined
        const truths = new Set(found.getTrueVars())
        return Int8Array.from({length: this.problem.variableCount}, (_, u) => (truths.has(varName(u)) ? 1 : 0))
    }

    private satSolver(): LogicSolver.Solver {
        const Logic = logic()
        const solver = newSolver()
        const open = new Int8Array(this.problem.variableCount).fill(-1)
        const {definitions, constraints} = this.problem.prepared.problem
        definitions.forEach((f, v) => {
            if (f) solver.require(Logic.equiv(varName(v), toLogic(f, open)))
        })
        for (const c of constraints) solver.require(toLogic(c, open))
        for (const fact of this.problem.facts) solver.require(toLogic(fact.formula, open))
        return solver
    }
}

/**
 * Finds why an element can never be present (or never absent): one solver over every condition,
 * constraint and input fact, each behind a selector. A selector assumed true keeps its item; one
 * left open lets the solver drop it — a dropped condition becomes unknown (a free variable), not
 * true, so dropping relaxes in both directions.
 */
/** Thrown to stop shrinking a reason when the time budget is spent. */
const OUT_OF_TIME = Symbol('out of time')

export class Reasons {
    private readonly solver: LogicSolver.Solver
    private readonly selector = new Map<ReasonItem, string>()
    private readonly byElement: ReasonItem[][] = []
    private readonly others: {readonly item: ReasonItem; readonly vars: readonly number[]}[] = []
    /** Per condition: the element it belongs to; per item: the variables it reads (made when first asked). */
    private readonly owner = new Map<ReasonItem, number>()
    private readonly read = new Map<ReasonItem, readonly number[]>()

    constructor(private readonly problem: SymbolicProblem) {
        const Logic = logic()
        const {prepared} = problem
        const n = prepared.graph.elements.length
        const open = new Int8Array(problem.variableCount).fill(-1)
        this.solver = newSolver()
        const select = (item: ReasonItem) => {
            const name = `s${this.selector.size}`
            this.selector.set(item, name)
            return name
        }
        // a record behind its selector: itself when kept, else a free variable
        const term = (item: ReasonItem & {kind: 'condition'}) => {
            const s = select(item)
            return Logic.or(Logic.and(s, toLogic(item.record.formula, open)), Logic.and(Logic.not(s), `free_${s}`))
        }
        for (const c of prepared.conditions) {
            const items = c.records.map(record => ({kind: 'condition', record}) as ReasonItem & {kind: 'condition'})
            this.byElement[c.element.seq] = items
            for (const item of items) this.owner.set(item, c.element.seq)
            const terms = items.map(term)
            const manual = terms.filter((_, i) => !items[i]!.record.generated)
            this.solver.require(Logic.equiv(varName(c.element.seq), terms.length ? Logic.and(terms) : Logic.TRUE))
            if (prepared.problem.definitions[n + c.element.seq]) this.solver.require(Logic.equiv(varName(n + c.element.seq), manual.length ? Logic.and(manual) : Logic.TRUE))
        }
        prepared.problem.definitions.forEach((f, u) => {
            if (f && u >= 2 * n) this.solver.require(Logic.equiv(varName(u), toLogic(f, open)))
        })
        for (const record of prepared.constraints) {
            const item: ReasonItem = {kind: 'constraint', record}
            this.solver.require(Logic.implies(select(item), toLogic(record.formula, open)))
            this.others.push({item, vars: variables(record.formula)})
        }
        for (const fact of problem.facts) {
            const item: ReasonItem = {kind: 'domain', fact}
            this.solver.require(Logic.implies(select(item), toLogic(fact.formula, open)))
            this.others.push({item, vars: fact.atoms.map(a => a.v)})
        }
    }

    /**
     * The conditions, constraints and input facts that together cannot give `v` the value `value`,
     * shrunk until each is needed (QuickXplain: a few SAT calls per item needed, not one per item
     * reachable). When the time budget is `spent` before that, the set is left unshrunk: it still
     * cannot hold.
     */
    minimal(v: number, value: boolean, spent: () => boolean): ReasonItem[] {
        const items = this.reachable(v)
        // most reasons are close by: the element's own conditions and the constraints and input facts
        // on what they mention, else a ring or two further out; shrinking the first ring that suffices
        // is quick (each SAT call assumes every item of the set), everything reachable is the last ring
        let start = items
        for (const ring of this.rings(items, v)) {
            if (spent()) break
            if (!this.allows(ring, v, value)) {
                start = ring
                break
            }
        }
        try {
            return quickXplain(start, kept => {
                if (spent()) throw OUT_OF_TIME
                return !this.allows(kept, v, value)
            })
        } catch (e) {
            if (e !== OUT_OF_TIME) throw e
            return start
        }
    }

    private allows(kept: Iterable<ReasonItem>, v: number, value: boolean): boolean {
        const Logic = logic()
        const assumed = [value ? varName(v) : Logic.not(varName(v)), ...[...kept].map(i => this.selector.get(i)!)]
        return satisfiableAssuming(this.solver, Logic.and(assumed))
    }

    /** Items over variables `v` depends on, following definitions, constraints and facts that share variables. */
    private reachable(start: number): ReasonItem[] {
        const {prepared} = this.problem
        const n = prepared.graph.elements.length
        const reach = new Set<number>([start])
        const queue = [start]
        const taken = new Set<ReasonItem>()
        const visit = (u: number) => {
            if (reach.has(u)) return
            reach.add(u)
            queue.push(u)
        }
        while (queue.length) {
            while (queue.length) {
                const f = prepared.problem.definitions[queue.pop()!]
                if (f) variables(f).forEach(visit)
            }
            for (const o of this.others)
                if (!taken.has(o.item) && o.vars.some(u => reach.has(u))) {
                    taken.add(o.item)
                    o.vars.forEach(visit)
                }
        }
        const conditions = this.byElement.flatMap((items, seq) => (reach.has(seq) || reach.has(n + seq) ? items : []))
        return [...conditions, ...this.others.filter(o => taken.has(o.item)).map(o => o.item)]
    }

    /**
     * Ever larger parts of `items` around v, each a superset of the one before and smaller than
     * `items`: the element's own conditions and the constraints and facts on v or on what those
     * conditions mention; then, ring by ring, everything on a variable the ring before mentions.
     */
    private *rings(items: readonly ReasonItem[], v: number): Generator<ReasonItem[]> {
        const {prepared} = this.problem
        const n = prepared.graph.elements.length
        const own = this.byElement[v] ?? []
        const vars = new Set<number>([v])
        for (const i of own) for (const u of this.mentions(i)) vars.add(u)
        let ring = items.filter(i => own.includes(i) || (i.kind !== 'condition' && this.mentions(i).some(u => vars.has(u))))
        while (ring.length < items.length) {
            yield ring
            // one step out: what the ring mentions, and what the definitions of those variables read
            for (const i of ring) for (const u of this.mentions(i)) vars.add(u)
            for (const u of [...vars]) {
                const f = u >= 2 * n ? prepared.problem.definitions[u] : undefined
                if (f) for (const w of variables(f)) vars.add(w)
            }
            const next = items.filter(i => (i.kind === 'condition' ? this.ownerOf(i, vars, n) : this.mentions(i).some(u => vars.has(u))))
            if (next.length <= ring.length) return
            ring = next
        }
    }

    /** The variables an item reads. */
    private mentions(item: ReasonItem): readonly number[] {
        let known = this.read.get(item)
        if (!known) this.read.set(item, (known = item.kind === 'domain' ? item.fact.atoms.map(a => a.v) : variables(item.record.formula)))
        return known
    }

    /** Whether a condition belongs to an element whose presence (or manual presence) is among `vars`. */
    private ownerOf(item: ReasonItem, vars: ReadonlySet<number>, n: number): boolean {
        const seq = this.owner.get(item)!
        return vars.has(seq) || vars.has(n + seq)
    }
}
