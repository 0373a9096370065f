// Semantic checks: a present node keeps what the modeler gave it — if the
// variable template offered hosts, incoming relations, artifacts or
// technologies, at least one of them must survive resolution.
import type {Element, NodeElement} from '../model/index.js'
import {firstFailure, perNode, type Finder} from './find.js'

/** `<node> expected to have <what>` when the node had candidates (those `include` accepts) and none is present. */
function expected(candidates: (node: NodeElement) => readonly Element[], what: string, include: (e: Element) => boolean = () => true): Finder {
    return perNode((node, present) => {
        let offered = false
        // indexed: see docs/performance.md#indexed-loops
        const list = candidates(node)
        for (let i = 0; i < list.length; i++) {
            const e = list[i]!
            if (!include(e)) continue
            if (present(e)) return undefined
            offered = true
        }
        return offered ? {element: node, message: `${node.display} expected to have ${what}`} : undefined
    })
}

const hosting = (e: Element) => e.kind === 'relation' && e.hosting

export const expectedHosting: Finder = expected(node => node.relations, 'a hosting relation', hosting)

export const expectedIncomingRelation: Finder = expected(node => node.incoming, 'an incoming relation')

// "an deployment artifact" (sic) is the reference's wording.
export const expectedArtifact: Finder = expected(node => node.artifacts, 'an deployment artifact')

export const expectedTechnology: Finder = expected(node => node.technologies, 'a technology')

/** A present input none of whose consumers is present (an input without consumers is not consumed either). */
export const unconsumedInput: Finder = (graph, present) =>
    firstFailure(graph.inputs, input => (present(input) && !input.consumers.some(present) ? {element: input, message: `${input.display} is not consumed`} : undefined))
