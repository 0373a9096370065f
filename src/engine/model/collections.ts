// Variability4TOSCA allows maps or lists of single-entry maps where TOSCA has
// maps; both are read as ordered entries that remember where they were written.
import {TrellisError, type SourceLocation} from '../errors.js'
import type {SourceMap} from '../load/index.js'

export interface Entry {
    readonly name: string
    readonly value: unknown
    readonly location?: SourceLocation
}

export function isMap(value: unknown): value is Record<string, unknown> {
    return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
}

/** Entries of a map or of a list of single-entry maps, in order. */
export function entries(value: unknown, what: string, sourceMap: SourceMap, owner: unknown, key: string): Entry[] {
    if (value === undefined || value === null) return []
    if (isMap(value)) return Object.keys(value).map(name => ({name, value: value[name], location: sourceMap.locate(value, name)}))
    if (Array.isArray(value))
        return value.map((item, i) => {
            if (!isMap(item) || Object.keys(item).length !== 1)
                throw new TrellisError('invalid-template', `each entry of ${what} must be a map with exactly one key`, sourceMap.locate(value, i) ?? sourceMap.locate(owner, key))
            const name = Object.keys(item)[0]!
            return {name, value: item[name], location: sourceMap.locate(item, name) ?? sourceMap.locate(value, i)}
        })
    throw new TrellisError('invalid-template', `${what} must be a map or a list`, sourceMap.locate(owner, key))
}

export function toList(value: unknown): unknown[] {
    if (value === undefined || value === null) return []
    return Array.isArray(value) ? value.filter(v => v !== null && v !== undefined) : [value]
}
