// Builds the variability-resolved template: a NEW plain TOSCA 1.3 object from
// the present elements (notes §11). Keys the transformer does not know
// (description, metadata, node_types, …) are copied verbatim.
import {TOSCA_VERSION} from '../load/index.js'
import {isMap, type Element, type Graph, type PropertyElement, type Raw} from '../model/index.js'
import {clone, nonEmpty, nonEmptyList, put, rebuild} from './copy.js'
import type {TransformContext} from './nodes.js'
import {checkTopology, topologyBuilders} from './topology.js'

export function transform(template: Raw, graph: Graph, present: (e: Element) => boolean, propertyValue: (p: PropertyElement) => unknown): Raw {
    const ctx: TransformContext = {present, propertyValue}
    const out: Raw = {tosca_definitions_version: TOSCA_VERSION}
    for (const key of Object.keys(template)) {
        if (key === 'tosca_definitions_version') continue
        const written = template[key]
        let value: unknown
        if (key === 'imports') value = imports(ctx, graph)
        else if (key === 'topology_template') value = isMap(written) ? topology(ctx, graph, written) : undefined
        else value = clone(written)
        if (value !== undefined) put(out, key, value)
    }
    return out
}

/**
 * Throws what `transform` would throw for these elements, without building the template: analysis
 * checks thousands of variants, and only needs to know whether writing one fails.
 */
export function checkTransform(template: Raw, graph: Graph, present: (e: Element) => boolean, propertyValue: (p: PropertyElement) => unknown): void {
    const written = template.topology_template
    if (isMap(written)) checkTopology({present, propertyValue}, graph, written)
}

function topology(ctx: TransformContext, graph: Graph, written: Raw): Raw | undefined {
    const builders = topologyBuilders(ctx, graph, written)
    const out: Raw = {}
    for (const key of Object.keys(written)) {
        const value = Object.hasOwn(builders, key) ? builders[key]!() : clone(written[key])
        if (value !== undefined) put(out, key, value)
    }
    // e.g. a template whose every node is absent resolves to the version line alone
    return nonEmpty(out)
}

/** Present imports; one that is only `{file: x}` is written as `x`. */
function imports(ctx: TransformContext, graph: Graph): unknown[] | undefined {
    return nonEmptyList(
        graph.imports.filter(ctx.present).map(element => {
            const definition = rebuild(element.raw)
            const keys = Object.keys(definition)
            return keys.length === 1 && keys[0] === 'file' && typeof definition.file === 'string' ? definition.file : definition
        }),
    )
}
