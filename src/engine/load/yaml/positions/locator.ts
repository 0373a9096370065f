// Positions on demand for data the fast reader built. A map or sequence is found
// by following its path from the root through the text, reading only the
// collections on the way, each once, line by line at its indentation: the first
// location of a large template costs a few scans of lines, not a second parse.
// The screen (../fast/screen.ts) guarantees what this relies on: no anchors, aliases or
// tags, flow collections on one line, no tabs in indentation, every line of a
// value indented past the key or entry it belongs to. Whatever else the scan
// meets (an explicit or complex key, keys that disagree with the data) is read
// from the whole text instead (whole-text.ts), once, for every collection.
import {isDeepStrictEqual} from 'node:util'
import {load} from 'js-yaml'
import type {Node} from 'yaml'
import {yamlPackage} from '../../../yaml-package.js'
import {CORE, plainScalar} from '../core-schema.js'
import {parseYamlDocument} from '../document.js'
import {LineIndex} from './line-index.js'
import {contentStart, heardFrom, readAllPositions, walk} from './whole-text.js'
import {FEW_KEYS, offsetIn, type Positions} from './collections.js'
import type {PositionSource} from './source-map.js'
import {tokenEnd} from './token-end.js'
import {COLON, CR, DASH, DOT, DOUBLE, HASH, NEWLINE, OPEN_CURLY, OPEN_SQUARE, QUESTION, SINGLE, SPACE, TAB, closingQuote} from '../chars.js'

/** How deep below a nearby collection a value is looked for (an element's place lies a few levels inside its container's definition). */
const BELOW = 3

/** The scan met text it does not read: positions come from the whole text. */
class Unscanned extends Error {}

export class Locator implements PositionSource {
    readonly ready = false
    private readonly found = new Map<object, Positions>()
    /** The maps and sequences of the data met so far, breadth first: each with its parent's index and its key there. */
    private readonly index = new Map<object, number>()
    private readonly objects: object[] = []
    private readonly parents: number[] = []
    private readonly keys: (string | number)[] = []
    private walked = 0
    private whole = false
    private readonly lines: LineIndex
    /**
     * Lines the scans may still pass over. Each collection on a path is scanned once, over every line
     * below it, so deep nesting costs depth × lines: past 16 passes (templates nest about 8 deep) the
     * whole text is read instead, which costs one (a deep template took minutes for one location).
     */
    private budget: number | undefined

    constructor(
        private readonly text: string,
        private readonly data: unknown,
    ) {
        this.lines = new LineIndex(text)
        if (data !== null && typeof data === 'object') this.meet(data, -1, 0)
    }

    /**
     * Whether a value is a map or sequence of the data. The data is walked breadth first, only as
     * far as needed: the values asked about while resolving (variability inputs, options) lie near
     * the top; a value from elsewhere costs one walk over everything (but see `near`).
     */
    member(value: object, near?: object): boolean {
        if (this.index.has(value) || this.found.has(value)) return true
        if (near !== undefined && near !== value && this.below(near, value) !== undefined) return true
        while (this.walked < this.objects.length) {
            const at = this.walked++
            const next = this.objects[at]!
            if (Array.isArray(next)) {
                for (let i = 0; i < next.length; i++) if (next[i] !== null && typeof next[i] === 'object') this.meet(next[i] as object, at, i)
            } else
                for (const key in next) {
                    const item = (next as Record<string, unknown>)[key]
                    if (item !== null && typeof item === 'object') this.meet(item, at, key)
                }
            if (this.index.has(value)) return true
        }
        return false
    }

    offset(value: object, key: string | number | undefined, near?: object): number | undefined {
        const p = this.positions(value, near)
        return p && offsetIn(p, key)
    }

    /**
     * The positions of a map or sequence of the data. `near`: a collection it probably lies in (an
     * element's container's definition), looked in first: the value's path from there is found by
     * walking what `near` holds, sparing the walk over everything before it that a path from the
     * root needs (at seed 100,000, two million collections, a quarter of explaining every element).
     */
    positions(value: object, near?: object): Positions | undefined {
        const known = this.found.get(value)
        if (known || this.whole) return known
        try {
            // (`near` may lie outside this file's data: a definition from elsewhere; then the path from the root)
            const below = near !== undefined && near !== value ? this.below(near, value) : undefined
            let parent = below && this.positions(near!)
            if (parent) {
                let at: object = near!
                for (const key of below!) {
                    const child = (at as Record<string | number, object>)[key]!
                    if (!this.found.has(child)) this.scanAt(child, this.childStart(parent, key))
                    parent = this.found.get(child)!
                    at = child
                }
                return parent
            }
            if (!this.member(value)) return undefined
            // the collections from the nearest one known down to the value, each read where its parent says it starts
            const path: number[] = []
            for (let i = this.index.get(value)!; i !== -1 && !this.found.has(this.objects[i]!); i = this.parents[i]!) path.push(i)
            // reading a flow collection records what it holds too
            for (let k = path.length - 1; k >= 0; k--) if (!this.found.has(this.objects[path[k]!]!)) this.scan(path[k]!)
        } catch (e) {
            if (!(e instanceof Unscanned)) throw e
            this.whole = true
            readAllPositions(this.text, this.data, (v, p) => this.found.set(v, p))
        }
        return this.found.get(value)
    }

