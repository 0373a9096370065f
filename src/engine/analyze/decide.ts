// Decides presence for one combination of input values exactly as resolving would,
// without building a solver per combination. The leaves (leaves.ts) are worked out
// from the core; the core's problem depends only on the core's atoms and on what the
// constraints on leaves forbid, and combinations that agree on those share its answer.
// A core problem is decided in stages — the first objective (node templates) by one
// solver shared by all of them, the rest by enumerating the small parts that remain —
// and when a stage cannot tell that its answer is the only one resolving could reach,
// the engine's own solver decides the whole combination.
import {and, constant, evaluate, not, variable, variables, type Formula} from '../conditions/index.js'
import {propagate, solve, type Problem} from '../solve/index.js'
import type {Atom} from './atoms.js'
import {FirstObjectiveSolver} from './first-objective.js'
import {splitLeaves, type LeafConstraints, type LeafSplit} from './leaves.js'
import {laterObjectives} from './later-objectives.js'

export type Decision = {readonly kind: 'resolved'; readonly values: Int8Array} | {readonly kind: 'failed'; readonly failure: string}

/** A core problem's answer: the failure, every core variable's value, or the engine's solver to decide each combination. */
type CoreAnswer = {readonly failure: string} | {readonly values: Int8Array} | 'engine'

/** A residual's answer: the failure, or the open variables' values in order. */
type Settled = {readonly failure: string} | {readonly open: Int8Array}

/** What a group of constraints on leaves forbids on its boundary, and that as part of a core problem's key. */
interface Forbidding {
    readonly group: LeafConstraints
    readonly forbidden: readonly number[]
    readonly key: string
}

export class CombinationDecider {
    /** Core problems decided, and how many residuals the engine's solver decided. */
    coreProblems = 0
    engineSolved = 0
    private readonly split: LeafSplit
    private readonly coreDefinitions: (Formula | undefined)[]
    private readonly cores = new Map<string, CoreAnswer>()
    /** Per group of constraints on leaves: what it forbids on its boundary, by the truths of its atoms. */
    private readonly forbidden: Map<string, Forbidding | null>[]
    private readonly scratch: Int8Array
    private first: FirstObjectiveSolver | undefined | null = null
    /** Whole residuals the engine's solver decided. */
    private readonly settled = new Map<string, Settled>()
    private readonly constraintReads: readonly (readonly number[])[]
    private readonly termReads: readonly (readonly number[])[]

    constructor(
        private readonly problem: Problem,
        private readonly atoms: readonly Atom[],
    ) {
        this.split = splitLeaves(problem, atoms)
        this.coreDefinitions = problem.definitions.map((f, v) => (this.split.core[v] ? f : undefined))
        this.forbidden = this.split.groups.map(() => new Map())
        this.scratch = new Int8Array(problem.variableCount).fill(-1)
        this.constraintReads = problem.constraints.map(c => variables(c))
        this.termReads = problem.objectives.flatMap(o => o.terms.map(t => variables(t.formula)))
    }

    /** `truths[i]`: the value of `atoms[i]` in this combination. */
    decide(truths: readonly boolean[]): Decision {
        const key: string[] = [this.split.coreAtoms.map(i => (truths[i] ? 1 : 0)).join('')]
        const forbids: Forbidding[] = []
        for (let g = 0; g < this.split.groups.length; g++) {
            const forbidding = this.forbiddenIn(g, truths)
            if (forbidding === null) return this.whole(truths)
            if (forbidding.forbidden.length === 0) continue
            key.push(forbidding.key)
            forbids.push(forbidding)
        }
        const coreKey = key.join('|')
        let answer = this.cores.get(coreKey)
        if (answer === undefined) {
            this.coreProblems++
            answer = this.settleCore(truths, forbids)
            this.cores.set(coreKey, answer)
        }
        if (answer === 'engine') return this.whole(truths)
        if ('failure' in answer) return {kind: 'failed', failure: answer.failure}
        const values = answer.values.slice()
        this.atoms.forEach((a, i) => (values[a.v] = truths[i] ? 1 : 0))
        const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
        for (const v of this.split.order) {
            const value = evaluate(this.problem.definitions[v]!, lookup)
            // a leaf reads a variable nothing defines: the engine's solver says what it is
            if (value === undefined) return this.whole(truths)
            values[v] = value ? 1 : 0
        }
        return {kind: 'resolved', values}
    }

