// Type hierarchies (`node_types`, `artifact_types`, …) for technology rules that
// name a parent type and for abstract (unmanaged) nodes. A template is resolved
// with the types it defines, those of the TOSCA service templates in its `lib/`
// folder and the TOSCA normative types (see model/normative-types.ts).
import {type DiagnosticDetails, TrellisError, type SourceLocation} from '../errors.js'
import type {LibraryFile, SourceMap} from '../load/index.js'
import {DEFAULT_ARTIFACT_TYPE, ENTITY_ROOT, NORMATIVE_TYPES, TYPE_KEYS, TYPE_ROOTS, type TypeKey} from './normative-types.js'
import {isMap} from './collections.js'
import type {Raw} from './elements.js'

/** The type of an artifact definition that names no type (TOSCA's short form is a file). */

export class TypeHierarchy {
    /** The definitions by name, in a Map: see docs/performance.md#names-looked-up. */
    private readonly definitions: Map<string, unknown>
    private readonly lineages = new Map<string, string[]>()

    /** `root`: where a type without `derived_from` hangs (tosca.nodes.Root for node types); `key`: the type map, for messages. */
    constructor(
        definitions: unknown,
        private readonly root?: string,
        private readonly key = 'types',
    ) {
        this.definitions = new Map(isMap(definitions) ? Object.keys(definitions).map(name => [name, definitions[name]]) : [])
    }

    /** Whether the type is defined (by the template, its library or the normative types). */
    defines(type: string): boolean {
        return this.definitions.has(type)
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
        while (current !== undefined && current !== ENTITY_ROOT && !out.includes(current)) {
            out.push(current)
            const definition = this.definitions.get(current)
            if (!isMap(definition)) break
            current = typeof definition.derived_from === 'string' ? definition.derived_from : current === this.root ? undefined : this.root
        }
        return out
    }

    isA(type: string, ancestor: string): boolean {
        return this.lineage(type).includes(ancestor)
    }

    /**
     * isA for technology rules, which can only match defined types: a type (or an ancestor it derives
     * from) without a definition is an error, as in the reference, not a silent mismatch. `at` is the
     * element whose place the error names (its location is looked up only then: rules × nodes calls).
     */
    isDefinedA(type: string, ancestor: string, at?: {readonly location?: SourceLocation}): boolean {
        const lineage = this.lineage(type)
        const last = lineage[lineage.length - 1]!
        if (!this.defines(last)) {
            const what = last === type ? `${this.key} "${type}"` : `${this.key} "${last}" (an ancestor of "${type}")`
            throw new TrellisError('invalid-template', `${what} has no definition, so technology rules cannot match it`, at?.location)
        }
        return lineage.includes(ancestor)
    }

    /** The artifact types of the artifacts the type and its ancestors define (`artifacts` in a node type). */
    definedArtifactTypes(type: string): string[] {
        const out: string[] = []
        for (const t of this.lineage(type)) {
            const definition = this.definitions.get(t)
            const artifacts = isMap(definition) && isMap(definition.artifacts) ? definition.artifacts : {}
            for (const artifact of Object.values(artifacts)) out.push(isMap(artifact) && typeof artifact.type === 'string' ? artifact.type : DEFAULT_ARTIFACT_TYPE)
        }
        return out
    }

    /**
     * Metadata the type itself sets (not inherited: a `vintner_abstract` root type does not make every
     * type derived from it abstract, as in the reference).
     */
    ownMetadata(type: string, key: string): unknown {
        const definition = this.definitions.get(type)
        const metadata = isMap(definition) && isMap(definition.metadata) ? definition.metadata : undefined
        return metadata && Object.prototype.hasOwnProperty.call(metadata, key) ? metadata[key] : undefined
    }
}

/**
 * Where a type defined again was defined first: in the template or a library file read before
 * (looked for only when the error is made); a TOSCA normative type has no place to show.
 */
function firstDefinition(key: TypeKey, name: string, before: readonly {readonly data: Raw; readonly sourceMap?: SourceMap}[]): DiagnosticDetails {
    for (const {data, sourceMap} of before) {
        const types = data[key]
        if (!isMap(types) || !Object.prototype.hasOwnProperty.call(types, name)) continue
        const location = sourceMap?.locate(types, name)
        return location ? {related: [{location, label: 'first defined here'}]} : {}
    }
    return {notes: [`"${name}" is a TOSCA normative type`]}
}

/** Every type map a template is resolved with. */
export class TypeLibrary {
    private readonly hierarchies = new Map<TypeKey, TypeHierarchy>()

    private constructor(private readonly merged: Readonly<Record<TypeKey, Raw>>) {}

    hierarchy(key: TypeKey): TypeHierarchy {
        let found = this.hierarchies.get(key)
        if (!found) this.hierarchies.set(key, (found = new TypeHierarchy(this.merged[key], TYPE_ROOTS[key], key)))
        return found
    }

    /**
     * The template's own types, then the normative types, then those of its library files. A type
     * defined twice is an error (as in the reference), named where the second definition is.
     */
    static of(template: Raw, library: readonly LibraryFile[] = [], sourceMap?: SourceMap): TypeLibrary {
        const merged = {} as Record<TypeKey, Raw>
        for (const key of TYPE_KEYS) {
            const into: Raw = Object.create(null) as Raw
            const own = template[key]
            if (isMap(own)) for (const name of Object.keys(own)) into[name] = own[name]
            for (const [name, parent] of Object.entries(NORMATIVE_TYPES[key])) {
                if (Object.prototype.hasOwnProperty.call(into, name))
                    throw new TrellisError('invalid-template', `${key} "${name}" is a TOSCA normative type and must not be defined again`, sourceMap?.locate(own, name))
                into[name] = {derived_from: parent}
            }
            for (const [index, file] of library.entries()) {
                const types = file.data[key]
                if (!isMap(types)) continue
                for (const name of Object.keys(types)) {
                    if (Object.prototype.hasOwnProperty.call(into, name)) {
                        const first = firstDefinition(key, name, [{data: template, sourceMap}, ...library.slice(0, index)])
                        throw new TrellisError(
                            'invalid-template',
                            `${key} "${name}" duplicated in service template "${file.sourceMap.file}"`,
                            file.sourceMap.locate(types, name),
                            first,
                        )
                    }
                    into[name] = types[name]
                }
            }
            merged[key] = into
        }
        return new TypeLibrary(merged)
    }
}
