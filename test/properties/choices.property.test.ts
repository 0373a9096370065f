// Property-based tests of the quick way through optimization (solve/choices.ts): deduction decides
// what every variant of a part shares, a search finds each small choice's variants, and the
// programme optimizes over one candidate per choice. Its answers are the replay's only if those
// candidates make up exactly the part's variants: no variant left out (a tie missed), none added (a
// variant some definition forbids, chosen). Random problems are compiled-template shapes (nodes
// with conditions, incoming and hosting default conditions, several hosts, hosting cycles,
// implied relations) and arbitrary formulas, whose definitions read each other in cycles as well;
// each is compared with an exhaustive enumeration of the part's assignments.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {amo, and, constant, evaluate, exo, implies, not, or, variable, type Formula} from '../../src/engine/conditions/formula.js'
import {partChoices} from '../../src/engine/solve/choices.js'
import {DisjointSets, propagate, solve, type Objective, type Problem} from '../../src/engine/solve/index.js'
import type {Part} from '../../src/engine/solve/replay.js'
import {iterations} from '../helpers/deep.js'
import {plainSolution} from '../helpers/solved.js'

/** Comparing variants is cheap; solving each problem both ways is not. */
const RUNS = iterations(1000, 20_000)
const SOLVED_RUNS = iterations(100, 3000)
/** Parts with more open variables are not enumerated exhaustively (2^n assignments). */
const MAX_OPEN = iterations(12, 16)

/** A condition: written as a constant, or reading a node's presence (node_presence). */
type Condition = boolean | readonly [node: number, negated: boolean]

/** A requirement: its target node, its condition, and whether it is implied (present when its source and its condition are). */
type Requirement = readonly [target: number, condition: Condition, implied: boolean]

interface NodeShape {
    readonly condition: Condition
    /** Whether the incoming default condition applies (some relation into the node is present). */
    readonly incoming: boolean
    /** Whether the hosting default condition applies (one of the node's hosts is present). */
    readonly hosting: boolean
    /** Hosting requirements: several hosts to choose from, any node (the node itself, one it hosts: a cycle). */
    readonly hosts: readonly Requirement[]
    readonly uses: readonly Requirement[]
}

interface Shape {
    readonly nodes: readonly NodeShape[]
    /** Nodes that must be present (as a present node's implied relation needs its target). */
    readonly required: readonly number[]
    /** Hosting stack constraint: a hosted node has exactly one host, not at most one. */
    readonly exactlyOneHost: boolean
    readonly extra: readonly (readonly [number, number, boolean])[]
    readonly direction: false | 'min' | 'max'
    readonly unique: boolean
}

/** Mostly true: default conditions apply unless a mode turns them off, most conditions hold. */
const mostly = fc.oneof({weight: 3, arbitrary: fc.constant(true)}, fc.constant(false))
const condition = (nodes: number): fc.Arbitrary<Condition> => fc.oneof({weight: 2, arbitrary: mostly}, fc.tuple(fc.nat(nodes - 1), fc.boolean()))
const requirements = (nodes: number, most: number) => fc.array(fc.tuple(fc.nat(nodes - 1), condition(nodes), fc.boolean()), {maxLength: most})

const shape: fc.Arbitrary<Shape> = fc.integer({min: 1, max: 6}).chain(nodes =>
    fc.record({
        nodes: fc.array(fc.record({condition: condition(nodes), incoming: mostly, hosting: mostly, hosts: requirements(nodes, 3), uses: requirements(nodes, 2)}), {
            minLength: nodes,
            maxLength: nodes,
        }),
        required: fc.array(fc.nat(nodes - 1), {maxLength: 2}),
        exactlyOneHost: fc.boolean(),
        extra: fc.array(fc.tuple(fc.nat(20), fc.nat(20), fc.boolean()), {maxLength: 2}),
        direction: fc.constantFrom(false as const, 'min' as const, 'max' as const),
        unique: fc.boolean(),
    }),
)

/** The problem a template of this shape compiles to: node variables first, then relations. */
function problemOf(s: Shape): Problem {
    const n = s.nodes.length
    const node = (i: number) => variable(i)
    const read = (c: Condition) => (typeof c === 'boolean' ? constant(c) : c[1] ? not(node(c[0])) : node(c[0]))
    const relations = s.nodes.flatMap((shape, source) => [
        ...shape.hosts.map(([target, own]) => ({source, target, own, implied: false, host: true})),
        // hosting relations are never implied (relation_default_implied)
        ...shape.uses.map(([target, own, implied]) => ({source, target, own, implied, host: false})),
    ])
    const relation = (k: number) => variable(n + k)
    const definitions: Formula[] = []
    s.nodes.forEach((shape, i) => {
        const into = relations.flatMap((r, k) => (r.target === i ? [relation(k)] : []))
        const hosts = shape.hosts.map(([target]) => node(target))
        definitions[i] = and([read(shape.condition), ...(shape.incoming && into.length > 0 ? [or(into)] : []), ...(shape.hosting && hosts.length > 0 ? [or(hosts)] : [])])
    })
    const constraints: Formula[] = []
    relations.forEach((r, k) => {
        definitions[n + k] = and([node(r.source), node(r.target), read(r.own)])
        if (r.implied) constraints.push(implies(and([node(r.source), read(r.own)]), relation(k)))
    })
    s.nodes.forEach((_, i) => {
        const hosting = relations.flatMap((r, k) => (r.source === i && r.host ? [relation(k)] : []))
        if (hosting.length > 1 || (hosting.length === 1 && s.exactlyOneHost)) constraints.push(implies(node(i), s.exactlyOneHost ? exo(hosting) : amo(hosting)))
    })
    for (const i of s.required) constraints.push(node(i))
    for (const [a, b, positive] of s.extra) if (a < definitions.length && b < definitions.length) constraints.push(implies(variable(a), positive ? variable(b) : not(variable(b))))
    const nodes = s.nodes.map((_, i) => i)
    const objectives: Objective[] = [
        {subject: 'nodes', direction: s.direction, terms: s.direction ? nodes.map(v => ({formula: variable(v), weight: 1})) : [], unique: s.unique, compare: nodes},
    ]
    return {variableCount: definitions.length, definitions, constraints, objectives}
}

