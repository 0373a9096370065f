// Most of what an input combination changes never reaches optimization: a
// property, a type, an input element is present or not once its node is decided,
// and no objective reads it. Such variables (leaves) are split off once per
// analysis. What a combination then asks of the rest (the core) is only what the
// constraints on leaves forbid: each such constraint, with its leaves worked out
// from the core variables it reaches (its boundary) and the atoms, allows some
// boundary assignments and not others. Combinations that agree on the core's atoms
// and on what every such constraint forbids share one core problem.
import {variables} from '../conditions/index.js'
import type {Problem} from '../solve/index.js'
import type {Atom} from './atoms.js'

/** Constraints on leaves whose boundary has more variables than this stay in the core (2^10 assignments each). */
const BOUNDARY_VARIABLES = 10

/** Constraints on leaves that reach the same core variables: what they forbid there is worked out together. */
export interface LeafConstraints {
    /** Indices into the problem's constraints. */
    readonly constraints: readonly number[]
    /** The core variables the constraints and their leaves read. */
    readonly boundary: readonly number[]
    /** The leaves they read, directly or through definitions, in evaluation order. */
    readonly leaves: readonly number[]
    /** Indices into the analysis's atoms that those leaves and constraints read. */
    readonly atoms: readonly number[]
}

export interface LeafSplit {
    /** 1 for core variables: read by an objective, or by the definition of a core variable. */
    readonly core: Uint8Array
    /** Indices of the atoms the core reads. */
    readonly coreAtoms: readonly number[]
    /** Indices of the constraints over the core alone. */
    readonly coreConstraints: readonly number[]
    readonly groups: readonly LeafConstraints[]
    /** Every leaf in evaluation order: each after the leaves its definition reads. */
    readonly order: readonly number[]
}

export function splitLeaves(problem: Problem, atoms: readonly Atom[]): LeafSplit {
    const {definitions, variableCount} = problem
    const reads = definitions.map(f => (f ? [...new Set(variables(f))] : undefined))
    const constraintReads = problem.constraints.map(c => [...new Set(variables(c))])
    const atomVariables = new Set(atoms.map(a => a.v))
    const core = new Uint8Array(variableCount)
    const queue: number[] = []
    const toCore = (v: number) => {
        if (core[v]) return
        core[v] = 1
        queue.push(v)
    }
    const close = () => {
        while (queue.length) for (const u of reads[queue.pop()!] ?? []) toCore(u)
    }
    for (const o of problem.objectives) {
        for (const t of o.terms) variables(t.formula).forEach(toCore)
        o.compare.forEach(toCore)
    }
    close()
    const isLeaf = (v: number) => !core[v] && reads[v] !== undefined
    // leaves defined through one another in a circle are not worked out one by one: they join the core
    for (const v of cyclicLeaves(reads, isLeaf)) toCore(v)
    close()

    for (;;) {
        const byBoundary = new Map<string, {constraints: number[]; leaves: Set<number>; boundary: number[]}>()
        constraintReads.forEach((vars, i) => {
            if (!vars.some(isLeaf)) return
            const leaves = leafClosure(vars.filter(isLeaf), reads, isLeaf)
            const boundary = new Set<number>()
            for (const u of [...vars, ...[...leaves].flatMap(l => reads[l]!)]) if (!isLeaf(u) && !atomVariables.has(u)) boundary.add(u)
            if (boundary.size > BOUNDARY_VARIABLES) {
                // too many assignments to look at: the constraint's leaves join the core
                leaves.forEach(toCore)
                return
            }
            const sorted = [...boundary].sort((a, b) => a - b)
            const key = sorted.join(',')
            const group = byBoundary.get(key) ?? {constraints: [], leaves: new Set<number>(), boundary: sorted}
            group.constraints.push(i)
            leaves.forEach(l => group.leaves.add(l))
            byBoundary.set(key, group)
        })
        // leaves that joined the core change other constraints' boundaries: look again
        if (queue.length > 0) {
            close()
            continue
        }
        const order = evaluationOrder(reads, isLeaf)
        const position = new Int32Array(variableCount)
        order.forEach((v, i) => (position[v] = i))
        const groups = [...byBoundary.values()].map(g => {
            const leaves = [...g.leaves].sort((a, b) => position[a]! - position[b]!)
            const read = new Set([...g.constraints.flatMap(i => constraintReads[i]!), ...leaves.flatMap(l => reads[l]!)])
            return {constraints: g.constraints, boundary: g.boundary, leaves, atoms: atomIndices(atoms, v => read.has(v))}
        })
        const coreConstraints = constraintReads.flatMap((vars, i) => (vars.some(isLeaf) ? [] : [i]))
        const inCoreConstraint = new Set(coreConstraints.flatMap(i => constraintReads[i]!))
        return {core, coreAtoms: atomIndices(atoms, v => core[v] === 1 || inCoreConstraint.has(v)), coreConstraints, groups, order}
    }
}

