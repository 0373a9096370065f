// Decides presence for one combination of input values exactly as resolving would,
// without building a solver per combination. After propagation, what is left open
// (the residual) is looked up: combinations that leave the same residual get the
// same answer. A new residual is decided in stages — the first objective (node
// templates) by one solver shared by all combinations, the rest by enumerating the
// small parts that remain — and handed to the engine's own solver whenever a stage
// cannot tell that its answer is the only one resolving could reach.
import {constant, evaluate, variables, type Formula} from '../conditions/index.js'
import {propagate, solve, type Problem} from '../solve/index.js'
import type {Atom} from './atoms.js'
import {FirstObjectiveSolver} from './first-objective.js'
import {laterObjectives} from './later-objectives.js'

export type Decision = {readonly kind: 'resolved'; readonly values: Int8Array} | {readonly kind: 'failed'; readonly failure: string}

/** A residual's answer: the failure, or the open variables' values in order. */
type Settled = {readonly failure: string} | {readonly open: Int8Array}

export class CombinationDecider {
    /** Residuals decided, and how many of them the engine's solver decided. */
    residuals = 0
    engineSolved = 0
    private first: FirstObjectiveSolver | undefined | null = null
    private readonly settled = new Map<string, Settled>()
    /** The variables each constraint and each objective term reads. */
    private readonly constraintReads: readonly (readonly number[])[]
    private readonly termReads: readonly (readonly number[])[]

    constructor(
        private readonly problem: Problem,
        private readonly atoms: readonly Atom[],
    ) {
        this.constraintReads = problem.constraints.map(c => variables(c))
        this.termReads = problem.objectives.flatMap(o => o.terms.map(t => variables(t.formula)))
    }

    /** `truths[i]`: the value of `atoms[i]` in this combination. */
    decide(truths: readonly boolean[]): Decision {
        const definitions = [...this.problem.definitions]
        this.atoms.forEach((a, i) => (definitions[a.v] = constant(truths[i]!)))
        const values = new Int8Array(this.problem.variableCount).fill(-1)
        propagate(definitions, values)
        const open: number[] = []
        for (let v = 0; v < values.length; v++) if (definitions[v] && values[v] === -1) open.push(v)
        const key = this.residualKey(definitions, values, open)
        let settled = this.settled.get(key)
        if (!settled) {
            this.residuals++
            settled = this.settle(definitions, values, open, truths)
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

    private settle(definitions: readonly (Formula | undefined)[], values: Int8Array, open: readonly number[], truths: readonly boolean[]): Settled {
        const quick = this.quickly(definitions, values, open, truths)
        if (quick) return quick
        this.engineSolved++
        const solved = solve({...this.problem, definitions})
        if (!solved.ok) return {failure: solved.failure.kind}
        return {open: Int8Array.from(open, v => solved.solution.values[v]!)}
    }

    /** The staged answer, or undefined when only the engine's solver can say which variant resolving picks. */
    private quickly(definitions: readonly (Formula | undefined)[], values: Int8Array, open: readonly number[], truths: readonly boolean[]): Settled | undefined {
        if (open.length === 0) {
            const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
            for (const c of this.problem.constraints) {
                const holds = evaluate(c, lookup)
                if (holds === undefined) return undefined
                if (!holds) return {failure: 'unsatisfiable'}
            }
            return {open: new Int8Array(0)}
        }
        if (this.first === null) this.first = FirstObjectiveSolver.for(this.problem)
        if (!this.first) return undefined
        const first = this.first.decide(this.atoms, truths)
        if (first.kind !== 'fixed') return {failure: first.kind}
        const later = laterObjectives(this.problem, definitions, values, first.values)
        if (later === undefined) return undefined
        if (later === 'ambiguous') return {failure: 'ambiguous'}
        return {open: Int8Array.from(open, v => later[v]!)}
    }
}
