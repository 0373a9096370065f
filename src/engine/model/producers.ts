// Which element produces a topology output: the node whose property or attribute
// the output's value reads with get_property/get_attribute or an Unfurl eval. The
// node, not the property: an attribute is no element, and a property may be present
// while its node is not (property default mode "consuming"); the reference asks the
// node too.
import {isMap} from './collections.js'
import type {NodeElement, PropertyElement} from './elements.js'
import type {Graph} from './graph.js'

/** The output's producers; `missing` is told a node the value names that the template does not define (there is none then). */
export function findProducers(value: unknown, graph: Graph, missing: (name: string) => void): (PropertyElement | NodeElement)[] {
    const reference = referenceOf(value)
    if (!reference) return []
    const node = graph.node(reference.node)
    if (!node) missing(reference.node)
    return node ? [node] : []
}

function referenceOf(value: unknown): {node: string; property: string} | undefined {
    if (typeof value === 'string') {
        // Unfurl: "{{ '::node::property' | eval }}"
        const match = /^\{\{\s*'::([^:']+)::([^:']+)'\s*\|\s*eval\s*\}\}$/.exec(value.trim())
        return match ? {node: match[1]!, property: match[2]!} : undefined
    }
    if (!isMap(value)) return undefined
    if (typeof value.eval === 'string') {
        // Unfurl's `::node::property`; `node::property` names the node as well (the reference reads only that form)
        const match = /^(?:::)?([^:]+)::([^:]+)$/.exec(value.eval)
        return match ? {node: match[1]!, property: match[2]!} : undefined
    }
    for (const key of ['get_property', 'get_attribute']) {
        const args = value[key]
        if (Array.isArray(args) && typeof args[0] === 'string' && typeof args[1] === 'string') return {node: args[0], property: args[1]}
    }
    return undefined
}
