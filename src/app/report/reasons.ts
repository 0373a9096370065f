// The report's reading aids over the explanation data: which inputs each pruned element's
// explanation leads back to, which elements go with another one (a type or property with its
// node), and the options a single choice set.
import {type DocumentBecause, type ReportData, type ReportElement, type ReportOption} from '../../engine/index.js'

/** The variability inputs anywhere in an element's explanation: the decisions behind its verdict. */
export function rootInputs(element: ReportElement): string[] {
    const found = new Set<string>()
    const walk = (b: DocumentBecause) => {
        for (const ref of b.refs) if (ref.startsWith('input.')) found.add(ref.slice('input.'.length))
        b.because.forEach(walk)
    }
    element.because.forEach(walk)
    return [...found].sort()
}

/** Reasons that only say the element goes with another pruned element: its container, a relation's source or target. */
const GOES_WITH = new Set(['container-absent', 'source-absent', 'target-absent'])

/**
 * The pruned element another pruned element goes with (a type or property with its node, a relation
 * with its source), when that is all its reasons say; such an element is listed in the other's
 * section instead of explaining the same chain again.
 */
export function companionOf(element: ReportElement, pruned: ReadonlySet<string>): string | undefined {
    const others = element.because.map(reason => (GOES_WITH.has(reason.code) ? reason.because.find(b => b.kind === 'element' || b.kind === 'reference')?.refs[0] : undefined))
    if (others.length === 0 || others.some(o => o === undefined || !pruned.has(o))) return undefined
    return others[0]
}

/** Whether a reason only leads back to elements on the path to it (the engine's rule, over the document's `refs`): a consequence of their absence, not a cause. */
export function restatesPath(reason: DocumentBecause, path: readonly string[]): boolean {
    return reason.role === 'consequence' && path.length > 0
}

const PRUNING = /^(\w+?)_(consistency_|semantic_)?pruning$/

/**
 * The differing options as one line per choice: all that one pruning mode (or one wider template
 * option) set together, then each option written in the template or set by the version.
 */
export function optionLines(r: Pick<ReportData, 'options'>): {readonly origin: string; readonly options: readonly ReportOption[]}[] {
    const groups = new Map<string, ReportOption[]>()
    for (const o of r.options) {
        const list = groups.get(o.origin)
        if (list) list.push(o)
        else groups.set(o.origin, [o])
    }
    return [...groups].map(([origin, options]) => ({origin, options}))
}

/** `node, relation, … pruning, each with its consistency and semantic pruning` for the pruning flags a mode turned on. */
export function describeOptions(options: readonly ReportOption[]): string {
    const kinds = new Map<string, Set<string>>()
    const rest: ReportOption[] = []
    for (const o of options) {
        const m = PRUNING.exec(o.name)
        if (m && o.value === true) {
            const set = kinds.get(m[1]!) ?? new Set()
            set.add(m[2] ?? '')
            kinds.set(m[1]!, set)
        } else rest.push(o)
    }
    const parts: string[] = []
    const full = [...kinds].filter(([, s]) => s.size === 3).map(([k]) => k)
    if (full.length) parts.push(`turns on ${full.join(', ')} pruning, each with its consistency and semantic pruning`)
    for (const [kind, s] of kinds) if (s.size < 3) parts.push(`turns on ${[...s].map(v => `${kind}_${v}pruning`).join(', ')}`)
    for (const o of rest) parts.push(`sets ${o.name} = ${JSON.stringify(o.value)} (default ${JSON.stringify(o.default)})`)
    return parts.join('; ')
}
