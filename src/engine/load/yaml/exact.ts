// The exact reader: `yaml`'s parseDocument (document.ts), walked by hand instead of toJS() so
// that (a) duplicate keys are found in linear time with one Set per map — the
// library's own check is quadratic on large maps — and (b) the offset of every
// map, sequence, key and item is recorded as the data is built. It is the
// reference for data, positions and every message; the fast reader stands in for
// it only where both agree.
import type {Document, Node} from 'yaml'
import {yamlPackage} from '../../yaml-package.js'
import {TrellisError} from '../../errors.js'
import {isIntegralFloat, noteFloatLiteral} from './float-literals.js'
import {parseYamlDocument} from './document.js'
import {keyText} from './key-text.js'
import {collectionRefused, scalarRefused} from './kept-values.js'
import {CollectionPositions} from './positions/collections.js'
import {SourceMap} from './positions/source-map.js'

// Aliases may expand exponentially ("billion laughs"); cap the work instead of hanging: the
// aliases followed, and the maps, sequences and scalars they copy.
const MAX_ALIAS_EXPANSIONS = 10_000
const MAX_ALIAS_COPIES = 1_000_000

export function parseExact(text: string, file: string): {data: unknown; sourceMap: SourceMap} {
    const {doc, positions, sourceMap} = readDocument(text, file, false)
    const error = doc.errors[0]
    if (error) {
        const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
        // a missing ] or } is found where the file ends or dedents, often far from the bracket left open
        const closer = /end with an? ([\]}])$/.exec(message)?.[1]
        const opened = closer === undefined ? undefined : unclosedFlowStart(text, error.pos[0], closer === ']' ? '[' : '{')
        const related = opened === undefined ? [] : [{location: sourceMap.at(opened), label: `the ${closer === ']' ? '[' : '{'} left open`}]
        throw new TrellisError('yaml-syntax', `YAML syntax error: ${message}`, sourceMap.at(error.pos[0]), {related})
    }
    return {data: documentData(doc, positions, sourceMap), sourceMap}
}

/** `text` composed by `yaml`, and where its parser saw each line break; `uniqueKeys`: yaml's own check of duplicate keys (quadratic: documentData finds them). */
export function readDocument(text: string, file: string, uniqueKeys: boolean): {doc: Document; positions: CollectionPositions; sourceMap: SourceMap} {
    const lines = new (yamlPackage().LineCounter)()
    const doc = parseYamlDocument(text, {lineCounter: lines, uniqueKeys, keepSourceTokens: false})
    const positions = new CollectionPositions(lines, text)
    return {doc, positions, sourceMap: new SourceMap(file, positions)}
}

/**
 * The data of a document composed without errors, each map's and sequence's positions recorded;
 * a value that would not come out as written, a duplicate key or aliases expanding too far are
 * TrellisErrors, located.
 */
