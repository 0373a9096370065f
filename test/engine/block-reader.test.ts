// The block reader against js-yaml (with the same core schema): whatever it reads, it reads
// as js-yaml does, and it reads the block YAML templates are written in; anything else it
// declines (js-yaml then reads the text). The whole pipeline against the exact reader is
// test/engine/yaml-readers.test.ts.
import fs from 'node:fs'
import {isDeepStrictEqual} from 'node:util'
import fc from 'fast-check'
import {load} from 'js-yaml'
import {stringify} from 'yaml'
import {describe, expect, it} from 'vitest'
import {benchmarkTemplate} from '../../bench/generate.mjs'
import {readBlock} from '../../src/engine/load/yaml/fast/block.js'
import {CORE} from '../../src/engine/load/yaml/core-schema.js'
import {screen} from '../../src/engine/load/yaml/fast/screen.js'
import {CONFORMANCE, conformanceAndSampleFiles, HAS_CONFORMANCE, needsConformance, yamlFiles} from '../helpers/files.js'
import {iterations} from '../helpers/deep.js'
import {yamlText} from '../properties/yaml-text.js'

const RUNS = iterations(400, 5000, 'YAML_FUZZ_RUNS')

/** js-yaml's reading, or undefined when it fails or warns. */
function jsYaml(text: string): {data: unknown} | undefined {
    try {
        const data = load(text, {
            schema: CORE,
            onWarning: () => {
                throw new Error('warning')
            },
        })
        return {data: data === undefined ? null : data}
    } catch {
        return undefined
    }
}

/** Read by the block reader (after the screen, as the pipeline does) and the same as js-yaml; false when declined. */
function readsAsJsYaml(text: string): boolean {
    if (screen(text) !== undefined) return false
    const block = readBlock(text)
    if (!block) return false
    const expected = jsYaml(text)
    if (!expected || !isDeepStrictEqual(block.data, expected.data)) expect(block.data, JSON.stringify(text)).toStrictEqual(expected?.data ?? 'a failure')
    return true
}

describe('the block reader', () => {
    it('reads the benchmark template as js-yaml does', () => {
        expect(readsAsJsYaml(stringify(benchmarkTemplate(125), {lineWidth: 0}))).toBe(true)
    })

    it('reads every file of the conformance suite and the samples it does not decline as js-yaml does', () => {
        const files = conformanceAndSampleFiles()
        expect(files.length).toBeGreaterThan(0)
        for (const file of files) readsAsJsYaml(fs.readFileSync(file, 'utf8'))
    })

    // a share says something only of a corpus written by many hands: the four samples are too few
    it.skipIf(!HAS_CONFORMANCE)(needsConformance('reads most files of the conformance suite'), () => {
        const files = yamlFiles(CONFORMANCE)
        let read = 0
        for (const file of files) if (readsAsJsYaml(fs.readFileSync(file, 'utf8'))) read++
        expect(read / files.length).toBeGreaterThan(0.7)
    })

    it('reads random texts it does not decline as js-yaml does', () => {
        let read = 0
        let runs = 0
        fc.assert(
            fc.property(yamlText, text => {
                runs++
                if (readsAsJsYaml(text)) read++
            }),
            {numRuns: RUNS},
        )
        // the comparison means something only if the block reader takes part (the texts are often damaged)
        expect(read / runs).toBeGreaterThan(0.05)
    })

    it.each([
        'a: 1\nb: two\nc: 3.5\nd: true\ne: null\nf: ~\ng:\nh: -1\ni: -x\nj: 0x10\n',
        'a:\n  b:\n    c: 1\n  d: [x, "y", {e: f, g: [1, 2]}]\ne: {}\nf: []\ng: [ ]\n',
        '- a\n- b: 1\n  c: 2\n- [x]\n- "q"\n',
        'a:\n- x\n- y\nb: 1\n',
        'a:\n  - b: 1\n    c:\n      - 2\n  - d\n',
        '"quoted key": 1\n\'single\': 2\n"esc\\"aped": "\\u00e9\\n\\t"\n',
        "a: 'it''s'\nb: \"\"\nc: ''\n",
        '2: b\n1: a\nx: c\n10: d\n',
        '1.0: a\n~: b\ntrue: c\n0x10: d\n',
        'a: x # comment\n# whole line\n  # indented comment\nb: "y" # c\nc: [1, 2] # c\n',
        '---\na: 1\n',
        '--- # start\na: 1\n',
        'a: http://x.org/a#b\nb: a:b\nc: x#y\n',
        'a: |\n  line 1\n  line 2\nb: 1\n',
        'a: |-\n  x\n\n',
        'a: |+\n  x\n\n\nb: 1\n',
        'a: |+\n  x\n\n',
        'a: |\n  x\n\n  y\n',
        'a: |\n  x\n    indented\n  # not a comment\nb: 1\n',
        'a: |\n  x',
        'a: |+\n  x',
        'a: |\n  x\n  ',
        'a: |\n  x\n     \n  y\n',
        'a:\n  - b: |\n      text\n    c: 1\n  - b: x\n    c: |-\n      t\n',
        'a:\n  b: |\n    deep\n  c: 1\n',
        'é: ü\nkey with spaces: value with spaces\n',
        'a: 1   \nb:    2\n',
        'a: [-1, -x, "-"]\nc: -,\n',
    ])('reads %j as js-yaml does', text => {
        expect(readsAsJsYaml(text)).toBe(true)
    })

    it.each([
        'a: 1\na: 2\n',
        '__proto__: 1\n',
        'a: {b: 1, b: 2}\n',
        'a: b: c\n',
        'a: plain\n  continued\n',
        'a: >\n  folded\n',
        'a:\tb\n',
        'a: 1\r\n',
        '- - a\n',
        'a: [b, ]\n',
        'a: {b}\n',
        'a: [b: 1]\n',
        'a: [x\n',
        'a: "x\n',
        '? a\n: 1\n',
        'a: 1\n---\nb: 2\n',
        'just a scalar\n',
        '',
        'a: @x\n',
        'a: - b\n',
        'a:\n  b: 1\n c: 2\n',
        'a: 1\n  b: 2\n',
        // "-" before a flow indicator starts no scalar (js-yaml and yaml reject these)
        'a: [-]\n',
        'a: [x, -]\n',
        'a: [-, x]\n',
        'a: {b: -}\n',
        '- [ -3, -, ~ ]\n',
    ])('declines %j', text => {
        expect(readBlock(text)).toBeUndefined()
    })
})
