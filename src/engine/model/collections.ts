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
                throw new TrellisError(
                    'invalid-template',
                    `each entry of ${typeof what === 'function' ? what() : what} must be a map with exactly one key`,
                    sourceMap.locate(value, i) ?? sourceMap.locate(owner, key),
                )
            return new Entry(name, (item as Record<string, unknown>)[name], sourceMap, item, name, value, i)
        })
    throw new TrellisError('invalid-template', `${typeof what === 'function' ? what() : what} must be a map or a list`, sourceMap.locate(owner, key))
}

/**
 * The entries of a map or list one at a time, for a collection of every node of the template:
 * each entry is dropped once handled instead of a list of them all living through the pass.
 */
export function eachEntry(value: unknown, what: string, sourceMap: SourceMap, owner: unknown, key: string, handle: (entry: Entry) => void): void {
    if (isMap(value)) {
        const names = Object.keys(value)
        for (let i = 0; i < names.length; i++) handle(new Entry(names[i]!, value[names[i]!], sourceMap, value, names[i]!))
        return
    }
    const list = entries(value, what, sourceMap, owner, key)
    for (let i = 0; i < list.length; i++) handle(list[i]!)
}

export function toList(value: unknown): readonly unknown[] {
    if (value === undefined || value === null) return NONE
    return Array.isArray(value) ? value.filter(v => v !== null && v !== undefined) : [value]
}
