// The fast YAML reader (js-yaml, positions filled on first use) against the exact
// reader (`yaml`, positions recorded while reading): the same data, the same
// locations for every map, key, sequence and item, and the same errors, over the
// conformance suite, the sample templates, corner cases and random texts.
import fs from 'node:fs'
import path from 'node:path'
import {isDeepStrictEqual} from 'node:util'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {isTrellisError} from '../../src/engine/errors.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {parseExact} from '../../src/engine/load/yaml/exact.js'
import {readFast} from '../../src/engine/load/yaml/fast/index.js'
import {screen, type Decline} from '../../src/engine/load/yaml/fast/screen.js'
import {readYaml, type ParsedYaml, type SourceMap} from '../../src/engine/load/yaml/index.js'
import {iterations} from '../helpers/deep.js'
import {CONFORMANCE, conformanceAndSampleFiles, HAS_CONFORMANCE, needsConformance, PROJECT, yamlFiles} from '../helpers/files.js'
import {yamlText} from '../properties/yaml-text.js'
import {resolved} from '../helpers/v4t.js'

const RUNS = iterations(400, 5000, 'YAML_FUZZ_RUNS')
/** Every location the source map gives for the data: each map and sequence, each key and item. */
function locations(data: unknown, sourceMap: SourceMap): unknown[] {
    const out: unknown[] = []
    const plain = (location: unknown) => (location === undefined ? undefined : {...(location as object)})
    const visit = (value: unknown): void => {
        if (value === null || typeof value !== 'object') return
        out.push(sourceMap.locate(value))
        if (Array.isArray(value))
            value.forEach((item, i) => {
                out.push(sourceMap.locate(value, i))
                visit(item)
            })
        else
            for (const [key, item] of Object.entries(value)) {
                out.push(sourceMap.locate(value, key))
                visit(item)
            }
    }
    visit(data)
    out.push(sourceMap.locate({not: 'parsed'}), sourceMap.locate(data, 'missing'), sourceMap.at(0))
    return out.map(plain)
}

type Outcome = {data: unknown; locations: unknown[]} | {code: string; message: string; location: unknown}

function outcome(read: () => ParsedYaml): Outcome {
    try {
        const {data, sourceMap} = read()
        return {data, locations: locations(data, sourceMap)}
    } catch (e) {
        if (!isTrellisError(e)) throw e
        return {code: e.code, message: e.message, location: e.location && {...e.location}}
    }
}

/** Deep strict equality (-0 is not 0; an own "constructor" key is data), with vitest's diff when it fails. */
function expectSame(actual: unknown, expected: unknown, label?: string): void {
    if (isDeepStrictEqual(actual, expected)) return
    expect(actual, label).toStrictEqual(expected)
    expect.fail(`${label ?? 'values'} differ`)
}

/** The fast reader finds positions when asked, or writes them all down while reading (allPositions): either way the exact reader's. */
const same = (text: string) => {
    const exact = outcome(() => parseExact(text, 'f.yaml'))
    expectSame(
        outcome(() => readYaml(text, 'f.yaml')),
        exact,
        JSON.stringify(text),
    )
    expectSame(
        outcome(() => readYaml(text, 'f.yaml', {allPositions: true})),
        exact,
        `${JSON.stringify(text)}, every position read with the data`,
    )
}

