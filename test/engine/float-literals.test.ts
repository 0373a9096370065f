// A float with an integral value (`1.0`) comes out as a float: a YAML 1.1 reader (PyYAML, behind
// the orchestrators) reads `1` as an integer. Whichever reader reads the template (the block
// reader, the exact one), wherever the value sits (a property, a list, a nested map, an input's
// default, a conditional property), and only where the template wrote one: a computed value or an
// integer stays an integer.
import {describe, expect, it} from 'vitest'
import {isMap, isScalar, isSeq, parseDocument, type Node} from 'yaml'
import {templateFromText} from '../../src/engine/load/index.js'
import {stringifyTemplate} from '../../src/engine/transform/index.js'
import {resolved as resolvedTemplate} from '../helpers/v4t.js'

/** PyYAML's implicit float and int (YAML 1.1). */
const PYYAML_FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?)$/
const PYYAML_INT = /^[-+]?(?:0|[1-9][0-9_]*)$/

/** The scalars written under `path` in the resolved template, by key (lists by index), as text. */
function written(text: string, ...path: string[]): Record<string, string> {
    let node = parseDocument(text).contents as Node
    for (const key of path) node = (isMap(node) ? node.get(key, true) : undefined) as Node
    const out: Record<string, string> = {}
    const walk = (n: Node, name: string) => {
        if (isScalar(n)) out[name] = String(n.source ?? n.value)
        else if (isMap(n)) for (const pair of n.items) walk(pair.value as Node, `${name}${name ? '.' : ''}${String((pair.key as {value: unknown}).value)}`)
        else if (isSeq(n)) n.items.forEach((item, i) => walk(item as Node, `${name}[${i}]`))
    }
    walk(node, '')
    return out
}

function resolved(text: string): string {
    return stringifyTemplate(resolvedTemplate(templateFromText(text), {}).output)
}

const PROPERTIES = `
                one: 1.0
                two: -2.0
                thousand: 1e3
                dot: 3.
                int: 4
                half: 0.5
                text: "5.0"
                list: [1.0, 2, {k: 6.0}]
                nested: {x: 7.0, y: 7}`

const template = (properties: string, anchor = '') => `tosca_definitions_version: tosca_variability_1_0
topology_template:
    inputs:
        ratio: {type: float, default: 2.0}
    variability:
        inputs:
            on: {type: boolean, default: true}
    node_templates:
        a:
            type: t${anchor}
            properties:${properties}
        b:
            type: t
            properties:
                - p: {value: 8.0, conditions: {variability_input: on}}
                - q: 9.0
                - r: {value: 10}
`

describe('a float with an integral value', () => {
    const floats = ['one', 'two', 'thousand', 'dot', 'list[0]', 'list[2].k', 'nested.x']
    const integers = ['int', 'list[1]', 'nested.y']
    for (const [reader, text] of [
        ['the block reader', template(PROPERTIES)],
        // an anchor sends the text to the exact reader
        ['the exact reader', template(PROPERTIES, '\n            metadata: {tag: &t x, again: *t}')],
    ] as const)
        it(`comes out as a float, read by ${reader}`, () => {
            const output = resolved(text)
            const values = written(output, 'topology_template', 'node_templates', 'a', 'properties')
            for (const name of floats) expect(values[name], `${name} in\n${output}`).toMatch(PYYAML_FLOAT)
            for (const name of integers) expect(values[name], `${name} in\n${output}`).toMatch(PYYAML_INT)
            expect(values).toMatchObject({one: '1.0', two: '-2.0', thousand: '1000.0', dot: '3.0', half: '0.5', text: '5.0'})
            expect(written(output, 'topology_template', 'inputs', 'ratio')).toMatchObject({default: '2.0'})
            expect(written(output, 'topology_template', 'node_templates', 'b', 'properties')).toEqual({p: '8.0', q: '9.0', r: '10'})
        })

    it('is written as a float only where the template wrote one: a value an expression computes stays as computed', () => {
        const output = resolved(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            n: {type: float, default: 3.0}
    node_templates:
        a:
            type: t
            properties:
                - computed: {expression: {variability_input: n}}
                - kept: 3.0
`)
        expect(written(output, 'topology_template', 'node_templates', 'a', 'properties')).toEqual({computed: '3', kept: '3.0'})
    })
})
