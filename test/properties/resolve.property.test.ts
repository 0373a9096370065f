// Property-based tests of the resolution engine (fast-check): random small
// templates are resolved and compared with a brute-force enumeration written
// here, over the same compiled conditions the solver receives.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {evaluate, type Formula} from '../../src/engine/conditions/index.js'
import {isTrellisError, TrellisError} from '../../src/engine/errors.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {prepare, type PreparedModel} from '../../src/engine/resolve/index.js'
import {solve} from '../../src/engine/solve/index.js'
import {iterations} from '../helpers/deep.js'
import {template} from './generate.js'
import {resolved} from '../helpers/v4t.js'

const RUNS = iterations(100, 2000)
/** Enumerating 2^n assignments stays fast up to this many variables; larger samples are skipped. */
const MAX_VARIABLES = 16

/** Every assignment of the variables the problem defines that satisfies all definitions and constraints. */
function models(p: PreparedModel): boolean[][] {
    const {definitions, constraints, variableCount} = p.problem
    const used = [...Array(variableCount).keys()].filter(v => definitions[v] !== undefined)
    const out: boolean[][] = []
    const values: boolean[] = new Array(variableCount).fill(false)
    const lookup = (v: number) => values[v]
    for (let mask = 0; mask < 1 << used.length; mask++) {
        used.forEach((v, i) => (values[v] = Boolean(mask & (1 << i))))
        const consistent = used.every(v => evaluate(definitions[v] as Formula, lookup) === values[v])
        if (consistent && constraints.every(c => evaluate(c, lookup) === true)) out.push([...values])
    }
    return out
}

function attempt<T>(fn: () => T): {ok: true; value: T} | {ok: false; error: unknown} {
    try {
        return {ok: true, value: fn()}
    } catch (error) {
        return {ok: false, error}
    }
}

describe('resolving random templates', () => {
    it('gives the same answer whether small parts are enumerated or handed to MiniSat', () => {
        fc.assert(
            fc.property(template(), generated => {
                const prepared = attempt(() => prepare(templateFromText(generated.text), {}))
                if (!prepared.ok) return
                const enumerated = solve(prepared.value.problem)
                const sat = solve(prepared.value.problem, {enumerateUpTo: 0})
                expect(enumerated.ok).toBe(sat.ok)
                if (!enumerated.ok || !sat.ok) {
                    expect(enumerated.ok ? undefined : enumerated.failure.kind).toBe(sat.ok ? undefined : sat.failure.kind)
                    return
                }
                // variants may differ only where nothing asks for one answer: nodes are unique when the option says so
                const {unique, compare} = prepared.value.problem.objectives[0]!
                if (unique) for (const v of compare) expect(enumerated.solution.values[v], `node variable ${v}`).toBe(sat.solution.values[v])
                expect(enumerated.solution.components.map(c => c.optima)).toEqual(sat.solution.components.map(c => c.optima))
                expect(enumerated.solution.components.map(c => c.chosen)).toEqual(sat.solution.components.map(c => c.chosen))
            }),
            {numRuns: RUNS},
        )
    })

    it('fails only with typed errors, and a located one where the problem sits in the template', () => {
        fc.assert(
            fc.property(template(), generated => {
                const result = attempt(() => resolved(templateFromText(generated.text), {}))
                if (!result.ok) {
                    expect(isTrellisError(result.error), String(result.error)).toBe(true)
                    const e = result.error as TrellisError
                    if (e.code === 'invalid-template' || e.code === 'undefined-reference') expect(e.location).toBeDefined()
                }
            }),
            {numRuns: RUNS},
        )
    })

    it('is deterministic', () => {
        fc.assert(
            fc.property(template(), generated => {
                const once = attempt(() => resolved(templateFromText(generated.text), {}).output)
                const twice = attempt(() => resolved(templateFromText(generated.text), {}).output)
                expect(twice.ok).toBe(once.ok)
                if (once.ok && twice.ok) expect(twice.value).toEqual(once.value)
                else if (!once.ok && !twice.ok) expect((twice.error as Error).message).toBe((once.error as Error).message)
            }),
            {numRuns: RUNS},
        )
    })

    it('agrees with a brute-force enumeration of every presence assignment', () => {
        fc.assert(
            fc.property(template(), generated => {
                const t = templateFromText(generated.text)
                const prepared = attempt(() => prepare(t, {}))
                if (!prepared.ok) return // invalid templates are covered by the first property
                const p = prepared.value
                fc.pre(p.problem.definitions.filter(d => d !== undefined).length <= MAX_VARIABLES)
                const all = models(p)
                // generated templates have no technologies: only the node objective matters
                const [topology, ...others] = p.problem.objectives
                for (const o of others) expect(o.terms.length + o.compare.length).toBe(0)
                const {direction, unique} = topology!
                const nodes = topology!.compare
                const cost = (m: boolean[]) => topology!.terms.reduce((sum, t) => sum + (evaluate(t.formula, v => m[v]) ? Math.round(t.weight * 100) : 0), 0)
                let best = all
                if (direction && all.length > 0) {
                    const costs = all.map(cost)
                    const target = direction === 'min' ? Math.min(...costs) : Math.max(...costs)
                    best = all.filter((_, i) => costs[i] === target)
                }
                const nodeSets = new Set(best.map(m => nodes.map(v => (m[v] ? 1 : 0)).join('')))
                const result = attempt(() => resolved(t, {}))
                if (all.length === 0) {
                    expect(result.ok).toBe(false)
                    expect((result as {error: TrellisError}).error.code).toBe('unsatisfiable')
                    return
                }
                if (unique && nodeSets.size > 1) {
                    expect(result.ok, 'several variants differ in their node templates').toBe(false)
                    expect((result as {error: TrellisError}).error.code).toBe('ambiguous')
                    return
                }
                if (!result.ok) {
                    // only the checks may still reject a variant; they are switched off in generated templates
                    throw result.error
                }
                const values = result.value.model!.solution.values
                const chosen = Array.from({length: p.problem.variableCount}, (_, v) => values[v] === 1)
                const lookup = (v: number) => chosen[v]
                // the chosen variant satisfies every condition and constraint …
                for (let v = 0; v < p.problem.variableCount; v++) {
                    const f = p.problem.definitions[v]
                    if (f) expect(evaluate(f, lookup)).toBe(chosen[v])
                }
                for (const c of p.problem.constraints) expect(evaluate(c, lookup)).toBe(true)
                // … and is optimal when optimization is on
                if (direction) expect(cost(chosen)).toBe(cost(best[0]!))
            }),
            {numRuns: RUNS},
        )
    })
})
