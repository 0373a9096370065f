// Type hierarchies of the template (`node_types`, `artifact_types`), for
// technology rules that name a parent type and for abstract (unmanaged) nodes.
import {isMap, type Raw} from '../model/index.js'

/** The type of an artifact definition that names no type (TOSCA's short form is a file). */
const DEFAULT_ARTIFACT_TYPE = 'tosca.artifacts.File'

export class TypeHierarchy {
    private readonly definitions: Raw
    private readonly lineages = new Map<string, string[]>()
    private readonly empty: boolean

    constructor(definitions: unknown) {
        this.definitions = isMap(definitions) ? definitions : {}
        this.empty = Object.keys(this.definitions).length === 0
    }

    /** The type and its ancestors through `derived_from`, nearest first. */
    lineage(type: string): string[] {
        let cached = this.lineages.get(type)
        if (!cached) this.lineages.set(type, (cached = this.walk(type)))
        return cached
    }

    private walk(type: string): string[] {
        const out: string[] = []
        let current: string | undefined = type
        while (current !== undefined && !out.includes(current)) {
            out.push(current)
            const definition: unknown = this.definitions[current]
            current = isMap(definition) && typeof definition.derived_from === 'string' ? definition.derived_from : undefined
        }
        return out
    }

    isA(type: string, ancestor: string): boolean {
        return this.lineage(type).includes(ancestor)
    }

    /** The artifact types of the artifacts the type and its ancestors define (`artifacts` in a node type). */
    definedArtifactTypes(type: string): string[] {
        const out: string[] = []
        for (const t of this.lineage(type)) {
            const definition = this.definitions[t]
            const artifacts = isMap(definition) && isMap(definition.artifacts) ? definition.artifacts : {}
            for (const artifact of Object.values(artifacts)) out.push(isMap(artifact) && typeof artifact.type === 'string' ? artifact.type : DEFAULT_ARTIFACT_TYPE)
        }
        return out
    }

    /** Metadata of the type or its nearest ancestor that sets the key. */
    metadata(type: string, key: string): unknown {
        // most templates define no types of their own: then no node type has metadata
        if (this.empty || !Object.prototype.hasOwnProperty.call(this.definitions, type)) return undefined
        for (const t of this.lineage(type)) {
            const definition = this.definitions[t]
            const metadata = isMap(definition) && isMap(definition.metadata) ? definition.metadata : undefined
            if (metadata && key in metadata) return metadata[key]
        }
        return undefined
    }
}
