// Which constraints decide a verdict the SAT solver reached? A constraint (a
// topology constraint, an implication, a constraint option) never appears in an
// element's own conditions, yet it can be the only reason for its verdict: a
// node kept because a constraint breaks a loop of default conditions. Replayed on
// the solver's own part of the problem: the verdict is forced by constraints when
// flipping it is impossible with them and possible without them; the constraints
// shown are a minimal set that still forces it (each one needed).
import type LogicSolver from 'logic-solver'
import {variables} from '../conditions/index.js'
import type {ConstraintRecord} from '../conditions/index.js'
import type {Element} from '../model/index.js'
import type {ResolvedModel} from '../pipeline.js'
import {logic} from '../solve/logic.js'
import {toLogic, varName} from '../solve/sat.js'

/** Beyond this many constraints in one part, deciding constraints are not searched (each step is a SAT call). */
const MAX_CONSTRAINTS = 1000

interface Part {
    readonly solver: LogicSolver.Solver
    /** Selector variable per constraint of the part: assuming it switches the constraint on. */
    readonly selectors: readonly {readonly name: string; readonly record: ConstraintRecord}[]
}

export class DecidingConstraints {
    private readonly parts = new Map<number, Part | undefined>()
    private readonly found = new Map<number, ConstraintRecord[]>()
    private componentOf?: Map<number, number>

    constructor(private readonly model: ResolvedModel) {}

    /** A minimal set of constraints without which the element's verdict could flip; empty when its conditions alone decide it. */
    of(element: Element): ConstraintRecord[] {
        let found = this.found.get(element.seq)
        if (!found) this.found.set(element.seq, (found = this.search(element.seq)))
        return found
    }

    private search(v: number): ConstraintRecord[] {
        const state = this.model.solution.state[v]
        if (state === undefined || state === 'propagated') return []
        const index = this.component(v)
        if (index === undefined) return []
        const part = this.part(index)
        if (!part || part.selectors.length === 0 || part.selectors.length > MAX_CONSTRAINTS) return []
        const Logic = logic()
        const flip = this.model.solution.values[v] === 1 ? Logic.not(varName(v)) : varName(v)
        const unsatWith = (kept: readonly string[]) => part.solver.solveAssuming(Logic.and([...kept, flip])) === null
        const all = part.selectors.map(s => s.name)
        // with every constraint the verdict may still flip (an optimizer's choice), or the conditions alone may force it
        if (!unsatWith(all) || unsatWith([])) return []
        const kept = new Set(quickXplain(all, unsatWith))
        return part.selectors.filter(s => kept.has(s.name)).map(s => s.record)
    }

    private component(v: number): number | undefined {
        if (!this.componentOf) {
            this.componentOf = new Map()
            this.model.solution.components.forEach((c, i) => c.variables.forEach(u => this.componentOf!.set(u, i)))
        }
        return this.componentOf.get(v)
    }

    /** The part's definitions and its constraints (each behind a selector), with every other variable at its solved value. */
    private part(index: number): Part | undefined {
        if (this.parts.has(index)) return this.parts.get(index)
        const {problem, constraints, solution} = this.model
        const component = solution.components[index]!
        const values = Int8Array.from(solution.values)
        for (const u of component.variables) values[u] = -1
        const Logic = logic()
        const solver = new Logic.Solver()
        for (const u of component.variables) solver.require(Logic.equiv(varName(u), toLogic(problem.definitions[u]!, values)))
        const selectors: Part['selectors'][number][] = []
        constraints.forEach((record, i) => {
            if (!variables(record.formula).some(u => values[u] === -1)) return
            const name = `constraint${i}`
            solver.require(Logic.implies(name, toLogic(record.formula, values)))
            selectors.push({name, record})
        })
        const part = {solver, selectors}
        this.parts.set(index, part)
        return part
    }
}

/**
 * A minimal subset of `all` that still forces the verdict (QuickXplain, Junker 2004): about
 * k·log(n/k) SAT calls for k constraints needed out of n, where removing them one by one takes n.
 * Requires forced(all) and not forced([]).
 */
function quickXplain(all: readonly string[], forced: (kept: readonly string[]) => boolean): string[] {
    const search = (background: readonly string[], added: boolean, candidates: readonly string[]): string[] => {
        if (added && forced(background)) return []
        if (candidates.length === 1) return [...candidates]
        const half = candidates.length >> 1
        const first = candidates.slice(0, half)
        const second = candidates.slice(half)
        const fromSecond = search([...background, ...first], first.length > 0, second)
        const fromFirst = search([...background, ...fromSecond], fromSecond.length > 0, first)
        return [...fromFirst, ...fromSecond]
    }
    return search([], false, all)
}
