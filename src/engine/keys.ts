// Reading keys of template maps, which runs for every element: the one key of a
// single-key map, as operators (`{and: [...]}`) and list-form entries
// (`- name: {...}`) are written, and a map's own value under a name.

/** The map's only own enumerable key, or undefined when it has none or several. */
export function soleKey(map: object): string | undefined {
    let only: string | undefined
    for (const key in map) {
        if (!Object.prototype.hasOwnProperty.call(map, key)) continue
        if (only !== undefined) return undefined
        only = key
    }
    return only
}

/**
 * The map's own value under `name`, or undefined. One plain read when the name is there; the own-key
 * test only for what a plain map could inherit (Object.prototype's functions and `__proto__`).
 */
export function ownValue(map: Readonly<Record<string, unknown>>, name: string): unknown {
    const found = map[name]
    if (found === undefined || ((typeof found === 'function' || name === '__proto__') && !Object.prototype.hasOwnProperty.call(map, name))) return undefined
    return found
}

/** An element's own switches of its default and pruning conditions, overriding the topology's options; plain TOSCA never sees them. */
export const ELEMENT_OPTION_KEYS = [
    'default_condition',
    'default_consistency_condition',
    'default_semantic_condition',
    'pruning',
    'consistency_pruning',
    'semantic_pruning',
] as const

/** Keys that only mean something to variability resolution (notes §11; `consumed` is removed by the reference's enricher): plain TOSCA never sees them. */
const VARIABILITY_KEYS: ReadonlySet<string> = new Set([
    'conditions',
    'weight',
    'implies',
    'implied',
    'technology',
    'managed',
    'persistent',
    'consumed',
    'default_alternative',
    ...ELEMENT_OPTION_KEYS,
])

export function isVariabilityKey(key: string): boolean {
    // and default_condition_mode, …
    return VARIABILITY_KEYS.has(key) || key.startsWith('default_condition')
}
