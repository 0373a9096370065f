// Consistency checks: the resolved template must be well formed TOSCA — every
// present element has a present container, and names stay unique where TOSCA
// uses maps.
import type {Element, Graph, PropertyElement, TypeContainer, TypeElement} from '../model/index.js'
import {ambiguous, count, firstFailure, ofVariabilityGroup, perNode, type Failure, type Finder, type Present} from './find.js'
import {lowerFirst} from '../text.js'

export const relationSource: Finder = (graph, present) =>
    firstFailure(graph.relations, relation =>
        present(relation) && !present(relation.source)
            ? {element: relation, message: `Relation source "${relation.source.name}" of ${lowerFirst(relation.display)} does not exist`}
            : undefined,
    )

export const relationTarget: Finder = (graph, present) =>
    firstFailure(graph.relations, relation =>
        present(relation) && !present(relation.target)
            ? {element: relation, message: `Relation target "${relation.target.name}" of ${lowerFirst(relation.display)} does not exist`}
            : undefined,
    )

/** `Container of <display> does not exist` for a present element left behind by its absent container. */
function missingContainer(elements: readonly Element[], present: Present): Failure | undefined {
    return firstFailure(elements, element =>
        present(element) && element.container && !present(element.container) && !ofVariabilityGroup(element)
            ? {element, message: `Container of ${lowerFirst(element.display)} does not exist`}
            : undefined,
    )
}

/**
 * The reference reports the first failure in the order it reads the template: each node with its
 * own types (or properties), then those of its relations, then those of its artifacts; then groups
 * and policies. Trellis builds every node's own before any relation's or artifact's, so when some
 * element fails, the first one is looked up again in the reference's order (only then: a passing
 * check costs nothing more).
 */
function missingContainerOfPart(graph: Graph, present: Present, part: 'types' | 'properties'): Failure | undefined {
    if (!missingContainer(graph[part], present)) return undefined
    const owners: {readonly types: readonly TypeElement[]; readonly properties: readonly PropertyElement[]}[] = []
    for (const node of graph.nodes) owners.push(node, ...node.relations, ...node.artifacts)
    owners.push(...graph.groups, ...graph.policies)
    for (const owner of owners) {
        const failure = missingContainer(owner[part], present)
        if (failure) return failure
    }
    return missingContainer(graph[part], present)
}

export const missingArtifactContainer: Finder = (graph, present) => missingContainer(graph.artifacts, present)
export const missingPropertyContainer: Finder = (graph, present) => missingContainerOfPart(graph, present, 'properties')
export const missingTypeContainer: Finder = (graph, present) => missingContainerOfPart(graph, present, 'types')
export const missingTechnologyContainer: Finder = (graph, present) => missingContainer(graph.technologies, present)

export const ambiguousArtifact: Finder = perNode((node, present) => ambiguous(node.artifacts, present))

// Only properties of nodes: the reference does not check other containers.
export const ambiguousProperty: Finder = perNode((node, present) => ambiguous(node.properties, present))

export const ambiguousRelation: Finder = perNode((node, present) => ambiguous(node.relations, present))

/**
 * Each present node, group, policy and artifact needs a present type. Two
 * present types of different names pass (the transformer takes the first);
 * only a repeated name is ambiguous. Relations are not checked, as in the
 * reference.
 */
function typeFailure(container: TypeContainer, present: Present): Failure | undefined {
    if (!container.types.some(present)) return {element: container, message: `${container.display} has no type`}
    return ambiguous(container.types, present)
}

export const ambiguousType: Finder = perNode(typeFailure, (graph, present) => {
    const containers: TypeContainer[] = [...graph.groups.filter(g => !g.variability), ...graph.policies, ...graph.artifacts]
    return firstFailure(containers, container => (present(container) ? typeFailure(container, present) : undefined))
})

export const ambiguousHosting: Finder = perNode((node, present) =>
    count(node.relations, r => r.hosting && present(r)) > 1 ? {element: node, message: `${node.display} has more than one hosting relations`} : undefined,
)

export const ambiguousTechnology: Finder = perNode((node, present) =>
    count(node.technologies, present) > 1 ? {element: node, message: `${node.display} has more than one technology`} : undefined,
)

export const ambiguousInput: Finder = (graph, present) => ambiguous(graph.inputs, present)

export const ambiguousOutput: Finder = (graph, present) => ambiguous(graph.outputs, present)

/**
 * As in the reference, an output fails when ANY of its producers is absent,
 * not only when all are (and an output without producers passes). This is
 * stricter than the `is_produced` default condition, which needs one present
 * producer.
 */
export const unproducedOutput: Finder = (graph, present) =>
    firstFailure(graph.outputs, output =>
        present(output) && output.producers.some(p => !present(p)) ? {element: output, message: `${output.display} is not produced`} : undefined,
    )