    /** The boundary assignments (as numbers, bit i for boundary variable i) the group's constraints fail on, and their part of a core key; null when a leaf cannot be worked out. */
    private forbiddenIn(g: number, truths: readonly boolean[]): Forbidding | null {
        const group = this.split.groups[g]!
        // most groups read no atom: one answer for every combination
        const atomKey = group.atoms.length === 0 ? '' : group.atoms.map(i => (truths[i] ? 1 : 0)).join('')
        const known = this.forbidden[g]!.get(atomKey)
        if (known !== undefined) return known
        const values = this.scratch
        const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
        for (const i of group.atoms) values[this.atoms[i]!.v] = truths[i] ? 1 : 0
        const out: number[] = []
        let open = false
        for (let a = 0; a < 1 << group.boundary.length && !open; a++) {
            group.boundary.forEach((v, i) => (values[v] = (a >> i) & 1))
            for (const v of group.leaves) {
                const value = evaluate(this.problem.definitions[v]!, lookup)
                if (value === undefined) open = true
                values[v] = value ? 1 : 0
            }
            const holds = group.constraints.map(i => evaluate(this.problem.constraints[i]!, lookup))
            if (holds.includes(undefined)) open = true
            else if (holds.includes(false)) out.push(a)
        }
        for (const v of [...group.boundary, ...group.leaves]) values[v] = -1
        for (const i of group.atoms) values[this.atoms[i]!.v] = -1
        const result = open ? null : {group, forbidden: out, key: `${g}:${out.join('.')}`}
        this.forbidden[g]!.set(atomKey, result)
        return result
    }

    /** The core problem of this combination, decided in stages (the engine's solver when they cannot tell). */
    private settleCore(truths: readonly boolean[], forbids: readonly Forbidding[]): CoreAnswer {
        const definitions = this.coreDefinitions.slice()
        for (const i of this.split.coreAtoms) definitions[this.atoms[i]!.v] = constant(truths[i]!)
        const derived = forbids.flatMap(({group, forbidden}) =>
            forbidden.map(a => not(and(group.boundary.map((v, i) => ((a >> i) & 1 ? variable(v) : not(variable(v)))))) as Formula),
        )
        const problem: Problem = {...this.problem, definitions, constraints: [...this.split.coreConstraints.map(i => this.problem.constraints[i]!), ...derived]}
        const values = new Int8Array(problem.variableCount).fill(-1)
        propagate(definitions, values)
        const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
        let open = false
        for (let v = 0; v < values.length && !open; v++) open = definitions[v] !== undefined && values[v] === -1
        if (!open) {
            for (const c of problem.constraints) {
                const holds = evaluate(c, lookup)
                if (holds === undefined) return 'engine'
                if (!holds) return {failure: 'unsatisfiable'}
            }
            return {values}
        }
        if (this.first === null)
            this.first = FirstObjectiveSolver.for({
                ...this.problem,
                definitions: this.coreDefinitions,
                constraints: this.split.coreConstraints.map(i => this.problem.constraints[i]!),
            })
        if (!this.first) return 'engine'
        const assumed = [...this.split.coreAtoms.map(i => (truths[i] ? variable(this.atoms[i]!.v) : not(variable(this.atoms[i]!.v)))), ...derived]
        const first = this.first.decide(assumed)
        if (first.kind !== 'fixed') return {failure: first.kind}
        const later = laterObjectives(problem, definitions, values, first.values)
        if (later === undefined) return 'engine'
        if (later === 'ambiguous') return {failure: 'ambiguous'}
        return {values: later}
    }

    /** The whole combination by the engine's solver, its residual (what is open after propagation) looked up first. */
    private whole(truths: readonly boolean[]): Decision {
        const definitions = [...this.problem.definitions]
        this.atoms.forEach((a, i) => (definitions[a.v] = constant(truths[i]!)))
        const values = new Int8Array(this.problem.variableCount).fill(-1)
        propagate(definitions, values)
        const open: number[] = []
        for (let v = 0; v < values.length; v++) if (definitions[v] && values[v] === -1) open.push(v)
        const key = this.residualKey(definitions, values, open)
        let settled = this.settled.get(key)
        if (!settled) {
            this.engineSolved++
            const solved = solve({...this.problem, definitions})
            settled = solved.ok ? {open: Int8Array.from(open, v => solved.solution.values[v]!)} : {failure: solved.failure.kind}
            this.settled.set(key, settled)
        }
        if ('failure' in settled) return {kind: 'failed', failure: settled.failure}
        open.forEach((v, i) => (values[v] = settled.open[i]!))
        return {kind: 'resolved', values}
    }

    /** The open variables, the decided values any formula reading them sees, and whether a decided constraint fails: all that solving the residual depends on. */
    private residualKey(definitions: readonly (Formula | undefined)[], values: Int8Array, open: readonly number[]): string {
        const seen = new Uint8Array(values.length)
        const note = (vars: readonly number[]) => {
            for (const u of vars) if (values[u] !== -1) seen[u] = 1
        }
        for (const v of open) note(variables(definitions[v]!))
        const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
        let fails = false
        this.constraintReads.forEach((vars, i) => {
            if (vars.some(u => values[u] === -1)) note(vars)
            else fails ||= evaluate(this.problem.constraints[i]!, lookup) === false
        })
        for (const vars of this.termReads) if (vars.some(u => values[u] === -1)) note(vars)
        const read: string[] = []
        for (let u = 0; u < seen.length; u++) if (seen[u]) read.push(`${u}${values[u] === 1 ? '+' : '-'}`)
        return `${fails ? '!' : ''}${open.join(',')}|${read.join(',')}`
    }
}
