// Decides presence for one combination of input values exactly as resolving would,
// without building a solver per combination. The leaves (leaves.ts) are worked out
// from the core; the core's problem depends only on the core's atoms and on what the
// constraints on leaves forbid, and combinations that agree on those share its answer.
// A core problem is decided by the engine's solver, taken only when its variant is the
// only optimal one (then every solver, given the whole problem, reaches it); otherwise
// the engine's solver decides the whole combination.
import {and, constant, evaluate, not, variable, variables, type Formula} from '../conditions/index.js'
import {propagate, solve, solveUnique, type Problem} from '../solve/index.js'
import type {Atom} from './atoms.js'
import {splitLeaves, type LeafConstraints, type LeafSplit} from './leaves.js'

export type Decision = {readonly kind: 'resolved'; readonly values: Int8Array} | {readonly kind: 'failed'; readonly failure: string}

/** A core problem's answer: the failure, every core variable's value, or the engine's solver to decide each combination. */
type CoreAnswer = {readonly failure: string} | {readonly values: Int8Array} | 'engine'

/**
 * A core problem decided: its answer, its values with the leaves that read no other atom (see
 * atomFreeLeaves), and per group of the other leaves the values they take by the truths of the
 * atoms they read (see leafGroups); null when a leaf cannot be worked out.
 */
interface Core {
    readonly answer: CoreAnswer
    base: Int8Array | null | undefined
    readonly leaves: (Map<number, Int8Array | null> | undefined)[]
}

