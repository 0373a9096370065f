// Positions on demand (load/yaml/positions/locator.ts) in templates nested deeply: each collection on a path is
// scanned over the lines below it, so past a budget the whole text is read instead. Either way the
// location is exact.
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide} from '../../src/engine/resolve/index.js'
import {PROJECT} from '../helpers/files.js'

/** A condition nested `depth` levels deep in `and`s, `leaves` true items, then one more map item. */
function deep(depth: number, leaves: number): {text: string; line: number; column: number} {
    const lines = ['tosca_definitions_version: tosca_variability_1_0', 'topology_template:', '  node_templates:', '    a:', '      type: x', '      conditions:', '        and:']
    let indent = 8
    for (let i = 0; i < depth; i++) {
        lines.push(`${' '.repeat(indent)}- and:`)
        indent += 2
    }
    for (let i = 0; i < leaves; i++) lines.push(`${' '.repeat(indent)}- true`)
    lines.push(`${' '.repeat(indent)}- last: 1`)
    return {text: `${lines.join('\n')}\n`, line: lines.length, column: indent + 3}
}

/** The innermost list of the condition and its last item (a map). */
function innermost(data: unknown, depth: number): {list: unknown[]; last: object} {
    const topology = (data as {topology_template: {node_templates: {a: {conditions: {and: unknown[]}}}}}).topology_template
    let list = topology.node_templates.a.conditions.and
    for (let i = 0; i < depth; i++) list = (list[0] as {and: unknown[]}).and
    return {list, last: list[list.length - 1] as object}
}

describe('locations in deeply nested templates', () => {
    it.each([
        [20, 50],
        [240, 3000],
    ])('depth %i with %i items: the innermost map is located exactly', (depth, leaves) => {
        const {text, line, column} = deep(depth, leaves)
        const template = templateFromText(text)
        const {list, last} = innermost(template.data, depth)
        expect(template.sourceMap.locate(last)).toMatchObject({line, column})
        expect(template.sourceMap.locate(list, list.length - 1)).toMatchObject({line, column})
    })
})

describe('locations found from an element container', () => {
    // the same text read by the exact reader (a %YAML directive sends it there), two lines further down
    const DIRECTIVE = '%YAML 1.2\n---\n'
    const samples = ['web-shop', 'iot-fleet'].map(name => path.join(PROJECT, 'sample-templates', name, 'variable-service-template.yaml'))

    it.each(samples)('every element, its conditions and theirs are located as the exact reader locates them: %s', file => {
        const text = fs.readFileSync(file, 'utf8')
        const template = templateFromText(text, 'f.yaml', path.dirname(file))
        const fast = decide(template, {})
        const exact = decide(templateFromText(DIRECTIVE + text, 'f.yaml', path.dirname(file)), {})
        // read fast, positions not looked up yet
        expect(template.sourceMap.filled).toBe(false)
        const where = (model: typeof fast, shift: number) =>
            model.graph.elements.flatMap(e =>
                [e.location, e.conditionsLocation, ...e.conditions.map((_, i) => e.conditionLocation(i))].map(l => l && `${l.line - shift}:${l.column}`),
            )
        const found = where(fast, 0)
        expect(found.filter(Boolean).length).toBeGreaterThan(fast.graph.elements.length)
        expect(found).toEqual(where(exact, 2))
    })
})
