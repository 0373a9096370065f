// How a key is named in the data, the same in every reader. A scalar key is its value's text. A map
// or a list used as a key (valid YAML 1.2: `{concat: [a, b]}: x`; Puccini reads such a key as a
// function call) has no text of its own, and a JavaScript object has only text keys: it is named by
// its data written as one line of flow YAML, `{ concat: [ a, b ] }`, `[ x, y ]`, which reads back
// as the same data. js-yaml (and so the reference implementation) names it as String() does,
// "[object Object]" for every map, which loses what was written and makes two maps one key.
import {plainScalar} from './core-schema.js'
import {floatText, isFloatLiteral} from './float-literals.js'

/** The name of the key whose data is `value` (written without calling a `toString` the data defines). */
export function keyText(value: unknown): string {
    return value !== null && typeof value === 'object' ? flowText(value) : String(value)
}

function flowText(value: unknown): string {
    if (Array.isArray(value)) return value.length === 0 ? '[]' : `[ ${value.map((_, i) => itemText(value, i)).join(', ')} ]`
    const map = value as Record<string, unknown>
    const pairs = Object.keys(map).map(key => `${scalarText(key)}: ${itemText(map, key)}`)
    return pairs.length === 0 ? '{}' : `{ ${pairs.join(', ')} }`
}

/** `container[key]` as flow YAML; a number written as a float (`1.0`) stays one. */
function itemText(container: object, key: string | number): string {
    const item = (container as Record<string | number, unknown>)[key]
    if (isFloatLiteral(container, key)) return floatText(item as number)
    return item !== null && typeof item === 'object' ? flowText(item) : scalarText(item)
}

/** A plain scalar where it reads back as itself inside a flow collection, else double-quoted (JSON's escapes are YAML's). */
function scalarText(value: unknown): string {
    if (typeof value === 'number') return Number.isNaN(value) ? '.nan' : value === Infinity ? '.inf' : value === -Infinity ? '-.inf' : String(value)
    if (typeof value !== 'string') return String(value)
    return PLAIN_IN_FLOW.test(value) && plainScalar(value) === value ? value : JSON.stringify(value)
}

/** Text without flow indicators, `:`, `#`, quotes or line breaks, starting with no other indicator, ending with no space. */
const PLAIN_IN_FLOW = /^[^\s\-?:,[\]{}#&*!|>'"%@`](?:[^,[\]{}:#\n\r\t"']*[^\s,[\]{}:#"'])?$/
