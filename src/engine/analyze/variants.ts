// Resolves the template once per combination of input regions (or a sample of them
// when there are too many): with each atom's value fixed, the compiled problem is
// the one resolving that assignment would build, so the engine's own solver,
// optimization and checks decide. Counts distinct topologies, and sees which
// elements no combination keeps, which every one keeps and which inputs never
// change the result.
import type {InputAssignment} from '../inputs/index.js'
import type {CompiledTemplate} from './compiled.js'
import type {InputDomain} from './domains.js'

export interface Enumeration {
    /** The inputs whose regions were combined (those conditions read, directly or through defaults). */
    readonly inputs: readonly InputDomain[]
    /** How many combinations there are (may exceed what is explored). */
    readonly combinations: number
    readonly explored: number
    /** Every combination was resolved. */
    readonly complete: boolean
    /** The time budget ran out before every combination that was to be resolved was (what was explored then depends on the machine's speed). */
    readonly timedOut: boolean
    /** Each region stands exactly for all its values: what holds for the combinations holds for every assignment. */
    readonly exact: boolean
    /** Distinct topologies among the resolved combinations, up to `bound`. */
    readonly variants: number
    readonly bound: number
    /** How many combinations resolved, and how each kind of failure counted. */
    readonly resolved: number
    readonly failures: ReadonlyMap<string, number>
    /** Per element (by sequence number): in how many resolved combinations it is present. */
    readonly presentIn: Uint32Array
    /** Inputs among `inputs` whose value never changed the result (only known when complete). */
    readonly decidesNothing: readonly string[]
}

export interface EnumerationLimits {
    /** Whether the time budget is spent (a last resort: the combination limit is what keeps a run repeatable). */
    readonly spent: () => boolean
    /** The most combinations resolved; more are sampled (repeatably). */
    readonly combinations: number
    /** Distinct topologies counted before "more than". */
    readonly bound: number
}

export function enumerateVariants(compiled: CompiledTemplate, domains: readonly InputDomain[], limits: EnumerationLimits): Enumeration {
    const n = compiled.prepared.graph.elements.length
    const radix = domains.map(d => d.choices.length)
    const combinations = radix.reduce((a, b) => a * b, 1)
    const full = combinations <= limits.combinations
    const presentIn = new Uint32Array(n)
    const failures = new Map<string, number>()
    const topologies = new Set<string>()
    /** Per combination (when all are resolved): its failure, or what its resolved template is made of. */
    const results: string[] = []
    let resolved = 0
    let explored = 0
    const random = seeded()
    const seen = new Set<string>()
    let timedOut = false
    for (let i = 0; explored < Math.min(combinations, limits.combinations) && i < 4 * limits.combinations; i++) {
        if (limits.spent()) {
            timedOut = true
            break
        }
        // all combinations in order, or (too many) a repeatable random sample of them
        const digits = full ? digitsOf(i, radix) : radix.map(r => Math.floor(random() * r))
        if (!full) {
            const key = digits.join(',')
            if (seen.has(key)) continue
            seen.add(key)
        }
        explored++
        const result = compiled.resolve([], assignmentsOf(domains, digits))
        if (full) results[i] = result.kind === 'failed' ? `!${result.failure}` : result.key
        if (result.kind === 'failed') {
            failures.set(result.failure, (failures.get(result.failure) ?? 0) + 1)
            continue
        }
        resolved++
        const values = result.values
        for (let seq = 0; seq < n; seq++) if (values[seq] === 1) presentIn[seq]!++
        if (topologies.size <= limits.bound) topologies.add(result.topology)
    }
    const complete = explored === combinations
    const exact = domains.every(d => d.exact)
    // two combinations with different keys may still write the same template: unless they keep
    // different node templates (each present one is written under its name), their templates are compared
    const again = (index: number) => {
        const resolved = compiled.resolve([], assignmentsOf(domains, digitsOf(index, radix)))
        if (resolved.kind === 'failed') throw new Error(`combination ${index} no longer resolves`)
        return resolved
    }
    const nodes = compiled.prepared.graph.nodes.map(node => node.seq)
    const same = (a: number, b: number) => {
        if (results[a] === results[b]) return true
        if (results[a]!.startsWith('!') || results[b]!.startsWith('!')) return false
        const [x, y] = [again(a), again(b)]
        return nodes.every(seq => x.values[seq] === y.values[seq]) && compiled.outputHash(x) === compiled.outputHash(y)
    }
    return {
        inputs: domains,
        combinations,
        explored,
        complete,
        timedOut,
        exact,
        variants: topologies.size,
        bound: limits.bound,
        resolved,
        failures,
        presentIn,
        decidesNothing: complete ? domains.filter((_, k) => neverDecides(results.length, radix, k, same)).map(d => d.name) : [],
    }
}

/** The inputs of a combination: each domain's chosen region (none: left to its default expression). */
function assignmentsOf(domains: readonly InputDomain[], digits: readonly number[]): InputAssignment[] {
    const assignments: InputAssignment[] = []
    domains.forEach((d, k) => {
        const value = d.choices[digits[k]!]!.value
        if (value !== undefined) assignments.push({name: d.name, value, source: {kind: 'wizard'}})
    })
    return assignments
}

/** The choice of each input in combination `index` (mixed radix, first input fastest). */
function digitsOf(index: number, radix: readonly number[]): number[] {
    return radix.map(r => {
        const digit = index % r
        index = Math.floor(index / r)
        return digit
    })
}

/** Whether changing input `k` alone never changes the result, over all `count` combinations. */
function neverDecides(count: number, radix: readonly number[], k: number, same: (a: number, b: number) => boolean): boolean {
    const stride = radix.slice(0, k).reduce((a, b) => a * b, 1)
    const r = radix[k]!
    for (let index = 0; index < count; index++) {
        if (Math.floor(index / stride) % r !== 0) continue
        for (let d = 1; d < r; d++) if (!same(index, index + d * stride)) return false
    }
    return true
}

/** A repeatable sequence in [0, 1) (xorshift), so a sample is the same run after run. */
function seeded(): () => number {
    let state = 0x9e3779b9
    return () => {
        state ^= state << 13
        state ^= state >>> 17
        state ^= state << 5
        return (state >>> 0) / 0x100000000
    }
}