    /** The keys leading from `near` down to `value` (at most BELOW levels deep), or undefined. */
    private below(near: object, value: object, depth = 0): (string | number)[] | undefined {
        if (Array.isArray(near)) {
            for (let i = 0; i < near.length; i++) {
                const item: unknown = near[i]
                if (item === value) return [i]
                if (item !== null && typeof item === 'object' && depth < BELOW) {
                    const path = this.below(item, value, depth + 1)
                    if (path) return (path.unshift(i), path)
                }
            }
            return undefined
        }
        for (const key in near) {
            const item = (near as Record<string, unknown>)[key]
            if (item === value) return [key]
            if (item !== null && typeof item === 'object' && depth < BELOW) {
                const path = this.below(item, value, depth + 1)
                if (path) return (path.unshift(key), path)
            }
        }
        return undefined
    }

    linePos(offset: number): {line: number; col: number} {
        return this.lines.linePos(offset)
    }

    end(offset: number): number {
        return tokenEnd(this.text, offset)
    }

    private meet(value: object, parent: number, key: string | number): void {
        this.index.set(value, this.objects.length)
        this.objects.push(value)
        this.parents.push(parent)
        this.keys.push(key)
    }

    private scan(i: number): void {
        const parent = this.parents[i]!
        this.scanAt(this.objects[i]!, parent === -1 ? this.rootStart() : this.childStart(this.found.get(this.objects[parent]!)!, this.keys[i]!))
    }

    /** Reads the positions of `value`, a map or sequence starting at `start`. */
    private scanAt(value: object, start: number): void {
        const c = this.text.charCodeAt(start)
        if (c === OPEN_SQUARE || c === OPEN_CURLY) this.flow(start, value)
        else if (Array.isArray(value)) this.sequence(start, value)
        else this.map(start, value as Record<string, unknown>)
    }

    private rootStart(): number {
        const start = contentStart(this.text, 0)
        return this.text.startsWith('---', start) ? contentStart(this.text, start + 3) : start
    }

    private childStart(parent: Positions, key: string | number): number {
        if (typeof key === 'number') return parent.items![key]!
        return contentStart(this.text, this.key(parent.keys!.get(key)!).colon + 1)
    }

    /** A flow collection (on one line): read by yaml, checked against the data, everything in it recorded. */
    private flow(start: number, value: object): void {
        const line = this.text.slice(start, this.lineEnd(start)).replace(/\r$/, '')
        const {isMap, isSeq} = yamlPackage()
        const doc = parseYamlDocument(line, {uniqueKeys: false, keepSourceTokens: false})
        const node = doc.contents as Node | null
        // a flow collection that is a key of a block map reads as that map
        if (doc.errors.length || !(isMap(node) || isSeq(node)) || !node.flow || !sameData(line, value)) throw new Unscanned()
        walk(heardFrom(node, start, doc, start), value, (v, p) => this.found.set(v, p))
    }

    private sequence(start: number, value: unknown[]): void {
        const column = start - this.lineStart(start)
        const items: number[] = []
        // a line at the entries' indentation that is no entry is the next key of the map the sequence is a value of
        for (let at = start; at !== -1 && this.entry(at); at = this.next(at, column)) items.push(contentStart(this.text, at + 1))
        if (items.length !== value.length) throw new Unscanned()
        this.found.set(value, {start, items})
    }

