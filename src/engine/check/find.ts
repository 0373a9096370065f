// Shared vocabulary of the checks: a check looks at the solved graph and names
// the first element that breaks it, with the message the suite expects.
import type {Element, GroupElement, NodeElement} from '../model/index.js'
import type {Graph} from '../model/index.js'

export type Present = (e: Element) => boolean

export interface Failure {
    /** The element the message is about; its location is where the error points. */
    readonly element: Element
    readonly message: string
}

export type Finder = ((graph: Graph, present: Present) => Failure | undefined) & {
    /** Set for a check made of a test of each present node (see perNode). */
    readonly node?: NodeTest
    /** What such a check looks at after the nodes, if anything. */
    readonly rest?: Finder
}

/** A check of one present node on its own. */
export type NodeTest = (node: NodeElement, present: Present) => Failure | undefined

/**
 * A check that tests each present node, then looks at `rest`. Run alone it
 * makes its own pass; runChecks tests every enabled check of this kind in one
 * pass over the nodes instead, as reading a node is most of what each costs.
 */
export function perNode(test: NodeTest, rest?: Finder): Finder {
    const find = (graph: Graph, present: Present) => firstFailure(graph.nodes, node => (present(node) ? test(node, present) : undefined)) ?? rest?.(graph, present)
    return Object.assign(find, {node: test, rest})
}

/** The first element for which `test` fails, in the order given. */
export function firstFailure<T>(elements: readonly T[], test: (element: T) => Failure | undefined): Failure | undefined {
    // indexed loops: see docs/performance.md#indexed-loops
    for (let i = 0; i < elements.length; i++) {
        const failure = test(elements[i]!)
        if (failure) return failure
    }
    return undefined
}

/** How many elements pass the test. */
export function count<T>(elements: readonly T[], test: (element: T) => boolean): number {
    let n = 0
    for (let i = 0; i < elements.length; i++) if (test(elements[i]!)) n++
    return n
}

/**
 * The first present element whose name an earlier present element already
 * has: the reference reports the later one (`Artifact "a@1" … is ambiguous`).
 */
function laterDuplicate<T extends Element>(elements: readonly T[], present: Present): T | undefined {
    if (elements.length < 2) return undefined
    // a node has a handful of relations, artifacts or types: comparing names beats hashing them into a set
    if (elements.length <= 8) {
        for (let i = 1; i < elements.length; i++) {
            const element = elements[i]!
            if (!present(element)) continue
            for (let j = 0; j < i; j++) if (elements[j]!.name === element.name && present(elements[j]!)) return element
        }
        return undefined
    }
    const seen = new Set<string>()
    for (let i = 0; i < elements.length; i++) {
        const element = elements[i]!
        if (!present(element)) continue
        if (seen.has(element.name)) return element
        seen.add(element.name)
    }
    return undefined
}

/** `<display> is ambiguous` for the later of two present elements sharing a name. */
export function ambiguous(elements: readonly Element[], present: Present): Failure | undefined {
    const duplicate = laterDuplicate(elements, present)
    return duplicate ? {element: duplicate, message: `${duplicate.display} is ambiguous`} : undefined
}

/**
 * Variability groups only carry conditions for their members; the reference
 * removes them before checking, so neither they nor their types or properties
 * are checked here.
 */
export function ofVariabilityGroup(element: Element): boolean {
    const container = element.kind === 'group' ? element : element.container
    return container?.kind === 'group' && (container as GroupElement).variability
}
