// Spec "Variability Options" (the Default column), "Pruning Modes", "RC v2" and "RC v3":
// the options a template gets without writing any, per definitions version. The tables
// below are the spec's, transcribed; where the project departs from them the entry says
// why. Then one resolution per default that was once wrong, and the report's list of
// options that differ from the version's defaults.
import {describe, expect, it} from 'vitest'
import {OPTION_KINDS, Options} from '../../src/engine/options/index.js'
import {differingOptions, effectiveOptions} from '../../src/engine/report/index.js'
import {nodes, run, runError, topology, type Version} from '../helpers/v4t.js'

const defaults = (version: Version, raw: Record<string, unknown> = {}) => new Map(effectiveOptions(new Options(raw, version)).map(([name, r]) => [name, r.value]))

/** The option tables' Default column, which is what tosca_variability_1_0 gets. */
function specTable(name: string): unknown {
    const explicit: Record<string, unknown> = {
        mode: 'manual',
        node_default_condition_mode: 'incoming-artifact',
        relation_default_condition_mode: 'source-target',
        artifact_default_condition_mode: 'container',
        property_default_condition_mode: 'container-consuming',
        technology_default_condition_mode: 'container-other',
        relation_default_implied: false,
        optimization_topology: false,
        optimization_topology_unique: true,
        optimization_topology_mode: 'weight',
        optimization_technologies: false,
        optimization_technologies_unique: false,
        optimization_technologies_mode: 'count',
        enrich_input_condition: true,
        enrich_technologies: false,
        enrich_implementations: false,
    }
    if (name in explicit) return explicit[name]
    if (/_(default|consistency|semantic)_condition$|_pruning$|_constraint$/.test(name)) return false
    if (name === 'checks' || name.endsWith('_check')) return true
    throw new Error(`no spec default transcribed for ${name}`)
}

/** Where 1_0 departs from the table, and why. */
const V1_EXCEPTIONS: Record<string, unknown> = {
    // the conformance suite resolves 1_0 templates with present, unconsumed inputs
    // (inputs/conditional, inputs/conditional-list, inputs/default-alternative, inputs/input-presence-present)
    unconsumed_input_check: false,
    // the reference keeps both input and output checks off before rc_3
    unproduced_output_check: false,
    // the reference enriches implementations in every version (acting only when rules or plugins exist)
    enrich_implementations: true,
}

/** Spec "RC v2", verbatim. */
const RC2 = {
    mode: 'semantic-loose',
    node_default_condition_mode: 'incomingnaive-artifact-host',
    optimization_topology: 'min',
    optimization_topology_unique: true,
    optimization_technologies: 'max',
    optimization_technologies_mode: 'weight-count',
    technology_constraint: true,
    hosting_stack_constraint: true,
    // not in the spec's "RC v2" list, but on in the reference
    unique_property_constraint: true,
    unique_artifact_constraint: true,
    unique_input_constraint: true,
    unique_output_constraint: true,
    unique_relation_constraint: true,
    relation_default_implied: true,
    unconsumed_input_check: false,
    unproduced_output_check: false,
    enrich_technologies: true,
    enrich_implementations: true,
}

/** Spec "RC v3", verbatim. */
const RC3 = {
    mode: 'semantic-loose',
    node_default_condition_mode: 'incomingnaive-artifact-host',
    optimization_topology: 'min',
    optimization_topology_unique: true,
    optimization_technologies: 'max',
    optimization_technologies_mode: 'weight-count',
    optimization_technologies_unique: false,
    technology_constraint: true,
    hosting_stack_constraint: true,
    unique_property_constraint: true,
    unique_artifact_constraint: true,
    unique_input_constraint: true,
    unique_output_constraint: true,
    unique_relation_constraint: true,
    relation_default_implied: true,
    checks: false,
    enrich_technologies: true,
    enrich_implementations: true,
    artifact_default_condition_mode: 'container-managed',
}

/** What mode semantic-loose (`pruning: true`) sets: every kind's pruning, or all but inputs and outputs. */
const semanticLoose = (name: string, everyKind: boolean) => name.endsWith('_pruning') && (everyKind || !/^(input|output)_/.test(name))