describe('the fast reader agrees with the exact reader', () => {
    it('on every file of the conformance suite and the sample templates', () => {
        const files = conformanceAndSampleFiles()
        expect(files.length).toBeGreaterThan(0)
        for (const file of files) {
            const text = fs.readFileSync(file, 'utf8')
            const read = readYaml(text, file)
            const exact = parseExact(text, file)
            expectSame(read.data, exact.data, file)
            const expected = locations(exact.data, exact.sourceMap)
            expectSame(locations(read.data, read.sourceMap), expected, file) // lazy, then filled on first read
            expectSame(locations(read.data, read.sourceMap), expected, file) // filled
            const recorded = readYaml(text, file, {allPositions: true})
            expectSame(recorded.data, exact.data, file)
            expectSame(locations(recorded.data, recorded.sourceMap), expected, `${file}, every position read with the data`)
        }
    })

    // a share says something only of a corpus written by many hands: the four samples are too few
    it.skipIf(!HAS_CONFORMANCE)(needsConformance('nearly all files of the conformance suite read fast, most with every position recorded while reading'), () => {
        const texts = yamlFiles(CONFORMANCE).map(file => fs.readFileSync(file, 'utf8'))
        expect(texts.filter(text => readFast(text)).length / texts.length).toBeGreaterThan(0.95)
        // read by the block reader, every position is known before any is asked for
        expect(texts.filter(text => readYaml(text, 'f.yaml', {allPositions: true}).sourceMap.filled).length / texts.length).toBeGreaterThan(0.9)
    })

    it('on random texts (rendered by yaml, js-yaml and by hand, some of them damaged)', () => {
        let fast = 0
        let runs = 0
        fc.assert(
            fc.property(yamlText, text => {
                runs++
                if (readFast(text)) fast++
                same(text)
            }),
            {numRuns: RUNS},
        )
        // the comparison means something only if the fast reader takes part
        expect(fast / runs).toBeGreaterThan(0.2)
    })

    it.each([
        // core-schema scalars that js-yaml's own core schema reads differently
        'a: 0b101\n',
        'a: 1_000\n',
        'a: -0x1F\n',
        'a: +.5\n',
        'a: -.5\n',
        'a: 1.5_0\n',
        'a: -0\n',
        'a: 0o17\n',
        'a: 012\n',
        'a: 0x\n',
        'a: .Inf\n',
        'a: -.inf\n',
        'a: .NaN\n',
        'a: 1e5\n',
        'a: 1.\n',
        'a: 12345678901234567890\n',
        'a: tRUE\n',
        'a: nULL\n',
        'a: yes\n',
        'a: 2023-01-01\n',
        // keys
        '__proto__: 1\nb: {__proto__: [2]}\n',
        '1: a\ntrue: b\nnull: c\n0x10: d\n1.0: e\n.inf: f\n',
        '~: x\n',
        ': x\n',
        '? [a, b]\n: 1\n',
        '? {x: 1}\n: 1\n',
        // a collection as a key without a value (js-yaml would make it the text "[object Object]" or "a,b")
        '{ {}}\n',
        'a: {[b, c]}\n',
        'a: {x: 1, {y: 2}}\n',
        '"a": 1\n"b" : 2\n',
        // keys Object.keys puts first, in block and flow maps
        'b: 1\n2: x\na: [1, {z: 0, 10: 1, 3: 2}]\n1: y\n',
        '- {b: 1, 0: 2}\n- c: 1\n  "7": 2\n',
        // texts yaml rejects and js-yaml accepts
        'k'.repeat(1100) + ': 1\n',
        'a: "x"#c\n',
        'a: [b]#c\n',
        'a: |#c\n  x\n',
        'a: [b,\nc]\n',
        'a:\n  b: [x,\n  y]\n',
        'a:\n  b: {x: 1,\n  y: 2}\n',
        'a: "x\ny"\n',
        "a: 'x\ny'\n",
        'a:\n  b: "x\n  y"\n',
        'a: |\n  x\n\t\n',
        'a: |\n    \n  x\n',
        // texts read differently
        'a: !\n',
        'a: !!str 1\n',
        'a: !!int "1"\n',
        'a: !custom x\n',
        '%YAML 1.1\n---\na: yes\n',
        'a: 1\r',
        'a:\r b\r',
        // anchors and aliases, and the expansion cap
        'base: &b {x: 1, y: [2]}\nuse: *b\nname: &n hello\nagain: *n\n',
        'a: &a\n    b: *a\n',
        'a: *nope\n',
        ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcde'.split('').map((n, i) => `${n}: &${n} [${Array(10).fill(`*${'abcd'[i]}`).join(', ')}]`), 'f: [*e, *e]', ''].join('\n'),
        // errors
        'a: 1\nb: 2\na: 3\n',
        'a:\n  c: 1\n  c: 2\n',
        'a: 1\nb:\n  - x\n  y: 1\n',
        'a: [1, 2\nb: 3\n',
        'a: {b: 1\n',
        'a: "x\n',
        'a: b: c\n',
        '- a\n-b\n',
        'a: 1\n--- \nb: 2\n',
        // ordinary YAML
        '',
        '# only a comment\n',
        '---\na: 1\n...\n',
        '\ufeffa: 1\n',
        'a: b\r\nc: d\r\n',
        'a: |\n  x\n\n  y\n',
        'a: >-\n  t\n\n  u\n',
        'a: |+\n  x\n\n',
        'a: |2\n   t\n',
        'a: "\\u00e9\\x41\\N\\t"\n',
        "a: 'it''s'\n",
        'a: plain\n  continued\n\n  more\n',
        'a:\n  b: "x\n   y"\n',
        // an escaped line break, then an empty line (found by the random texts: js-yaml and yaml differ)
        'a: "x  \\\n\n   y"\n',
        '    a: "x  \\\n       \n       y"\n',
        'a: "x \\\\\n\n  y"\n',
        '- - a\n  - b\n- c: [d, {e: f}]\n',
        'a: [a: 1, b]\n',
        'a: [x, -]\n',
        'a: {b: -}\n',
        'a: {b, c: }\n',
        'a: http://x/#y\nb: x #y\nc: a#b\n',
        'a: x\u0085y\n',
        'a: \u0007\n',
        'a:\tb\n',
        '- \ta\n',
        'a: b\t#c\n',
    ])('case %#', text => same(text))
})

