// One SAT problem for every assignment of the inputs at once: each element's
// presence defined by its conditions (as resolving defines it), the constraints,
// and for each input "it lies in exactly one region" with what each region makes
// of the atoms reading it. What this problem cannot satisfy, no assignment can:
// an element it never makes present is dead, one it never makes absent is core.
import type LogicSolver from 'logic-solver'
import {and, exo, implies, not, variable, variables, type ConditionRecord, type ConstraintRecord, type Formula} from '../conditions/index.js'
import type {PreparedModel} from '../pipeline.js'
import {logic, toLogic, varName} from '../solve/index.js'
import type {Atom} from './atoms.js'
import {regionTruths, type InputDomain} from './domains.js'

/** What an input's regions say of the atoms reading it: one fact per input. */
export interface DomainFact {
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

/** A solver over the whole problem, for many questions asked under assumptions. */
export class Backbone {
    private readonly solver: LogicSolver.Solver
    private readonly open: Int8Array

    constructor(readonly problem: SymbolicProblem) {
        const Logic = logic()
        this.solver = new Logic.Solver()
        this.open = new Int8Array(problem.variableCount).fill(-1)
        const {definitions, constraints} = problem.prepared.problem
        definitions.forEach((f, v) => {
            if (f) this.solver.require(Logic.equiv(varName(v), toLogic(f, this.open)))
        })
        for (const c of constraints) this.solver.require(toLogic(c, this.open))
        for (const fact of problem.facts) this.solver.require(toLogic(fact.formula, this.open))
    }

    /** The variables true in some model where `v` has `value`, or undefined when no model has it. */
    model(v?: number, value = true): Set<string> | undefined {
        const Logic = logic()
        const found = v === undefined ? this.solver.solve() : this.solver.solveAssuming(value ? varName(v) : Logic.not(varName(v)))
        return found ? new Set(found.getTrueVars()) : undefined
    }
}

/**
 * The conditions, constraints and input facts that together cannot give `v` the value `value`,
 * shrunk until each is needed (deletion-based: an item goes when the rest still cannot).
 * Stops shrinking when `deadline` passes; what is left still cannot hold.
 */
export function minimalReason(problem: SymbolicProblem, v: number, value: boolean, deadline: number): ReasonItem[] {
    const {items, reach} = reachableItems(problem, v)
    const kept = new Set(items)
    for (const item of items) {
        if (Date.now() > deadline) break
        kept.delete(item)
        if (satisfiable(problem, reach, kept, v, value)) kept.add(item)
    }
    return items.filter(i => kept.has(i))
}

/** Items over variables `v` depends on, following definitions, constraints and facts that share variables. */
function reachableItems(problem: SymbolicProblem, start: number): {items: ReasonItem[]; reach: ReadonlySet<number>} {
    const {prepared} = problem
    const n = prepared.graph.elements.length
    const reach = new Set<number>([start])
    const queue = [start]
    const pending: {item: ReasonItem; vars: number[]}[] = [
        ...prepared.constraints.map(record => ({item: {kind: 'constraint', record} as ReasonItem, vars: variables(record.formula)})),
        ...problem.facts.map(fact => ({item: {kind: 'domain', fact} as ReasonItem, vars: fact.atoms.map(a => a.v)})),
    ]
    const taken = new Set<ReasonItem>()
    const visit = (u: number) => {
        if (reach.has(u)) return
        reach.add(u)
        queue.push(u)
    }
    while (queue.length) {
        while (queue.length) {
            const u = queue.pop()!
            const f = prepared.problem.definitions[u]
            if (f) variables(f).forEach(visit)
        }
        for (const p of pending)
            if (!taken.has(p.item) && p.vars.some(u => reach.has(u))) {
                taken.add(p.item)
                p.vars.forEach(visit)
            }
    }
    const conditions: ReasonItem[] = []
    for (const c of prepared.conditions) if (reach.has(c.element.seq) || reach.has(n + c.element.seq)) for (const record of c.records) conditions.push({kind: 'condition', record})
    return {items: [...conditions, ...pending.filter(p => taken.has(p.item)).map(p => p.item)], reach}
}

/**
 * Whether the kept items allow `v` = `value`. A dropped condition is not assumed true but unknown
 * (a free variable), so dropping relaxes both ways: for "can it be present" and "can it be absent".
 */
function satisfiable(problem: SymbolicProblem, reach: ReadonlySet<number>, kept: ReadonlySet<ReasonItem>, v: number, value: boolean): boolean {
    const Logic = logic()
    const {prepared} = problem
    const n = prepared.graph.elements.length
    const open = new Int8Array(problem.variableCount).fill(-1)
    const solver = new Logic.Solver()
    for (const item of kept) {
        if (item.kind === 'constraint') solver.require(toLogic(item.record.formula, open))
        else if (item.kind === 'domain') solver.require(toLogic(item.fact.formula, open))
    }
    let free = 0
    const term = (record: ConditionRecord): LogicSolver.Operand => (kept.has(items(record)) ? toLogic(record.formula, open) : `free${free++}`)
    const items = (record: ConditionRecord): ReasonItem => itemOf.get(record) ?? {kind: 'condition', record}
    const itemOf = new Map<ConditionRecord, ReasonItem>()
    for (const item of kept) if (item.kind === 'condition') itemOf.set(item.record, item)
    for (const u of reach) {
        const f = prepared.problem.definitions[u]
        if (!f) continue
        if (u >= 2 * n) {
            solver.require(Logic.equiv(varName(u), toLogic(f, open)))
            continue
        }
        const records = prepared.conditions.of(u < n ? u : u - n).records.filter(r => u < n || !r.generated)
        solver.require(Logic.equiv(varName(u), records.length ? Logic.and(records.map(term)) : Logic.TRUE))
    }
    return solver.solveAssuming(value ? varName(v) : Logic.not(varName(v))) !== null
}
