// `trellis test` on a downloaded suite: a case names only files inside its own folder (or its
// CSAR), a malformed test.yaml fails that case with one line, and merge keys stay data.
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {runCase} from '../../src/cli/test-cases.js'
import {tempDir, removeTempDirs} from './helpers.js'

afterAll(removeTempDirs)

const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        app:
            type: tosca.nodes.Root
`
const RESOLVED = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
    node_templates:
        app:
            type: tosca.nodes.Root
`

function suite(testYaml: string | undefined): {root: string; dir: string} {
    const root = tempDir('trellis-cases-')
    const dir = path.join(root, 'case')
    fs.mkdirSync(dir)
    fs.writeFileSync(path.join(dir, 'template.yaml'), TEMPLATE)
    fs.writeFileSync(path.join(dir, 'expected.yaml'), RESOLVED)
    if (testYaml !== undefined) fs.writeFileSync(path.join(dir, 'test.yaml'), testYaml)
    fs.writeFileSync(path.join(root, 'secret.yaml'), 'password: hunter2\n')
    return {root, dir}
}

describe('trellis test cases', () => {
    it('passes a plain case', async () => {
        const {dir} = suite(undefined)
        expect(await runCase(dir, 'case')).toEqual({name: 'case', ok: true})
    })

    it.each([
        ['expected', 'expected: ../secret.yaml'],
        ['inputs', 'inputs: ../secret.yaml'],
    ])('refuses %s naming a file outside the case, without printing its values', async (key, yaml) => {
        const {dir} = suite(yaml)
        const result = await runCase(dir, 'case')
        expect(result.ok).toBe(false)
        expect(result.reason).toBe(`test.yaml: ${key} names a file outside ${dir} (give --root to allow a folder around it) (../secret.yaml)`)
        expect(result.reason).not.toContain('hunter2')
    })

    it('passes a case expecting an error, reached through a linked folder (no expected.yaml to resolve)', async () => {
        const {root, dir} = suite('error: does not exist\n')
        fs.rmSync(path.join(dir, 'expected.yaml'))
        fs.writeFileSync(path.join(dir, 'template.yaml'), TEMPLATE.replace('tosca.nodes.Root', '{}'))
        const linked = path.join(tempDir('trellis-cases-link-'), 'suite')
        fs.symlinkSync(root, linked)
        const result = await runCase(path.join(linked, 'case'), 'case')
        expect(result.reason ?? '').not.toContain('names a file outside')
    })

    it('refuses a symbolic link out of the case', async () => {
        const {root, dir} = suite('expected: link.yaml')
        fs.symlinkSync(path.join(root, 'secret.yaml'), path.join(dir, 'link.yaml'))
        expect((await runCase(dir, 'case')).reason).toMatch(/^test\.yaml: expected names a file outside/)
    })

    it.each([
        ['expected: [1]', 'test.yaml: expected must be a file name'],
        ['replace: x', 'test.yaml: replace must be a list of [from, to] string pairs'],
        ['- a list', 'test.yaml must be a YAML map'],
        ['a: [', 'cannot read test.yaml: '],
    ])('fails a malformed test.yaml (%s) with one line', async (yaml, reason) => {
        const {dir} = suite(yaml)
        const result = await runCase(dir, 'case')
        expect(result.ok).toBe(false)
        expect(result.reason!.startsWith(reason)).toBe(true)
        expect(result.reason).not.toContain('\n')
    })

    it('merges a key named __proto__ as data', async () => {
        const {dir} = suite('merge: {__proto__: {polluted: true}}')
        const result = await runCase(dir, 'case')
        expect(result.ok).toBe(false)
        expect(result.reason).toContain('/__proto__ is missing')
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })
})

describe('trellis test --root', () => {
    /** A case in a CSAR that shares its sibling CSAR's expected template, as the reference's examples do. */
    function siblings(): {examples: string; dir: string} {
        const examples = tempDir('trellis-examples-')
        const own = path.join(examples, 'shop-manual')
        const dir = path.join(own, 'tests', 'static')
        const sibling = path.join(examples, 'shop-automated', 'tests', 'static')
        fs.mkdirSync(dir, {recursive: true})
        fs.mkdirSync(sibling, {recursive: true})
        fs.writeFileSync(path.join(own, 'variable-service-template.yaml'), TEMPLATE)
        fs.writeFileSync(path.join(sibling, 'expected.yaml'), RESOLVED)
        fs.writeFileSync(path.join(dir, 'test.yaml'), 'expected: ../../../shop-automated/tests/static/expected.yaml\n')
        return {examples, dir}
    }

    it('lets a case name a sibling folder’s expected template inside the root given', async () => {
        const {examples, dir} = siblings()
        expect((await runCase(dir, 'static')).reason).toMatch(/names a file outside .*give --root/)
        expect(await runCase(dir, 'static', {root: examples})).toEqual({name: 'static', ok: true})
    })

    it('still refuses a file outside the root given', async () => {
        const {examples, dir} = siblings()
        expect((await runCase(dir, 'static', {root: path.join(examples, 'shop-manual')})).reason).toMatch(/^test\.yaml: expected names a file outside .* and /)
    })
})

describe('trellis test on a case whose files lead out', () => {
    it('refuses an inputs.yaml that is a symbolic link out of the case', async () => {
        const {root, dir} = suite(undefined)
        fs.symlinkSync(path.join(root, 'secret.yaml'), path.join(dir, 'inputs.yaml'))
        expect((await runCase(dir, 'case')).reason).toMatch(/^test\.yaml: inputs names a file outside/)
    })

    it('does not show the values of a template outside the case and the working folder', async () => {
        const {root, dir} = suite('template: ../elsewhere/t.yaml')
        fs.mkdirSync(path.join(root, 'elsewhere'))
        fs.writeFileSync(path.join(root, 'elsewhere/t.yaml'), TEMPLATE.replace('tosca.nodes.Root', 'hunter2'))
        const result = await runCase(dir, 'case')
        expect(result.ok).toBe(false)
        expect(result.reason).toMatch(/values not shown: the template lies outside/)
        expect(result.reason).not.toContain('hunter2')
    })
})
