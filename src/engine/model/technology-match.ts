// Matches technology rules against node templates: the component type (or a
// parent type), the hosting stack along hosting relations, and artifact types.
import {TrellisError} from '../errors.js'
import type {ArtifactElement, NodeElement, RelationElement, TypeElement} from './elements.js'
import type {TechnologyRule} from './technology-rules.js'
import type {TypeHierarchy} from './type-library.js'

/** One step down a hosting stack: the hosting relation taken and the host it leads to. */
interface HostingStep {
    readonly relation: RelationElement
    readonly host: NodeElement
}

export interface TechnologyCandidate {
    readonly rule: TechnologyRule
    readonly technology: string
    /** The hosting relations and hosts matched along the hosting stack, nearest first. */
    readonly stack: readonly HostingStep[]
    /** The node template's artifacts of the rule's artifact type (none when only its node type defines one). */
    readonly artifacts: readonly ArtifactElement[]
    /** The implementation node type, e.g. `application~application#zip::ansible@host`. */
    readonly assign: string
    /** What the match puts on its technology: its hosting stack, its artifacts, the rule's own conditions. */
    readonly conditions: readonly unknown[]
}

export function candidates(node: NodeElement, rules: readonly TechnologyRule[], nodeTypes: TypeHierarchy, artifactTypes: TypeHierarchy): TechnologyCandidate[] {
    if (rules.length === 0 || node.types.length === 0) return []
    const type = soleType(node).name
    const out: TechnologyCandidate[] = []
    for (const rule of rules) {
        if (!nodeTypes.isDefinedA(type, rule.component, node.types[0])) continue
        let artifacts: ArtifactElement[] = []
        if (rule.artifact) {
            artifacts = node.artifacts.filter(a => a.types.some(t => artifactTypes.isDefinedA(t.name, rule.artifact!, t)))
            if (artifacts.length === 0 && !definesArtifact(type, rule.artifact, nodeTypes, artifactTypes)) continue
        }
        const stacks = rule.hosting.length === 0 ? [[]] : hostingStacks(node, rule.hosting, nodeTypes)
        for (const stack of stacks) {
            const assign =
                rule.assign ?? `${type}~${rule.component}${rule.artifact ? `#${rule.artifact}` : ''}::${rule.technology}${rule.hosting.length ? `@${rule.hosting.join('->')}` : ''}`
            out.push({rule, technology: rule.technology, stack, artifacts, assign, conditions: matchConditions(node, rule, stack, artifacts)})
        }
    }
    return out
}

/** Rules match a node by its one type: a node with conditional types cannot be matched (an error, as in the reference). */
function soleType(node: NodeElement): TypeElement {
    if (node.types.length > 1) throw new TrellisError('invalid-template', `${node.display} has more than one type`, node.location)
    return node.types[0]!
}

/** An artifact the node type (or an ancestor) defines is part of every node of that type, so it matches without a condition. */
function definesArtifact(nodeType: string, artifactType: string, nodeTypes: TypeHierarchy, artifactTypes: TypeHierarchy): boolean {
    return nodeTypes.definedArtifactTypes(nodeType).some(t => artifactTypes.isA(t, artifactType))
}

/**
 * A component is on the hosting stack only while the hosting relations leading there are present, not
 * merely its hosts: a host can be present for other components (shared infrastructure) while the
 * component's own hosting relation to it is pruned. So every step requires its relation and its host.
 */
function matchConditions(node: NodeElement, rule: TechnologyRule, stack: readonly HostingStep[], artifacts: readonly ArtifactElement[]): unknown[] {
    const out: unknown[] = []
    for (const {relation, host} of stack) out.push({relation_presence: [relation.source.name, relation.index!]}, {node_presence: host.name})
    if (artifacts.length > 0) out.push({or: artifacts.map(a => ({artifact_presence: [node.name, node.artifacts.indexOf(a)]}))})
    out.push(...rule.conditions)
    return out
}

/** Every path down the hosting relations whose hosts match the pattern (`*` = any number of hosts). */
function hostingStacks(node: NodeElement, pattern: readonly string[], types: TypeHierarchy): HostingStep[][] {
    const out: HostingStep[][] = []
    const walk = (current: NodeElement, at: number, path: HostingStep[]) => {
        if (at === pattern.length) {
            out.push(path)
            return
        }
        const expected = pattern[at]!
        for (const relation of current.relations) {
            const host = relation.target
            if (!relation.hosting || path.some(step => step.host === host)) continue
            const step = {relation, host}
            if (expected === '*') {
                walk(current, at + 1, path) // zero hosts
                walk(host, at, [...path, step]) // one more host, still inside *
            } else if (host.types.length > 0 && types.isDefinedA(soleType(host).name, expected, host)) walk(host, at + 1, [...path, step])
        }
        if (expected === '*' && current.relations.every(r => !r.hosting)) walk(current, at + 1, path)
    }
    walk(node, 0, [])
    // `*` can reach the same stack along several orders of expansion
    const seen = new Set<string>()
    return out.filter(path => {
        const key = path.map(step => step.relation.id).join('/')
        return seen.has(key) ? false : (seen.add(key), true)
    })
}
