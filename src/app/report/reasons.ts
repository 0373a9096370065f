// The report's reading aids: elements named or counted in a few words, and the
// options a single choice set.
import {count, type ReportData, type ReportOption} from '../../engine/index.js'

/** `3 properties`, `1 policy`: a number of elements of one kind. */
export function kinds(n: number, kind: string): string {
    return count(n, kind, kind.endsWith('y') ? `${kind.slice(0, -1)}ies` : `${kind}s`)
}

/** Nodes by name (the first six), the rest counted by kind: `Node "a", Node "b", 2 properties and 1 type`. `escape` makes a name safe for where it goes. */
export function listed(elements: readonly {readonly kind: string; readonly display: string}[], escape: (text: string) => string): string {
    const nodes: string[] = []
    let more = 0
    const others = new Map<string, number>()
    for (const p of elements)
        if (p.kind !== 'node') others.set(p.kind, (others.get(p.kind) ?? 0) + 1)
        else if (nodes.length < 6) nodes.push(escape(p.display))
        else more++
    const counted = [...others].map(([kind, n]) => kinds(n, kind))
    const parts = [...nodes, ...(more ? [count(more, 'more node', 'more nodes')] : []), ...counted]
    return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? 'nothing')
}

/** The kind of an element, from its identifier (`node.db`, `property.port@0.node.db`). */
export function kindOf(id: string): string {
    return id.slice(0, id.indexOf('.'))
}

/** Adds a value to the list kept under a key. */
export function append<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
    const list = lists.get(key)
    if (list) list.push(value)
    else lists.set(key, [value])
}

const DISPLAY = /^(\w+) "(.*?)"( of .*)?$/s
/** A container one word and one name long: ` of node "shop"`. */
const CONTAINER = /^ of (\w+) "([^"]*)"$/s

/**
 * Elements named on one line, the words they share said once: siblings of one kind in one container
 * (`Technologies "ansible@3", "terraform@4" of node "shop_ingress"; "ansible@0" of node "db"`), or
 * elements of one name in containers of one kind (`Properties "logging_level@4" of nodes "a", "b"`),
 * whichever says it in fewer parts; elements named otherwise are listed as they are.
 */
export function names(elements: readonly {readonly display: string}[], escape: (text: string) => string): string {
    if (elements.length === 1) return escape(elements[0]!.display)
    const parts = elements.map(e => DISPLAY.exec(e.display))
    const kind = parts[0]?.[1]
    if (!kind || !parts.every(p => p && p[1] === kind)) return elements.map(e => escape(e.display)).join(', ')
    const byContainer = new Map<string, string[]>()
    for (const p of parts) append(byContainer, p![3] ?? '', `"${p![2]}"`)
    const plural = (kind: string) => kinds(2, kind.toLowerCase()).replace(/^2 /, '')
    const upper = plural(kind)
    const title = `${upper[0]!.toUpperCase()}${upper.slice(1)}`
    // by name, when every container is one kind of element named once
    const containers = parts.map(p => CONTAINER.exec(p![3] ?? ''))
    const of = containers[0]?.[1]
    if (of && containers.every(c => c && c[1] === of)) {
        const byName = new Map<string, string[]>()
        parts.forEach((p, i) => append(byName, p![2]!, `"${containers[i]![2]}"`))
        if (byName.size < byContainer.size) {
            const listed = [...byName].map(([name, list]) => `"${name}" of ${list.length === 1 ? of : plural(of)} ${list.join(', ')}`).join('; ')
            return escape(`${title} ${listed}`)
        }
    }
    const listed = [...byContainer].map(([container, list]) => `${list.join(', ')}${container}`).join('; ')
    return escape(`${title} ${listed}`)
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
