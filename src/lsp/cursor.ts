// What the cursor is on, read from the open document's own parse (the `yaml` package's nodes
// carry their offsets): the key of the innermost map entry around it, the scalar under the cursor
// and where that scalar was written, and the path of keys from the document's root. One parse per
// document version (cached by the caller); positions never come from searching a line.
import {yamlPackage} from '../engine/index.js'
import type {Document, Node, Pair} from 'yaml'

export interface Cursor {
    /** Keys and list indexes from the root to the entry the cursor is in. */
    readonly path: readonly (string | number)[]
    /** The entry's key (for a list item, the key of the entry the list is the value of). */
    readonly key?: string
    /** The scalar under the cursor, and its offsets [start, end). */
    readonly scalar?: {readonly value: string; readonly start: number; readonly end: number; readonly isKey: boolean}
    /** The index of the scalar in a list (relation_presence: [node, relation]). */
    readonly index?: number
}

export function parseDocument(text: string): Document {
    return yamlPackage().parseDocument(text, {uniqueKeys: false, strict: false})
}

/** The innermost entry and scalar at `offset`. */
export function cursorAt(doc: Document, offset: number): Cursor {
    const yaml = yamlPackage()
    let found: Cursor = {path: []}
    const visit = (node: Node | null | undefined, path: (string | number)[], key: string | undefined, index?: number) => {
        if (!node?.range || offset < node.range[0] || offset > node.range[1]) return
        if (yaml.isScalar(node)) {
            found = {path, key, index, scalar: {value: String(node.value), start: node.range[0], end: node.range[1], isKey: false}}
            return
        }
        if (yaml.isMap(node)) {
            for (const pair of node.items as Pair<Node, Node>[]) visitPair(pair, path)
            return
        }
        if (yaml.isSeq(node)) (node.items as Node[]).forEach((item, i) => visit(item, [...path, i], key, i))
    }
    const visitPair = (pair: Pair<Node, Node>, path: (string | number)[]) => {
        const k = yaml.isScalar(pair.key) ? String(pair.key.value) : undefined
        if (k === undefined) return
        const at = [...path, k]
        const keyRange = pair.key?.range
        if (keyRange && offset >= keyRange[0] && offset <= keyRange[1]) {
            found = {path: at, key: k, scalar: {value: k, start: keyRange[0], end: keyRange[1], isKey: true}}
            return
        }
        const valueRange = pair.value?.range
        if (valueRange && offset >= valueRange[0] && offset <= valueRange[2]) {
            found = {path: at, key: k}
            visit(pair.value, at, k)
        }
    }
    visit(doc.contents as Node, [], undefined)
    return found
}

/** Every scalar written as the value of `key` (or an item of a list there), with its offsets. */
export function valuesOf(doc: Document, keys: ReadonlySet<string>): {key: string; value: string; start: number; end: number; index?: number}[] {
    const yaml = yamlPackage()
    const out: {key: string; value: string; start: number; end: number; index?: number}[] = []
    yaml.visit(doc, {
        Pair(_, pair) {
            const k = yaml.isScalar(pair.key) ? String(pair.key.value) : undefined
            if (k === undefined || !keys.has(k)) return
            const v = pair.value
            if (yaml.isScalar(v) && v.range) out.push({key: k, value: String(v.value), start: v.range[0], end: v.range[1]})
            else if (yaml.isSeq(v))
                v.items.forEach((item, index) => {
                    if (yaml.isScalar(item) && item.range) out.push({key: k, value: String(item.value), start: item.range[0], end: item.range[1], index})
                })
        },
    })
    return out
}
