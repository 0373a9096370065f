// Property: what the counterfactual searches call verified, and what analysis counts, is what
// `trellis resolve` accepts. On random templates, every what-if suggestion, applied, resolves
// (checks included) and flips the verdict it names; every repair of a failed resolution, applied,
// resolves; and the variants analysis counts are the distinct sets of elements resolving every
// combination of input values keeps, its dead elements in none of them, its core ones in all.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {isTrellisError} from '../../src/engine/errors.js'
import {repairs, whatIf} from '../../src/engine/explain/index.js'
import type {InputChange} from '../../src/engine/explain/search.js'
import {templateFromText, type LoadedTemplate} from '../../src/engine/load/index.js'
import {analyzeTemplate} from '../../src/engine/analyze/index.js'
import {decide, resolveTemplate, type ResolveRequest} from '../../src/engine/resolve/index.js'
import {iterations} from '../helpers/deep.js'
import {template} from './generate.js'
import {resolved} from '../helpers/v4t.js'

const RUNS = iterations(40, 400)

/** The request with a suggestion's preset and changes applied, as the wizard and the CLI apply them. */
function applied(suggestion: {readonly changes: readonly InputChange[]; readonly preset?: string}): ResolveRequest {
    return {
        presets: suggestion.preset ? [suggestion.preset] : [],
        assignments: suggestion.changes.map(c => ({name: c.input, value: c.to, source: {kind: 'set' as const}})),
    }
}

/** The template, or undefined when it cannot be read or decided at all (nothing to ask about). */
function decided(text: string): {template: LoadedTemplate; elements: string[]} | undefined {
    try {
        const t = templateFromText(text)
        const model = decide(t, {})
        return {template: t, elements: model.graph.elements.slice(0, 4).map(e => e.id)}
    } catch (e) {
        if (isTrellisError(e)) return undefined
        throw e
    }
}

describe('counterfactuals are verified as resolve verifies', () => {
    it('every what-if suggestion, applied, resolves and gives the verdict it promised', () => {
        fc.assert(
            fc.property(template(), generated => {
                const found = decided(generated.text)
                if (!found) return
                for (const id of found.elements) {
                    const result = whatIf(found.template, {}, id, {maxTries: 30})
                    for (const s of result.suggestions) {
                        const model = resolved(found.template, applied(s)).model
                        const element = model.graph.element(id)
                        expect(element && model.present(element) ? 'present' : 'pruned').toBe(s.verdict)
                    }
                }
            }),
            {numRuns: RUNS},
        )
    })

    it('every repair of a failed resolution, applied, resolves', () => {
        fc.assert(
            fc.property(template(), generated => {
                let t: LoadedTemplate
                try {
                    t = templateFromText(generated.text)
                } catch (e) {
                    if (isTrellisError(e)) return // unreadable: nothing to repair
                    throw e
                }
                try {
                    resolved(t, {})
                    return // nothing to repair
                } catch (e) {
                    if (!isTrellisError(e)) throw e
                }
                let found
                try {
                    found = repairs(t, {}, {maxTries: 30})
                } catch (e) {
                    if (isTrellisError(e)) return // a mistake no input change mends
                    throw e
                }
                for (const r of found.suggestions) expect(() => resolved(t, applied(r))).not.toThrow()
            }),
            {numRuns: RUNS},
        )
    })

    it('every variant analysis counts is one resolving accepts, and no other', () => {
        // the generated inputs: x and y booleans, level an integer compared with 2 (these values cover every region)
        const grid = [true, false].flatMap(x => [true, false].flatMap(y => [-1, 0, 1, 2, 3, 7].map(level => ({x, y, level}))))
        fc.assert(
            fc.property(template(), generated => {
                const found = decided(generated.text)
                if (!found) return
                const analysis = analyzeTemplate(found.template, {budget: 600_000})
                if (!analysis.variants.exact || analysis.variants.more) return
                const kept = new Set<string>()
                const present = new Map<string, number>()
                let resolvedCount = 0
                for (const values of grid) {
                    const assignments = Object.entries(values).map(([name, value]) => ({name, value, source: {kind: 'set' as const}}))
                    const outcome = resolveTemplate(found.template, {assignments})
                    if (outcome.kind !== 'resolved') continue
                    resolvedCount++
                    const {graph, present: isPresent} = outcome.model
                    kept.add(graph.elements.map(e => (isPresent(e) ? 1 : 0)).join(''))
                    for (const e of graph.elements) if (isPresent(e)) present.set(e.id, (present.get(e.id) ?? 0) + 1)
                }
                expect(analysis.variants.count).toBe(kept.size)
                for (const id of analysis.dead.keys()) expect(present.get(id) ?? 0, `dead ${id}`).toBe(0)
                for (const id of analysis.core.keys()) expect(present.get(id), `core ${id}`).toBe(resolvedCount)
            }),
            {numRuns: RUNS},
        )
    })
})
