// A template may name inputs, nodes and properties after JavaScript built-ins (__proto__,
// constructor, toString): every document Trellis writes keeps them as the names they are —
// the explanation JSON, the JSON report, the resolved template, a saved and exported profile.
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {removeWorkspaces, run, workspace} from './run.js'

afterAll(removeWorkspaces)

const NAMES = ['__proto__', 'constructor', 'toString'] as const

const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options:
            type_default_condition: true
            property_default_condition: true
        inputs:
            __proto__:
                type: boolean
                default: true
            constructor:
                type: string
                default: a
            toString:
                type: integer
                default: 1
    node_templates:
        __proto__:
            type: tosca.nodes.Root
            conditions: {variability_input: __proto__}
            properties:
                - __proto__: 1
                - constructor: 2
                - toString: 3
        constructor:
            type: tosca.nodes.Root
            conditions: {equal: [{variability_input: constructor}, a]}
        toString:
            type: tosca.nodes.Root
            conditions: {equal: [{variability_input: toString}, 1]}
`

/** The own keys of a parsed JSON object (JSON.parse makes "__proto__" an own key). */
const keys = (value: unknown) => Object.keys(value as object)

describe('names of JavaScript built-ins in a template', () => {
    it('are kept as input, node and property names by explain --json, the JSON report and the resolved template', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        const explained = await run(['explain', 't.yaml', '--json'], {cwd: dir})
        expect(explained.stderr).toBe('')
        const document = JSON.parse(explained.stdout) as {inputs: object; elements: {id: string}[]}
        expect(keys(document.inputs)).toEqual([...NAMES])
        const ids = document.elements.map(e => e.id)
        for (const name of NAMES) expect(ids).toContain(`node.${name}`)
        expect(ids).toEqual(expect.arrayContaining(NAMES.map((name, i) => `property.${name}@${i}.node.__proto__`)))

        const resolved = await run(['resolve', 't.yaml', '-o', 'out.yaml', '--report', 'r.json'], {cwd: dir})
        expect(resolved).toMatchObject({code: 0, stderr: ''})
        const report = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')) as {inputs: {name: string}[]}
        expect(report.inputs.map(i => i.name)).toEqual([...NAMES])
        const output = parse(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')) as {topology_template: {node_templates: Record<string, {properties?: object}>}}
        expect(keys(output.topology_template.node_templates)).toEqual([...NAMES])
        expect(keys(output.topology_template.node_templates.__proto__!.properties)).toEqual([...NAMES])
    })

    it('are kept as the inputs a what-if suggestion changes', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        const r = await run(['explain', 't.yaml', '--json', '--what-if', 'node.__proto__'], {cwd: dir})
        const element = (JSON.parse(r.stdout) as {elements: {whatIf: {changes: object}[]}[]}).elements[0]!
        expect(element.whatIf.map(w => keys(w.changes))).toContainEqual(['__proto__'])
    })

    it('are kept as the inputs of a saved profile and its export', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        const env = {TRELLIS_CONFIG_DIR: path.join(dir, 'store')}
        const saved = await run(['profile', 'save', 'p', '--template', 't.yaml', '--set', '__proto__=false', '--set', 'constructor=b', '--set', 'toString=2'], {cwd: dir, env})
        expect(saved).toMatchObject({code: 0, stderr: ''})
        expect(saved.stdout).toContain('3 inputs')
        const exported = await run(['profile', 'export', 'p'], {cwd: dir, env})
        expect(keys(parse(exported.stdout))).toEqual(['presets', ...NAMES])
        expect(parse(exported.stdout)).toMatchObject({constructor: 'b', toString: 2})
        expect(Object.getOwnPropertyDescriptor(parse(exported.stdout), '__proto__')?.value).toBe(false)
    })
})
