// Values a template may hold only if they come out as they were written. A resolved template is
// read again by orchestrators (PyYAML): a value Trellis cannot carry through unchanged is refused,
// located, instead of being written changed. JavaScript numbers are doubles, so an integer past
// 2^53 comes out as another integer (12345678901234567890 as 12345678901234567000), and a float
// literal too large for a double (1e400) would come out as .inf; the YAML 1.1 tags of ordered maps,
// pairs, sets and binary data have no plain TOSCA value. (A key that is a map or a list is named by
// its flow YAML: key-text.ts.)
// (A float with an integral value, `1.0`, is kept: see float-literals.ts.)
import type {Node, Scalar} from 'yaml'

/** The tags the core schema gives plain and quoted scalars and block or flow collections: nothing else is read. */
const CORE_TAGS = new Set([
    'tag:yaml.org,2002:str',
    'tag:yaml.org,2002:int',
    'tag:yaml.org,2002:float',
    'tag:yaml.org,2002:bool',
    'tag:yaml.org,2002:null',
    'tag:yaml.org,2002:map',
    'tag:yaml.org,2002:seq',
])
const INFINITE = /^[-+]?\.(?:inf|Inf|INF)$/
const INTEGER = /^[-+]?(?:[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/

/** Why a scalar of the data cannot be kept as written; undefined when it can. */
export function scalarRefused(node: Scalar): {message: string; help: string} | undefined {
    if (node.tag && !CORE_TAGS.has(node.tag)) return tagRefused(node.tag)
    const value = node.value
    if (value !== null && typeof value === 'object') return tagRefused(node.tag ?? 'a tag')
    if (typeof value !== 'number' || node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') return undefined
    const source = String(node.source ?? '')
    if (!Number.isFinite(value) && !Number.isNaN(value) && !INFINITE.test(source))
        return {message: `the number ${source} is too large to be kept (it would be written as .inf)`, help: `write .inf, or quote it to keep it as text: "${source}"`}
    if (Number.isInteger(value) && !Number.isSafeInteger(value) && INTEGER.test(source))
        return {
            message: `the integer ${source} cannot be kept exactly (integers are exact up to 9007199254740991)`,
            help: `quote it to keep it as text: "${source}"`,
        }
    return undefined
}

/** Why a map or sequence of the data cannot be kept as written (an !!omap, !!pairs, !!set); undefined when it can. */
export function collectionRefused(node: Node): {message: string; help: string} | undefined {
    return node.tag && !CORE_TAGS.has(node.tag) ? tagRefused(node.tag) : undefined
}

function tagRefused(tag: string): {message: string; help: string} {
    const short = tag.replace(/^tag:yaml\.org,2002:/, '!!')
    return {message: `the YAML tag ${short} is not read: its value has no plain TOSCA form`, help: 'write the value as a plain map, list or string'}
}
