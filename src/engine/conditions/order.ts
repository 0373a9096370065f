// The order in which conditions are compiled, and so which mistake in a condition is reported
// first: kind by kind, as the reference walks its elements (types, nodes, relations, properties,
// policies, groups, inputs, artifacts, imports, technologies, outputs), each kind in template order.
import type {Element, Graph} from '../model/index.js'

// computed once per graph and gone with it: the reference's compiling order is this stage's to know, not the model's
const orders = new WeakMap<Graph, readonly Element[]>()

/** The graph's elements in compiling order (computed once per graph). */
export function compilingOrder(graph: Graph): readonly Element[] {
    let order = orders.get(graph)
    // the graph's list of each kind is in sequence order already
    if (!order)
        orders.set(
            graph,
            (order = [
                ...graph.types,
                ...graph.nodes,
                ...graph.relations,
                ...graph.properties,
                ...graph.policies,
                ...graph.groups,
                ...graph.inputs,
                ...graph.artifacts,
                ...graph.imports,
                ...graph.technologies,
                ...graph.outputs,
            ]),
        )
    if (order.length !== graph.elements.length) throw new Error('an element kind is missing from the compiling order')
    return order
}
