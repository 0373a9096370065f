// How a key that is not a scalar is named, the same in every reader.

/**
 * A map or sequence used as a key, named as String() names it (`[a, b]` is "a,b", a map "[object
 * Object]") without calling a `toString` the data defines: a key `toString` inside would throw.
 */
export function keyText(value: unknown): string {
    if (Array.isArray(value)) return value.map(item => (item === null || item === undefined ? '' : keyText(item))).join(',')
    return value !== null && typeof value === 'object' ? '[object Object]' : String(value)
}
