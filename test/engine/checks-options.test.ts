// Spec "Checks Options", option precedence only (the checks themselves are in
// check.test.ts): `checks` switches all, `consistency_checks` and
// `semantic_checks` their group, a named check overrides its group, and rc_3
// has checks off by default.
import {describe, expect, it} from 'vitest'
import {nodes, run, runError, topology, type Version} from '../helpers/v4t.js'

// One consistency violation and one semantic violation:
// - a's relation is present but its target b is absent (relation_target_check, consistency);
// - c is present but its only incoming relation is absent (expected_incoming_relation_check, semantic).
// Types follow their nodes so that no other consistency check fires.
const TEMPLATE = (options: string, version: Version = 'tosca_variability_1_0') => {
    const managed = version === 'tosca_variability_1_0' ? '' : ', managed: false'
    return `topology_template:
    variability:
        options: {type_default_condition: true${version === 'tosca_variability_1_0' ? '' : ', mode: manual, technology_constraint: false'}${options}}
    node_templates:
        a: {type: a${managed}, requirements: [{uses: b}]}
        b: {type: b${managed}, conditions: false}
        c: {type: c${managed}}
        d: {type: d${managed}, requirements: [{uses: {node: c, conditions: false}}]}
`
}

const CONSISTENCY = 'Relation target "b" of relation "uses@0" of node "a" does not exist'
const SEMANTIC = 'Node "c" expected to have an incoming relation'

const fails = (options: string, message: string, version?: Version) => {
    const error = runError(TEMPLATE(options, version), {version})
    expect(error.code).toBe('check-failed')
    expect(error.message).toBe(message)
}
const passes = (options: string, version?: Version) => {
    expect(Object.keys(nodes(run(TEMPLATE(options, version), {version})))).toEqual(['a', 'c', 'd'])
}

describe('checks options', () => {
    it('1_0 runs all checks by default; consistency checks come first', () => {
        fails('', CONSISTENCY)
    })

    it('checks: false disables all', () => {
        passes(', checks: false')
    })

    it('consistency_checks: false disables the consistency group only', () => {
        fails(', consistency_checks: false', SEMANTIC)
    })

    it('semantic_checks: false disables the semantic group only', () => {
        fails(', semantic_checks: false', CONSISTENCY)
    })

    it('both groups off is the same as checks: false', () => {
        passes(', consistency_checks: false, semantic_checks: false')
    })

    it('a group option overrides checks', () => {
        fails(', checks: false, semantic_checks: true', SEMANTIC)
        fails(', checks: false, consistency_checks: true', CONSISTENCY)
    })

    it('a named check re-enables one check under checks: false', () => {
        fails(', checks: false, expected_incoming_relation_check: true', SEMANTIC)
        fails(', checks: false, relation_target_check: true', CONSISTENCY)
    })

    it('a named check re-enables one check under its disabled group', () => {
        fails(', consistency_checks: false, semantic_checks: false, relation_target_check: true', CONSISTENCY)
    })

    it('a named check can be switched off while its group stays on', () => {
        fails(', relation_target_check: false', SEMANTIC)
        passes(', relation_target_check: false, expected_incoming_relation_check: false')
    })

    it('a named check of the other group does not re-enable this group', () => {
        passes(', checks: false, relation_source_check: true, expected_hosting_check: true')
    })

    it('rc_3 has checks off by default', () => {
        passes('', 'tosca_variability_1_0_rc_3')
    })

    it('rc_3: checks: true (or a group, or one check) turns them on', () => {
        // rc_3's node mode (incomingnaive-artifact-host) would also make the persistent check fail
        fails(', checks: true, persistent_check: false', CONSISTENCY, 'tosca_variability_1_0_rc_3')
        fails(', semantic_checks: true, persistent_check: false', SEMANTIC, 'tosca_variability_1_0_rc_3')
        fails(', relation_target_check: true', CONSISTENCY, 'tosca_variability_1_0_rc_3')
    })

    it('rc_2 has checks on by default', () => {
        fails(', persistent_check: false', CONSISTENCY, 'tosca_variability_1_0_rc_2')
    })
})

