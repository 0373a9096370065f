// Where the plain values of one parsed file were written. Offsets are kept per
// map/sequence (itself, its keys, its items) and turned into line:col only when a
// location is printed. The fast reader's map has no offsets yet: locate() answers
// with locations that find their line and column on first read, each collection's
// offsets read from the text when first needed (see locator.ts), so resolving a
// valid template, which stores locations but never prints them, does not pay for
// positions; a caller about to ask for nearly all of them has the block reader
// write them down as it reads instead (recorded.ts).
import {LineCounter} from 'yaml'
import type {SourceLocation} from '../../../errors.js'

export interface Positions {
    readonly start: number
    readonly keys?: KeyOffsets
    readonly items?: number[]
}

/** Where each key of a map was written (a Map will do). */
export interface KeyOffsets {
    get(key: string): number | undefined
}

export type RecordPositions = (value: object, positions: Positions) => void

/** Positions found on first use, or read with the data. */
export interface LazyPositions {
    /**
     * Whether a value is a map or sequence of the parsed data (answered from the data, not the text);
     * `near`, a collection it probably lies in, is searched first.
     */
    member(value: object, near?: object): boolean
    /**
     * Where a map or sequence of the parsed data was written, or one of its keys or items (`near` as
     * for member); undefined for a value that is not one.
     */
    offset(value: object, key: string | number | undefined, near?: object): number | undefined
    linePos(offset: number): {line: number; col: number}
    /** The positions were read with the data: locations are made at once, not when first read. */
    readonly ready?: boolean
}

/** Where a key or item of a collection with these positions was written; where the collection starts when it has no such key or item. */
export function offsetIn(p: Positions, key: string | number | undefined): number {
    if (typeof key === 'string') return p.keys?.get(key) ?? p.start
    if (typeof key === 'number' && p.items && key < p.items.length) return p.items[key]!
    return p.start
}

export class SourceMap {
    private readonly positions = new WeakMap<object, Positions>()
    private readonly lines: LineCounter | LazyPositions
    private readonly lazy: LazyPositions | undefined
    private looked = false

    /** `source` is the line index of positions recorded eagerly, or how to find them on first use. */
    constructor(
        readonly file: string,
        source: LineCounter | LazyPositions = new LineCounter(),
    ) {
        this.lines = source
        if (!(source instanceof LineCounter)) this.lazy = source
        this.looked = this.lazy?.ready === true
    }

    /** Whether positions were looked up (false until the first line or column of a lazy map is read). */
    get filled(): boolean {
        return this.lazy === undefined || this.looked
    }

    record(value: object, positions: Positions): void {
        this.positions.set(value, positions)
    }

    /**
     * The location of a map/sequence, of one of its keys, or of one of its items. `near`: a map or
     * sequence the value probably lies in (an element's container's definition), where a large
     * template's positions are looked for first.
     */
    locate(value: unknown, key?: string | number, near?: unknown): SourceLocation | undefined {
        if (value === null || typeof value !== 'object') return undefined
        // an index no item can have (-1, 0.5) has no place, whether positions are known yet or not
        if (typeof key === 'number' && !(Number.isInteger(key) && key >= 0)) return undefined
        if (this.lazy) {
            const hint = near !== null && typeof near === 'object' ? near : undefined
            // once positions are being read (explaining reads nearly all), a location is found at once: a
            // later one costs twice the memory, and is read moments after anyway
            if (this.looked) return this.at(this.lazy.offset(value, key, hint))
            return this.lazy.member(value, hint) ? new LaterLocation(this, value, key) : undefined
        }
        const p = this.positions.get(value)
        return p && this.at(offsetIn(p, key))
    }

    at(offset: number): SourceLocation
    at(offset: number | undefined): SourceLocation | undefined
    at(offset: number | undefined): SourceLocation | undefined {
        if (offset === undefined) return undefined
        if (this.lazy && !this.looked) return new LaterLocation(this, undefined, offset)
        const {line, col} = this.lines.linePos(offset)
        return {file: this.file, line, column: col}
    }

    /** Where a location found on first read is: a map/sequence of the lazy data, one of its keys or items, or (no value) an offset. */
    lookUp(value: object | undefined, key: string | number | undefined): SourceLocation {
        this.looked = true
        if (value === undefined) return this.at(key as number)
        return this.at(this.lazy?.offset(value, key) ?? 0)
    }
}

// set once, by LaterLocation's static block (its getters reach its private fields), and never changed
let LINE_AND_COLUMN: PropertyDescriptorMap

/**
 * A location whose line and column are looked up when first read. Its own properties are a plain
 * location's (file, line, column: it spreads and prints as one); what it needs to find them is
 * private. Its getters are shared, so a template's million locations cost little until read.
 */
class LaterLocation implements SourceLocation {
    declare readonly line: number
    declare readonly column: number
    readonly file: string
    readonly #map: SourceMap
    readonly #value: object | undefined
    readonly #key: string | number | undefined
    #found: SourceLocation | undefined

    constructor(map: SourceMap, value: object | undefined, key: string | number | undefined) {
        this.file = map.file
        this.#map = map
        this.#value = value
        this.#key = key
        Object.defineProperties(this, LINE_AND_COLUMN)
    }

    static {
        LINE_AND_COLUMN = {
            line: {
                get(this: LaterLocation) {
                    return this.#get().line
                },
                enumerable: true,
            },
            column: {
                get(this: LaterLocation) {
                    return this.#get().column
                },
                enumerable: true,
            },
        }
    }

    #get(): SourceLocation {
        return (this.#found ??= this.#map.lookUp(this.#value, this.#key))
    }
}
