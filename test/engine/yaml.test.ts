// Reading YAML with source positions, and loading service templates.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {loadTemplate, templateFromText, VARIABILITY_VERSIONS} from '../../src/engine/load/index.js'
import {readValueText, readYaml} from '../../src/engine/load/yaml/index.js'
import {expectCode, expectRejection} from '../helpers/errors.js'

type Map = Record<string, unknown>

describe('readYaml', () => {
    const TEXT = ['top:', '    key: value', '    list:', '        - first', '        - second: 2', 'other: [a, b]', ''].join('\n')

    it('returns plain data', () => {
        expect(readYaml(TEXT, 'f.yaml').data).toEqual({top: {key: 'value', list: ['first', {second: 2}]}, other: ['a', 'b']})
    })

    it('locates keys of a map', () => {
        const {data, sourceMap} = readYaml(TEXT, 'f.yaml')
        const top = (data as Map).top as Map
        expect(sourceMap.locate(data, 'top')).toEqual({file: 'f.yaml', line: 1, column: 1, endLine: 1, endColumn: 4})
        expect(sourceMap.locate(top, 'key')).toEqual({file: 'f.yaml', line: 2, column: 5, endLine: 2, endColumn: 8})
        expect(sourceMap.locate(top, 'list')).toEqual({file: 'f.yaml', line: 3, column: 5, endLine: 3, endColumn: 9})
        expect(sourceMap.locate(data, 'other')).toEqual({file: 'f.yaml', line: 6, column: 1, endLine: 6, endColumn: 6})
    })

    it('locates items of a sequence', () => {
        const {data, sourceMap} = readYaml(TEXT, 'f.yaml')
        const list = ((data as Map).top as Map).list as unknown[]
        expect(sourceMap.locate(list, 0)).toEqual({file: 'f.yaml', line: 4, column: 11, endLine: 4, endColumn: 16})
        expect(sourceMap.locate(list, 1)).toEqual({file: 'f.yaml', line: 5, column: 11, endLine: 5, endColumn: 17})
        expect(sourceMap.locate((data as Map).other, 1)).toEqual({file: 'f.yaml', line: 6, column: 12, endLine: 6, endColumn: 13})
    })

    it('locates a map in a sequence and its keys', () => {
        const {data, sourceMap} = readYaml(TEXT, 'f.yaml')
        const item = (((data as Map).top as Map).list as unknown[])[1] as Map
        expect(sourceMap.locate(item, 'second')).toEqual({file: 'f.yaml', line: 5, column: 11, endLine: 5, endColumn: 17})
    })

    it('an unknown key falls back to the map itself; scalars have no location', () => {
        const {data, sourceMap} = readYaml(TEXT, 'f.yaml')
        const top = (data as Map).top as Map
        expect(sourceMap.locate(top, 'missing')).toEqual(sourceMap.locate(top))
        expect(sourceMap.locate('value')).toBeUndefined()
        expect(sourceMap.locate({not: 'parsed'})).toBeUndefined()
    })

    it('reports a duplicate key at the second occurrence, with the first as a related place', () => {
        const text = 'a: 1\nb:\n    c: 1\n    d: 2\n    c: 3\n'
        const error = expectCode(() => readYaml(text, 'dup.yaml'), 'yaml-duplicate-key')
        expect(error.location).toMatchObject({file: 'dup.yaml', line: 5, column: 5})
        expect(error.message).toBe('duplicate key "c"')
        expect(error.related).toMatchObject([{location: {file: 'dup.yaml', line: 3, column: 5}, label: 'first defined here'}])
        expect(error.describe()).toMatch(/^dup\.yaml:5:5: /)
    })

    it('reports a duplicate top-level key', () => {
        const error = expectCode(() => readYaml('a: 1\nb: 2\na: 3\n', 'dup.yaml'), 'yaml-duplicate-key')
        expect(error.location).toMatchObject({line: 3, column: 1})
        expect(error.related.map(r => r.location)).toMatchObject([{file: 'dup.yaml', line: 1, column: 1}])
    })

    it('the same key in different maps is not a duplicate', () => {
        expect(readYaml('a: {x: 1}\nb: {x: 2}\n', 'f.yaml').data).toEqual({a: {x: 1}, b: {x: 2}})
    })

    it('reports a syntax error with its line and column', () => {
        const error = expectCode(() => readYaml('a: 1\nb:\n  - x\n  y: 1\n', 'bad.yaml'), 'yaml-syntax')
        expect(error.location?.file).toBe('bad.yaml')
        expect(error.location?.line).toBe(4)
        expect(error.location?.column).toBeGreaterThanOrEqual(1)
        expect(error.describe()).toMatch(/^bad\.yaml:4:\d+: YAML syntax error: /)
    })

    it('reports an unterminated flow sequence as a syntax error', () => {
        const error = expectCode(() => readYaml('a: [1, 2\nb: 3\n', 'bad.yaml'), 'yaml-syntax')
        expect(error.location?.line).toBeGreaterThanOrEqual(1)
        expect(error.location?.line).toBeLessThanOrEqual(2)
    })

    it.each([
        ['a: 1\nb:\n    c: {x: 1, y: [1, 2\n\n', '[', 'line 3, column 18'],
        ['a: 1\nb: {c: 1\n', '{', 'line 2, column 4'],
        ['a:\n  - [1, {b: 2}\n  - 3\n', '[', 'line 2, column 5'],
    ])('names where an unclosed flow collection was opened (%#)', (text, bracket, at) => {
        const error = expectCode(() => readYaml(text, 'bad.yaml'), 'yaml-syntax')
        const [line, column] = /line (\d+), column (\d+)/.exec(at)!.slice(1).map(Number)
        expect(error.related).toMatchObject([{location: {file: 'bad.yaml', line, column}, label: `the ${bracket} left open`}])
    })

    it('resolves aliases to their anchors', () => {
        const {data} = readYaml('base: &b {x: 1, y: [2]}\nuse: *b\nname: &n hello\nagain: *n\n', 'f.yaml')
        expect(data).toEqual({base: {x: 1, y: [2]}, use: {x: 1, y: [2]}, name: 'hello', again: 'hello'})
    })

    it('an alias inside its own anchor is an error, not a hang', () => {
        const error = expectCode(() => readYaml('a: &a\n    b: *a\n', 'f.yaml'), 'yaml-syntax')
        expect(error.location).toMatchObject({line: 2})
        expectCode(() => readYaml('&a [*a]\n', 'f.yaml'), 'yaml-syntax')
    })

    it('an alias without an anchor is an error', () => {
        expectCode(() => readYaml('a: *nope\n', 'f.yaml'), 'yaml-syntax')
    })

    it('aliases that expand exponentially are cut off', () => {
        const ten = (name: string) => `[${Array(10).fill(`*${name}`).join(', ')}]`
        const text = ['a: &a [x, x, x, x, x, x, x, x, x, x]', `b: &b ${ten('a')}`, `c: &c ${ten('b')}`, `d: &d ${ten('c')}`, `e: &e ${ten('d')}`, `f: ${ten('e')}`, ''].join('\n')
        const error = expectCode(() => readYaml(text, 'laughs.yaml'), 'yaml-syntax')
        expect(error.message).toContain('aliases')
    })

    it('an alias names the last anchor of that name before it', () => {
        const {data} = readYaml('a: &x 1\nb: *x\nc: &x 2\nd: *x\n', 'f.yaml')
        expect(data).toEqual({a: 1, b: 1, c: 2, d: 2})
    })

    it('aliases under the count that copy too much are cut off, located', () => {
        // each of 200 aliases copies a sequence of 10,000 items: two million copies
        const text = `big: &big [${Array(10_000).fill('x').join(', ')}]\nuses:\n${Array.from({length: 200}, () => '    - *big\n').join('')}`
        const error = expectCode(() => readYaml(text, 'copies.yaml'), 'yaml-syntax')
        expect(error.message).toBe('YAML aliases expand too far')
        expect(error.location).toMatchObject({file: 'copies.yaml'})
    })

    it('reads thousands of aliases in one pass: each finds its anchor without walking the document (9,990 took minutes)', () => {
        const nodes = Array.from({length: 3000}, (_, i) => `    n${i}: &a${i}\n        k: v${i}\n`).join('')
        const uses = Array.from({length: 9990}, (_, i) => `    o${i}: *a${i % 3000}\n`).join('')
        const {data} = readYaml(`nodes:\n${nodes}uses:\n${uses}`, 'aliases.yaml') as {data: {uses: Record<string, {k: string}>}}
        expect(data.uses.o9989).toEqual({k: 'v989'})
    })

    it.each([
        ['12345678901234567890', 'the integer 12345678901234567890 cannot be kept exactly (integers are exact up to 9007199254740991)'],
        ['9007199254740993', 'the integer 9007199254740993 cannot be kept exactly (integers are exact up to 9007199254740991)'],
        ['0x20000000000001', 'the integer 0x20000000000001 cannot be kept exactly (integers are exact up to 9007199254740991)'],
        ['1e400', 'the number 1e400 is too large to be kept (it would be written as .inf)'],
        ['!!binary aGk=', 'the YAML tag !!binary is not read: its value has no plain TOSCA form'],
        ['!!omap [{a: 1}, {b: 2}]', 'the YAML tag !!omap is not read: its value has no plain TOSCA form'],
        ['!!pairs [{a: 1}]', 'the YAML tag !!pairs is not read: its value has no plain TOSCA form'],
        ['!!set {a, b}', 'the YAML tag !!set is not read: its value has no plain TOSCA form'],
    ])('refuses a value it would write changed, located: %s', (written, message) => {
        const error = expectCode(() => readYaml(`a:\n    b: ${written}\n`, 'v.yaml'), 'invalid-template')
        expect(error.message).toBe(message)
        expect(error.location).toMatchObject({file: 'v.yaml', line: 2})
    })

    it('names a key that is a map or a list by its flow YAML, whichever reader would read the text', () => {
        for (const text of ['a:\n    ? [x, y]\n    : z\n', 'a:\n    [x, y]: z\n', 'a: {[x, y]: z}\n', 'a:\n    ? - x\n      - y\n    : z\n'])
            expect(readYaml(text, 'k.yaml').data).toEqual({a: {'[ x, y ]': 'z'}})
        // a float stays a float, a string that would read as something else is quoted
        expect(readYaml('a: {{x: 1.0, "y z": [yes, "1", ""]}: z}\n', 'k.yaml').data).toEqual({a: {'{ x: 1.0, y z: [ yes, "1", "" ] }': 'z'}})
    })

    it('reads a flow collection as a key after another entry, as YAML 1.2 does (the yaml parser failed: "Map comment with trailing content")', () => {
        const text = 'properties:\n  name: x\n  { concat: [ Recip, ient ] }: Puccini\n\n  # a comment\n  [a, b]: c\nlist:\n- n: 1\n  {k: v}: w\n'
        const {data, sourceMap} = readYaml(text, 'p.yaml')
        expect(data).toEqual({properties: {name: 'x', '{ concat: [ Recip, ient ] }': 'Puccini', '[ a, b ]': 'c'}, list: [{n: 1, '{ k: v }': 'w'}]})
        const properties = (data as {properties: object}).properties
        expect(sourceMap.locate(properties, '{ concat: [ Recip, ient ] }')).toMatchObject({line: 3, column: 3})
        expect(sourceMap.locate(properties, '[ a, b ]')).toMatchObject({line: 6, column: 3})
    })

    it('a key named by its flow YAML reads back as the same data, and two maps are two keys', () => {
        const keys = ['{ a: x y, "b:c": [ "1", yes, -1, .inf, null, "", " s", "q#", "-", "line\\nbreak" ] }', '[ [], {} ]', '{ toString: constructor }']
        for (const key of keys) {
            const [name] = Object.keys(readYaml(`? ${key}\n: 1\n`, 'k.yaml').data as object)
            expect(name).toBe(key)
            // the name, read as YAML, is the key's data
            expect(readYaml(name!, 'name.yaml').data).toEqual(readYaml(key, 'key.yaml').data)
        }
        expect(Object.keys(readYaml('{a: 1}: x\n{a: 2}: y\n', 'k.yaml').data as object)).toEqual(['{ a: 1 }', '{ a: 2 }'])
        const error = expectCode(() => readYaml('{a: 1}: x\n{ a: 1 }: y\n', 'k.yaml'), 'yaml-duplicate-key')
        expect(error.message).toBe('duplicate key "{ a: 1 }"')
        expect(error.location).toMatchObject({line: 2, column: 1})
    })

    it('keeps what it can write as written: .inf, the largest exact integer, quoted digits', () => {
        expect(readYaml('a: .inf\nb: 9007199254740991\nc: "12345678901234567890"\nd: -.INF\ne: 1.5e300\n', 'f.yaml').data).toEqual({
            a: Infinity,
            b: 9007199254740991,
            c: '12345678901234567890',
            d: -Infinity,
            e: 1.5e300,
        })
    })

    it('follows YAML 1.2: yes/no and timestamps stay strings', () => {
        expect(readYaml('a: yes\nb: no\nc: 2023-01-01T00:00:00.000Z\nd: true\n', 'f.yaml').data).toEqual({
            a: 'yes',
            b: 'no',
            c: '2023-01-01T00:00:00.000Z',
            d: true,
        })
    })

    it('a --set value is read by the same rules: keys that are collections named alike, the same refusals', () => {
        expect(readValueText('{[a, b]: 1, c: {x: 1}}')).toEqual({'[ a, b ]': 1, c: {x: 1}})
        expect(readValueText('c: 1\n[a, b]: 2\n')).toEqual({c: 1, '[ a, b ]': 2})
        expect(() => readValueText('[1e400]')).toThrow(
            'the number 1e400 is too large to be kept (it would be written as .inf); write .inf, or quote it to keep it as text: "1e400"',
        )
        expect(() => readValueText('{a: 1, a: 2}')).toThrow('the value is not valid YAML: duplicate key "a" at line 1, column 8')
    })

    it('a map or sequence used as a key is named without calling a "toString" it holds', () => {
        // found by the random-text property: String() of such a key called the data's own "toString" and crashed
        // (flow collections over several lines and tags are read by the exact reader)
        expect(readYaml('{\n  [a, {toString: x}]: 1,\n  [b, c]: 2\n}\n', 'f.yaml').data).toEqual({'[ a, { toString: x } ]': 1, '[ b, c ]': 2})
        expect(readYaml('!!map {\n  ? {toString: constructor}\n  : 1\n}\n', 'f.yaml').data).toEqual({'{ toString: constructor }': 1})
    })

    it('an empty document is null', () => {
        expect(readYaml('', 'f.yaml').data).toBeNull()
    })
})

