// trellis analyze's engine: planted findings are reported and nothing false is
// reported dead; on generated templates the variant count, dead and core elements
// agree with brute force (every assignment from a pool resolved on its own).
import {describe, expect, it} from 'vitest'
import {analyzeTemplate} from '../../src/engine/analyze/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {resolveTemplate} from '../../src/engine/resolve/index.js'
import {stringify} from 'yaml'
import {generate} from '../../scripts/differential/generate.mjs'
import {iterations} from '../helpers/deep.js'
import {FREE_TECHNOLOGY} from '../helpers/templates.js'

const PLANTED = `tosca_definitions_version: tosca_variability_1_0
topology_template:
  variability:
    inputs:
      env: {type: string, default: dev}
      level: {type: integer, default: 1}
      ha: {type: boolean, default: false}
      unused: {type: boolean, default: false}
      noise: {type: boolean, default: true}
      label: {type: string, default: x}
    presets:
      small: {inputs: {env: dev, level: 1}}
      tiny: {inputs: {env: dev, level: 0}}
      broken: {inputs: {env: prod, ha: false}}
      big: {inputs: {env: prod, ha: true, level: 2}}
    options:
      pruning: true
    constraints:
      - implies: [{equal: [{variability_input: env}, prod]}, {variability_input: ha}]
  node_templates:
    app:
      type: tosca.nodes.Root
      conditions: {or: [{variability_input: noise}, {not: {variability_input: noise}}]}
    impossible:
      type: tosca.nodes.Root
      conditions: {and: [{equal: [{variability_input: env}, dev]}, {equal: [{variability_input: env}, prod]}]}
      properties:
        - label: {expression: {concat: [{variability_input: label}, '-1']}}
    range:
      type: tosca.nodes.Root
      conditions: {and: [{greater: [{variability_input: level}, 3]}, {less: [{variability_input: level}, 2]}]}
    cache:
      type: tosca.nodes.Root
      conditions: {equal: [{variability_input: env}, prod]}
    replica:
      type: tosca.nodes.Root
      conditions: {and: [{variability_input: ha}, {greater: [{variability_input: level}, 5]}]}
      requirements:
        - host: impossible
`

const codes = (findings: readonly {code: string}[]) => findings.map(f => f.code)

describe('planted findings', () => {
    const analysis = analyzeTemplate(templateFromText(PLANTED))

    it('reports contradicting conditions and what is only reachable through them as dead, with the reason', () => {
        expect([...analysis.dead.keys()].filter(id => id.startsWith('node.')).sort()).toEqual(['node.impossible', 'node.range', 'node.replica'])
        const range = analysis.findings.find(f => f.element === 'node.range')!
        expect(range.code).toBe('dead-element')
        expect(range.location).toMatch(/:\d+:\d+$/)
        expect(range.reason!.map(r => r.condition).join(' ')).toContain('greater')
        expect(range.reason!.some(r => r.text.includes('variability input "level" has one value'))).toBe(true)
    })

    it('reports a condition that always holds as core', () => {
        expect([...analysis.core.keys()]).toEqual(['node.app'])
    })

    it('reports an input nothing reads, one whose value never matters and one only a dead property reads', () => {
        const inputs = analysis.findings.filter(f => f.code === 'input-decides-nothing').map(f => f.input)
        expect(inputs.sort()).toEqual(['label', 'noise', 'unused'])
    })

    it('resolves every preset and names the failing one with its conflict, and equivalent presets', () => {
        const broken = analysis.findings.find(f => f.code === 'preset-unresolvable')!
        expect(broken.presets).toEqual(['broken'])
        expect(broken.reason!.some(r => r.text.includes('topology constraint'))).toBe(true)
        expect(analysis.findings.find(f => f.code === 'equivalent-presets')!.presets).toEqual(['small', 'tiny'])
        expect(analysis.presets.map(p => p.outcome)).toEqual(['resolved', 'resolved', 'unsatisfiable', 'resolved'])
    })

    it('counts the variants exactly', () => {
        // env dev, or prod with ha (and cache); replica never survives (its host is dead)
        expect(analysis.variants).toMatchObject({count: 2, exact: true, more: false})
    })

    it('says nothing of a template without such problems', () => {
        const clean = analyzeTemplate(
            templateFromText(`tosca_definitions_version: tosca_variability_1_0
topology_template:
  variability:
    inputs:
      db: {type: boolean, default: true}
    options: {pruning: true}
  node_templates:
    app: {type: tosca.nodes.Root}
    database: {type: tosca.nodes.Root, conditions: {variability_input: db}}
`),
        )
        expect(codes(clean.findings)).toEqual([])
        expect(clean.variants).toMatchObject({count: 2, exact: true})
    })

    it("a required input (no default) is the user's to set: the defaults alone failing is no finding", () => {
        const required = analyzeTemplate(
            templateFromText(`tosca_definitions_version: tosca_variability_1_0
topology_template:
  variability:
    inputs:
      env: {type: string}
    options: {pruning: true}
  node_templates:
    app: {type: tosca.nodes.Root}
    cache: {type: tosca.nodes.Root, conditions: {equal: [{variability_input: env}, prod]}}
`),
        )
        expect(codes(required.findings)).toEqual([])
        expect(required.variants).toMatchObject({count: 2, exact: true})
    })
})