describe('defaults per definitions version', () => {
    it("1_0 has the option tables' defaults, but for the input and output checks and implementation enrichment", () => {
        for (const [name, value] of defaults('tosca_variability_1_0')) expect([name, value]).toEqual([name, name in V1_EXCEPTIONS ? V1_EXCEPTIONS[name] : specTable(name)])
    })

    it('rc_2 has the "RC v2" list, mode semantic-loose without inputs and outputs, and 1_0\'s defaults otherwise', () => {
        const v1 = defaults('tosca_variability_1_0')
        for (const [name, value] of defaults('tosca_variability_1_0_rc_2')) {
            const expected = name in RC2 ? RC2[name as keyof typeof RC2] : semanticLoose(name, false) ? true : v1.get(name)
            expect([name, value]).toEqual([name, expected])
        }
    })

    it('rc_3 has the "RC v3" list, mode semantic-loose for every kind, checks off, and 1_0\'s defaults otherwise', () => {
        const v1 = defaults('tosca_variability_1_0')
        for (const [name, value] of defaults('tosca_variability_1_0_rc_3')) {
            const expected = name in RC3 ? RC3[name as keyof typeof RC3] : semanticLoose(name, true) ? true : name.endsWith('_check') ? false : v1.get(name)
            expect([name, value]).toEqual([name, expected])
        }
    })

    it('pruning modes cover inputs and outputs in rc_3 only (spec "Pruning Modes")', () => {
        for (const mode of ['consistent-strict', 'consistent-loose', 'default', 'semantic-strict', 'semantic-loose']) {
            const io = (version: Version) => [...defaults(version, {mode})].filter(([name, value]) => /^(input|output)_/.test(name) && value === true).map(([name]) => name)
            expect(io('tosca_variability_1_0')).toEqual([])
            expect(io('tosca_variability_1_0_rc_2')).toEqual([])
            expect(io('tosca_variability_1_0_rc_3').length).toBeGreaterThan(0)
        }
    })

    it('every mode sets what the spec says, for the kinds it covers', () => {
        const on = (mode: string, suffix: string) => [...defaults('tosca_variability_1_0_rc_3', {mode})].filter(([name, value]) => name.endsWith(suffix) && value === true).length
        const kinds = OPTION_KINDS.length
        // manual: nothing; consistent-strict: default consistency conditions; consistent-loose: consistency pruning;
        // default: all default conditions; semantic-strict: consistency pruning and all default conditions; semantic-loose: all pruning
        expect([on('manual', '_default_condition'), on('manual', '_pruning')]).toEqual([0, 0])
        expect([on('consistent-strict', '_default_consistency_condition'), on('consistent-strict', '_default_semantic_condition'), on('consistent-strict', '_pruning')]).toEqual([
            kinds,
            0,
            0,
        ])
        expect([on('consistent-loose', '_consistency_pruning'), on('consistent-loose', '_semantic_pruning'), on('consistent-loose', '_default_condition')]).toEqual([kinds, 0, 0])
        expect([on('default', '_default_semantic_condition'), on('default', '_default_consistency_condition'), on('default', '_pruning')]).toEqual([kinds, kinds, 0])
        expect([on('semantic-strict', '_default_semantic_condition'), on('semantic-strict', '_consistency_pruning'), on('semantic-strict', '_semantic_pruning')]).toEqual([
            kinds,
            kinds,
            0,
        ])
        expect([on('semantic-loose', '_semantic_pruning'), on('semantic-loose', '_consistency_pruning'), on('semantic-loose', '_default_condition')]).toEqual([kinds, kinds, 0])
    })
})

// One resolution per default that was once wrong.

