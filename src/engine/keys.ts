// The one key of a single-key map, as operators (`{and: [...]}`) and list-form
// entries (`- name: {...}`) are written. Conditions and requirements are read
// for every element, so the keys are counted without listing them.

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
