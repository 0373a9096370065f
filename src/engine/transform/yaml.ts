// Writes a resolved template as YAML. js-yaml writes a few times faster than
// `yaml` (0.2 s instead of 0.7 s at seed 10,000), with the schema the reader
// uses, so every string that would read back as something else is quoted —
// by a YAML 1.2 reader and by a YAML 1.1 one (yaml-1.1.ts). It takes plain
// data only: anything else (undefined, which `yaml` writes as null in a list
// and leaves out of a map; other objects) is written by `yaml`, quoting the same.
// The bidirectional controls (engine/text.ts), which YAML counts as printable and would write as
// they are, are written escaped (`\u202E`) inside double quotes: the same data, and nothing that
// reorders what a terminal showing the file (resolve -o -) shows after them.
import {dump, Type} from 'js-yaml'
import {yamlPackage} from '../yaml-package.js'
import {CORE, floatLiteralKeys, floatLiteralsRead, floatText, plainScalar} from '../load/index.js'
import type {Raw} from '../model/index.js'
import {put} from './copy.js'
import {BIDI_RANGES} from '../text.js'
import {retypedByYaml11} from './yaml-1.1.js'

const BIDI = new RegExp(`[${BIDI_RANGES}]`)
const BIDIS = new RegExp(BIDI.source, 'g')
/** A bidirectional control as a double-quoted scalar's escape, in js-yaml's spelling (`\x9B`). */
const escapeBidi = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`

export function stringifyTemplate(template: Raw): string {
    return [...templateChunks(template)].join('')
}

/**
 * The resolved template's YAML in pieces, made as they are read (a writer holds one at a time), whose concatenation is the text `dump` writes for the whole:
 * js-yaml writes each pair of a block mapping on its own (a nested pair is "\n", the indentation,
 * key, value), so the topology's collections are written a slice of entries at a time. Each piece is
 * a flat string, where one `dump` of the whole template builds its text as a rope of one string per
 * scalar and indicator (at seed 100,000 about 100 MB of rope for 29 MB of text).
 */
export function* templateChunks(template: Raw): Generator<string> {
    // No line folding, and no anchors for objects the output happens to share (e.g. equal property values).
    if (!isPlain(template)) return yield stringifyOther(template)
    if (floatLiteralsRead()) template = withFloatLiterals(template) as Raw
    const keys = Object.keys(template)
    // a map without pairs is written "{}"
    if (keys.length === 0) return yield yaml(template)
    for (const key of keys) {
        const value = template[key]
        if (key === TOPOLOGY && isMapping(value) && Object.keys(value).length > 0) yield* topologyChunks(value)
        else yield yaml({[key]: value})
    }
}

const TOPOLOGY = 'topology_template'
/** Entries of a topology collection written by one call of `dump`. */
const SLICE = 256
/** Topology keys written as they are (no quotes): the only ones whose entries are written in slices. */
const PLAIN_KEY = /^[a-z_]+$/

/** A number noted as written as a float (load/yaml/float-literals.ts), as the writer takes it. */
class FloatLiteral {
    constructor(readonly value: number) {}
}

/**
 * The data with every number noted as a float literal in a FloatLiteral: the maps and lists holding
 * one are copied, the rest is the same data.
 */
function withFloatLiterals(value: unknown): unknown {
    if (value === null || typeof value !== 'object' || value instanceof Date) return value
    const noted = floatLiteralKeys(value)
    const written = (item: unknown, key: string | number) => (noted?.has(key) && typeof item === 'number' ? new FloatLiteral(item) : withFloatLiterals(item))
    if (Array.isArray(value)) {
        let out: unknown[] | undefined
        value.forEach((item, i) => {
            const w = written(item, i)
            if (w !== item) (out ??= value.slice())[i] = w
        })
        return out ?? value
    }
    const keys = Object.keys(value)
    const items = keys.map(key => (value as Raw)[key])
    const changed = keys.map((key, i) => written(items[i], key))
    if (changed.every((w, i) => w === items[i])) return value
    const out: Raw = {}
    keys.forEach((key, i) => put(out, key, changed[i]))
    return out
}

/**
 * The reader's schema and one more implicit type that represents nothing: js-yaml quotes every
 * string some implicit type of the schema would resolve, so this one makes it quote the strings a
 * YAML 1.1 reader would take for something else, and those with a bidirectional control (keys too).
 */
const WRITER = CORE.extend({
    implicit: [
        new Type('tag:trellis,2025:yaml-1.1-non-string', {kind: 'scalar', resolve: (s: string | null) => s !== null && (retypedByYaml11(s) || BIDI.test(s))}),
        // a number written as a float in the template, written as one: a tag of its own (js-yaml keeps one type per tag) that
        // resolves nothing (js-yaml asks every implicit type whether a string would read as it)
        new Type('tag:trellis,2025:float-literal', {kind: 'scalar', resolve: () => false, instanceOf: FloatLiteral, represent: f => floatText((f as FloatLiteral).value)}),
    ],
})

const OPTIONS = {schema: WRITER, lineWidth: -1, noRefs: true, quotingType: '"', indent: 2, noArrayIndent: false} as const

function yaml(value: Raw): string {
    const text = dump(value, OPTIONS)
    if (!BIDI.test(text)) return text
    // written again with every value in double quotes (a text of several lines would be a block scalar, which has no escapes)
    return dump(value, {...OPTIONS, forceQuotes: true}).replace(BIDIS, escapeBidi)
}

/** Whether a string may be written plain: YAML 1.2 and 1.1 readers both read it as that string (and it shows as it is). */
function readsAsItself(text: string): boolean {
    return typeof plainScalar(text) === 'string' && !retypedByYaml11(text) && !BIDI.test(text)
}

/** Data that is not plain, written by `yaml`: no line folding, no anchors, the same strings quoted as by `dump`. */
function stringifyOther(value: unknown): string {
    const {Document, visit} = yamlPackage()
    const document = new Document(value, {aliasDuplicateObjects: false})
    visit(document, {
        Scalar(_, scalar) {
            if (typeof scalar.value === 'string' && !readsAsItself(scalar.value)) scalar.type = 'QUOTE_DOUBLE'
        },
    })
    return document.toString({lineWidth: 0}).replace(BIDIS, escapeBidi)
}

/** `topology_template:` and its pairs; a large collection slice by slice, each slice without the lines above it. */
function* topologyChunks(topology: Raw): Generator<string> {
    yield `${TOPOLOGY}:`
    for (const key of Object.keys(topology)) {
        const value = topology[key]
        const names = isMapping(value) && PLAIN_KEY.test(key) && readsAsItself(key) ? Object.keys(value) : []
        if (names.length <= SLICE) {
            yield yaml({[TOPOLOGY]: {[key]: value}}).slice(TOPOLOGY.length + 1, -1)
            continue
        }
        const head = `\n  ${key}:`
        yield head
        for (let start = 0; start < names.length; start += SLICE) {
            // a prototype-less map: a key "__proto__" stays a key
            const slice: Raw = Object.create(null) as Raw
            for (const name of names.slice(start, start + SLICE)) slice[name] = (value as Raw)[name]
            yield yaml({[TOPOLOGY]: {[key]: slice}}).slice(TOPOLOGY.length + 1 + head.length, -1)
        }
    }
    yield '\n'
}

function isMapping(value: unknown): value is Raw {
    return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** JSON-like data: strings, finite numbers, booleans, null, lists and plain maps of them. */
function isPlain(value: unknown): boolean {
    if (value instanceof FloatLiteral) return true
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
    if (typeof value === 'number') return Number.isFinite(value)
    if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isPlain(value[i])) return false
        return true
    }
    if (typeof value !== 'object') return false
    const prototype = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) return false
    for (const key in value) if (!isPlain((value as Record<string, unknown>)[key])) return false
    return true
}
