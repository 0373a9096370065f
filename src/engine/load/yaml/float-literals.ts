// A float written with an integral value (`1.0`, `2.`, `2e3`) is a number like any other to
// the engine, but a YAML 1.1 reader (PyYAML, behind the orchestrators) tells it from the integer:
// `1.0` written back as `1` would change its type. JavaScript has one number, so where such a
// literal was read is noted beside the data: the map or list holding it and its key. Copies of the
// data carry the notes along (transform/copy.ts), and the writer writes a noted number as a float.

const noted = new WeakMap<object, Set<string | number>>()
let any = false

/** A plain scalar that reads as a float (a dot or an exponent), as the core schema has it. */
const FLOAT_TEXT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*|(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+)$/

/** Whether the plain scalar `text`, read as `value`, is a float with an integral value. */
export function isIntegralFloat(text: string, value: unknown): boolean {
    return typeof value === 'number' && Number.isInteger(value) && FLOAT_TEXT.test(text)
}

/** Notes that `container[key]` was written as a float. */
export function noteFloatLiteral(container: object, key: string | number): void {
    let keys = noted.get(container)
    if (!keys) noted.set(container, (keys = new Set()))
    keys.add(key)
    any = true
}

/** Whether `container[key]` is a number written as a float. */
export function isFloatLiteral(container: unknown, key: string | number): boolean {
    return floatLiteralKeys(container)?.has(key) === true && typeof (container as Record<string | number, unknown>)[key] === 'number'
}

/** The keys of `container` noted as floats, if any (nothing is looked up until some float literal was read: copying data asks of every map). */
export function floatLiteralKeys(container: unknown): ReadonlySet<string | number> | undefined {
    return any && container !== null && typeof container === 'object' ? noted.get(container) : undefined
}

/** Whether any float literal was noted in this process: the writer looks for them only then. */
export function floatLiteralsRead(): boolean {
    return any
}

/** `value` as a YAML float: `1` as `1.0`, `1e+21` as `1.0e+21`, -0 as `-0.0`. */
export function floatText(value: number): string {
    if (Object.is(value, -0)) return '-0.0'
    const text = String(value)
    const e = text.indexOf('e')
    if (e !== -1) return text.includes('.') ? text : `${text.slice(0, e)}.0${text.slice(e)}`
    return text.includes('.') ? text : `${text}.0`
}
