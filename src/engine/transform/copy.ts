// Copying raw definitions into the output: the input template is never
// mutated (explanations replay it after resolving), and variability-only keys
// never reach plain TOSCA.
import {isVariabilityKey} from '../keys.js'
import {floatLiteralKeys, isFloatLiteral, noteFloatLiteral} from '../load/index.js'
import type {Raw} from '../model/index.js'

/** Sets a key; `__proto__` is defined rather than assigned, so it stays a plain key. */
export function put(target: Raw, key: string, value: unknown): void {
    if (key === '__proto__') Object.defineProperty(target, key, {value, enumerable: true, writable: true, configurable: true})
    else target[key] = value
}

/** A single-entry map `{name: value}`, as requirement and policy lists use. */
export function entry(name: string, value: unknown): Raw {
    const out: Raw = {}
    put(out, name, value)
    return out
}

/** A deep copy of plain YAML data (maps, lists, scalars, dates), float literals noted as such; structuredClone is several times slower on many small maps. */
export function clone<T>(value: T): T {
    if (value === null || typeof value !== 'object') return value
    if (value instanceof Date) return new Date(value.getTime()) as T
    const out = Array.isArray(value) ? value.map(clone) : ({} as Raw)
    if (!Array.isArray(value)) for (const key of Object.keys(value)) put(out as Raw, key, clone((value as Raw)[key]))
    copyFloatLiterals(value, out)
    return out as T
}

/** Notes `to[toKey]` as a float literal when `from[fromKey]` is one. */
export function copyFloatLiteral(from: object, fromKey: string, to: object, toKey: string): void {
    if (isFloatLiteral(from, fromKey)) noteFloatLiteral(to, toKey)
}

/** Notes in `to` the float literals noted in `from` under the same keys (but those `except` names). */
function copyFloatLiterals(from: object, to: object, except?: Readonly<Record<string, unknown>>): void {
    const keys = floatLiteralKeys(from)
    if (keys) for (const key of keys) if (!except || !Object.hasOwn(except, key)) noteFloatLiteral(to, key)
}

/**
 * A copy of an element's raw definition without variability keys, in the
 * original key order. Keys in `replace` take the given value instead, or are
 * dropped when that value is undefined; keys the raw lacks are appended.
 */
export function rebuild(raw: Raw, replace: Readonly<Record<string, unknown>> = NOTHING): Raw {
    const out: Raw = {}
    // for-in rather than Object.keys: no list of keys per element
    for (const key in raw) {
        if (!Object.hasOwn(raw, key) || isVariabilityKey(key)) continue
        const value = Object.hasOwn(replace, key) ? replace[key] : clone(raw[key])
        if (value !== undefined) put(out, key, value)
    }
    for (const key in replace) if (Object.hasOwn(replace, key) && !Object.hasOwn(raw, key) && replace[key] !== undefined) put(out, key, replace[key])
    copyFloatLiterals(raw, out, replace)
    return out
}

const NOTHING: Readonly<Record<string, unknown>> = Object.freeze({})

/** Undefined for an empty map, so the key is left out. */
export function nonEmpty(map: Raw): Raw | undefined {
    return Object.keys(map).length > 0 ? map : undefined
}

/** Undefined for an empty list, so the key is left out. */
export function nonEmptyList<T>(list: T[]): T[] | undefined {
    return list.length > 0 ? list : undefined
}