describe('loading templates', () => {
    it('rejects an unsupported tosca_definitions_version, located at the key', () => {
        const text = '# a template\ntosca_definitions_version: tosca_simple_yaml_1_2\ntopology_template: {}\n'
        const error = expectCode(() => templateFromText(text, 'template.yaml'), 'unsupported-version')
        expect(error.message).toBe('unsupported tosca_definitions_version "tosca_simple_yaml_1_2"')
        expect(error.help.join(' ')).toContain('tosca_variability_1_0, tosca_variability_1_0_rc_2, tosca_variability_1_0_rc_3, tosca_simple_yaml_1_3')
        expect(error.location).toMatchObject({file: 'template.yaml', line: 2, column: 1})
        expect(error.errorClass).toBe('input')
    })

    it('rejects a template without tosca_definitions_version', () => {
        expectCode(() => templateFromText('topology_template: {}\n'), 'unsupported-version')
    })

    it('rejects a document that is not a map', () => {
        expectCode(() => templateFromText('- just\n- a list\n'), 'invalid-template')
    })

    it('accepts plain TOSCA 1.3', () => {
        const template = templateFromText('tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n    node_templates: {}\n')
        expect(template.version).toBe('tosca_simple_yaml_1_3')
        expect(template.data.topology_template).toEqual({node_templates: {}})
    })

    it.each(VARIABILITY_VERSIONS.map(v => [v]))('accepts %s', version => {
        expect(templateFromText(`tosca_definitions_version: ${version}\n`).version).toBe(version)
    })

    it('keeps the source map of the text', () => {
        const template = templateFromText('tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates: {}\n', 'x.yaml')
        expect(template.sourceMap.locate(template.data.topology_template, 'node_templates')).toMatchObject({file: 'x.yaml', line: 3, column: 5})
    })

    it('propagates YAML errors', () => {
        expectCode(() => templateFromText('tosca_definitions_version: tosca_variability_1_0\na: 1\na: 2\n'), 'yaml-duplicate-key')
    })

    describe('from files', () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-yaml-test-'))
        afterAll(() => fs.rmSync(dir, {recursive: true, force: true}))

        it('reads a template and files next to it', async () => {
            fs.writeFileSync(path.join(dir, 'service.yaml'), 'tosca_definitions_version: tosca_variability_1_0\n')
            fs.writeFileSync(path.join(dir, 'rules.yaml'), 'rule: 1\n')
            const template = await loadTemplate(path.join(dir, 'service.yaml'))
            expect(template.file).toBe(path.join(dir, 'service.yaml'))
            expect(template.dir).toBe(dir)
            expect(template.readRelative('rules.yaml')?.data).toEqual({rule: 1})
            expect(template.readRelative('missing.yaml')).toBeUndefined()
        })

        it("never reads a file outside the template's folder: absolute, ../ or through a link", async () => {
            const inner = fs.mkdtempSync(path.join(dir, 'inner-'))
            fs.writeFileSync(path.join(inner, 'service.yaml'), 'tosca_definitions_version: tosca_variability_1_0\n')
            fs.writeFileSync(path.join(dir, 'secret.yaml'), 'password: hunter2\n')
            fs.symlinkSync(path.join(dir, 'secret.yaml'), path.join(inner, 'link.yaml'))
            const template = await loadTemplate(path.join(inner, 'service.yaml'))
            for (const name of [path.join(dir, 'secret.yaml'), '../secret.yaml', 'link.yaml']) {
                const error = expectCode(() => template.readRelative(name), 'invalid-template')
                expect(error.message).toBe(`"${name}" lies outside the template's folder: a template may only name files inside it`)
                expect(error.message).not.toContain('hunter2')
            }
        })

        it('a missing template is file-not-found', async () => {
            const error = await expectRejection(() => loadTemplate(path.join(dir, 'nope.yaml')), 'file-not-found')
            expect(error.message).toContain('nope.yaml')
        })

        it('errors name the file they are in', async () => {
            fs.writeFileSync(path.join(dir, 'dup.yaml'), 'tosca_definitions_version: tosca_variability_1_0\nx: 1\nx: 2\n')
            const error = await expectRejection(() => loadTemplate(path.join(dir, 'dup.yaml')), 'yaml-duplicate-key')
            expect(error.location?.file).toContain('dup.yaml')
            expect(error.location?.line).toBe(3)
        })
    })
})

