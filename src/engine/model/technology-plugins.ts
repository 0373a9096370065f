// Technology plugins (the spec's PluginDefinition): modules that propose
// technologies for node templates beside the technology rules. A plugin module
// exports a builder, `{build(graph) => {assign(node) => [{technology: template}]}}`,
// as its default export or as `builder`; the loader runs the module, this checks
// what its builder made.
import {TrellisError} from '../errors.js'
import type {NodeElement, Raw} from './elements.js'

export interface TechnologyPlugin {
    /** Candidate technologies for a node: each entry maps one technology name to a technology template. */
    assign(node: NodeElement): Record<string, Raw>[]
}

/** What a plugin's build(graph) returned, as a plugin; a clear error for anything without assign(node). */
export function pluginOf(source: string, built: unknown): TechnologyPlugin {
    const assign = (built as {assign?: unknown} | null | undefined)?.assign
    if (typeof assign !== 'function') throw new TrellisError('plugin-load', `technology plugin "${source}" must build an object with an assign(node) function`)
    return {assign: node => assign.call(built, node) as Record<string, Raw>[]}
}