/** The leaves `start` reads through definitions of leaves, and `start` itself. */
function leafClosure(start: readonly number[], reads: readonly (readonly number[] | undefined)[], isLeaf: (v: number) => boolean): Set<number> {
    const out = new Set(start)
    const stack = [...start]
    while (stack.length)
        for (const u of reads[stack.pop()!]!)
            if (isLeaf(u) && !out.has(u)) {
                out.add(u)
                stack.push(u)
            }
    return out
}

/** The leaves in an order where each comes after the leaves its definition reads (depth first, iteratively). */
function evaluationOrder(reads: readonly (readonly number[] | undefined)[], isLeaf: (v: number) => boolean): number[] {
    const order: number[] = []
    const state = new Uint8Array(reads.length)
    for (let v = 0; v < reads.length; v++) {
        if (!isLeaf(v) || state[v]) continue
        const stack: [number, number][] = [[v, 0]]
        state[v] = 1
        while (stack.length) {
            const top = stack[stack.length - 1]!
            const deps = reads[top[0]]!
            if (top[1] < deps.length) {
                const u = deps[top[1]++]!
                if (isLeaf(u) && !state[u]) {
                    state[u] = 1
                    stack.push([u, 0])
                }
            } else {
                order.push(top[0])
                stack.pop()
            }
        }
    }
    return order
}

/** Leaves on a circle of definitions (Tarjan's strongly connected components, iteratively). */
function cyclicLeaves(reads: readonly (readonly number[] | undefined)[], isLeaf: (v: number) => boolean): number[] {
    const n = reads.length
    const index = new Int32Array(n).fill(-1)
    const low = new Int32Array(n)
    const onStack = new Uint8Array(n)
    const stack: number[] = []
    const out: number[] = []
    let next = 0
    for (let root = 0; root < n; root++) {
        if (!isLeaf(root) || index[root] !== -1) continue
        const frames: [number, number][] = [[root, 0]]
        index[root] = low[root] = next++
        stack.push(root)
        onStack[root] = 1
        while (frames.length) {
            const frame = frames[frames.length - 1]!
            const v = frame[0]
            const deps = reads[v]!
            if (frame[1] < deps.length) {
                const u = deps[frame[1]++]!
                if (!isLeaf(u)) continue
                if (index[u] === -1) {
                    index[u] = low[u] = next++
                    stack.push(u)
                    onStack[u] = 1
                    frames.push([u, 0])
                } else if (onStack[u]) low[v] = Math.min(low[v]!, index[u]!)
                continue
            }
            frames.pop()
            if (frames.length) {
                const parent = frames[frames.length - 1]![0]
                low[parent] = Math.min(low[parent]!, low[v]!)
            }
            if (low[v] !== index[v]) continue
            const component: number[] = []
            let u: number
            do {
                u = stack.pop()!
                onStack[u] = 0
                component.push(u)
            } while (u !== v)
            if (component.length > 1 || deps.includes(v)) out.push(...component)
        }
    }
    return out
}

function atomIndices(atoms: readonly Atom[], read: (v: number) => boolean): number[] {
    return atoms.flatMap((a, i) => (read(a.v) ? [i] : []))
}
