// What a type library file lends to resolving, and nothing more: its version, and for each of its
// type maps (`node_types`, `artifact_types`, …) every type's name, the type it is derived from, its
// metadata and its artifacts' types. A file of the reference's profile is 1.5 MB of YAML whose
// properties, interfaces and descriptions no stage reads; kept as a digest it is a few kilobytes,
// which the process and the cache between processes (parsed-cache.ts) hold and read back at once.
// Where a digest's maps were written is found by reading the whole text again, only when a message
// needs a place (a type defined twice, a wrong version).
import type {SourceLocation} from '../errors.js'
import {SourceMap, type ParsedYaml} from './yaml/index.js'

type Map = Record<string, unknown>

const isMap = (value: unknown): value is Map => value !== null && typeof value === 'object' && !Array.isArray(value)

/** A type map's key: TOSCA's `<kind>_types`. */
const TYPES = /_types$/

/** The digest of a file's data; not a map (a file that is no service template) stays undefined. */
export function typeDigest(data: unknown): Map | undefined {
    if (!isMap(data)) return undefined
    const digest: Map = {}
    if (Object.prototype.hasOwnProperty.call(data, 'tosca_definitions_version')) digest.tosca_definitions_version = data.tosca_definitions_version
    for (const key of Object.keys(data)) {
        const types = data[key]
        if (!TYPES.test(key) || !isMap(types)) continue
        const out: Map = {}
        for (const name of Object.keys(types)) out[name] = typeOf(types[name])
        digest[key] = out
    }
    return digest
}

/** A type's definition as the type library reads it: a definition that is no map has nothing to lend. */
function typeOf(definition: unknown): Map | null {
    if (!isMap(definition)) return null
    const out: Map = {}
    if (typeof definition.derived_from === 'string') out.derived_from = definition.derived_from
    if (isMap(definition.metadata)) out.metadata = definition.metadata
    if (isMap(definition.artifacts)) {
        const artifacts: Map = {}
        for (const [name, artifact] of Object.entries(definition.artifacts)) artifacts[name] = isMap(artifact) && typeof artifact.type === 'string' ? {type: artifact.type} : null
        out.artifacts = artifacts
    }
    return out
}

/** A digest with the places of its maps in the text it was made of (`read` reads that text again). */
export function digestParsed(file: string, digest: Map | undefined, read: () => ParsedYaml): ParsedYaml {
    return {data: digest, sourceMap: new DigestSourceMap(file, digest, read)}
}

/** Locates a digest's maps and keys where the whole text's equals were written. */
class DigestSourceMap extends SourceMap {
    private paths: WeakMap<object, readonly string[]> | undefined
    private whole: ParsedYaml | undefined

    constructor(
        file: string,
        private readonly digest: Map | undefined,
        private readonly read: () => ParsedYaml,
    ) {
        super(file)
    }

    override locate(value: unknown, key?: string | number): SourceLocation | undefined {
        if (value === null || typeof value !== 'object') return undefined
        const path = this.pathOf(value)
        if (path === undefined) return undefined
        const whole = (this.whole ??= this.read())
        let found: unknown = whole.data
        for (const step of path) found = isMap(found) ? found[step] : undefined
        return whole.sourceMap.locate(found, key)
    }

    /** The keys leading from the digest's root to one of its maps. */
    private pathOf(value: object): readonly string[] | undefined {
        if (!this.paths) {
            const paths = new WeakMap<object, readonly string[]>()
            const walk = (map: Map, path: readonly string[]) => {
                paths.set(map, path)
                for (const key of Object.keys(map)) if (isMap(map[key])) walk(map[key], [...path, key])
            }
            if (this.digest) walk(this.digest, [])
            this.paths = paths
        }
        return this.paths.get(value)
    }
}