describe('encodings', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-encoding-'))
    afterAll(() => fs.rmSync(dir, {recursive: true, force: true}))
    const TEXT = 'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: "täst"}\n'
    const write = (name: string, bytes: Buffer) => {
        fs.writeFileSync(path.join(dir, name), bytes)
        return path.join(dir, name)
    }
    const typeOf = async (file: string) => ((await loadTemplate(file)).data as {topology_template: {node_templates: {a: {type: string}}}}).topology_template.node_templates.a.type

    it('reads UTF-8 with or without a byte order mark, and UTF-16 with one', async () => {
        expect(await typeOf(write('plain.yaml', Buffer.from(TEXT)))).toBe('täst')
        expect(await typeOf(write('bom.yaml', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)])))).toBe('täst')
        expect(await typeOf(write('le.yaml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')])))).toBe('täst')
        const be = Buffer.from(TEXT, 'utf16le').swap16()
        expect(await typeOf(write('be.yaml', Buffer.concat([Buffer.from([0xfe, 0xff]), be])))).toBe('täst')
    })

    it('names invalid UTF-8 where it is instead of reading replacement characters', async () => {
        const bytes = Buffer.concat([Buffer.from(TEXT.replace('täst', 't')), Buffer.from([0x62, 0xff, 0x0a])])
        const error = await expectRejection(() => loadTemplate(write('bad.yaml', bytes)), 'invalid-template')
        expect(error.message).toBe(`the file is not valid UTF-8: byte 0xff at offset ${bytes.length - 2}`)
        expect(error.location).toMatchObject({line: 5, column: 2})
    })

    it('names UTF-32 and UTF-16 without a byte order mark', async () => {
        expect((await expectRejection(() => loadTemplate(write('u32.yaml', Buffer.from([0xff, 0xfe, 0, 0, 0x74, 0, 0, 0]))), 'invalid-template')).message).toContain('UTF-32')
        expect((await expectRejection(() => loadTemplate(write('u16.yaml', Buffer.from(TEXT, 'utf16le'))), 'invalid-template')).message).toContain('without a byte order mark')
    })
})
