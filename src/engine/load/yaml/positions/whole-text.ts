// Positions of every map and sequence of data the fast parser built, read from
// the whole text: when the scan of locator.ts meets what it does not read. The
// same text is read once more with js-yaml, listening to where each node opens
// and closes, and the nodes heard and the data are walked in step, recording for
// each map and sequence the offsets the exact parser records. yaml's document
// tree for a template of 400,000 nodes needs gigabytes; the nodes heard here are
// small. Where js-yaml does not announce every node (an empty entry, a
// single-pair map inside a flow sequence), the text is read with yaml as before.
import {load} from 'js-yaml'
import type {Document, Node} from 'yaml'
import {yamlPackage} from '../../../yaml-package.js'
import {CORE} from '../core-schema.js'
import {parseYamlDocument} from '../document.js'
import {keyText} from '../key-text.js'
import type {RecordPositions} from './collections.js'

/** A node as heard: where its content starts, what it is, its children (keys and values alternate in a map). */
export interface Heard {
    start: number
    kind: 'mapping' | 'sequence' | 'scalar'
    key: string | undefined
    children: Heard[] | undefined
    /** What a collection built, until its parent closes: tells a node composed twice, and a collection key's text. */
    value?: unknown
}

class Unheard extends Error {}

/** Records the positions of every map and sequence of `data`, read from all of `text`. */
export function readAllPositions(text: string, data: unknown, record: RecordPositions): void {
    let root: Heard | undefined
    try {
        root = hear(text)
    } catch (e) {
        if (!(e instanceof Unheard)) throw e
        const doc = parseYamlDocument(text, {uniqueKeys: false, keepSourceTokens: false})
        root = heardFrom(doc.contents as Node | null, 0, doc, 0)
    }
    walk(root, data, record)
}

/** The nodes of `text` as js-yaml announces them; Unheard when some node went unannounced. */
function hear(text: string): Heard | undefined {
    const top: Heard = {start: 0, kind: 'sequence', key: undefined, children: []}
    const stack: Heard[] = [top]
    load(text, {
        schema: CORE,
        listener(event, state) {
            if (event === 'open') {
                stack.push({start: contentStart(text, state.position), kind: 'scalar', key: undefined, children: undefined})
                return
            }
            let node = stack.pop()!
            const value: unknown = state.result
            const collection = state.kind === 'mapping' || state.kind === 'sequence'
            // js-yaml composes some nodes twice, one inside the other (a flow collection in a
            // block context): the outer one heard a single child that built the same value
            const only = node.children?.length === 1 ? node.children[0]! : undefined
            if (only && (!collection || only.value === value)) node = only
            else if (collection) {
                const count = node.children?.length ?? 0
                if (state.kind === 'mapping' ? count !== 2 * Object.keys(value as object).length : count !== (value as unknown[]).length) throw new Unheard()
                // a pair inside a flow sequence is a map js-yaml builds without announcing it
                if (state.kind === 'sequence') for (let i = 0; i < count; i++) if (node.children![i]!.kind !== kindOf((value as unknown[])[i])) throw new Unheard()
                node.kind = state.kind as 'mapping' | 'sequence'
                node.value = value
                if (node.kind === 'mapping')
                    for (let i = 0; i < count; i += 2) {
                        const key = node.children![i]!
                        // an explicit key opens at its `?` indicator; a collection as a key is named as every reader names it
                        key.start = keyStart(text, key.start)
                        if (key.kind !== 'scalar') key.key = keyText(key.value)
                    }
                for (const child of node.children ?? []) child.value = undefined
            } else node.key = String(value) // a key's text is all a map needs of it
            ;(stack[stack.length - 1]!.children ??= []).push(node)
        },
    })
    return top.children?.[0]
}

/**
 * Where a node's content starts: js-yaml opens a value before the spaces, line
 * breaks and comments that lead to it, where yaml's range starts at the content.
 */
export function contentStart(text: string, at: number): number {
    let i = at
    for (;;) {
        const c = text.charCodeAt(i)
        if (isSpace(c)) i++
        else if (c === 35 /* # */ && (i === 0 || isSpace(text.charCodeAt(i - 1)))) {
            const end = text.indexOf('\n', i)
            if (end === -1) return text.length
            i = end + 1
        } else return i
    }
}

function keyStart(text: string, at: number): number {
    return text.charCodeAt(at) === 63 /* ? */ && (at + 1 === text.length || isSpace(text.charCodeAt(at + 1))) ? contentStart(text, at + 1) : at
}

const kindOf = (value: unknown): Heard['kind'] => (value === null || typeof value !== 'object' ? 'scalar' : Array.isArray(value) ? 'sequence' : 'mapping')

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13

/** Records the positions of `value` and what it holds from the nodes heard for it. */
export function walk(node: Heard | undefined, value: unknown, record: RecordPositions): void {
    if (node === undefined || value === null || typeof value !== 'object') return
    const children = node.children ?? []
    if (node.kind === 'mapping' && !Array.isArray(value)) {
        const map = value as Record<string, unknown>
        const keys = new Map<string, number>()
        for (let i = 0; i + 1 < children.length; i += 2) {
            const key = children[i]!.key ?? ''
            keys.set(key, children[i]!.start)
            if (Object.hasOwn(map, key)) walk(children[i + 1], map[key], record)
        }
        record(map, {start: node.start, keys})
    } else if (node.kind === 'sequence' && Array.isArray(value)) {
        const items: number[] = []
        for (let i = 0; i < children.length; i++) {
            items.push(children[i]!.start)
            walk(children[i], value[i], record)
        }
        record(value, {start: node.start, items})
    }
}

/** A node of yaml's tree as the walk reads heard nodes, its offsets moved by `base`; a missing node starts where its parent does. */
export function heardFrom(node: Node | null | undefined, parentStart: number, doc: Document, base: number): Heard {
    const {isMap, isScalar, isSeq} = yamlPackage()
    const start = node?.range ? node.range[0] + base : parentStart
    if (isMap(node)) {
        const children: Heard[] = []
        for (const pair of node.items) {
            const keyNode = pair.key as Node | null
            const key = isScalar(keyNode) ? String(keyNode.value) : keyNode === null ? 'null' : keyText(keyNode.toJS(doc))
            children.push(
                {start: keyNode?.range ? keyNode.range[0] + base : start, kind: 'scalar', key, children: undefined},
                heardFrom(pair.value as Node | null, start, doc, base),
            )
        }
        return {start, kind: 'mapping', key: undefined, children}
    }
    if (isSeq(node)) return {start, kind: 'sequence', key: undefined, children: node.items.map(item => heardFrom(item as Node | null, start, doc, base))}
    return {start, kind: 'scalar', key: undefined, children: undefined}
}
