// The order in which conditions are compiled, and so which mistake in a condition is reported
// first: kind by kind, as the reference walks its elements (types, nodes, relations, properties,
// policies, groups, inputs, artifacts, imports, technologies, outputs), each kind in template order.
import type {Element, ElementKind, Graph} from '../model/index.js'

const RANK: Readonly<Record<ElementKind, number>> = {
    type: 0,
    node: 1,
    relation: 2,
    property: 3,
    policy: 4,
    group: 5,
    input: 6,
    artifact: 7,
    import: 8,
    technology: 9,
    output: 10,
}

// computed once per graph and gone with it: the reference's compiling order is this stage's to know, not the model's
const orders = new WeakMap<Graph, readonly Element[]>()

/** The graph's elements in compiling order (computed once per graph). */
export function compilingOrder(graph: Graph): readonly Element[] {
    let order = orders.get(graph)
    if (!order) orders.set(graph, (order = [...graph.elements].sort((a, b) => RANK[a.kind] - RANK[b.kind] || a.seq - b.seq)))
    return order
}