describe('the persistent check follows checks as well', () => {
    // rc_2's default node mode (incomingnaive-artifact-host) needs a persistent node unless checks are off
    const RC2 = (options: string) => `topology_template:
    variability:
        options: {technology_constraint: false${options}}
    node_templates:
        n: {type: n, managed: false}
`
    const MESSAGE = 'requires at least one persistent node template'

    it('rc_2 without a persistent node fails the persistent check', () => {
        expect(runError(RC2(''), {version: 'tosca_variability_1_0_rc_2'}).message).toContain(MESSAGE)
    })

    it('checks: false disables it', () => {
        expect(nodes(run(RC2(', checks: false'), {version: 'tosca_variability_1_0_rc_2'}))).toEqual({n: {type: 'n'}})
    })

    it('persistent_check: false disables it alone', () => {
        expect(nodes(run(RC2(', persistent_check: false'), {version: 'tosca_variability_1_0_rc_2'}))).toEqual({n: {type: 'n'}})
    })

    it('persistent_check: true re-enables it under checks: false', () => {
        expect(runError(RC2(', checks: false, persistent_check: true'), {version: 'tosca_variability_1_0_rc_2'}).message).toContain(MESSAGE)
    })

    // as in the reference: once the elements are read and linked, before enriching them
    const WITH = (options: string, node: string, extra = '', variability = '') => `topology_template:
    variability:
        options: {technology_constraint: false${options}}
${variability}    node_templates:
        n: {type: n, managed: false${node}}
${extra}`
    it.each([
        ['an unknown default condition mode', ', default_condition_mode: bogus', ''],
        ['a type-specific condition without conditions', '', '        type_specific_conditions: {node_types: {n: {semantic: true}}}\n'],
    ])('runs before %s is found', (_, node, variability) => {
        expect(runError(WITH('', node, '', variability), {version: 'tosca_variability_1_0_rc_2'}).message).toContain(MESSAGE)
        expect(runError(WITH(', persistent_check: false', node, '', variability), {version: 'tosca_variability_1_0_rc_2'}).message).not.toContain(MESSAGE)
    })

    it('runs after an input a property reads and a node an output reads are looked up', () => {
        const property = ', properties: {p: {get_input: nope}}'
        expect(runError(WITH('', property), {version: 'tosca_variability_1_0_rc_2'}).message).toBe('Input "nope" not found')
        const output = '    outputs:\n        o: {value: {get_property: [missing, p]}}\n'
        expect(runError(WITH('', '', output), {version: 'tosca_variability_1_0_rc_2'}).message).toBe('Node "missing" not found')
    })
})

describe('checks that are off by default outside rc_3', () => {
    // an input nothing consumes; modes and pruning are off, so it stays present
    const INPUT = (options: string, version: Version) => `topology_template:
    variability:
        options: {type_default_condition: true, mode: manual, technology_constraint: false${options}}
    inputs:
        unused: {type: string}
    node_templates:
        n: {type: n${version === 'tosca_variability_1_0' ? '' : ', managed: false, persistent: true'}}
`
    const MESSAGE = 'Input "unused@0" is not consumed'
    const v1 = 'tosca_variability_1_0' as const
    const rc3 = 'tosca_variability_1_0_rc_3' as const

    it('unconsumed_input_check stays off in 1_0 even with all checks on', () => {
        expect(Object.keys(topology(run(INPUT(', checks: true, semantic_checks: true', v1))).inputs as object)).toEqual(['unused'])
    })

    it('unconsumed_input_check: true turns it on in 1_0', () => {
        expect(runError(INPUT(', unconsumed_input_check: true', v1)).message).toBe(MESSAGE)
    })

    it('in rc_3 it follows semantic_checks (and so checks)', () => {
        expect(Object.keys(topology(run(INPUT('', rc3), {version: rc3})).inputs as object)).toEqual(['unused'])
        expect(runError(INPUT(', semantic_checks: true', rc3), {version: rc3}).message).toBe(MESSAGE)
        expect(runError(INPUT(', checks: true', rc3), {version: rc3}).message).toBe(MESSAGE)
        expect(Object.keys(topology(run(INPUT(', checks: true, unconsumed_input_check: false', rc3), {version: rc3})).inputs as object)).toEqual(['unused'])
    })
})

describe('options are checked before resolving, all at once', () => {
    it('a mistyped option nothing reads is an error, beside every other one, each located', () => {
        const error = runError(`topology_template:
    variability:
        options:
            technology_pruning: maybe
            optimization_topology_mode: heavy
            relation_default_condition: true
    node_templates:
        a: {type: t}
`)
        expect(error.diagnostics().map(d => [d.code, d.location?.line])).toEqual([
            ['invalid-option', 5],
            ['invalid-option', 6],
        ])
        expect(error.message).toBe('Option technology_pruning must be a boolean, got "maybe"')
    })
})
