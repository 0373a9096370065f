// Loads technology plugins: the modules listed under `variability.plugins.technology`
// (relative to the template) and every module in ./plugins/technology.
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {TrellisError} from '../errors.js'
import type {TechnologyPluginBuilder} from '../technologies/plugins.js'
import type {LoadedTemplate} from './index.js'

const MODULE = /\.(m?js|cjs)$/

export async function loadTechnologyPlugins(template: LoadedTemplate): Promise<TechnologyPluginBuilder[]> {
    if (template.version === 'tosca_simple_yaml_1_3') return []
    const topology = template.data.topology_template as Record<string, unknown> | undefined
    const variability = topology?.variability as Record<string, unknown> | undefined
    const plugins = variability?.plugins as Record<string, unknown> | undefined
    const listed = plugins?.technology
    const files: {file: string; where?: ReturnType<LoadedTemplate['sourceMap']['locate']>}[] = []
    if (listed !== undefined && listed !== null) {
        if (!Array.isArray(listed) || listed.some(p => typeof p !== 'string'))
            throw new TrellisError('invalid-template', '"plugins.technology" must be a list of module paths', template.sourceMap.locate(plugins, 'technology'))
        listed.forEach((p, i) => files.push({file: path.resolve(template.dir, p as string), where: template.sourceMap.locate(listed, i)}))
    }
    const folder = path.join(template.dir, 'plugins', 'technology')
    if (fs.existsSync(folder))
        for (const name of fs.readdirSync(folder).sort()) if (MODULE.test(name)) files.push({file: path.join(folder, name)})
    const out: TechnologyPluginBuilder[] = []
    for (const {file, where} of files) {
        const fail = (why: string): never => {
            throw new TrellisError('plugin-load', `technology plugin "${path.relative(process.cwd(), file) || file}" could not be loaded: ${why}`, where)
        }
        if (!fs.existsSync(file)) fail('no such file')
        let module: Record<string, unknown>
        try {
            module = (await import(pathToFileURL(file).href)) as Record<string, unknown>
        } catch (e) {
            return fail((e as Error).message.split('\n')[0] ?? String(e))
        }
        const builder = (module.builder ?? module.default) as {build?: unknown} | undefined
        if (!builder || typeof builder.build !== 'function') fail('it must export a builder with a build(graph) function, as its default export or as "builder"')
        const build = builder!.build as TechnologyPluginBuilder['build']
        out.push({source: file, build: graph => build.call(builder, graph)})
    }
    return out
}