    private map(start: number, value: Record<string, unknown>): void {
        const column = start - this.lineStart(start)
        const names = Object.keys(value)
        const few = names.length <= FEW_KEYS
        const offsets: number[] = few ? new Array<number>(names.length).fill(-1) : []
        const many = few ? undefined : new Map<string, number>()
        for (let at = start; at !== -1; at = this.next(at, column)) {
            // a block sequence at the keys' indentation is the value of the key before it
            if (this.entry(at)) continue
            const {key} = this.key(at)
            if (many) {
                if (!Object.hasOwn(value, key) || many.has(key)) throw new Unscanned()
                many.set(key, at)
            } else {
                const i = names.indexOf(key)
                if (i === -1 || offsets[i] !== -1) throw new Unscanned()
                offsets[i] = at
            }
        }
        if (many ? many.size !== names.length : offsets.includes(-1)) throw new Unscanned()
        this.found.set(value, {start, keys: many ?? new FewKeys(names, offsets)})
    }

    /** The implicit key at `at` as the fast reader stores it, and where its ":" is. */
    private key(at: number): {key: string; colon: number} {
        const text = this.text
        const c = text.charCodeAt(at)
        let key: string
        let i: number
        if (c === DOUBLE || c === SINGLE) {
            const close = this.closeQuote(at)
            const raw = text.slice(at + 1, close)
            key = raw.includes(c === DOUBLE ? '\\' : "'") ? String(load(text.slice(at, close + 1), {schema: CORE})) : raw
            i = close + 1
            while (text.charCodeAt(i) === SPACE) i++
            if (text.charCodeAt(i) !== COLON) throw new Unscanned()
        } else {
            // an explicit key (? …), an empty key or a collection as key: not read here
            if (c === OPEN_SQUARE || c === OPEN_CURLY || ((c === QUESTION || c === COLON) && this.separator(at + 1))) throw new Unscanned()
            const end = this.lineEnd(at)
            for (i = at; i < end; i++) {
                const d = text.charCodeAt(i)
                if (d === COLON && this.separator(i + 1)) break
                if (d === HASH && i > at && isSpace(text.charCodeAt(i - 1))) throw new Unscanned()
            }
            if (i >= end) throw new Unscanned()
            key = String(plainScalar(text.slice(at, i).trimEnd()))
        }
        if (!this.separator(i + 1)) throw new Unscanned()
        return {key, colon: i}
    }

    /** Just past the quote that closes the one at `at`, on its line. */
    private closeQuote(at: number): number {
        const close = closingQuote(this.text, at, this.lineEnd(at))
        if (close === -1) throw new Unscanned()
        return close
    }

    /** Whether a sequence entry indicator ("-" then white space or the line end) is at `at`. */
    private entry(at: number): boolean {
        return this.text.charCodeAt(at) === DASH && this.separator(at + 1)
    }

    private separator(at: number): boolean {
        if (at >= this.text.length) return true
        const c = this.text.charCodeAt(at)
        return c === SPACE || c === NEWLINE || c === CR || c === TAB
    }

    /**
     * The first character of the next line, after `at`'s, that is indented exactly `column`; -1
     * when a line indented less (or a document end marker) comes first. Blank lines, comments and
     * lines indented more (what the entry at `at` holds) are passed over.
     */
    private next(at: number, column: number): number {
        const text = this.text
        this.budget ??= 16 * this.lines.count + 10_000
        for (let nl = text.indexOf('\n', at); nl !== -1;) {
            if (--this.budget < 0) throw new Unscanned()
            const start = nl + 1
            let k = start
            while (text.charCodeAt(k) === SPACE) k++
            if (k >= text.length) return -1
            const c = text.charCodeAt(k)
            const indent = k - start
            if (c === NEWLINE || c === CR || c === TAB || c === HASH || indent > column) {
                nl = text.indexOf('\n', k)
                continue
            }
            if (indent < column) return -1
            if (indent === 0 && (c === DOT || c === DASH) && (text.startsWith('...', k) || text.startsWith('---', k)) && this.separator(k + 3)) return -1
            return k
        }
        return -1
    }

    private lineStart(at: number): number {
        return this.text.lastIndexOf('\n', at - 1) + 1
    }

    private lineEnd(at: number): number {
        const end = this.text.indexOf('\n', at)
        return end === -1 ? this.text.length : end
    }
}

/** The offsets of a small map's keys (its own key names: the strings are shared). */
class FewKeys {
    constructor(
        private readonly names: string[],
        private readonly offsets: number[],
    ) {}

    get(key: string): number | undefined {
        const i = this.names.indexOf(key)
        return i === -1 ? undefined : this.offsets[i]
    }
}

/** Whether the fast reader reads `text` as `value`. */
function sameData(text: string, value: unknown): boolean {
    try {
        return isDeepStrictEqual(load(text, {schema: CORE}), value)
    } catch {
        return false
    }
}

const isSpace = (c: number) => c === SPACE || c === TAB
