// Positions written down while the block reader builds the data (../fast/block.ts), for a
// caller that will ask where nearly everything is (explaining every element of a
// template): where each map and sequence starts and where each of its keys or items
// was written, the offsets the locator would find (locator.ts), at a fraction of its
// cost and memory. One table of offsets for all collections, each found by one
// lookup: no object per collection (at seed 100,000, two million of them).
import {LineIndex} from './line-index.js'
import {FEW_KEYS} from './collections.js'
import type {PositionSource} from './source-map.js'
import {tokenEnd} from './token-end.js'

export class RecordedPositions implements PositionSource {
    readonly ready = true
    /** Each collection's place in the table: its start, how many offsets follow, the offsets (a map's in the order of Object.keys). */
    private readonly slots = new Map<object, number>()
    private table = new Uint32Array(1 << 14)
    private used = 0
    /** The offsets of the collections being read, innermost last: each is moved to the table when its collection ends. */
    private stack = new Uint32Array(1 << 10)
    private top = 0
    private readonly names = new Map<object, Map<string, number>>()
    private readonly lines: LineIndex

    constructor(private readonly text: string) {
        this.lines = new LineIndex(text)
    }

    /** A collection starts being read: what `close` is given back. */
    open(): number {
        return this.top
    }

    /** Where the next key or item of the collection being read was written. */
    push(offset: number): void {
        if (this.top === this.stack.length) this.stack = grown(this.stack, this.top + 1)
        this.stack[this.top++] = offset
    }

    /**
     * The collection opened at `mark` was read: it starts at `start`. `written`: a map's keys in the
     * order they were written, when that may differ from the order of Object.keys (which puts keys
     * like "2" first), else undefined.
     */
    close(value: object, start: number, mark: number, written?: readonly string[]): void {
        const count = this.top - mark
        if (this.used + 2 + count > this.table.length) this.table = grown(this.table, this.used + 2 + count)
        const slot = this.used
        const table = this.table
        const stack = this.stack
        table[slot] = start
        table[slot + 1] = count
        if (written === undefined) for (let i = 0; i < count; i++) table[slot + 2 + i] = stack[mark + i]!
        else {
            // (by name: a map of many such keys would otherwise cost their number squared)
            const order = new Map(written.map((key, i) => [key, i]))
            Object.keys(value).forEach((key, i) => (table[slot + 2 + i] = stack[mark + order.get(key)!]!))
        }
        this.used += 2 + count
        this.slots.set(value, slot)
        this.top = mark
    }

    member(value: object): boolean {
        return this.slots.has(value)
    }

    offset(value: object, key?: string | number): number | undefined {
        const slot = this.slots.get(value)
        if (slot === undefined) return undefined
        const table = this.table
        const count = table[slot + 1]!
        let i = -1
        // (an index no item can have, -1 or 0.5, never comes here: SourceMap.locate answers it)
        if (Array.isArray(value)) {
            if (typeof key === 'number' && key < count) i = key
        } else if (typeof key === 'string') {
            // a key by its place among the map's keys, found by a scan or by name: the parsed data is never written to
            i = count <= FEW_KEYS ? ordinal(value, key) : (this.byName(value).get(key) ?? -1)
        }
        return table[i === -1 ? slot : slot + 2 + i]
    }

    linePos(offset: number): {line: number; col: number} {
        return this.lines.linePos(offset)
    }

    end(offset: number): number {
        return tokenEnd(this.text, offset)
    }

    /** The ordinal of each key of a large map (node_templates), by name. */
    private byName(value: object): Map<string, number> {
        let names = this.names.get(value)
        if (!names) this.names.set(value, (names = new Map(Object.keys(value).map((key, i) => [key, i]))))
        return names
    }
}

/** A copy of `array` with room for at least `size` numbers. */
function grown(array: Uint32Array, size: number): Uint32Array<ArrayBuffer> {
    const bigger = new Uint32Array(Math.max(size, array.length * 2))
    bigger.set(array)
    return bigger
}

/** Where `key` comes in the keys of a small map, or -1. */
function ordinal(map: object, key: string): number {
    let i = 0
    for (const name in map) {
        if (name === key) return i
        i++
    }
    return -1
}
