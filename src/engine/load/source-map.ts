// Where the plain values of one parsed file were written. Offsets are kept per
// map/sequence (itself, its keys, its items) and turned into line:col only when a
// location is printed. The fast reader's map has no offsets yet: locate() answers
// with locations that find their line and column on first read, each collection's
// offsets read from the text when first needed (see locator.ts), so resolving a
// valid template, which stores locations but never prints them, does not pay for
// positions.
import {LineCounter} from 'yaml'
import type {SourceLocation} from '../errors.js'

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

/** Positions found on first use. */
export interface LazyPositions {
    /**
     * Whether a value is a map or sequence of the parsed data (answered from the data, not the text);
     * `near`, a collection it probably lies in, is searched first.
     */
    member(value: object, near?: object): boolean
    /** The positions of a map or sequence of the parsed data (`near` as for member). */
    positions(value: object, near?: object): Positions | undefined
    linePos(offset: number): {line: number; col: number}
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
        if (this.lazy) {
            const hint = near !== null && typeof near === 'object' ? near : undefined
            // once positions are being read (explaining reads nearly all), a location is found at once: a
            // later one costs twice the memory, and is read moments after anyway
            if (this.looked) return this.find(this.lazy.positions(value, hint), key)
            return this.lazy.member(value, hint) ? new LaterLocation(this, value, key) : undefined
        }
        return this.find(this.positions.get(value), key)
    }

    at(offset: number): SourceLocation {
        if (this.lazy && !this.looked) return new LaterLocation(this, undefined, offset)
        const {line, col} = this.lines.linePos(offset)
        return {file: this.file, line, column: col}
    }

    /** Where a location found on first read is: a map/sequence of the lazy data, one of its keys or items, or (no value) an offset. */
    lookUp(value: object | undefined, key: string | number | undefined): SourceLocation {
        this.looked = true
        if (value === undefined) return this.at(key as number)
        return this.find(this.lazy?.positions(value), key) ?? this.at(0)
    }

    private find(p: Positions | undefined, key?: string | number): SourceLocation | undefined {
        if (!p) return undefined
        let offset = p.start
        if (typeof key === 'string') offset = p.keys?.get(key) ?? offset
        else if (typeof key === 'number' && p.items && key < p.items.length) offset = p.items[key]!
        return this.at(offset)
    }
}

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