/** Leaves reading the same atoms (directly or through leaves), in evaluation order, and those atoms. */
interface LeafGroup {
    readonly atoms: readonly number[]
    readonly leaves: readonly number[]
}

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
    /** Per core problem (by its key): its answer, and its values with the leaves that read no other atom (see atomFreeLeaves). */
    private readonly cores = new Map<string, Core>()
    /** Groups of constraints on leaves that read no atom, and those that do. */
    private readonly fixedGroups: number[] = []
    private readonly atomGroups: number[] = []
    private fixedForbids: Forbidding[] | null | undefined
    /** Atoms the core does not read, and the leaves that read none of them (directly or through leaves), in evaluation order. */
    private readonly otherAtoms: readonly number[]
    private readonly atomFreeOrder: number[] = []
    /** The leaves that read other atoms, grouped by the atoms they read. */
    private readonly leafGroups: readonly LeafGroup[]
    /** Per group of constraints on leaves: what it forbids on its boundary, by the truths of its atoms. */
    private readonly forbidden: Map<number | string, Forbidding | null>[]
    private readonly scratch: Int8Array
    /** Every variable the core problem reads is defined there or is a core atom: solving it alone is solving the core. */
    private readonly coreClosed: boolean
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
        this.split.groups.forEach((group, g) => (group.atoms.length === 0 ? this.fixedGroups : this.atomGroups).push(g))
        const inCore = new Set(this.split.coreAtoms)
        this.otherAtoms = atoms.map((_, i) => i).filter(i => !inCore.has(i))
        this.leafGroups = this.groupLeaves()
        this.scratch = new Int8Array(problem.variableCount).fill(-1)
        this.constraintReads = problem.constraints.map(c => variables(c))
        this.termReads = problem.objectives.flatMap(o => o.terms.map(t => variables(t.formula)))
        const known = new Uint8Array(problem.variableCount)
        this.coreDefinitions.forEach((f, v) => (known[v] = f ? 1 : 0))
        for (const i of this.split.coreAtoms) known[this.atoms[i]!.v] = 1
        const reads = [
            ...this.coreDefinitions.flatMap(f => (f ? variables(f) : [])),
            ...this.split.coreConstraints.flatMap(i => this.constraintReads[i]!),
            ...this.termReads.flat(),
            ...this.split.groups.flatMap(g => g.boundary),
        ]
        this.coreClosed = reads.every(u => known[u] === 1)
    }

    /** `truths[i]`: the value of `atoms[i]` in this combination. */
    decide(truths: readonly boolean[]): Decision {
        // what the groups reading no atom forbid is the same for every combination: worked out once
        if (this.fixedForbids === undefined) this.fixedForbids = this.forbiddings(this.fixedGroups, truths)
        if (this.fixedForbids === null) return this.whole(truths)
        let coreKey = ''
        for (const i of this.split.coreAtoms) coreKey += truths[i] ? '1' : '0'
        let forbids = this.fixedForbids
        for (const g of this.atomGroups) {
            const forbidding = this.forbiddenIn(g, truths)
            if (forbidding === null) return this.whole(truths)
            if (forbidding.forbidden.length === 0) continue
            coreKey += `|${forbidding.key}`
            if (forbids === this.fixedForbids) forbids = [...forbids]
            forbids.push(forbidding)
        }
        let core = this.cores.get(coreKey)
        if (core === undefined) {
            this.coreProblems++
            this.cores.set(
                coreKey,
                (core = {answer: this.settleCore(truths, forbids), base: undefined, leaves: this.leafGroups.map(g => (g.atoms.length <= 30 ? new Map() : undefined))}),
            )
        }
        const {answer} = core
        if (answer === 'engine') return this.whole(truths)
        if ('failure' in answer) return {kind: 'failed', failure: answer.failure}
        if (core.base === undefined) core.base = this.atomFreeLeaves(answer.values, truths)
        // a leaf reads a variable nothing defines: the engine's solver says what it is
        if (core.base === null) return this.whole(truths)
        const values = core.base.slice()
        for (const i of this.otherAtoms) values[this.atoms[i]!.v] = truths[i] ? 1 : 0
        // a group's leaves take the same values whenever its atoms do (the core being the same)
        for (let g = 0; g < this.leafGroups.length; g++) {
            const {atoms, leaves} = this.leafGroups[g]!
            const known = core.leaves[g]
            let bits = 0
            if (known) for (let k = 0; k < atoms.length; k++) if (truths[atoms[k]!]) bits |= 1 << k
            let taken = known?.get(bits)
            if (taken === undefined) {
                taken = this.leafValues(leaves, values)
                known?.set(bits, taken)
            }
            if (taken === null) return this.whole(truths)
            for (let k = 0; k < leaves.length; k++) values[leaves[k]!] = taken[k]!
        }
        return {kind: 'resolved', values}
    }

    /** The values of `leaves`, evaluated in order over `values` (the atoms and every leaf they read set); null when one cannot be worked out. */
    private leafValues(leaves: readonly number[], values: Int8Array): Int8Array | null {
        const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
        const out = new Int8Array(leaves.length)
        for (let k = 0; k < leaves.length; k++) {
            const v = leaves[k]!
            const value = evaluate(this.problem.definitions[v]!, lookup)
            if (value === undefined) return null
            values[v] = out[k] = value ? 1 : 0
        }
        return out
    }

    /**
     * Sorts the leaves into those that read no atom outside the core (directly or through leaves)
     * and groups of those that do, by the atoms they read. A leaf read by another reads no atom the
     * other does not, so groups of fewer atoms come first and every leaf is evaluated after those it
     * reads. A group of more than 30 atoms (its truths no longer fit the bits of its key) is evaluated
     * for every combination.
     */
    private groupLeaves(): LeafGroup[] {
        const {problem, atoms} = this
        const reads: (readonly number[] | undefined)[] = new Array(problem.variableCount)
        for (const i of this.otherAtoms) reads[atoms[i]!.v] = [i]
        const byAtoms = new Map<string, {atoms: number[]; leaves: number[]}>()
        for (const v of this.split.order) {
            const read = new Set<number>()
            for (const u of variables(problem.definitions[v]!)) for (const i of reads[u] ?? []) read.add(i)
            if (read.size === 0) {
                this.atomFreeOrder.push(v)
                continue
            }
            const sorted = (reads[v] = [...read].sort((a, b) => a - b))
            const key = sorted.join(',')
            const group = byAtoms.get(key)
            if (group) group.leaves.push(v)
            else byAtoms.set(key, {atoms: sorted, leaves: [v]})
        }
        return [...byAtoms.values()].sort((a, b) => a.atoms.length - b.atoms.length)
    }

    /** What the groups `groups` forbid (those that forbid something), or null when a leaf of one cannot be worked out. */
    private forbiddings(groups: readonly number[], truths: readonly boolean[]): Forbidding[] | null {
        const out: Forbidding[] = []
        for (const g of groups) {
            const forbidding = this.forbiddenIn(g, truths)
            if (forbidding === null) return null
            if (forbidding.forbidden.length > 0) out.push(forbidding)
        }
        return out
    }

    /**
     * A core answer's values with the core's atoms and every leaf that reads no other atom (directly
     * or through leaves) worked out: the same for every combination sharing the core problem. Null
     * when such a leaf cannot be worked out.
     */
    private atomFreeLeaves(core: Int8Array, truths: readonly boolean[]): Int8Array | null {
        const values = core.slice()
        for (const i of this.split.coreAtoms) values[this.atoms[i]!.v] = truths[i] ? 1 : 0
        const lookup = (u: number) => (values[u] === -1 ? undefined : values[u] === 1)
        for (const v of this.atomFreeOrder) {
            const value = evaluate(this.problem.definitions[v]!, lookup)
            if (value === undefined) return null
            values[v] = value ? 1 : 0
        }
        return values
    }

    /** The boundary assignments (as numbers, bit i for boundary variable i) the group's constraints fail on, and their part of a core key; null when a leaf cannot be worked out. */
    private forbiddenIn(g: number, truths: readonly boolean[]): Forbidding | null {
        const group = this.split.groups[g]!
        // the truths of the group's atoms, as bits while they fit (most groups read none or a few)
        let bits = 0
        for (let k = 0; k < group.atoms.length && k < 30; k++) if (truths[group.atoms[k]!]) bits |= 1 << k
        const atomKey = group.atoms.length <= 30 ? bits : group.atoms.map(i => (truths[i] ? 1 : 0)).join('')
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

    /** The core problem of this combination, decided by the engine's solver when its answer is the only one ('engine': decide the whole combination). */
    private settleCore(truths: readonly boolean[], forbids: readonly Forbidding[]): CoreAnswer {
        if (!this.coreClosed) return 'engine'
        const definitions = this.coreDefinitions.slice()
        for (const i of this.split.coreAtoms) definitions[this.atoms[i]!.v] = constant(truths[i]!)
        const derived = forbids.flatMap(({group, forbidden}) =>
            forbidden.map(a => not(and(group.boundary.map((v, i) => ((a >> i) & 1 ? variable(v) : not(variable(v)))))) as Formula),
        )
        const solved = solveUnique({...this.problem, definitions, constraints: [...this.split.coreConstraints.map(i => this.problem.constraints[i]!), ...derived]})
        if (solved === undefined) return 'engine'
        return solved.ok ? {values: solved.solution.values} : {failure: solved.failure.kind}
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
