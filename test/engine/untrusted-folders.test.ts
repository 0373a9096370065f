// A template's folder is untrusted as well: what the load stage reads beside a template (the type
// library below lib/, technology rules, type-specific conditions) stays inside the template's folder
// once links are resolved, a walk visits each folder once and stops at its bounds, and only regular
// files are read (a FIFO would block the read for ever).
import {execFileSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {loadTemplate} from '../../src/engine/load/index.js'
import {MAX_DEPTH} from '../../src/engine/load/library.js'
import {expectRejection} from '../helpers/errors.js'
import {removeWorkspaces, workspace} from '../cli/run.js'
import {resolved} from '../helpers/v4t.js'

afterAll(removeWorkspaces)

const SECRET = 'hunter2-secret'
/** A folder outside the template's: a service template of types, and a file that is no YAML at all. */
const foreign = () =>
    workspace({
        'types.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n    foreign.Type: {derived_from: tosca.nodes.Root}\n',
        'broken.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3\n${SECRET}: [\n`,
        'rules.yaml': `${SECRET}: [\n`,
    })

const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        app: {type: tosca.nodes.Root}
`
const withVariability = (variability: string) => TEMPLATE.replace('topology_template:\n', `topology_template:\n    variability:\n${variability}`)

const hasFifo = (() => {
    try {
        execFileSync('mkfifo', ['--version'], {stdio: 'ignore'})
        return process.platform !== 'win32'
    } catch {
        return false
    }
})()

describe('the type library below lib/', () => {
    it('is not read when lib/ itself is a link leading out of the template folder', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        fs.symlinkSync(foreign(), path.join(dir, 'lib'))
        const template = await loadTemplate(path.join(dir, 't.yaml'))
        expect(template.library()).toEqual([])
        expect(resolved(template, {}).output).toMatchObject({topology_template: {node_templates: {app: {}}}})
    })

    it('reads a link inside lib/ only when it leads to a file inside the template folder', async () => {
        const outside = foreign()
        const dir = workspace({'t.yaml': TEMPLATE, 'types/own.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\n'})
        fs.mkdirSync(path.join(dir, 'lib'))
        fs.symlinkSync(path.join(outside, 'types.yaml'), path.join(dir, 'lib', 'foreign.yaml'))
        fs.symlinkSync(outside, path.join(dir, 'lib', 'away'))
        fs.symlinkSync(path.join(dir, 'types'), path.join(dir, 'lib', 'own'))
        expect((await loadTemplate(path.join(dir, 't.yaml'))).library().map(f => path.relative(dir, f.file))).toEqual([path.join('lib', 'own', 'own.yaml')])
    })

    it('visits each folder once: links back up (lib/a -> ., lib/b -> .) end the walk', async () => {
        const dir = workspace({'t.yaml': TEMPLATE, 'lib/types.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\n'})
        fs.symlinkSync('.', path.join(dir, 'lib', 'a'))
        fs.symlinkSync('.', path.join(dir, 'lib', 'b'))
        fs.symlinkSync('..', path.join(dir, 'lib', 'up'))
        const template = await loadTemplate(path.join(dir, 't.yaml'))
        expect(template.library().map(f => path.relative(dir, f.file))).toEqual([path.join('lib', 'types.yaml')])
        expect(resolved(template, {}).output).toBeTruthy()
    })

    it('is refused with a clear error when nested deeper than the bound', async () => {
        const deep = Array.from({length: MAX_DEPTH + 2}, (_, i) => `d${i}`).join('/')
        const dir = workspace({'t.yaml': TEMPLATE, [`lib/${deep}/x.yaml`]: 'a: 1\n'})
        const error = await expectRejection(async () => (await loadTemplate(path.join(dir, 't.yaml'))).library(), 'too-large')
        expect(error.message).toMatch(/^the type library "lib\/" is nested deeper than \d+ folders/)
    })
})

describe('files a template names', () => {
    it.each([
        ['technology rules', `        technology_rules: ./link/rules.yaml\n`],
        ['type-specific conditions', `        type_specific_conditions: ./link/rules.yaml\n`],
    ])('%s behind a link leading out are refused, located, and nothing of the foreign file is shown', async (_, variability) => {
        const dir = workspace({'t.yaml': withVariability(variability)})
        fs.symlinkSync(foreign(), path.join(dir, 'link'))
        const error = await expectRejection(async () => resolved(await loadTemplate(path.join(dir, 't.yaml')), {}), 'invalid-template')
        expect(error.message).toBe(`"./link/rules.yaml" lies outside the template's folder: a template may only name files inside it`)
        expect(error.location?.line).toBe(4)
        expect(JSON.stringify(error.diagnostics())).not.toContain(SECRET)
    })
})

describe.skipIf(!hasFifo)('only regular files are read (a FIFO never blocks)', () => {
    it('a FIFO below lib/ is no file of the type library', async () => {
        const dir = workspace({'t.yaml': TEMPLATE, 'lib/types.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\n'})
        fifo(dir, 'lib/fifo.yaml')
        const template = await loadTemplate(path.join(dir, 't.yaml'))
        expect(template.library().map(f => path.basename(f.file))).toEqual(['types.yaml'])
        expect(resolved(template, {}).output).toBeTruthy()
    })

    const fifo = (dir: string, name: string) => execFileSync('mkfifo', [path.join(dir, name)])

    it('the template', async () => {
        const dir = workspace()
        fifo(dir, 't.yaml')
        expect((await expectRejection(() => loadTemplate(path.join(dir, 't.yaml')), 'file-not-found')).message).toMatch(/not a regular file/)
    })

    it.each([
        ['named technology rules', `        technology_rules: rules.yaml\n`, 'rules.yaml'],
        ['the default technology rules file', '', 'technology-rules.yaml'],
        ['named type-specific conditions', `        type_specific_conditions: conditions.yaml\n`, 'conditions.yaml'],
    ])('%s', async (_, variability, name) => {
        const dir = workspace({'t.yaml': variability ? withVariability(variability) : TEMPLATE})
        fs.mkdirSync(path.join(dir, 'lib'))
        fifo(dir, name)
        const error = await expectRejection(async () => resolved(await loadTemplate(path.join(dir, 't.yaml')), {}), 'file-not-found')
        expect(error.message).toMatch(/not a regular file/)
        // located where the template names the file; a default file it does not name has no place in it
        expect(error.location?.line).toBe(variability ? 4 : undefined)
    })
})
