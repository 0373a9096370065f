// satisfiableAssuming answers logic-solver's solveAssuming(formula) !== null without building the
// Solution; it takes logic-solver's own steps, so it must answer as solveAssuming does, on the same
// solver state, question after question (clauses added between questions, an unsatisfiable solver).
import {describe, expect, it} from 'vitest'
import type LogicSolver from 'logic-solver'
import {logic, newSolver, satisfiableAssuming} from '../../src/engine/solve/index.js'

/** A small deterministic generator (the same questions on every run). */
function random(seed: number): () => number {
    let s = seed >>> 0
    return () => {
        s = (Math.imul(s, 1664525) + 1013904223) >>> 0
        return s / 2 ** 32
    }
}

describe('a satisfiability question under an assumption', () => {
    it('is answered as solveAssuming answers it, on random problems', () => {
        const Logic = logic()
        let satisfiable = 0
        let unsatisfiable = 0
        for (let seed = 1; seed <= 40; seed++) {
            const r = random(seed)
            const names = Array.from({length: 12}, (_, i) => `v${i}`)
            const literal = () => (r() < 0.5 ? names[Math.floor(r() * names.length)]! : Logic.not(names[Math.floor(r() * names.length)]!))
            const clause = () => Logic.or([literal(), literal(), literal()])
            // two solvers given the same clauses in the same order: one asked the lean way, one the usual way
            const [lean, usual] = [newSolver(), newSolver()]
            const both = (f: LogicSolver.Operand) => [lean, usual].forEach(s => s.require(f))
            for (let i = 0; i < 20 + seed; i++) both(clause())
            for (let q = 0; q < 30; q++) {
                const assumed = Logic.and(Array.from({length: 1 + Math.floor(r() * 4)}, literal))
                const answer = usual.solveAssuming(assumed) !== null
                expect(satisfiableAssuming(lean, assumed), `seed ${seed}, question ${q}`).toBe(answer)
                if (answer) satisfiable++
                else unsatisfiable++
                // clauses added between questions are taken in before the next one
                if (r() < 0.2) both(clause())
            }
        }
        // the comparison says something only when both answers occur
        expect(satisfiable).toBeGreaterThan(100)
        expect(unsatisfiable).toBeGreaterThan(100)
    })

    it('is no for a solver whose clauses already contradict each other, as solveAssuming says', () => {
        const Logic = logic()
        const solver = newSolver()
        solver.require('a')
        solver.require(Logic.not('a'))
        expect(solver.solveAssuming('b')).toBeNull()
        expect(satisfiableAssuming(solver, 'b')).toBe(false)
        const fresh = newSolver()
        fresh.require('a')
        fresh.require(Logic.not('a'))
        expect(satisfiableAssuming(fresh, 'b')).toBe(false)
        expect(fresh.solve()).toBeNull()
    })
})
