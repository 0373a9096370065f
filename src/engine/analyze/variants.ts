// Resolves the template once per combination of input regions (or a sample of them
// when there are too many): with each atom's value fixed, the compiled problem is
// the one resolving that assignment would build, so the engine's own solver,
// optimization and checks decide. Counts distinct topologies, and sees which
// elements no combination keeps, which every one keeps and which inputs never
// change the result.
import {createHash} from 'node:crypto'
import {TrellisError} from '../errors.js'
import {evaluateValue} from '../expressions/index.js'
import {inputConstraintViolations, VariabilityInputs, type InputAssignment, type VariabilityDefinition} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import {finishResolution, stringifyTemplate} from '../pipeline.js'
import type {Atom} from './atoms.js'
import {CombinationDecider} from './decide.js'
import type {InputDomain} from './domains.js'
import type {SymbolicProblem} from './symbolic.js'

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

export function enumerateVariants(
    template: LoadedTemplate,
    definition: VariabilityDefinition,
    problem: SymbolicProblem,
    atoms: readonly Atom[],
    domains: readonly InputDomain[],
    limits: EnumerationLimits,
): Enumeration {
    const prepared = problem.prepared
    const n = prepared.graph.elements.length
    const radix = domains.map(d => d.choices.length)
    const combinations = radix.reduce((a, b) => a * b, 1)
    const full = combinations <= limits.combinations
    const presentIn = new Uint32Array(n)
    const failures = new Map<string, number>()
    const topologies = new Set<string>()
    const results: string[] = []
    let resolved = 0
    let explored = 0
    const random = seeded()
    const seen = new Set<string>()
    const decider = new CombinationDecider(prepared.problem, atoms)
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
        const assignments: InputAssignment[] = []
        domains.forEach((d, k) => {
            const value = d.choices[digits[k]!]!.value
            if (value !== undefined) assignments.push({name: d.name, value, source: {kind: 'wizard'}})
        })
        const result = resolveCombination(template, definition, prepared, decider, atoms, assignments, n)
        if (full) results[i] = result.key
        if (result.kind === 'failed') {
            failures.set(result.failure, (failures.get(result.failure) ?? 0) + 1)
            continue
        }
        resolved++
        for (let seq = 0; seq < n; seq++) if (result.values[seq] === 1) presentIn[seq]!++
        if (topologies.size <= limits.bound) topologies.add(result.topology)
    }
    const complete = explored === combinations
    const exact = domains.every(d => d.exact)
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
        decidesNothing: complete ? domains.filter((_, k) => neverDecides(results, radix, k)).map(d => d.name) : [],
    }
}

type Combination = {kind: 'resolved'; key: string; topology: string; values: Int8Array} | {kind: 'failed'; failure: string; key: string}

function resolveCombination(
    template: LoadedTemplate,
    definition: VariabilityDefinition,
    prepared: SymbolicProblem['prepared'],
    decider: CombinationDecider,
    atoms: readonly Atom[],
    assignments: readonly InputAssignment[],
    n: number,
): Combination {
    const failed = (failure: string): Combination => ({kind: 'failed', failure, key: failure})
    let inputs: VariabilityInputs
    try {
        inputs = new VariabilityInputs(definition, template.sourceMap, [], assignments)
        if (inputConstraintViolations(inputs).length > 0) return failed('inputs-violated')
    } catch (e) {
        if (e instanceof TrellisError) return failed('invalid')
        throw e
    }
    const truths: boolean[] = []
    for (const atom of atoms) {
        let value: unknown
        try {
            value = evaluateValue(atom.raw, inputs)
        } catch (e) {
            if (e instanceof TrellisError) return failed('invalid')
            throw e
        }
        if (typeof value !== 'boolean') return failed('invalid')
        truths.push(value)
    }
    const decided = decider.decide(truths)
    if (decided.kind === 'failed') return failed(decided.failure)
    const values = decided.values
    // checked and written as resolving writes it: a check or the output itself may still fail
    let output: string
    try {
        const solution = {values, state: [], components: []}
        output = stringifyTemplate(finishResolution(template, {...prepared, inputs, solution, present: e => values[e.seq] === 1}).output)
    } catch (e) {
        if (e instanceof TrellisError) return failed(e.code === 'check-failed' ? 'check-failed' : 'invalid')
        throw e
    }
    const topology = createHash('sha1').update(values.subarray(0, n)).digest('base64')
    return {kind: 'resolved', key: createHash('sha1').update(output).digest('base64'), topology, values}
}

/** The choice of each input in combination `index` (mixed radix, first input fastest). */
function digitsOf(index: number, radix: readonly number[]): number[] {
    return radix.map(r => {
        const digit = index % r
        index = Math.floor(index / r)
        return digit
    })
}

/** Whether changing input `k` alone never changes the result, over all combinations. */
function neverDecides(results: readonly string[], radix: readonly number[], k: number): boolean {
    const stride = radix.slice(0, k).reduce((a, b) => a * b, 1)
    const r = radix[k]!
    for (let index = 0; index < results.length; index++) {
        if (Math.floor(index / stride) % r !== 0) continue
        for (let d = 1; d < r; d++) if (results[index + d * stride] !== results[index]) return false
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