describe('rc_2 turns the unique_* constraints on, as rc_3 does (the reference; the spec\'s "RC v2" list omits them)', () => {
    // no checks and no pruning, so only the constraint can object to two present elements of one name
    const OPTIONS = '{mode: manual, checks: false, technology_constraint: false, enrich_technologies: false, OPTION}'
    const cases = {
        unique_property_constraint: `    node_templates:
        n: {type: n, properties: [{p: 1}, {p: 2}]}
`,
        unique_artifact_constraint: `    node_templates:
        n: {type: n, artifacts: [{bin: a.bin}, {bin: b.bin}]}
`,
        unique_relation_constraint: `    node_templates:
        n: {type: n, persistent: true, requirements: [{db: a}, {db: b}]}
        a: {type: a, persistent: true}
        b: {type: b, persistent: true}
`,
        unique_input_constraint: `    inputs:
        - port: {type: integer, default: 1}
        - port: {type: integer, default: 2}
    node_templates:
        n: {type: n, properties: [{p: {get_input: 0}}]}
`,
        unique_output_constraint: `    outputs:
        - url: {value: a}
        - url: {value: b}
    node_templates:
        n: {type: n}
`,
    }
    const template = (body: string, option: string) => `topology_template:
    variability:
        options: ${OPTIONS.replace(', OPTION', option ? `, ${option}` : '')}
${body}`

    for (const [option, body] of Object.entries(cases))
        it(option, () => {
            expect(() => run(template(body, `${option}: false`), {version: 'tosca_variability_1_0_rc_2'})).not.toThrow()
            expect(runError(template(body, ''), {version: 'tosca_variability_1_0_rc_2'}).code).toBe('unsatisfiable')
            expect(runError(template(body, ''), {version: 'tosca_variability_1_0_rc_3'}).code).toBe('unsatisfiable')
        })
})

describe('rc_3 leaves required_artifact_constraint off (not in "RC v3")', () => {
    const template = (option: string) => `topology_template:
    variability:
        options: {technology_constraint: false, enrich_technologies: false${option}}
    node_templates:
        n: {type: n, persistent: true, artifacts: [{bin: {file: a.bin, conditions: false}}]}
`
    it('a present node may keep none of its artifacts', () => {
        expect(nodes(run(template(''), {version: 'tosca_variability_1_0_rc_3'}))).toEqual({n: {type: 'n'}})
        expect(runError(template(', required_artifact_constraint: true'), {version: 'tosca_variability_1_0_rc_3'}).code).toBe('unsatisfiable')
    })
})

describe('the unproduced output check runs in rc_3 only unless switched on (as in the reference)', () => {
    const template = (options: string) => `topology_template:
    variability:
        options: {type_default_condition: true${options}}
    outputs:
        url: {value: {get_attribute: [web, url]}}
    node_templates:
        web: {type: web, persistent: true, conditions: false}
`
    it('1_0 with the check on: a present output whose producer is absent fails it', () => {
        const error = runError(template(', unproduced_output_check: true'))
        expect(error.code).toBe('check-failed')
        expect(error.message).toBe('Output "url@0" is not produced')
    })

    it('1_0: off unless switched on (as in the reference)', () => {
        expect(topology(run(template(''))).outputs).toEqual({url: {value: {get_attribute: ['web', 'url']}}})
        expect(runError(template(', unproduced_output_check: true')).message).toBe('Output "url@0" is not produced')
    })

    it('rc_2: off', () => {
        const rc2 = template(', mode: manual, persistent_check: false').replace('conditions: false', 'conditions: false, managed: false')
        expect(topology(run(rc2, {version: 'tosca_variability_1_0_rc_2'})).outputs).toEqual({url: {value: {get_attribute: ['web', 'url']}}})
    })
})

describe("the report lists options that differ from the version's defaults", () => {
    const differing = (raw: Record<string, unknown>, version: Version) => differingOptions(new Options(raw, version)).map(o => [o.name, o.value, o.default])

    it('a template without options differs in nothing, whatever its version', () => {
        for (const version of ['tosca_variability_1_0', 'tosca_variability_1_0_rc_2', 'tosca_variability_1_0_rc_3'] as const) expect(differing({}, version)).toEqual([])
    })

    it('names the corrected defaults only where a template changes them', () => {
        expect(differing({unique_property_constraint: true}, 'tosca_variability_1_0')).toEqual([['unique_property_constraint', true, false]])
        expect(differing({unique_property_constraint: true}, 'tosca_variability_1_0_rc_2')).toEqual([])
        expect(differing({unique_property_constraint: true}, 'tosca_variability_1_0_rc_3')).toEqual([])
        expect(differing({required_artifact_constraint: true}, 'tosca_variability_1_0_rc_3')).toEqual([['required_artifact_constraint', true, false]])
        expect(differing({enrich_implementations: false}, 'tosca_variability_1_0')).toEqual([['enrich_implementations', false, true]])
        expect(differing({enrich_implementations: true}, 'tosca_variability_1_0_rc_2')).toEqual([])
        expect(differing({unproduced_output_check: true}, 'tosca_variability_1_0')).toEqual([['unproduced_output_check', true, false]])
    })
})