/** Arbitrary formulas over `count` variables (each definition may read any variable, itself included). */
const formula = (count: number): fc.Arbitrary<Formula> =>
    fc.letrec<{f: Formula}>(tie => ({
        f: fc.oneof(
            {depthSize: 'small', withCrossShrink: true},
            {weight: 4, arbitrary: fc.nat(count - 1).map(variable)},
            fc.boolean().map(constant),
            tie('f').map(not),
            fc.tuple(tie('f'), tie('f')).map(([a, b]) => implies(a, b)),
            fc.tuple(fc.constantFrom(and, or, exo, amo), fc.array(tie('f'), {minLength: 2, maxLength: 3})).map(([op, args]) => op(args)),
        ),
    })).f

const arbitraryProblem: fc.Arbitrary<Problem> = fc.integer({min: 1, max: 10}).chain(count =>
    fc
        .record({
            definitions: fc.array(formula(count), {minLength: count, maxLength: count}),
            // a fact (a variable or its negation) decides what deduction reads backwards from
            constraints: fc.array(
                fc.oneof(
                    fc.tuple(fc.nat(count - 1), fc.boolean()).map(([v, b]) => (b ? variable(v) : not(variable(v)))),
                    formula(count),
                ),
                {maxLength: 3},
            ),
        })
        .map(({definitions, constraints}) => ({variableCount: count, definitions, constraints, objectives: []})),
)

/** What propagation leaves open, as one part (its choices are split apart by the search). */
function openPart(problem: Problem): {values: Int8Array; part: Part} {
    const values = new Int8Array(problem.variableCount).fill(-1)
    propagate(problem.definitions, values)
    const vars = [...values.keys()].filter(v => values[v] === -1)
    return {values, part: {vars, constraints: problem.constraints, objectives: problem.objectives}}
}

/** Every assignment of the part's variables under which each definition and each constraint holds (one string per variant). */
function exhaustive(problem: Problem, values: Int8Array, part: Part): string[] {
    const work = values.slice()
    const lookup = (v: number) => work[v] === 1
    const out: string[] = []
    for (let a = 0; a < 1 << part.vars.length; a++) {
        part.vars.forEach((v, i) => (work[v] = (a >> i) & 1))
        if (part.vars.every(v => evaluate(problem.definitions[v]!, lookup) === (work[v] === 1)) && part.constraints.every(c => evaluate(c, lookup) === true))
            out.push(part.vars.map(v => work[v]).join(''))
    }
    return out.sort()
}

/** The variants the choices stand for: what deduction decided, with one candidate of each choice; undefined when a choice had too many. */
function searched(problem: Problem, values: Int8Array, part: Part): string[] | undefined {
    const work = values.slice()
    const choices = partChoices(problem.definitions, work, new DisjointSets(problem.variableCount), part)
    if (choices === undefined) return undefined
    if (choices === 'replay') return []
    let variants = [work]
    for (const choice of choices)
        variants = variants.flatMap(base =>
            choice.candidates.map(candidate => {
                const next = base.slice()
                choice.vars.forEach((v, i) => (next[v] = candidate[i]!))
                return next
            }),
        )
    return variants.map(w => part.vars.map(v => w[v]).join('')).sort()
}

/** The search's variants are the exhaustive enumeration's; whether the sample was small enough to compare. */
function sameVariants(problem: Problem): boolean {
    const {values, part} = openPart(problem)
    if (part.vars.length > MAX_OPEN) return false
    expect(searched(problem, values, part)).toEqual(exhaustive(problem, values, part))
    return true
}

describe('the variants of a choice (solve/choices.ts)', () => {
    it('are exactly the assignments an exhaustive enumeration finds, on template-shaped problems with hosting cycles', () => {
        let compared = 0
        fc.assert(
            fc.property(shape, s => {
                if (sameVariants(problemOf(s))) compared++
            }),
            {numRuns: RUNS},
        )
        expect(compared).toBeGreaterThan(RUNS / 2)
    })

    it('are exactly the assignments an exhaustive enumeration finds, on arbitrary formulas reading each other', () => {
        let compared = 0
        fc.assert(
            fc.property(arbitraryProblem, problem => {
                if (sameVariants(problem)) compared++
            }),
            {numRuns: RUNS},
        )
        expect(compared).toBeGreaterThan(RUNS / 2)
    })

    it('give the replay’s answer: the same variant, optimum and ambiguity', () => {
        fc.assert(
            fc.property(shape, s => {
                const problem = problemOf(s)
                expect(plainSolution(solve(problem, {enumerateUpTo: 0}))).toEqual(plainSolution(solve(problem, {enumerateUpTo: 0, quick: false})))
            }),
            {numRuns: SOLVED_RUNS},
        )
    })
})
