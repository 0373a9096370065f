// trellis analyze decides every combination of input values as resolving would,
// gives the same answer on every run, says when it did not finish, and reports a
// node's technology candidates that never win once.
import {describe, expect, it} from 'vitest'
import {stringify} from 'yaml'
import {analyzeTemplate} from '../../src/engine/analyze/index.js'
import {AtomVariables} from '../../src/engine/analyze/atoms.js'
import {CombinationDecider} from '../../src/engine/analyze/decide.js'
import {constant} from '../../src/engine/conditions/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {prepare, readDefinitionOf} from '../../src/engine/resolve/index.js'
import {solve} from '../../src/engine/solve/index.js'
import {generate} from '../../scripts/differential/generate.mjs'

/** Two nodes on a VM or a cluster; on each, the heaviest technology rule wins and the others never do. */
const CANDIDATES = `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types:
  app: {derived_from: tosca.nodes.Root}
  vm: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
  cluster: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
topology_template:
  variability:
    inputs:
      platform: {type: string, default: vm}
      api: {type: boolean, default: true}
    constraints:
      - {or: [{equal: [{variability_input: platform}, vm]}, {equal: [{variability_input: platform}, cluster]}]}
    technology_rules:
      - {technology: ansible, component: app, hosting: [vm], weight: 1}
      - {technology: terraform, component: app, hosting: [vm], weight: 0.5}
      - {technology: chef, component: app, hosting: [vm], weight: 0.2}
      - {technology: helm, component: app, hosting: [cluster], weight: 1}
      - {technology: kubectl, component: app, hosting: [cluster], weight: 0.5}
  node_templates:
    web:
      type: app
      persistent: true
      requirements:
        - host: {node: server, conditions: {equal: [{variability_input: platform}, vm]}}
        - host: {node: k8s, conditions: {equal: [{variability_input: platform}, cluster]}}
    api:
      type: app
      persistent: true
      conditions: {variability_input: api}
      requirements:
        - host: {node: server, conditions: {equal: [{variability_input: platform}, vm]}}
        - host: {node: k8s, conditions: {equal: [{variability_input: platform}, cluster]}}
    server: {type: vm, conditions: {equal: [{variability_input: platform}, vm]}}
    k8s: {type: cluster, conditions: {equal: [{variability_input: platform}, cluster]}}
`

/** Everything an analysis reports, as --json would carry it. */
const reported = (text: string, options = {}) => {
    const a = analyzeTemplate(templateFromText(text), options)
    return JSON.stringify({findings: a.findings, variants: a.variants, dead: [...a.dead], core: [...a.core], presets: a.presets, inputs: a.inputs})
}

describe('technology candidates that never win', () => {
    const analysis = analyzeTemplate(templateFromText(CANDIDATES))

    it('are exactly the lighter rules of each node, every one listed as dead', () => {
        expect([...analysis.dead.keys()]).toEqual(['web', 'api'].flatMap(node => ['terraform@1', 'chef@2', 'kubectl@4'].map(t => `technology.${t}.node.${node}`)))
        expect(analysis.variants).toMatchObject({count: 4, exact: true, explored: 6, combinations: 6})
    })

    it('are one finding per node that carries each member', () => {
        const dead = analysis.findings.filter(f => f.code === 'dead-element')
        expect(dead.map(f => f.message)).toEqual([
            'Node "web": 3 technology candidates are never chosen: terraform@1, chef@2, kubectl@4',
            'Node "api": 3 technology candidates are never chosen: terraform@1, chef@2, kubectl@4',
        ])
        expect(dead[0]!.members!.map(m => m.element)).toEqual(['technology.terraform@1.node.web', 'technology.chef@2.node.web', 'technology.kubectl@4.node.web'])
        expect(dead[0]!.members!.every(m => /:\d+:\d+$/.test(m.location!))).toBe(true)
    })
})

describe('the same answer on every run', () => {
    it('two analyses of a template give identical findings, counts and order', () => {
        expect(reported(CANDIDATES)).toBe(reported(CANDIDATES))
    })

    it('a time budget that is never reached changes nothing', () => {
        expect(reported(CANDIDATES, {budget: 1_000_000})).toBe(reported(CANDIDATES))
    })
})

