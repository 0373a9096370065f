// Technology plugins (the spec's PluginDefinition): modules listed under
// variability.plugins.technology or found in ./plugins/technology propose technologies.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {removeWorkspaces, workspace} from '../cli/run.js'
import {findTechnologyPlugins, loadTechnologyPlugins, loadTemplate} from '../../src/engine/load/index.js'
import {resolved} from '../helpers/v4t.js'

afterAll(removeWorkspaces)

/** The user's consent: --allow-plugins. */
const ALLOW = {allow: true}

const TEMPLATE = (extra = '') => `tosca_definitions_version: tosca_variability_1_0_rc_2
node_types:
    web.app:
        derived_from: tosca.nodes.SoftwareComponent
topology_template:
    variability:
        options:
            hosting_stack_constraint: false
${extra}
    node_templates:
        app:
            type: web.app
            persistent: true
`

const PLUGIN = `export default {
    build(graph) {
        return {
            assign(node) {
                if (node.types[0].name !== 'web.app') return []
                return [{docker: {weight: 2}}, {kubernetes: {weight: 1, conditions: false}}]
            },
        }
    },
}
`

async function resolveIn(dir: string) {
    const template = await loadTemplate(path.join(dir, 'template.yaml'))
    return resolved(template, {plugins: await loadTechnologyPlugins(template, ALLOW)})
}

describe('technology plugins', () => {
    it('loads every module in ./plugins/technology and uses its proposals as technology candidates', async () => {
        const dir = workspace({'template.yaml': TEMPLATE(), 'plugins/technology/containers.mjs': PLUGIN})
        const result = await resolveIn(dir)
        expect(result.output).toMatchObject({topology_template: {node_templates: {app: {type: 'web.app~web.app::docker'}}}})
        const technologies = result.model!.graph.technologies
        expect(technologies.map(t => [t.name, t.plugin?.endsWith('containers.mjs'), result.model!.present(t)])).toEqual([
            ['docker', true, true],
            ['kubernetes', true, false],
        ])
        const kubernetes = result.model!.conditions.of(technologies[1]!.seq)
        expect(kubernetes.records.map(r => r.origin.kind)).toContain('technology-plugin')
    })

    it('loads the modules listed under variability.plugins.technology, relative to the template', async () => {
        const dir = workspace({'template.yaml': TEMPLATE('        plugins:\n            technology: [./lib/containers.mjs]'), 'lib/containers.mjs': PLUGIN})
        const result = await resolveIn(dir)
        expect(result.output).toMatchObject({topology_template: {node_templates: {app: {type: 'web.app~web.app::docker'}}}})
    })

    it('reports a listed plugin that does not exist, at its place in the template', async () => {
        const dir = workspace({'template.yaml': TEMPLATE('        plugins:\n            technology: [./missing.mjs]')})
        const template = await loadTemplate(path.join(dir, 'template.yaml'))
        await expect(loadTechnologyPlugins(template, ALLOW)).rejects.toMatchObject({code: 'plugin-load', message: expect.stringContaining('no such file'), location: {line: 10}})
    })

    it('reports a module that does not export a builder', async () => {
        const dir = workspace({'template.yaml': TEMPLATE(), 'plugins/technology/bad.mjs': 'export const x = 1\n'})
        const template = await loadTemplate(path.join(dir, 'template.yaml'))
        await expect(loadTechnologyPlugins(template, ALLOW)).rejects.toMatchObject({code: 'plugin-load', message: expect.stringContaining('must export a builder')})
    })

    it('reports a module that fails to load', async () => {
        const dir = workspace({'template.yaml': TEMPLATE(), 'plugins/technology/broken.mjs': 'export default {build( {\n'})
        const template = await loadTemplate(path.join(dir, 'template.yaml'))
        await expect(loadTechnologyPlugins(template, ALLOW)).rejects.toMatchObject({code: 'plugin-load', message: expect.stringContaining('could not be loaded')})
    })

    it('reports a plugin whose assign throws, naming the node', async () => {
        const dir = workspace({'template.yaml': TEMPLATE(), 'plugins/technology/throws.mjs': 'export default {build() { return {assign() { throw new Error("boom") }} }}\n'})
        await expect(resolveIn(dir)).rejects.toMatchObject({code: 'plugin-load', message: expect.stringMatching(/failed for node "app": boom/)})
    })

    it("runs nothing without the user's consent: finding plugins does not load them", async () => {
        const marker = path.join(os.tmpdir(), `trellis-plugin-ran-${process.pid}-${Date.now()}`)
        const evil = `import fs from 'node:fs'\nfs.writeFileSync(${JSON.stringify(marker)}, 'ran')\nexport default {build() { return {assign() { return [] }} }}\n`
        const dir = workspace({
            'template.yaml': TEMPLATE('        plugins:\n            technology: [./lib/listed.mjs]'),
            'plugins/technology/evil.mjs': evil,
            'lib/listed.mjs': evil,
        })
        const template = await loadTemplate(path.join(dir, 'template.yaml'))
        expect(findTechnologyPlugins(template).map(m => path.basename(m.file))).toEqual(['listed.mjs', 'evil.mjs'])
        expect(await loadTechnologyPlugins(template)).toEqual([])
        expect(fs.existsSync(marker)).toBe(false)
    })

    it("refuses a listed plugin outside the template's folder even with consent; a module the user names runs", async () => {
        const outside = workspace({'containers.mjs': PLUGIN})
        const relative = path.relative(path.join(os.tmpdir()), path.join(outside, 'containers.mjs'))
        for (const listed of [path.join(outside, 'containers.mjs'), `../${relative}`]) {
            const dir = workspace({'template.yaml': TEMPLATE(`        plugins:\n            technology: [${JSON.stringify(listed)}]`)})
            const template = await loadTemplate(path.join(dir, 'template.yaml'))
            await expect(loadTechnologyPlugins(template, ALLOW)).rejects.toMatchObject({
                code: 'plugin-load',
                message: expect.stringContaining("lies outside the template's folder"),
            })
        }
        const dir = workspace({'template.yaml': TEMPLATE()})
        const template = await loadTemplate(path.join(dir, 'template.yaml'))
        const builders = await loadTechnologyPlugins(template, {allow: false, extra: [path.join(outside, 'containers.mjs')]})
        expect(resolved(template, {plugins: builders}).output).toMatchObject({topology_template: {node_templates: {app: {type: 'web.app~web.app::docker'}}}})
    })

    it('refuses a module in plugins/technology that is a symbolic link leading out of the folder', async () => {
        const outside = workspace({'containers.mjs': PLUGIN})
        const dir = workspace({'template.yaml': TEMPLATE()})
        fs.mkdirSync(path.join(dir, 'plugins', 'technology'), {recursive: true})
        fs.symlinkSync(path.join(outside, 'containers.mjs'), path.join(dir, 'plugins', 'technology', 'containers.mjs'))
        const template = await loadTemplate(path.join(dir, 'template.yaml'))
        await expect(loadTechnologyPlugins(template, ALLOW)).rejects.toMatchObject({message: expect.stringContaining("lies outside the template's folder")})
    })
})
