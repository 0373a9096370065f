// Template values in messages. A value read from a template can be a map whose
// `toString` is data (`{toString: x}`), which String() and `${}` cannot print:
// messages show such values as JSON instead, cut when long.

/** A value as message text: a string as it is, anything else as (short) JSON. */
export function textOf(value: unknown): string {
    if (typeof value === 'string') return value
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return String(value)
    let json: string | undefined
    try {
        json = JSON.stringify(value)
    } catch {
        json = undefined // a structure that refers to itself (YAML aliases)
    }
    if (json === undefined) return Array.isArray(value) ? '[…]' : '{…}'
    return json.length > 80 ? `${json.slice(0, 77)}...` : json
}

/** `Node "db" is pruned` inside a sentence: `node "db" is pruned`. */
export function lowerFirst(text: string): string {
    return text.charAt(0).toLowerCase() + text.slice(1)
}
