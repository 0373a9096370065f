// The quick ways through optimization (solve/choices.ts: deduction and small choices; solve/optimize.ts:
// MiniSat with a binary search) must give exactly the replay's answer: the same values, the same
// record of how each variable was decided, the same optima, the same failures. Random problems
// shaped like technology templates (nodes hosted in chains, a choice of technology per node
// that excludes the others, artifacts that need one of them, objectives over nodes, weighted
// technologies and technology names) are solved both ways, every open part handed to the solvers.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {and, constant, exo, implies, not, or, variable, type Formula} from '../../src/engine/conditions/index.js'
import {satisfiable, solve, solveUnique, type Objective, type Problem} from '../../src/engine/solve/index.js'
import {deduce} from '../../src/engine/solve/deduce.js'
import {iterations} from '../helpers/deep.js'
import {plainSolution} from '../helpers/solved.js'

const RUNS = iterations(150, 3000)

interface Shape {
    readonly nodes: number
    /** For each node: its host (an earlier node) or none, and whether the host needs the node back (a cycle). */
    readonly hosts: readonly (readonly [number | undefined, boolean])[]
    /** For each node: its technologies as [name, weight in hundredths of ten]. */
    readonly technologies: readonly (readonly (readonly [number, number])[])[]
    readonly artifacts: readonly boolean[]
    readonly roots: readonly boolean[]
    readonly nodeDirection: false | 'min' | 'max'
    readonly nodeUnique: boolean
    readonly technologyMode: 'weight' | 'count' | 'weight-count' | false
    readonly technologyUnique: boolean
    readonly extra: readonly (readonly [number, number, boolean])[]
}

const shape: fc.Arbitrary<Shape> = fc.integer({min: 1, max: 7}).chain(nodes =>
    fc.record({
        nodes: fc.constant(nodes),
        hosts: fc.array(fc.tuple(fc.option(fc.nat(nodes), {nil: undefined}), fc.boolean()), {minLength: nodes, maxLength: nodes}),
        technologies: fc.array(fc.array(fc.tuple(fc.nat(3), fc.constantFrom(0, 5, 10)), {minLength: 0, maxLength: 3}), {minLength: nodes, maxLength: nodes}),
        artifacts: fc.array(fc.boolean(), {minLength: nodes, maxLength: nodes}),
        roots: fc.array(fc.boolean(), {minLength: nodes, maxLength: nodes}),
        nodeDirection: fc.constantFrom(false as const, 'min' as const, 'max' as const),
        nodeUnique: fc.boolean(),
        technologyMode: fc.constantFrom('weight' as const, 'count' as const, 'weight-count' as const, false as const),
        technologyUnique: fc.boolean(),
        extra: fc.array(fc.tuple(fc.nat(20), fc.nat(20), fc.boolean()), {maxLength: 3}),
    }),
)

/** The problem a technology template of this shape compiles to (variables: nodes, relations, artifacts, technologies). */
function problemOf(s: Shape): Problem {
    const definitions: Formula[] = []
    const constraints: Formula[] = []
    const fresh = (f: () => Formula) => {
        const v = definitions.length
        definitions.push(constant(true))
        definitions[v] = f()
        return v
    }
    const node = s.hosts.map(() => fresh(() => constant(true)))
    const relation = s.hosts.map(([host], i) => (host !== undefined && host < i ? fresh(() => and([variable(node[i]!), variable(node[host]!)])) : undefined))
    s.hosts.forEach(([host, cycle], i) => {
        const incoming = s.hosts.flatMap(([h], j) => (h === i && relation[j] !== undefined ? [variable(relation[j]!)] : []))
        const own = relation[i] === undefined ? [] : [variable(relation[i]!)]
        // a root is present; another node is kept by what it hosts, or (a cycle) by its own hosting
        definitions[node[i]!] = s.roots[i] ? constant(true) : or([...incoming, ...(cycle ? own : [])].length ? [...incoming, ...(cycle ? own : [])] : [constant(false)])
        if (relation[i] !== undefined) constraints.push(implies(variable(node[i]!), variable(relation[i]!)))
        void host
    })
    const technologies: {v: number; name: number; weight: number}[] = []
    s.technologies.forEach((list, i) => {
        if (list.length === 0) return
        const artifact = s.artifacts[i] ? fresh(() => constant(true)) : undefined
        const vars = list.map(() => fresh(() => constant(true)))
        vars.forEach((v, k) => {
            const others = vars.filter((_, j) => j !== k).map(variable)
            definitions[v] = and([variable(node[i]!), not(or(others.length ? others : [constant(false)])), ...(artifact === undefined ? [] : [variable(artifact)])])
            technologies.push({v, name: list[k]![0], weight: list[k]![1] / 10})
        })
        if (artifact !== undefined) definitions[artifact] = and([variable(node[i]!), or(vars.map(variable))])
        constraints.push(implies(variable(node[i]!), exo(vars.map(variable))))
    })
    for (const [a, b, positive] of s.extra) if (a < definitions.length && b < definitions.length) constraints.push(implies(variable(a), positive ? variable(b) : not(variable(b))))
    const byName = [...new Set(technologies.map(t => t.name))].map(name => ({formula: or(technologies.filter(t => t.name === name).map(t => variable(t.v))), weight: 1}))
    const compare = technologies.map(t => t.v)
    const objectives: Objective[] = [
        {subject: 'nodes', direction: s.nodeDirection, terms: s.nodeDirection ? node.map(v => ({formula: variable(v), weight: 1})) : [], unique: s.nodeUnique, compare: node},
    ]
    const byWeight = technologies.map(t => ({formula: variable(t.v), weight: t.weight}))
    if (s.technologyMode === false) objectives.push({subject: 'technologies', direction: false, terms: [], unique: s.technologyUnique, compare})
    else if (s.technologyMode === 'weight') objectives.push({subject: 'technologies', direction: 'max', terms: byWeight, unique: s.technologyUnique, compare})
    else if (s.technologyMode === 'count') objectives.push({subject: 'technologies', direction: 'min', terms: byName, unique: s.technologyUnique, compare})
    else
        objectives.push(
            {subject: 'technologies', direction: 'max', terms: byWeight, unique: false, compare},
            {subject: 'technologies', direction: 'min', terms: byName, unique: s.technologyUnique, compare},
        )
    return {variableCount: definitions.length, definitions, constraints, objectives}
}

