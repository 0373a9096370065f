// The files a TOSCA service template (or a type library it imports) names by a relative path: what
// an orchestrator opens beside it. Imports, artifact files, and the scripts of operations
// (`implementation`: its primary and dependencies), in node and relationship templates and in the
// types they use. URLs and absolute paths are not the template's own files and are left alone.

type Raw = Record<string, unknown>

/** A file named relative to the YAML file that names it, and what names it. */
export interface FileReference {
    readonly path: string
    readonly kind: 'import' | 'artifact' | 'implementation'
}

const isMap = (value: unknown): value is Raw => value !== null && typeof value === 'object' && !Array.isArray(value)

/** Collections of types whose definitions may carry artifacts and interfaces. */
const TYPE_SECTIONS = ['node_types', 'relationship_types', 'artifact_types', 'group_types', 'policy_types', 'interface_types', 'capability_types', 'data_types'] as const

/** Whether `value` names a file of the template's own: a relative path, no URL. */
export function isOwnPath(value: unknown): value is string {
    return typeof value === 'string' && value.trim() !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith('/') && !value.startsWith('\\')
}

/** Whether a name reads as a file's: no blank, and a folder or an extension (`7.4.0`, `nginx:1.25` and `Terraform` do not). */
export function looksLikeFile(value: string): boolean {
    return !/\s/.test(value) && !value.includes(':') && (value.includes('/') || /\.[A-Za-z][A-Za-z0-9]*$/.test(value))
}

/**
 * The relative files `document` names: its imports; the artifacts and operation scripts of its node
 * and relationship templates and of every type it defines (an orchestrator reading the document
 * looks for all of them, used or not).
 */
export function fileReferences(document: unknown): FileReference[] {
    const out: FileReference[] = []
    if (!isMap(document)) return out
    const add = (path: unknown, kind: FileReference['kind']) => {
        // an operation's implementation may name a processor (`Terraform`) or hold a command (`npm ci`):
        // only one that looks like a file (a folder or an extension, no blank) is taken for one
        if (isOwnPath(path) && (kind !== 'implementation' || looksLikeFile(path))) out.push({path, kind})
    }
    for (const entry of Array.isArray(document.imports) ? document.imports : []) add(isMap(entry) ? entry.file : entry, 'import')
    const topology = isMap(document.topology_template) ? document.topology_template : {}
    for (const section of ['node_templates', 'relationship_templates'] as const) {
        const templates = topology[section]
        if (isMap(templates))
            for (const template of Object.values(templates)) {
                definitionFiles(template, add)
                // a relationship template written inside a requirement assignment names its scripts there
                for (const relationship of inlineRelationships(template)) definitionFiles(relationship, add)
            }
    }
    for (const section of TYPE_SECTIONS) {
        const definitions = document[section]
        if (!isMap(definitions)) continue
        for (const definition of Object.values(definitions)) definitionFiles(definition, add)
    }
    return out
}

/** Keys of an interface that are no operation. */
const INTERFACE_KEYS: ReadonlySet<string> = new Set(['type', 'inputs', 'description', 'derived_from', 'operations', 'notifications', 'metadata', 'version'])

/** Artifacts and interface operations of one template or type definition. */
function definitionFiles(definition: unknown, add: (path: unknown, kind: FileReference['kind']) => void): void {
    if (!isMap(definition)) return
    for (const artifact of artifactList(definition.artifacts)) add(isMap(artifact) ? artifact.file : artifact, 'artifact')
    const interfaces = definition.interfaces
    if (!isMap(interfaces)) return
    for (const body of Object.values(interfaces)) {
        if (!isMap(body)) continue
        // operations under `operations` (TOSCA 1.3) or directly in the interface (shorthand), beside its own keys
        const operations = isMap(body.operations) ? Object.values(body.operations) : Object.entries(body).flatMap(([key, value]) => (INTERFACE_KEYS.has(key) ? [] : [value]))
        for (const operation of operations) {
            if (!isMap(operation)) {
                add(operation, 'implementation')
                continue
            }
            const implementation = operation.implementation
            if (!isMap(implementation)) {
                add(implementation, 'implementation')
                continue
            }
            const primary = implementation.primary
            add(isMap(primary) ? primary.file : primary, 'implementation')
            for (const dependency of Array.isArray(implementation.dependencies) ? implementation.dependencies : [])
                add(isMap(dependency) ? dependency.file : dependency, 'implementation')
        }
    }
}

/** The relationship templates a node template's requirement assignments write inline. */
function inlineRelationships(template: unknown): Raw[] {
    if (!isMap(template) || !Array.isArray(template.requirements)) return []
    return template.requirements.flatMap(entry =>
        isMap(entry) ? Object.values(entry).flatMap(assignment => (isMap(assignment) && isMap(assignment.relationship) ? [assignment.relationship] : [])) : [],
    )
}

/** Artifacts written as a map or as a list of single-entry maps. */
function artifactList(artifacts: unknown): unknown[] {
    if (isMap(artifacts)) return Object.values(artifacts)
    if (Array.isArray(artifacts)) return artifacts.flatMap(entry => (isMap(entry) ? Object.values(entry) : []))
    return []
}
