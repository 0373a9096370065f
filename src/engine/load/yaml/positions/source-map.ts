// Where the plain values of one parsed file were written. Offsets are turned into line:col only
// when a location is printed, and they come from one PositionSource (the three there are, and which
// serves when: ../index.ts). A source that is not `ready` finds positions when first needed:
// locate() then answers with locations whose line and column are looked up when first read, so
// resolving a valid template, which stores locations but never prints them, pays nothing for them.
import type {SourceLocation} from '../../../errors.js'

/** Where the maps and sequences of one file's data were written, as a SourceMap asks. */
export interface PositionSource {
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
    /** Where the token written at `offset` ends (token-end.ts); undefined without a text. */
    end(offset: number): number | undefined
    /** The positions were read with the data: locations are made at once, not when first read. */
    readonly ready: boolean
}

/** The source of data built in memory: no value has a position, and an offset is on no line (line 0, as `yaml`'s line counter says before any line). */
const NOWHERE: PositionSource = {ready: true, member: () => false, offset: () => undefined, linePos: offset => ({line: 0, col: offset}), end: () => undefined}

export class SourceMap {
    private looked: boolean

    /** `source`: where the positions come from; none for data built in memory. */
    constructor(
        readonly file: string,
        private readonly source: PositionSource = NOWHERE,
    ) {
        this.looked = source.ready
    }

    /** Whether positions were looked up (false until the first line or column of a source not ready is read). */
    get filled(): boolean {
        return this.looked
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
        const hint = near !== null && typeof near === 'object' ? near : undefined
        // once positions are being read (explaining reads nearly all), a location is found at once: a
        // later one costs twice the memory, and is read moments after anyway
        if (this.looked) return this.at(this.source.offset(value, key, hint))
        return this.source.member(value, hint) ? new LaterLocation(this, value, key) : undefined
    }

    at(offset: number): SourceLocation
    at(offset: number | undefined): SourceLocation | undefined
    at(offset: number | undefined): SourceLocation | undefined {
        if (offset === undefined) return undefined
        if (!this.looked) return new LaterLocation(this, undefined, offset)
        const {line, col} = this.source.linePos(offset)
        const end = this.source.end(offset)
        if (end === undefined) return {file: this.file, line, column: col}
        const last = this.source.linePos(end)
        return {file: this.file, line, column: col, endLine: last.line, endColumn: last.col}
    }

    /** Where a location found on first read is: a map/sequence of the data, one of its keys or items, or (no value) an offset. */
    lookUp(value: object | undefined, key: string | number | undefined): SourceLocation {
        this.looked = true
        if (value === undefined) return this.at(key as number)
        return this.at(this.source.offset(value, key) ?? 0)
    }
}

/**
 * A location whose line and column are looked up when first read. Its own properties are a plain
 * location's (file, line, column and where its token ends: it spreads and prints as one); what it
 * needs to find them is private. Its getters are shared, so a template's million locations cost
 * little until read.
 */
class LaterLocation implements SourceLocation {
    declare readonly line: number
    declare readonly column: number
    declare readonly endLine?: number
    declare readonly endColumn?: number
    readonly file: string
    readonly #map: SourceMap
    readonly #value: object | undefined
    readonly #key: string | number | undefined
    #found: SourceLocation | undefined

    /** Line, column and the span's end as own enumerable properties, read through the private lookup. */
    static readonly #lineAndColumn: PropertyDescriptorMap = Object.fromEntries(
        (['line', 'column', 'endLine', 'endColumn'] as const).map(name => [
            name,
            {
                get(this: LaterLocation) {
                    return this.#get()[name]
                },
                enumerable: true,
            },
        ]),
    )

    constructor(map: SourceMap, value: object | undefined, key: string | number | undefined) {
        this.file = map.file
        this.#map = map
        this.#value = value
        this.#key = key
        Object.defineProperties(this, LaterLocation.#lineAndColumn)
    }

    #get(): SourceLocation {
        return (this.#found ??= this.#map.lookUp(this.#value, this.#key))
    }
}
