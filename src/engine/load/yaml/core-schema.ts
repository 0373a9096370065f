// The YAML 1.2 core schema as `yaml` reads plain scalars, for js-yaml (which reads
// 0b101, 1_000, -0x1F as numbers with its own core schema and leaves -.5 a
// string) and for the block reader. The same schema writes resolved templates
// (transform/yaml.ts).
import {FAILSAFE_SCHEMA, Type} from 'js-yaml'
import {isIntegralFloat} from './float-literals.js'

// The tests of yaml 2's core schema (src/schema/core), in its order.
const NULL = /^(?:~|[Nn]ull|NULL)?$/
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/
const INT_OCT = /^0o[0-7]+$/
const INT = /^[-+]?[0-9]+$/
const INT_HEX = /^0x[0-9a-fA-F]+$/
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/

const test = (pattern: RegExp) => (data: string | null) => pattern.test(data ?? '')

/** The core schema's implicit types, in the order they are tried. */
const IMPLICIT = [
    new Type('tag:yaml.org,2002:null', {kind: 'scalar', resolve: test(NULL), construct: () => null, predicate: v => v === null, represent: () => 'null'}),
    new Type('tag:yaml.org,2002:bool', {
        kind: 'scalar',
        resolve: test(BOOL),
        construct: (s: string) => s[0] === 't' || s[0] === 'T',
        predicate: v => typeof v === 'boolean',
        represent: v => String(v),
    }),
    new Type('tag:yaml.org,2002:int', {
        kind: 'scalar',
        resolve: (s: string | null) => s !== null && (INT_OCT.test(s) || INT.test(s) || INT_HEX.test(s)),
        construct: (s: string) => (INT_OCT.test(s) ? parseInt(s.substring(2), 8) : INT.test(s) ? parseInt(s, 10) : parseInt(s.substring(2), 16)),
        predicate: v => Number.isInteger(v),
        represent: v => (Object.is(v, -0) ? '-0' : String(v)),
    }),
    new Type('tag:yaml.org,2002:float', {
        kind: 'scalar',
        resolve: (s: string | null) => s !== null && (FLOAT_NAN.test(s) || FLOAT_EXP.test(s) || FLOAT.test(s)),
        construct: (s: string) =>
            FLOAT_NAN.test(s) ? (s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY) : parseFloat(s),
        // written as yaml writes them (the transform's writer uses this schema too)
        predicate: v => typeof v === 'number' && !Number.isInteger(v),
        represent: v => {
            const n = v as unknown as number
            return Number.isNaN(n) ? '.nan' : n === Infinity ? '.inf' : n === -Infinity ? '-.inf' : String(n)
        },
    }),
]

/** The schema the resolved template is written with. */
export const CORE = FAILSAFE_SCHEMA.extend({implicit: IMPLICIT})

/** A number the fast path cannot keep as written (kept-values.ts): it declines, and the exact reader refuses it, located. */
export class InexactNumber extends Error {}

/** `value`, read from the plain scalar `text`, when it is what was written: else InexactNumber. */
function kept(text: string, value: unknown): unknown {
    if (typeof value !== 'number' || Number.isNaN(value)) return value
    if (Number.isFinite(value) ? Number.isInteger(value) && !Number.isSafeInteger(value) && INTEGER_LITERAL.test(text) : !FLOAT_NAN.test(text)) throw new InexactNumber(text)
    return value
}
const INTEGER_LITERAL = /^[-+]?(?:[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/

/** The schema the fast path reads with (js-yaml): the core schema, declining numbers it cannot keep. */
export const CORE_READ = FAILSAFE_SCHEMA.extend({
    implicit: IMPLICIT.map(
        type =>
            new Type((type as Type & {tag: string}).tag, {
                kind: 'scalar',
                resolve: type.resolve,
                // a float with an integral value is noted where it is read (float-literals.ts), which js-yaml cannot: the exact reader reads it
                construct: (s: string) => {
                    const value = kept(s, type.construct(s))
                    if (isIntegralFloat(s, value)) throw new InexactNumber(s)
                    return value
                },
                predicate: type.predicate ?? undefined,
                represent: type.represent as (data: object) => string,
            }),
    ),
})

/** A plain scalar's value as the block reader reads it: plainScalar, declining numbers it cannot keep (InexactNumber). */
export function readPlainScalar(text: string): unknown {
    return kept(text, plainScalar(text))
}

/** A plain scalar's value as the fast reader reads it (`0x10` is 16, `~` is null). */
export function plainScalar(text: string): unknown {
    // most keys and values start with a letter that begins no null, boolean or number: a string
    const c = text.charCodeAt(0) | 0x20
    if (c >= 0x61 && c <= 0x7a && c !== 0x6e && c !== 0x74 && c !== 0x66) return text
    for (const type of IMPLICIT) if (type.resolve(text)) return type.construct(text)
    return text
}
