// Where the plain values of one parsed file were written. Offsets are kept per
// map/sequence (itself, its keys, its items) and turned into line:col only when a
// location is printed. The fast reader's map has no offsets yet: until the first
// line or column is read, locate() answers with locations that find their line and
// column on first read (the whole map fills itself then, see positions.ts), so
// resolving a valid template, which stores locations but never prints them, does
// not pay for positions.
import {LineCounter} from 'yaml'
import type {SourceLocation} from '../errors.js'

export interface Positions {
    readonly start: number
    readonly keys?: Map<string, number>
    readonly items?: number[]
}

export type RecordPositions = (value: object, positions: Positions) => void

/** Positions found on first use. */
export interface LazyPositions {
    /** The parsed data: every map and sequence in it gets positions. */
    readonly data: unknown
    /** Records the positions of every map and sequence and returns the line index of the text. */
    readonly fill: (record: RecordPositions) => LineCounter
}

export class SourceMap {
    private readonly positions = new WeakMap<object, Positions>()
    private lines: LineCounter | undefined
    private pending: LazyPositions | undefined
    /** The maps and sequences of the pending data seen so far, and the walk that finds them (see isMember). */
    private members: Set<object> | undefined
    private queue: object[] | undefined
    private walked = 0

    /** `source` is the line index of positions recorded eagerly, or how to find them on first use. */
    constructor(
        readonly file: string,
        source: LineCounter | LazyPositions = new LineCounter(),
    ) {
        if (source instanceof LineCounter) this.lines = source
        else this.pending = source
    }

    /** Whether positions are known (false until the first line or column of a lazy map is read). */
    get filled(): boolean {
        return this.pending === undefined
    }

    record(value: object, positions: Positions): void {
        this.positions.set(value, positions)
    }

    /** The location of a map/sequence, of one of its keys, or of one of its items. */
    locate(value: unknown, key?: string | number): SourceLocation | undefined {
        if (value === null || typeof value !== 'object') return undefined
        if (this.pending) return this.isMember(this.pending, value) ? this.later(() => this.find(value, key) ?? this.at(0)) : undefined
        return this.find(value, key)
    }

    at(offset: number): SourceLocation {
        if (this.pending) return this.later(() => this.at(offset))
        const {line, col} = this.lines!.linePos(offset)
        return {file: this.file, line, column: col}
    }

    private find(value: object, key?: string | number): SourceLocation | undefined {
        const p = this.positions.get(value)
        if (!p) return undefined
        let offset = p.start
        if (typeof key === 'string' && p.keys?.has(key)) offset = p.keys.get(key)!
        else if (typeof key === 'number' && p.items && key < p.items.length) offset = p.items[key]!
        return this.at(offset)
    }

    /** A location whose line and column are looked up when first read. */
    private later(where: () => SourceLocation): SourceLocation {
        let found: SourceLocation | undefined
        const get = () => (found ??= (this.fill(), where()))
        return {
            file: this.file,
            get line() {
                return get().line
            },
            get column() {
                return get().column
            },
        }
    }

    private fill(): void {
        const pending = this.pending
        if (!pending) return
        this.pending = undefined
        this.members = undefined
        this.queue = undefined
        try {
            this.lines = pending.fill((value, positions) => this.positions.set(value, positions))
        } finally {
            this.lines ??= new LineCounter()
        }
    }

    /**
     * Whether a value is a map or sequence of the pending data. The data is walked
     * breadth first, only as far as needed: the values asked about while resolving
     * (variability inputs, options) lie near the top; a value from elsewhere costs
     * one walk over everything.
     */
    private isMember(pending: LazyPositions, value: object): boolean {
        const members = (this.members ??= new Set())
        if (members.has(value)) return true
        const queue = (this.queue ??= typeof pending.data === 'object' && pending.data !== null ? [pending.data] : [])
        while (this.walked < queue.length) {
            const next = queue[this.walked++]!
            members.add(next)
            if (Array.isArray(next)) {
                for (let i = 0; i < next.length; i++) if (next[i] !== null && typeof next[i] === 'object') queue.push(next[i] as object)
            } else
                for (const key in next) {
                    const item = (next as Record<string, unknown>)[key]
                    if (item !== null && typeof item === 'object') queue.push(item)
                }
            if (next === value) return true
        }
        queue.length = this.walked = 0 // all seen: members answers from now on
        return false
    }
}
