// Positions kept per map and sequence: where it starts and where each of its keys or items was
// written. The exact reader keeps them as it builds the data; the locator as it finds them.
import type {LineCounter} from 'yaml'
import type {PositionSource} from './source-map.js'
import {tokenEnd} from './token-end.js'

export interface Positions {
    readonly start: number
    readonly keys?: KeyOffsets
    readonly items?: number[]
}

/**
 * Maps of up to this many keys find a key's offset by a scan of their names; larger ones through a Map
 * (which costs about 300 bytes, and a template has one map per node and property).
 */
export const FEW_KEYS = 16

/** Where each key of a map was written (a Map will do). */
export interface KeyOffsets {
    get(key: string): number | undefined
}

export type RecordPositions = (value: object, positions: Positions) => void

/** Where a key or item of a collection with these positions was written; where the collection starts when it has no such key or item. */
export function offsetIn(p: Positions, key: string | number | undefined): number {
    if (typeof key === 'string') return p.keys?.get(key) ?? p.start
    if (typeof key === 'number' && p.items && key < p.items.length) return p.items[key]!
    return p.start
}

/** The positions the exact reader keeps as it reads; `lines`: the line breaks its parser saw. */
export class CollectionPositions implements PositionSource {
    readonly ready = true
    private readonly positions = new WeakMap<object, Positions>()

    constructor(
        private readonly lines: LineCounter,
        private readonly text: string,
    ) {}

    record(value: object, positions: Positions): void {
        this.positions.set(value, positions)
    }

    member(value: object): boolean {
        return this.positions.has(value)
    }

    offset(value: object, key: string | number | undefined): number | undefined {
        const p = this.positions.get(value)
        return p && offsetIn(p, key)
    }

    linePos(offset: number): {line: number; col: number} {
        return this.lines.linePos(offset)
    }

    end(offset: number): number {
        return tokenEnd(this.text, offset)
    }
}
