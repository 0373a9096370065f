// Which technology plugins a run may use: a template's plugins are code from
// wherever the template came from, so they run only with the user's consent;
// modules the user names run whatever the template says.
import path from 'node:path'
import {warnLine} from './shown-text.js'
import {findTechnologyPlugins, type LoadedPlugin, type LoadedTemplate, loadTechnologyPlugins, type PluginPolicy} from '../engine/index.js'

export interface PluginFlags {
    allowPlugins?: boolean
    plugin?: string[]
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
    if (skipped) warnLine(skipped)
    return loadTechnologyPlugins(template, policy)
}
