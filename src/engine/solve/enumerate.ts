// Small parts are solved by trying every assignment. Most open parts are a
// handful of elements (a cycle of naive default conditions, two alternative
// hosts), and setting up a MiniSat instance costs more than enumerating a few
// hundred assignments. Same answers as the SAT path: satisfying assignments,
// lexicographic optima with the same integer weights, the same uniqueness
// question, and among equally good assignments nothing chose between the
// preferred one (see preferred below), which is where the reference's solver
// lands as well. Where optimization leaves a tie, the reference lands where its
// optimizer's steps happen to end (two nodes with two technologies of equal
// weight: the first technology; one node with five: the third): the replay,
// which takes those steps, decides.
import {evaluate, variables, type Formula} from '../conditions/index.js'
import type {Component, Objective, Problem, SolveFailure} from './problem.js'

/** Parts with at most this many variables are enumerated (2^10 assignments). */
export const ENUMERATE_VARIABLES = 10

export interface SmallPart {
    readonly vars: readonly number[]
    readonly constraints: readonly Formula[]
    readonly objectives: readonly Objective[]
}

/** 'replay': optimization left a tie, the replay's to decide (values are left open). */
export function enumeratePart(problem: Problem, values: Int8Array, part: SmallPart): {ok: true; component: Component} | {ok: false; failure: SolveFailure} | 'replay' {
    const {vars} = part
    const index = new Map(vars.map((v, i) => [v, i]))
    const n = vars.length
    // bit (n - 1 - i) holds vars[i]: counting up from 0 tries earlier variables false first
    const bit = (i: number) => 1 << (n - 1 - i)
    const lookup = (assignment: number) => (v: number) => {
        const i = index.get(v)
        return i === undefined ? values[v] === 1 : (assignment & bit(i)) !== 0
    }
    let candidates: number[] = []
    for (let a = 0; a < 1 << n; a++) {
        const value = lookup(a)
        if (vars.every((v, i) => evaluate(problem.definitions[v]!, value) === ((a & bit(i)) !== 0)) && part.constraints.every(c => evaluate(c, value) === true)) candidates.push(a)
    }
    if (candidates.length === 0) return {ok: false, failure: {kind: 'unsatisfiable', variables: vars}}

    const mask = (over: readonly number[]) => over.reduce((m, v) => (index.has(v) ? m | bit(index.get(v)!) : m), 0)
    const assignmentMap = (a: number) => new Map(vars.map((v, i) => [v, (a & bit(i)) !== 0]))
    let chosen = false
    const optima: (number | undefined)[] = []
    for (const objective of part.objectives) {
        let optimum: number | undefined
        if (objective.direction && objective.terms.length > 0) {
            // did the optimizer choose, or was the part decided anyway?
            const over = mask(objective.terms.flatMap(t => variables(t.formula)))
            chosen ||= candidates.some(a => (a & over) !== (candidates[0]! & over))
            const score = (a: number) => objective.terms.reduce((sum, t) => sum + (evaluate(t.formula, lookup(a)) ? Math.round(t.weight * 100) : 0), 0)
            const scores = candidates.map(score)
            const best = objective.direction === 'min' ? Math.min(...scores) : Math.max(...scores)
            candidates = candidates.filter((_, i) => scores[i] === best)
            optimum = best / 100
        }
        optima.push(optimum)
        if (objective.unique && objective.compare.length > 0) {
            const compare = mask(objective.compare)
            const other = candidates.find(a => (a & compare) !== (candidates[0]! & compare))
            if (other !== undefined)
                return {
                    ok: false,
                    failure: {
                        kind: 'ambiguous',
                        subject: objective.subject,
                        optimized: Boolean(objective.direction),
                        variables: objective.compare,
                        chosen: assignmentMap(candidates[0]!),
                        alternative: assignmentMap(other),
                    },
                }
        }
    }
    if (chosen && candidates.length > 1) return 'replay'
    const result = preferred(candidates, n)
    // what the equally good variants disagree on was decided by preference alone (optimization left one)
    const differ = candidates.reduce((m, a) => m | (a ^ result), 0)
    const free = vars.filter((_, i) => (differ & bit(i)) !== 0)
    vars.forEach((v, i) => (values[v] = (result & bit(i)) !== 0 ? 1 : 0))
    return {ok: true, component: {variables: vars, optima, chosen, free}}
}

/**
 * Among equally good candidates (bit n - 1 - i holds variable i): the first in counting order, which
 * tries earlier variables false first and so keeps the later of several alternatives — except where
 * the candidates differ in two variables only, as two alternatives excluding each other do: then
 * the earlier is kept. Both are where the reference's solver lands (the first of two technologies,
 * the last of three), whichever of them is a default alternative.
 */
function preferred(candidates: readonly number[], n: number): number {
    const differ = candidates.reduce((m, a) => m | (a ^ candidates[0]!), 0)
    if (ones(differ) !== 2) return candidates[0]!
    // later variables false first: the smallest value once the bits are read in reverse
    let best = candidates[0]!
    for (const a of candidates) if (reversed(a, n) < reversed(best, n)) best = a
    return best
}

function reversed(a: number, n: number): number {
    let r = 0
    for (let i = 0; i < n; i++) if (a & (1 << i)) r |= 1 << (n - 1 - i)
    return r
}

function ones(x: number): number {
    let n = 0
    for (; x !== 0; x &= x - 1) n++
    return n
}
