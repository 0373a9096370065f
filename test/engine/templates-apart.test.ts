// Several templates resolved in one process (the wizard and a test run resolve many) never see
// each other's state: resolved in turn, each comes out exactly as it does alone, in a process of
// its own — also after one of them failed deep inside an expression, and with the nesting limit
// where it was (a count left over from the failure would move it).
import {describe, expect, it, vi} from 'vitest'
import {MAX_NESTING} from '../../src/engine/expressions/index.js'

/**
 * A node whose condition reads the input `deep` (the condition's `equal` is one level, reading the
 * input another), whose default expression reads the next input's, `links` inputs down to `last`'s
 * default: every default is a level, so the deepest sits at level links + 2, `last` one below.
 */
const deepInput = (links: number, last = 'default: 1') => {
    const chain = Array.from({length: links}, (_, i) => `            d${i + 1}: {type: integer, default_expression: {variability_input: d${i}}}\n`).join('')
    return `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            d0: {type: integer, ${last}}
${chain}            cloud: {type: boolean, default: true}
        type_specific_conditions:
            node_types:
                db: {conditions: {variability_input: cloud}}
        options: {node_default_condition: true, node_default_condition_mode: incoming-host, checks: false}
    node_templates:
        app: {type: a, conditions: {equal: [{variability_input: d${links}}, 1]}, requirements: [{host: vm}, {uses: db}]}
        vm: {type: v, properties: [{name: {concat: [vm-, {variability_input: d${links}}]}}]}
        db: {type: db}
        client: {type: c, conditions: false, requirements: [{uses: app}]}
`
}

const TEMPLATES = {
    /** Deepest allowed: MAX_NESTING levels in all. */
    atTheLimit: deepInput(MAX_NESTING - 2),
    /** One level deeper: too deep, where the last default crosses the limit. */
    overTheLimit: deepInput(MAX_NESTING - 1),
    /** Fails 400 levels down, in the last default: a text where a number is expected. */
    failsDeep: deepInput(397, "default_expression: {mul: ['no number', 2]}"),
    /** No variant: the minimal conflict is worked out. */
    noVariant: `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            wanted: {type: boolean, default: false}
        options: {node_default_condition: true, node_default_condition_mode: incomingnaive, checks: false}
        constraints: [{node_presence: server}]
    node_templates:
        server: {type: s, conditions: {variability_input: wanted}}
        client: {type: c, requirements: [{uses: server}]}
`,
} as const
type Name = keyof typeof TEMPLATES

/** The engine's modules as a fresh process would load them (vi.resetModules first: none of their state kept). */
async function freshEngine() {
    const [load, resolve, explain, transform] = await Promise.all([
        import('../../src/engine/load/index.js'),
        import('../../src/engine/resolve/index.js'),
        import('../../src/engine/explain/index.js'),
        import('../../src/engine/transform/index.js'),
    ])
    /** Everything resolving the template says: the output and every element's explanation, or the failure with its conflict. */
    return (name: Name): string => {
        const template = load.templateFromText(TEMPLATES[name], `${name}.yaml`)
        const result = resolve.resolveTemplate(template)
        switch (result.kind) {
            case 'resolved':
                return transform.stringifyTemplate(result.output) + JSON.stringify(explain.explanationDocument(template, result.model))
            case 'unsatisfiable':
                return `${result.kind}: ${result.error.describe()}\n${JSON.stringify(result.conflict)}`
            default:
                return `${result.kind}: ${result.error.describe()}`
        }
    }
}

describe('templates resolved in turn in one process', () => {
    it('each comes out as it does alone, a failure deep inside an expression and the nesting limit included', {timeout: 120_000}, async () => {
        const names = Object.keys(TEMPLATES) as Name[]
        const alone = new Map<Name, string>()
        for (const name of names) {
            vi.resetModules()
            alone.set(name, (await freshEngine())(name))
        }
        // what each template is for: a resolution at the limit, too-deep one level over it, a deep failure, no variant
        expect(alone.get('atTheLimit')).toContain('tosca_simple_yaml_1_3')
        expect(alone.get('overTheLimit')).toMatch(/^invalid: .*nested deeper than 500 levels/)
        expect(alone.get('failsDeep')).toMatch(/^invalid: .*no number/)
        expect(alone.get('noVariant')).toMatch(/^unsatisfiable: .*Could not solve\n\[\{"kind":"condition"/)

        vi.resetModules()
        const resolve = await freshEngine()
        const turns: Name[] = ['failsDeep', 'atTheLimit', 'overTheLimit', 'atTheLimit', 'noVariant', 'failsDeep', 'overTheLimit', 'noVariant', 'failsDeep', 'atTheLimit']
        for (const [i, name] of turns.entries()) expect(resolve(name), `turn ${i + 1}: ${name}`).toBe(alone.get(name))
    })
})
