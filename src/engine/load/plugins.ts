// Technology plugins: the modules listed under `variability.plugins.technology`
// (relative to the template) and every module in ./plugins/technology. A plugin is
// code, and a template may come from anywhere, so finding plugins never runs them:
// only loadTechnologyPlugins does, and only with the user's explicit consent, and
// only modules inside the template's folder (plus modules the user names).
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {importModule} from './import-module.js'
import {TrellisError, type SourceLocation} from '../errors.js'
import {isRegularFile} from './files.js'
import {isBelow, realpath, shownPath} from './paths.js'
import type {LoadedTemplate} from './template.js'

const MODULE = /\.(m?js|cjs)$/

/** A loaded plugin module: what its builder makes of the element graph is checked where the graph is built. */
export interface LoadedPlugin {
    /** Where the plugin was loaded from, for messages and explanations. */
    readonly source: string
    build(graph: unknown): unknown
}

/** A plugin module a template asks for. */
export interface PluginModule {
    readonly file: string
    /** Where the template lists it; none for a module found in ./plugins/technology or named by the user. */
    readonly where?: SourceLocation
    /** Resolves outside the template's folder (a `../` or absolute path, or a symbolic link leading out). */
    readonly outside: boolean
}

export interface PluginPolicy {
    /** Run the plugins of the template's folder (`--allow-plugins`). */
    readonly allow: boolean
    /** Modules the user names on the command line (`--plugin FILE`): run, wherever they are. */
    readonly extra?: readonly string[]
}

/** The plugin modules a template asks for, without running anything. */
export function findTechnologyPlugins(template: LoadedTemplate): PluginModule[] {
    const topology = template.data.topology_template as Record<string, unknown> | undefined
    const variability = topology?.variability as Record<string, unknown> | undefined
    const plugins = variability?.plugins as Record<string, unknown> | undefined
    const listed = plugins?.technology
    const inside = realpath(template.dir) ?? template.dir
    const module = (file: string, where?: SourceLocation): PluginModule => ({file, where, outside: !isBelow(realpath(file) ?? file, inside)})
    const out: PluginModule[] = []
    if (listed !== undefined && listed !== null) {
        if (!Array.isArray(listed) || listed.some(p => typeof p !== 'string'))
            throw new TrellisError('invalid-template', '"plugins.technology" must be a list of module paths', template.sourceMap.locate(plugins, 'technology'))
        listed.forEach((p, i) => out.push(module(path.resolve(template.dir, p as string), template.sourceMap.locate(listed, i))))
    }
    const folder = path.join(template.dir, 'plugins', 'technology')
    if (fs.existsSync(folder)) for (const name of fs.readdirSync(folder).sort()) if (MODULE.test(name)) out.push(module(path.join(folder, name)))
    return out
}

/**
 * Runs the template's plugin modules when the policy allows it (refusing any that lie outside the
 * template's folder), and the modules the user names. Without consent it runs nothing: the shells
 * say which plugins were left out (see findTechnologyPlugins).
 */
export async function loadTechnologyPlugins(template: LoadedTemplate, policy: PluginPolicy = {allow: false}): Promise<LoadedPlugin[]> {
    const modules = policy.allow ? findTechnologyPlugins(template) : []
    for (const m of modules)
        if (m.outside)
            throw new TrellisError('plugin-load', `technology plugin "${shownPath(m.file)}" lies outside the template's folder: plugins run only from there`, m.where, {
                help: ['name another module with --plugin FILE'],
            })
    const chosen = [...modules, ...(policy.extra ?? []).map(file => ({file: path.resolve(file), outside: false}) as PluginModule)]
    const out: LoadedPlugin[] = []
    for (const m of chosen) out.push(await load(m))
    return out
}

async function load({file, where}: PluginModule): Promise<LoadedPlugin> {
    const fail = (why: string): never => {
        throw new TrellisError('plugin-load', `technology plugin "${shownPath(file)}" could not be loaded: ${why}`, where)
    }
    if (!fs.existsSync(file)) fail('no such file')
    // importing a FIFO would wait for a writer forever
    if (!isRegularFile(file)) fail('not a regular file')
    let module: Record<string, unknown>
    try {
        module = (await importModule(pathToFileURL(file).href)) as Record<string, unknown>
    } catch (e) {
        return fail((e as Error).message.split('\n')[0] ?? String(e))
    }
    const builder = (module.builder ?? module.default) as {build?: unknown} | undefined
    if (!builder || typeof builder.build !== 'function') fail('it must export a builder with a build(graph) function, as its default export or as "builder"')
    const build = builder!.build as LoadedPlugin['build']
    return {source: file, build: graph => build.call(builder, graph)}
}
