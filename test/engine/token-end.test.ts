// A location is a span: from where a key, item or value was written to where its token ends, as
// the readers read the text. Diagnostics underline it; a value written over several lines spans them.
import {describe, expect, it} from 'vitest'
import {readYaml} from '../../src/engine/load/yaml/index.js'
import {tokenEnd} from '../../src/engine/load/yaml/positions/token-end.js'
import {runError} from '../helpers/v4t.js'

describe('the token a position points at ends', () => {
    it.each([
        ['name: value', 0, 'name'],
        ['key: plain value here # comment', 5, 'plain value here'],
        ['{a: 1, b: [2, 3]} tail', 0, '{a: 1, b: [2, 3]}'],
        ['[x, "a ] b", y]', 0, '[x, "a ] b", y]'],
        ['"quoted \\" still" rest', 0, '"quoted \\" still"'],
        ["'it''s' rest", 0, "'it''s'"],
        ['[a, b', 0, '[a, b'],
        ['[one, two]', 1, 'one'],
        ['url: http://host:80/x', 5, 'http://host:80/x'],
        ['a: [1, # ] not this\n  2]\nb: 3', 3, '[1, # ] not this\n  2]'],
        ['a: "one\n  two" # c', 3, '"one\n  two"'],
        ['k: v\r\nnext: 1', 0, 'k'],
    ])('%j from %i', (text, start, token) => {
        expect(text.slice(start, tokenEnd(text, start))).toBe(token)
    })

    it('is where the text ends for a position at its end', () => {
        expect(tokenEnd('abc', 3)).toBe(3)
    })
})

describe('locations are spans', () => {
    const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
  node_templates:
    web:
      type: tosca.nodes.Root
      conditions: {equals: [{variability_input: mode}, prod]}
`
    /** Where node "web" was written, read by each reader: the block reader recording as it reads, the locator finding it later, the exact reader (sent an anchor). */
    const readers: [string, string, boolean][] = [
        ['the block reader', text, true],
        ['the locator', text, false],
        ['the exact reader', text.replace('node_templates:', 'node_templates: &nodes'), false],
    ]
    it.each(readers)('%s: a key spans its name', (reader, written, allPositions) => {
        const {data, sourceMap, fast} = readYaml(written, 't.yaml', {allPositions})
        expect(fast === true).toBe(reader !== 'the exact reader')
        const nodes = (data as Record<string, Record<string, object>>).topology_template!.node_templates!
        expect(sourceMap.locate(nodes, 'web')).toEqual({file: 't.yaml', line: 4, column: 5, endLine: 4, endColumn: 8})
        expect(sourceMap.locate((nodes as Record<string, Record<string, object>>).web!, 'conditions')).toEqual({file: 't.yaml', line: 6, column: 7, endLine: 6, endColumn: 17})
    })

    it('a mistake is underlined from its start to its end', () => {
        // the condition written as a flow map: the map, to its closing brace
        const error = runError(text.replace('tosca_definitions_version: tosca_variability_1_0\n', ''))
        expect({...error.location}).toEqual({file: 'template.yaml', line: 6, column: 19, endLine: 6, endColumn: 62})
    })
})
