// Technology plugins from the command line: a template's plugins are code from
// wherever the template came from, so they run only with --allow-plugins; modules
// the user names with --plugin run whatever the template says.
import type {Command} from 'commander'
import {findTechnologyPlugins, loadTechnologyPlugins, type LoadedPlugin, type LoadedTemplate, type PluginPolicy} from '../engine/load/index.js'
import path from 'node:path'

export interface PluginFlags {
    allowPlugins?: boolean
    plugin?: string[]
}

const collect = (value: string, previous: string[]) => [...previous, value]

export function addPluginFlags(command: Command): Command {
    return command
        .option('--allow-plugins', "run the technology plugins the template's folder holds (plugins/technology, variability.plugins.technology): they are code")
        .option('--plugin <file>', 'also run this technology plugin module; repeatable', collect, [])
}

export function pluginPolicy(flags: PluginFlags): PluginPolicy {
    return {allow: Boolean(flags.allowPlugins), extra: flags.plugin ?? []}
}

/** What a run without --allow-plugins leaves out, as one line; undefined when nothing is left out. */
export function skippedPlugins(template: LoadedTemplate, policy: PluginPolicy): string | undefined {
    if (policy.allow) return undefined
    const found = findTechnologyPlugins(template)
    if (found.length === 0) return undefined
    const names = found.map(m => path.relative(process.cwd(), m.file) || m.file).join(', ')
    return `technology plugins not run (they are code from the template's folder; pass --allow-plugins to run them): ${names}`
}

/** The plugins a run may use; says once on stderr which ones it leaves out. */
export async function pluginsFor(template: LoadedTemplate, flags: PluginFlags): Promise<LoadedPlugin[]> {
    const policy = pluginPolicy(flags)
    const skipped = skippedPlugins(template, policy)
    if (skipped) process.stderr.write(`trellis: warning: ${skipped}\n`)
    return loadTechnologyPlugins(template, policy)
}
