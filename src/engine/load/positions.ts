// Positions for data the fast parser built: parse the same text once more with
// `yaml` (source ranges, no duplicate-key check) and walk its tree and the data in
// step, recording for each map and sequence the offsets the exact parser records.
import {isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node} from 'yaml'
import type {LazyPositions, RecordPositions} from './source-map.js'

export function positionsOf(text: string, data: unknown): LazyPositions['fill'] {
    return record => {
        const lines = new LineCounter()
        const doc = parseDocument(text, {lineCounter: lines, uniqueKeys: false, keepSourceTokens: false})
        walk(doc.contents as Node | null, data, record, doc)
        return lines
    }
}

function walk(node: Node | null | undefined, value: unknown, record: RecordPositions, doc: Document): void {
    if (node === null || node === undefined || value === null || typeof value !== 'object') return
    const start = node.range?.[0] ?? 0
    if (isMap(node) && !Array.isArray(value)) {
        const map = value as Record<string, unknown>
        const keys = new Map<string, number>()
        for (const pair of node.items) {
            const keyNode = pair.key as Node | null
            const key = String(isScalar(keyNode) ? keyNode.value : keyNode === null ? null : keyNode.toJS(doc))
            keys.set(key, keyNode?.range?.[0] ?? start)
            if (Object.hasOwn(map, key)) walk(pair.value as Node | null, map[key], record, doc)
        }
        record(map, {start, keys})
    } else if (isSeq(node) && Array.isArray(value)) {
        const items: number[] = []
        node.items.forEach((item, i) => {
            items.push((item as Node | null)?.range?.[0] ?? start)
            walk(item as Node | null, value[i], record, doc)
        })
        record(value, {start, items})
    }
}
