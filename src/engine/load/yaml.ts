// YAML with source positions. We walk the `yaml` AST ourselves instead of calling
// toJS(): that lets us (a) check duplicate keys in linear time with one Set per
// map — the library's own check is quadratic on large maps — and (b) remember the
// offset of every map, sequence and key, turned into line:col only when printed.
import {isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node} from 'yaml'
import {TrellisError, type SourceLocation} from '../errors.js'

interface Positions {
    readonly start: number
    readonly keys?: Map<string, number>
    readonly items?: number[]
}

/** Where plain values of one parsed file were written. */
export class SourceMap {
    private readonly positions = new WeakMap<object, Positions>()
    private readonly lines: LineCounter

    constructor(
        readonly file: string,
        lines: LineCounter,
    ) {
        this.lines = lines
    }

    record(value: object, positions: Positions): void {
        this.positions.set(value, positions)
    }

    /** The location of a map/sequence, of one of its keys, or of one of its items. */
    locate(value: unknown, key?: string | number): SourceLocation | undefined {
        if (value === null || typeof value !== 'object') return undefined
        const p = this.positions.get(value)
        if (!p) return undefined
        let offset = p.start
        if (typeof key === 'string' && p.keys?.has(key)) offset = p.keys.get(key)!
        else if (typeof key === 'number' && p.items && key < p.items.length) offset = p.items[key]!
        return this.at(offset)
    }

    at(offset: number): SourceLocation {
        const {line, col} = this.lines.linePos(offset)
        return {file: this.file, line, column: col}
    }
}

export interface ParsedYaml {
    readonly data: unknown
    readonly sourceMap: SourceMap
}

// Aliases may expand exponentially ("billion laughs"); cap the work instead of hanging.
const MAX_ALIAS_EXPANSIONS = 10_000

export function parseYaml(text: string, file: string): ParsedYaml {
    const lines = new LineCounter()
    const doc = parseDocument(text, {lineCounter: lines, uniqueKeys: false, keepSourceTokens: false})
    const sourceMap = new SourceMap(file, lines)
    const error = doc.errors[0]
    if (error) {
        const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
        throw new TrellisError('yaml-syntax', `YAML syntax error: ${message}`, sourceMap.at(error.pos[0]))
    }
    let aliases = 0
    const convert = (node: Node | null | undefined, stack: Set<Node>): unknown => {
        if (node === null || node === undefined) return null
        if (isScalar(node)) return node.value
        if (isAlias(node)) {
            if (++aliases > MAX_ALIAS_EXPANSIONS)
                throw new TrellisError('yaml-syntax', 'YAML aliases expand too far', sourceMap.at(node.range?.[0] ?? 0))
            const target = node.resolve(doc as Document)
            if (!target || stack.has(target))
                throw new TrellisError('yaml-syntax', `YAML alias "*${node.source}" cannot be resolved`, sourceMap.at(node.range?.[0] ?? 0))
            return convert(target, stack)
        }
        stack.add(node)
        try {
            if (isMap(node)) {
                const out: Record<string, unknown> = {}
                const keys = new Map<string, number>()
                for (const pair of node.items) {
                    const keyNode = pair.key as Node | null
                    const key = String(isScalar(keyNode) ? keyNode.value : convert(keyNode, stack))
                    const offset = keyNode?.range?.[0] ?? node.range?.[0] ?? 0
                    if (keys.has(key)) {
                        const first = sourceMap.at(keys.get(key)!)
                        throw new TrellisError(
                            'yaml-duplicate-key',
                            `duplicate key "${key}" (first defined at line ${first.line}, column ${first.column})`,
                            sourceMap.at(offset),
                        )
                    }
                    keys.set(key, offset)
                    Object.defineProperty(out, key, {value: convert(pair.value as Node | null, stack), enumerable: true, writable: true, configurable: true})
                }
                sourceMap.record(out, {start: node.range?.[0] ?? 0, keys})
                return out
            }
            if (isSeq(node)) {
                const out: unknown[] = []
                const items: number[] = []
                for (const item of node.items) {
                    items.push((item as Node | null)?.range?.[0] ?? node.range?.[0] ?? 0)
                    out.push(convert(item as Node | null, stack))
                }
                sourceMap.record(out, {start: node.range?.[0] ?? 0, items})
                return out
            }
        } finally {
            stack.delete(node)
        }
        return null
    }
    return {data: convert(doc.contents as Node | null, new Set()), sourceMap}
}
