// Variability4TOSCA allows maps or lists of single-entry maps where TOSCA has
// maps; both are read as ordered entries that remember where they were written.
import {TrellisError, type SourceLocation} from '../errors.js'
import type {SourceMap} from '../load/index.js'
import {soleKey} from '../keys.js'

/** One entry; its location is looked up only when someone asks (errors, explanations). */
export class Entry {
    constructor(
        readonly name: string,
        readonly value: unknown,
        private readonly sourceMap: SourceMap,
        readonly owner: unknown,
        readonly key: string | number,
        readonly list?: unknown,
        readonly item?: number,
    ) {}

    get location(): SourceLocation | undefined {
        return this.sourceMap.locate(this.owner, this.key) ?? (this.list === undefined ? undefined : this.sourceMap.locate(this.list, this.item))
    }
}

const NONE: readonly unknown[] = Object.freeze([])

export function isMap(value: unknown): value is Record<string, unknown> {
    return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
}

/** Entries of a map or of a list of single-entry maps, in order. */
export function entries(value: unknown, what: string | (() => string), sourceMap: SourceMap, owner: unknown, key: string): Entry[] {
    if (value === undefined || value === null) return []
    if (isMap(value)) return Object.keys(value).map(name => new Entry(name, value[name], sourceMap, value, name))
    if (Array.isArray(value))
        return value.map((item, i) => {
            const name = isMap(item) ? soleKey(item) : undefined
            if (name === undefined)
                throw new TrellisError('invalid-template', `each entry of ${typeof what === 'function' ? what() : what} must be a map with exactly one key`, sourceMap.locate(value, i) ?? sourceMap.locate(owner, key))
            return new Entry(name, (item as Record<string, unknown>)[name], sourceMap, item, name, value, i)
        })
    throw new TrellisError('invalid-template', `${typeof what === 'function' ? what() : what} must be a map or a list`, sourceMap.locate(owner, key))
}

export function toList(value: unknown): readonly unknown[] {
    if (value === undefined || value === null) return NONE
    return Array.isArray(value) ? value.filter(v => v !== null && v !== undefined) : [value]
}