describe('the screen', () => {
    it.each<[string, Decline]>([
        ['a: &x 1\nb: *x\n', 'node-property'],
        ['a: !!str 1\n', 'node-property'],
        ['%YAML 1.2\n---\na: 1\n', 'directive'],
        ['a: "x"#c\n', 'glued-comment'],
        ['a: 1\rb: 2\r', 'line-break'],
        ['a: 1\n\ufeffb: 2\n', 'byte-order-mark'],
        [`${'k'.repeat(1100)}: 1\n`, 'long-line'],
        ['a:\n\t- x\n', 'tab-indent'],
        ['a: [1,\n  2]\n', 'multi-line-flow'],
        ['a:\n  b: "x\n  y"\n', 'multi-line-quote'],
        ['a: |\n    \n  x\n', 'block-scalar'],
        ['a: |\nb: 1\n', 'block-scalar'],
        ['a: |2\n   x\n', 'block-scalar'],
        ['a: "x  \\\n\n   y"\n', 'escaped-break'],
        ['a:\n  b: "x \\\r\n  \r\n  y"\r\n', 'escaped-break'],
        ['---#\n', 'document-marker'],
        ['--- a\n', 'document-marker'],
        ['- - \n- x\n', 'empty-entry'],
        ['-\n  - a\n  -\n- x\n', 'empty-entry'],
    ])('declines %j (%s)', (text, reason) => {
        expect(screen(text)).toBe(reason)
    })

    it('lets ordinary text through, including tags, brackets and quotes inside block scalars and quoted strings', () => {
        const text = [
            'tosca_definitions_version: tosca_variability_1_0',
            'description: "a [b {c # d, &e *f !g"',
            "other: 'it''s [x'",
            'script: |',
            '    if [ -f x ]; then { echo "#!/bin/sh"; } fi',
            '    &anchor *alias !tag %directive',
            '',
            'folded: >-',
            '    text',
            'list: [a, "b]", {c: d}]',
            'url: http://x.org/a#b?c=1&d=2',
            'math: 2 * 3',
            '',
        ].join('\n')
        expect(screen(text)).toBeUndefined()
        same(text)
    })

    // the type libraries of real templates are full of these (Ansible conditions, Terraform expressions)
    it('lets plain scalars through that hold "!", "&", "*", quotes and brackets after their first character', () => {
        const text = [
            'tasks:',
            '    - when: SELF._management_create != "VINTNER_MANAGEMENT_OPERATION_UNDEFINED"',
            '      shell: . .env && . .vintner/create.sh',
            '    - for_each: ${toset(split("::", "{{ SELF.ports | join("::") }}"))}',
            "      command: echo [x] {y} 'z' *w # a comment",
            '      key [with] brackets: value',
            '',
        ].join('\n')
        expect(screen(text)).toBeUndefined()
        same(text)
    })

    it.each(['a: x\nb: !tag y\n', 'a: [x, !tag y]\n', 'a: x\nb: &anchor y\n', '- *alias\n', '? !tag\n: x\n'])('still declines a node property where a node starts: %j', text => {
        expect(screen(text)).toBe('node-property')
    })
})

describe('positions of the fast reader', () => {
    const TEXT = 'top:\n    key: value\n    list: [a, {b: 1}]\n'

    it('are found on the first read of a line or column, not on locate()', () => {
        const {data, sourceMap} = readYaml(TEXT, 'f.yaml')
        const top = (data as Record<string, unknown>).top as Record<string, unknown>
        const location = sourceMap.locate(top, 'list')
        expect(sourceMap.filled).toBe(false)
        expect(location?.file).toBe('f.yaml')
        expect(sourceMap.filled).toBe(false)
        expect(location).toMatchObject({file: 'f.yaml', line: 3, column: 5})
        expect(sourceMap.filled).toBe(true)
        expect(sourceMap.locate((top.list as unknown[])[1], 'b')).toMatchObject({file: 'f.yaml', line: 3, column: 16})
    })

    it('a value that is not part of the parsed data has no location, and asking does not fill', () => {
        const {data, sourceMap} = readYaml(TEXT, 'f.yaml')
        expect(sourceMap.locate({top: 1})).toBeUndefined()
        expect(sourceMap.locate('value')).toBeUndefined()
        const list = ((data as Record<string, unknown>).top as Record<string, unknown>).list as unknown[]
        for (const index of [-1, 0.5]) expect(sourceMap.locate(list, index)).toBeUndefined()
        expect(sourceMap.filled).toBe(false)
        expect(sourceMap.locate(data)).toBeDefined()
    })

    it('written down while reading, are there before any is asked for; an index that is no item has no place', () => {
        const {data, sourceMap} = readYaml(TEXT, 'f.yaml', {allPositions: true})
        expect(sourceMap.filled).toBe(true)
        const list = ((data as Record<string, unknown>).top as Record<string, unknown>).list as unknown[]
        expect(sourceMap.locate(list, 1)).toMatchObject({file: 'f.yaml', line: 3, column: 15})
        for (const index of [-1, 0.5]) expect(sourceMap.locate(list, index)).toBeUndefined()
        expect(sourceMap.locate(list, 2)).toEqual(sourceMap.locate(list))
        expect(sourceMap.locate({top: 1})).toBeUndefined()
    })

    it('resolving a valid template does not look them up', () => {
        for (const dir of fs.readdirSync(path.join(PROJECT, 'sample-templates'))) {
            const file = path.join(PROJECT, 'sample-templates', dir, 'variable-service-template.yaml')
            if (!fs.existsSync(file)) continue
            const template = templateFromText(fs.readFileSync(file, 'utf8'), file)
            resolved(template, {})
            expect(template.sourceMap.filled, dir).toBe(false)
        }
    })
})
