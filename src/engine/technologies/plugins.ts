// Technology plugins (the spec's PluginDefinition): modules that propose
// technologies for node templates beside the technology rules. A plugin module
// exports a builder, `{build(graph) => {assign(node) => [{technology: template}]}}`,
// as its default export or as `builder`.
import type {Graph, NodeElement, Raw} from '../model/index.js'

export interface TechnologyPlugin {
    /** Candidate technologies for a node: each entry maps one technology name to a technology template. */
    assign(node: NodeElement): Record<string, Raw>[]
}

export interface TechnologyPluginBuilder {
    /** Where the plugin was loaded from, for messages and explanations. */
    readonly source: string
    build(graph: Graph): TechnologyPlugin
}