export function documentData(doc: Document, positions: CollectionPositions, sourceMap: SourceMap): unknown {
    const {isAlias, isMap, isScalar, isSeq} = yamlPackage()
    const targets = aliasTargets(doc as Document)
    let aliases = 0
    let copies = 0
    let copying = 0
    const tooFar = (node: Node) => new TrellisError('yaml-syntax', 'YAML aliases expand too far', sourceMap.at(node.range?.[0] ?? 0))
    const convert = (node: Node | null | undefined, stack: Set<Node>): unknown => {
        if (node === null || node === undefined) return null
        if (copying > 0 && ++copies > MAX_ALIAS_COPIES) throw tooFar(node)
        const refused = isScalar(node) ? scalarRefused(node) : isAlias(node) ? undefined : collectionRefused(node)
        if (refused) throw new TrellisError('invalid-template', refused.message, sourceMap.at(node.range?.[0] ?? 0), {help: [refused.help]})
        if (isScalar(node)) return node.value
        if (isAlias(node)) {
            if (++aliases > MAX_ALIAS_EXPANSIONS) throw tooFar(node)
            const target = targets.get(node)
            if (!target || stack.has(target)) throw new TrellisError('yaml-syntax', `YAML alias "*${node.source}" cannot be resolved`, sourceMap.at(node.range?.[0] ?? 0))
            copying++
            try {
                return convert(target, stack)
            } finally {
                copying--
            }
        }
        stack.add(node)
        try {
            if (isMap(node)) {
                const out: Record<string, unknown> = {}
                const keys = new Map<string, number>()
                for (const pair of node.items) {
                    const keyNode = pair.key as Node | null
                    const key = keyText(convert(keyNode, stack))
                    const offset = keyNode?.range?.[0] ?? node.range?.[0] ?? 0
                    if (keys.has(key)) {
                        const first = sourceMap.at(keys.get(key)!)
                        throw new TrellisError('yaml-duplicate-key', `duplicate key "${key}"`, sourceMap.at(offset), {related: [{location: first, label: 'first defined here'}]})
                    }
                    keys.set(key, offset)
                    Object.defineProperty(out, key, {value: convert(pair.value as Node | null, stack), enumerable: true, writable: true, configurable: true})
                    if (integralFloat(pair.value as Node | null, targets)) noteFloatLiteral(out, key)
                }
                positions.record(out, {start: node.range?.[0] ?? 0, keys})
                return out
            }
            if (isSeq(node)) {
                const out: unknown[] = []
                const items: number[] = []
                for (const item of node.items) {
                    items.push((item as Node | null)?.range?.[0] ?? node.range?.[0] ?? 0)
                    out.push(convert(item as Node | null, stack))
                    if (integralFloat(item as Node | null, targets)) noteFloatLiteral(out, out.length - 1)
                }
                positions.record(out, {start: node.range?.[0] ?? 0, items})
                return out
            }
        } finally {
            stack.delete(node)
        }
        return null
    }
    return convert(doc.contents as Node | null, new Set())
}

/** A plain scalar (or an alias of one) written as a float with an integral value. */
function integralFloat(node: Node | null, targets: ReadonlyMap<Node, Node | undefined>): boolean {
    const {isAlias, isScalar} = yamlPackage()
    const scalar = node && isAlias(node) ? targets.get(node) : node
    return isScalar(scalar) && scalar.type === 'PLAIN' && isIntegralFloat(String(scalar.source), scalar.value)
}

/**
 * What each alias names: the last node before it with that anchor, found in one walk (yaml's own
 * Alias.resolve walks the document from its start for every alias: 10,000 aliases took minutes).
 */
function aliasTargets(doc: Document): Map<Node, Node | undefined> {
    const {isAlias, visit} = yamlPackage()
    const targets = new Map<Node, Node | undefined>()
    const anchored = new Map<string, Node>()
    visit(doc, {
        Node: (_, node) => {
            if (isAlias(node)) targets.set(node, anchored.get(node.source))
            else if (node.anchor) anchored.set(node.anchor, node)
        },
    })
    return targets
}

/** The offset of the innermost `open` bracket before `pos` that is never closed, from yaml's token tree. */
function unclosedFlowStart(text: string, pos: number, open: '[' | '{'): number | undefined {
    let best: number | undefined
    const seen = new Set<object>()
    const visit = (token: unknown): void => {
        if (token === null || typeof token !== 'object' || seen.has(token)) return
        seen.add(token)
        const t = token as {type?: string; start?: {source?: string; offset?: number}; end?: unknown[]}
        const start = t.start?.offset
        if (
            t.type === 'flow-collection' &&
            t.start?.source === open &&
            start !== undefined &&
            start <= pos &&
            !t.end?.some(e => (e as {source?: string}).source === (open === '[' ? ']' : '}'))
        )
            if (best === undefined || start > best) best = start
        for (const value of Object.values(token)) {
            if (Array.isArray(value)) value.forEach(visit)
            else visit(value)
        }
    }
    for (const token of new (yamlPackage().Parser)().parse(text)) visit(token)
    return best
}
