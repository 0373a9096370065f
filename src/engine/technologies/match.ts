// Matches technology rules against node templates: the component type (or a
// parent type), the hosting stack along hosting relations, and artifact types.
import type {ArtifactElement, NodeElement} from '../model/index.js'
import type {TechnologyRule} from './rules.js'
import type {TypeHierarchy} from './types.js'

export interface TechnologyCandidate {
    readonly rule: TechnologyRule
    readonly technology: string
    /** The hosts matched along the hosting stack, nearest first. */
    readonly hosts: readonly NodeElement[]
    readonly artifacts: readonly ArtifactElement[]
    /** The implementation node type, e.g. `application~application#zip::ansible@host`. */
    readonly assign: string
}

export function candidates(node: NodeElement, rules: readonly TechnologyRule[], nodeTypes: TypeHierarchy, artifactTypes: TypeHierarchy): TechnologyCandidate[] {
    if (node.types.length !== 1) return []
    const type = node.types[0]!.name
    const out: TechnologyCandidate[] = []
    for (const rule of rules) {
        if (!nodeTypes.isA(type, rule.component)) continue
        let artifacts: ArtifactElement[] = []
        if (rule.artifact) {
            artifacts = node.artifacts.filter(a => a.types.some(t => artifactTypes.isA(t.name, rule.artifact!)))
            if (artifacts.length === 0) continue
        }
        const stacks = rule.hosting.length === 0 ? [[]] : hostingStacks(node, rule.hosting, nodeTypes)
        for (const hosts of stacks) {
            const assign =
                rule.assign ??
                `${type}~${rule.component}${rule.artifact ? `#${rule.artifact}` : ''}::${rule.technology}${rule.hosting.length ? `@${rule.hosting.join('->')}` : ''}`
            out.push({rule, technology: rule.technology, hosts, artifacts, assign})
        }
    }
    return out
}

/** Every path down the hosting relations whose hosts match the pattern (`*` = any number of hosts). */
function hostingStacks(node: NodeElement, pattern: readonly string[], types: TypeHierarchy): NodeElement[][] {
    const out: NodeElement[][] = []
    const walk = (current: NodeElement, at: number, path: NodeElement[]) => {
        if (at === pattern.length) {
            out.push(path)
            return
        }
        const expected = pattern[at]!
        for (const relation of current.relations) {
            if (!relation.hosting || path.includes(relation.target)) continue
            const host = relation.target
            if (expected === '*') {
                walk(current, at + 1, path) // zero hosts
                walk(host, at, [...path, host]) // one more host, still inside *
            } else if (host.types.some(t => types.isA(t.name, expected))) walk(host, at + 1, [...path, host])
        }
        if (expected === '*' && current.relations.every(r => !r.hosting)) walk(current, at + 1, path)
    }
    walk(node, 0, [])
    // `*` can reach the same stack along several orders of expansion
    const seen = new Set<string>()
    return out.filter(path => {
        const key = path.map(n => n.name).join('/')
        return seen.has(key) ? false : (seen.add(key), true)
    })
}
