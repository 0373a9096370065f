// Semantic checks: a present node keeps what the modeler gave it — if the
// variable template offered hosts, incoming relations, artifacts or
// technologies, at least one of them must survive resolution.
import type {Element, NodeElement} from '../model/index.js'
import {firstFailure, type Finder, type Present} from './find.js'

/** `<node> expected to have <what>` when the node had candidates and none is present. */
function expected(nodes: readonly NodeElement[], present: Present, candidates: (node: NodeElement) => readonly Element[], what: string) {
    return firstFailure(nodes, node => {
        if (!present(node)) return undefined
        const list = candidates(node)
        return list.length > 0 && !list.some(present) ? {element: node, message: `${node.display} expected to have ${what}`} : undefined
    })
}

export const expectedHosting: Finder = (graph, present) => expected(graph.nodes, present, node => node.relations.filter(r => r.hosting), 'a hosting relation')

export const expectedIncomingRelation: Finder = (graph, present) => expected(graph.nodes, present, node => node.incoming, 'an incoming relation')

// "an deployment artifact" (sic) is the reference's wording.
export const expectedArtifact: Finder = (graph, present) => expected(graph.nodes, present, node => node.artifacts, 'an deployment artifact')

export const expectedTechnology: Finder = (graph, present) => expected(graph.nodes, present, node => node.technologies, 'a technology')

/** A present input none of whose consumers is present (an input without consumers is not consumed either). */
export const unconsumedInput: Finder = (graph, present) =>
    firstFailure(graph.inputs, input =>
        present(input) && !input.consumers.some(present) ? {element: input, message: `${input.display} is not consumed`} : undefined,
    )