describe('an analysis that did not finish', () => {
    it('says how much it resolved when the combination limit cuts it short', () => {
        const analysis = analyzeTemplate(templateFromText(CANDIDATES), {combinations: 2})
        const incomplete = analysis.findings.find(f => f.code === 'analysis-incomplete')!
        expect(incomplete.severity).toBe('warning')
        expect(incomplete.message).toBe('the analysis did not finish: it resolved 2 of 6 combinations of input values (raise --combinations)')
        expect(analysis.variants).toMatchObject({explored: 2, combinations: 6, exact: false})
        // what only the combinations it skipped could show is not claimed
        expect([...analysis.dead.keys()]).toEqual([])
    })

    it('with a limit of 0 combinations resolves none and says so', () => {
        const analysis = analyzeTemplate(templateFromText(CANDIDATES), {combinations: 0})
        expect(analysis.findings[0]!.code).toBe('analysis-incomplete')
        expect(analysis.findings[0]!.reason![0]!.text).toContain('0 of 6 combinations')
    })

    it('is cut at the same point on every run', () => {
        expect(reported(CANDIDATES, {combinations: 3})).toBe(reported(CANDIDATES, {combinations: 3}))
    })
})

describe('each combination decided as the engine decides it', () => {
    /** Every assignment of the atoms, decided by the staged decider and by the engine's solver: the same values, or the same failure. */
    function agree(text: string): {count: number; failed: number; engineSolved: number} {
        const template = templateFromText(text)
        const definition = readDefinitionOf(template)
        const prepared = prepare(template, {}, {variables: graph => new AtomVariables(graph, definition.expressions), checkInputs: false})
        const atoms = (prepared.variables as AtomVariables).atoms
        const decider = new CombinationDecider(prepared.problem, atoms)
        const count = Math.min(1 << atoms.length, 256)
        let failed = 0
        for (let bits = 0; bits < count; bits++) {
            const truths = atoms.map((_, i) => ((bits >> i) & 1) === 1)
            const definitions = [...prepared.problem.definitions]
            atoms.forEach((a, i) => (definitions[a.v] = constant(truths[i]!)))
            const engine = solve({...prepared.problem, definitions})
            const staged = decider.decide(truths)
            if (engine.ok) expect(staged.kind === 'resolved' ? [...staged.values] : staged.failure).toEqual([...engine.solution.values])
            else expect(staged.kind === 'failed' ? staged.failure : 'resolved').toBe(engine.failure.kind)
            if (!engine.ok) failed++
        }
        return {count, failed, engineSolved: decider.engineSolved}
    }

    it('on technology candidates chosen by weight', () => {
        expect(agree(CANDIDATES)).toEqual({count: 8, failed: 4, engineSolved: 0})
    })

    it('on a constraint over properties, which no objective reads: it decides which combinations fail', () => {
        // the two "tier" properties are worked out from the node and the inputs, apart from optimization;
        // what their constraint forbids (both with the node present) reaches the node's decision
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
  variability:
    inputs:
      on: {type: boolean, default: true}
      gold: {type: boolean, default: true}
      silver: {type: boolean, default: false}
    options: {unique_property_constraint: true}
  node_templates:
    app:
      type: tosca.nodes.Root
      conditions: {variability_input: on}
      properties:
        - tier: {value: gold, conditions: {variability_input: gold}}
        - tier: {value: silver, conditions: {variability_input: silver}}
`
        expect(agree(text)).toEqual({count: 8, failed: 1, engineSolved: 0})
    })

    it('on many nodes whose candidates tie, where the number of different technologies decides', () => {
        // 14 apps, each deployable by ansible or terraform at the same weight: 2^14 ways; the database
        // only by ansible, so every app takes ansible (one technology instead of two)
        const apps = Array.from({length: 14}, (_, i) => `    app${i}: {type: app, persistent: true, requirements: [{host: server}]}`).join('\n')
        const text = `tosca_definitions_version: tosca_variability_1_0_rc_3
node_types:
  app: {derived_from: tosca.nodes.Root}
  store: {derived_from: tosca.nodes.Root}
  vm: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
topology_template:
  variability:
    inputs:
      db: {type: boolean, default: true}
    technology_rules:
      - {technology: ansible, component: app, hosting: [vm]}
      - {technology: terraform, component: app, hosting: [vm]}
      - {technology: ansible, component: store, hosting: [vm]}
  node_templates:
${apps}
    database: {type: store, conditions: {variability_input: db}, requirements: [{host: server}]}
    server: {type: vm}
`
        // with the database every app takes ansible, found without the engine's solver; without it all-ansible
        // and all-terraform are equally good, and which one resolving picks is the engine's solver's to say
        expect(agree(text)).toEqual({count: 2, failed: 0, engineSolved: 1})
    })

    it('on 30 generated templates', () => {
        let decided = 0
        for (let seed = 9100, done = 0; done < 30 && seed < 9400; seed++) {
            const text = stringify(generate(seed).template)
            try {
                readDefinitionOf(templateFromText(text))
                decided += agree(text).count
                done++
            } catch (e) {
                if (e instanceof Error && e.name === 'AssertionError') throw e
            }
        }
        expect(decided).toBeGreaterThan(30)
    })
})