describe('the quick ways through optimization', () => {
    it('give the replay’s answer on random technology-shaped problems', () => {
        let quickTaken = 0
        let unsatisfiable = 0
        fc.assert(
            fc.property(shape, s => {
                const problem = problemOf(s)
                const quick = solve(problem, {enumerateUpTo: 0})
                const replayed = solve(problem, {enumerateUpTo: 0, quick: false})
                expect(plainSolution(quick)).toEqual(plainSolution(replayed))
                if (quick.ok && quick.solution.components.some(c => c.chosen)) quickTaken++
                if (!quick.ok && quick.failure.kind === 'unsatisfiable') unsatisfiable++
                // without objectives, whether a variant exists: deduction and completion, else MiniSat
                const plainProblem = {...problem, objectives: []}
                expect(satisfiable(plainProblem)).toBe(solve(plainProblem, {enumerateUpTo: 0, quick: false}).ok)
            }),
            {numRuns: RUNS},
        )
        // the comparison says something only when optimization chose in a good share of the problems,
        // and when some have no variant (the part reported is then found without MiniSat)
        expect(quickTaken).toBeGreaterThan(RUNS / 10)
        expect(unsatisfiable).toBeGreaterThan(0)
    })

    it('answer only when the variant is the only optimal one: then it is the replay’s (analysis trusts it)', () => {
        let answered = 0
        let declined = 0
        fc.assert(
            fc.property(shape, s => {
                const problem = problemOf(s)
                const unique = solveUnique(problem)
                if (unique === undefined) return void declined++
                answered++
                const replayed = solve(problem, {enumerateUpTo: 0, quick: false})
                expect(unique.ok).toBe(replayed.ok)
                if (unique.ok && replayed.ok) expect([...unique.solution.values]).toEqual([...replayed.solution.values])
                if (!unique.ok && !replayed.ok) expect(unique.failure.kind).toBe(replayed.failure.kind)
            }),
            {numRuns: RUNS},
        )
        // both ways are taken often enough for the comparison to say something
        expect(answered).toBeGreaterThan(RUNS / 10)
        expect(declined).toBeGreaterThan(RUNS / 20)
    })

    it('deduce decides only what holds in every variant', () => {
        fc.assert(
            fc.property(shape, s => {
                const problem = problemOf(s)
                const n = problem.variableCount
                const values = new Int8Array(n).fill(-1)
                const vars = [...Array(n).keys()]
                if (n > 16) return
                const consistent = deduce(problem.definitions, values, vars, problem.constraints)
                // brute force: every variant
                const variants: number[] = []
                for (let a = 0; a < 1 << n; a++) {
                    const lookup = (v: number) => (a & (1 << v)) !== 0
                    const holds = (f: Formula) => evaluateAll(f, lookup)
                    if (vars.every(v => holds(problem.definitions[v]!) === lookup(v)) && problem.constraints.every(holds)) variants.push(a)
                }
                if (!consistent) expect(variants).toEqual([])
                for (const a of variants) for (const v of vars) if (values[v] !== -1) expect((a & (1 << v)) !== 0, `variable ${v}`).toBe(values[v] === 1)
            }),
            {numRuns: RUNS},
        )
    })
})

function evaluateAll(f: Formula, value: (v: number) => boolean): boolean {
    switch (f.op) {
        case 'const':
            return f.value
        case 'var':
            return value(f.v)
        case 'not':
            return !evaluateAll(f.arg, value)
        case 'note':
            return evaluateAll(f.arg, value)
        case 'and':
            return f.args.every(a => evaluateAll(a, value))
        case 'or':
            return f.args.some(a => evaluateAll(a, value))
        case 'implies':
            return !evaluateAll(f.args[0], value) || evaluateAll(f.args[1], value)
        case 'xor':
            return f.args.filter(a => evaluateAll(a, value)).length % 2 === 1
        case 'exo':
            return f.args.filter(a => evaluateAll(a, value)).length === 1
        case 'amo':
            return f.args.filter(a => evaluateAll(a, value)).length <= 1
    }
}