describe('an element only a free choice removes', () => {
    it('is dead, and the reason names the free choice among what removes it', () => {
        const analysis = analyzeTemplate(templateFromText(FREE_TECHNOLOGY))
        const finding = analysis.findings.find(f => f.element === 'technology.ansible@1.node.n')!
        expect(finding.code).toBe('dead-element')
        expect(finding.reason!.map(r => r.text).join(' ')).toContain('a free choice')
    })
})

describe('agrees with brute force on generated templates', () => {
    const POOL: Record<string, unknown[]> = {x: [true, false], y: [true, false], level: [-1, 0, 1, 2, 3, 4], label: ['a-1', 'b-2', 'zz']}

    /** Every combination of pool values (and "left to its default expression" where there is one), resolved as a user would. */
    function bruteForce(text: string) {
        const template = templateFromText(text)
        const topology = template.data.topology_template as {variability?: {inputs?: Record<string, {default_expression?: unknown}>}}
        const declared = topology.variability?.inputs ?? {}
        const names = Object.keys(declared)
        const choices = names.map(n => [...(POOL[n] ?? [undefined]), ...(declared[n]!.default_expression !== undefined ? [undefined] : [])])
        const variants = new Set<string>()
        let everPresent: boolean[] | undefined
        const total = choices.reduce((a, c) => a * c.length, 1)
        for (let i = 0; i < total; i++) {
            let rest = i
            const assignments = names.flatMap((name, k) => {
                const c = choices[k]!
                const value = c[rest % c.length]
                rest = Math.floor(rest / c.length)
                return value === undefined ? [] : [{name, value, source: {kind: 'wizard' as const}}]
            })
            const outcome = resolveTemplate(template, {assignments})
            if (outcome.kind !== 'resolved') continue
            const values = outcome.model.solution.values
            const n = outcome.model.graph.elements.length
            variants.add(Array.from(values.subarray(0, n)).join(''))
            everPresent ??= new Array(n).fill(false)
            for (let seq = 0; seq < n; seq++) if (values[seq] === 1) everPresent[seq] = true
        }
        return {variants: variants.size, everPresent, template}
    }

    const GENERATED = iterations(15, 120)
    it(`variant count and dead elements on ${GENERATED} generated templates`, () => {
        let exact = 0
        let analyzed = 0
        for (let seed = 7000; analyzed < GENERATED && seed < 7000 + GENERATED * 10; seed++) {
            const text = stringify(generate(seed, 1).template)
            let analysis
            try {
                analysis = analyzeTemplate(templateFromText(text), {budget: 20_000})
            } catch {
                continue // a template with mistakes is not analyzed
            }
            analyzed++
            const brute = bruteForce(text)
            const prepared = resolveTemplate(brute.template)
            const elements = prepared.kind === 'resolved' ? prepared.model.graph.elements : undefined
            // sound: nothing reported dead is ever present, nothing reported core ever absent
            if (brute.everPresent && elements)
                for (const id of analysis.dead.keys()) expect(brute.everPresent[elements.find(e => e.id === id)!.seq], `seed ${seed}: ${id}`).toBe(false)
            if (!analysis.variants.exact) continue
            exact++
            expect(analysis.variants.count, `seed ${seed}`).toBe(brute.variants)
            // complete: exactly the elements no resolved assignment keeps are dead
            if (brute.everPresent && elements)
                expect(
                    elements.filter(e => !brute.everPresent![e.seq]).map(e => e.id),
                    `seed ${seed}`,
                ).toEqual([...analysis.dead.keys()])
        }
        expect(analyzed).toBe(GENERATED)
        // the count means something only if most are counted exactly
        expect(exact).toBeGreaterThan(GENERATED * 0.75)
    })
})
