// The topology as a Mermaid flowchart: node templates and their relations,
// pruned ones dashed and grey (and marked in words, so meaning never rests on
// style alone). Beyond MAX_NODES the unchanged ones (present, no conditions of
// their own) collapse into one box first: the diagram tells the variability.
import type {ReportTopology} from '../../engine/index.js'
import {escapeControls} from '../shown-text.js'

export const MAX_NODES = 60

export interface MermaidDiagram {
    readonly text: string
    /** Node templates drawn one by one, and how many were collapsed into one box. */
    readonly shown: number
    readonly collapsed: number
}

const CODES: Readonly<Record<string, string>> = {'"': '#quot;', '#': '#35;', '<': '#lt;', '>': '#gt;', '&': '#amp;', '|': '#124;', '`': '#96;', '\n': ' ', '\r': ' '}

/** Text for inside a quoted label: Mermaid's entity codes for the characters that end a label or mark it up; other control characters shown escaped. */
function mermaidText(text: string): string {
    return escapeControls(text.replace(/["#<>&|`\n\r]/g, c => CODES[c]!))
}

/** A quoted label. */
function mermaidLabel(text: string): string {
    return `"${mermaidText(text)}"`
}

/** `causes`: for a pruned relation, the inputs its pruning leads back to, shown on its arrow. */
export function renderMermaid(topology: ReportTopology, maxNodes = MAX_NODES, causes: ReadonlyMap<string, string> = new Map()): MermaidDiagram {
    // what the variability touched (pruned or conditional nodes) is drawn first; the box holds the unchanged ones
    const unchanged = (n: ReportTopology['nodes'][number]) => n.present !== false && !n.conditional
    const ordered = topology.nodes.length > maxNodes ? [...topology.nodes.filter(n => !unchanged(n)), ...topology.nodes.filter(unchanged)] : topology.nodes
    const shown = ordered.slice(0, topology.nodes.length > maxNodes ? maxNodes - 1 : maxNodes)
    const hidden = ordered.slice(shown.length)
    const key = new Map<string, string>()
    topology.nodes.forEach((n, i) => key.set(n.id, `n${i}`))
    const lines = ['flowchart TB']
    for (const n of shown) {
        const name = mermaidText(n.present === false ? `${n.name} (pruned)` : n.name)
        // a conditional node is drawn with a bold border (and kept or pruned as its verdict says)
        const style = n.present === false ? ':::pruned' : n.conditional ? ':::conditional' : ''
        lines.push(`    ${key.get(n.id)}["${name}${n.type ? `<br/>${mermaidText(n.type)}` : ''}"]${style}`)
    }
    const more = 'more_nodes'
    if (hidden.length) {
        const label = hidden.every(unchanged)
            ? `${hidden.length} unchanged node templates (present, no conditions), not drawn`
            : `${hidden.length} more node templates (${hidden.filter(n => n.present === false).length} pruned), not drawn`
        lines.push(`    ${more}[${mermaidLabel(label)}]:::collapsed`)
    }
    const visible = new Set(shown.map(n => n.id))
    const endpoint = (id: string) => (visible.has(id) ? key.get(id)! : more)
    const pruned: number[] = []
    const edges = new Set<string>()
    for (const r of topology.relations) {
        const from = endpoint(r.source)
        const to = endpoint(r.target)
        if (from === more && to === more) continue
        const cause = causes.get(r.id)
        const label = r.present === false ? `${r.name} (pruned${cause ? `: ${cause}` : ''})` : r.name
        const line = `    ${from} ${r.present === false ? '-.->' : '-->'}|${mermaidLabel(label)}| ${to}`
        if (edges.has(line)) continue
        if (r.present === false) pruned.push(edges.size)
        edges.add(line)
    }
    lines.push(...edges)
    lines.push(
        '    subgraph legend [Legend]',
        '        legend_present["present"]',
        '        legend_conditional["present, has conditions"]:::conditional',
        '        legend_pruned["pruned"]:::pruned',
        '    end',
    )
    lines.push('    classDef pruned fill:#eeeeee,stroke:#999999,stroke-dasharray:5 5,color:#777777')
    lines.push('    classDef collapsed fill:#ffffff,stroke:#999999,stroke-dasharray:2 2')
    lines.push('    classDef conditional stroke-width:3px')
    // a statement for every 16 arrows: one for all of a large template's would be one very long line
    for (let i = 0; i < pruned.length; i += 16) lines.push(`    linkStyle ${pruned.slice(i, i + 16).join(',')} stroke:#999999,stroke-dasharray:5 5`)
    return {text: `${lines.join('\n')}\n`, shown: shown.length, collapsed: hidden.length}
}
