// What reads what: the elements whose conditions read a variability input (directly, or through
// the named expressions they name), and where a name a condition or a requirement refers to is
// defined — an input, an expression, an element, a type in the template, its imports or lib/.
import {type Element, type Graph, type LoadedTemplate, type ResolvedModel, type SourceLocation} from '../engine/index.js'
import type {Cursor} from './cursor.js'

/** The elements whose conditions read `input`, in the graph's order. */
export function readersOf(model: Pick<ResolvedModel, 'graph' | 'inputs'>, input: string): Element[] {
    const expressions = model.inputs.definition.expressions
    const reads = expressionReader(expressions, input)
    return model.graph.elements.filter(e => e.conditions.some(c => reads(c)))
}

/** Whether a condition reads `input`, following named expressions (each once: a cycle is the engine's to report). */
function expressionReader(expressions: Readonly<Record<string, unknown>>, input: string): (value: unknown) => boolean {
    const known = new Map<string, boolean>()
    const reads = (value: unknown): boolean => {
        if (Array.isArray(value)) return value.some(reads)
        if (value === null || typeof value !== 'object') return false
        for (const [key, operand] of Object.entries(value)) {
            if (key === 'variability_input' && operand === input) return true
            if ((key === 'logic_expression' || key === 'value_expression') && typeof operand === 'string' && Object.hasOwn(expressions, operand)) {
                if (!known.has(operand)) {
                    known.set(operand, false)
                    known.set(operand, reads(expressions[operand]))
                }
                if (known.get(operand)) return true
            } else if (reads(operand)) return true
        }
        return false
    }
    return reads
}

/** The element kind a presence operator names by its first operand. */
export const PRESENCE_KINDS: Record<string, Element['kind']> = {
    node_presence: 'node',
    host_presence: 'node',
    container_presence: 'node',
    has_source: 'node',
    has_incoming_relation: 'node',
    has_outgoing_relation: 'node',
    has_artifact: 'node',
    has_present_target: 'policy',
    has_present_member: 'group',
    group_presence: 'group',
    policy_presence: 'policy',
    input_presence: 'input',
    output_presence: 'output',
    import_presence: 'import',
    node_type_presence: 'node',
    node_property_presence: 'node',
    technology_presence: 'node',
    artifact_presence: 'node',
    relation_presence: 'node',
    relation_property_presence: 'node',
    relation_type_presence: 'node',
    artifact_property_presence: 'node',
    artifact_type_presence: 'node',
}
/** The second operand's kind, where a list names a member of the first (relation_presence: [node, relation]). */
const MEMBER: Record<string, Element['kind']> = {
    relation_presence: 'relation',
    relation_property_presence: 'relation',
    relation_type_presence: 'relation',
    artifact_presence: 'artifact',
    artifact_property_presence: 'artifact',
    artifact_type_presence: 'artifact',
    node_property_presence: 'property',
    technology_presence: 'technology',
}

/** The keys whose values name a type. */
const TYPE_KEYS = new Set(['type', 'derived_from', 'node', 'relationship', 'capability'])
const TYPE_SECTIONS = ['node_types', 'relationship_types', 'capability_types', 'artifact_types', 'data_types', 'group_types', 'policy_types', 'interface_types'] as const

export interface Scope {
    readonly template: LoadedTemplate
    readonly graph?: Graph
    readonly inputs?: ResolvedModel['inputs']
}

/** Where the name under the cursor is defined, when it names something. */
export function definitionAt(scope: Scope, cursor: Cursor): SourceLocation | undefined {
    const {key, scalar} = cursor
    if (!scalar || scalar.isKey || key === undefined) return undefined
    const name = scalar.value
    const variability = record(record(scope.template.data.topology_template)?.variability)
    if (key === 'variability_input') return scope.template.sourceMap.locate(record(variability?.inputs), name)
    if (key === 'logic_expression' || key === 'value_expression') return scope.template.sourceMap.locate(record(variability?.expressions), name)
    const kind = cursor.index !== undefined && cursor.index > 0 ? MEMBER[key] : PRESENCE_KINDS[key]
    // a member (a relation, an artifact) by its name: the first of that name, whichever node holds it
    if (kind && scope.graph) return scope.graph.elements.find(e => e.kind === kind && e.name === name)?.location
    const requirement = cursor.path.includes('requirements') && cursor.path.includes('node_templates')
    if (requirement && (key === 'node' || cursor.path[cursor.path.length - 1] === key) && scope.graph) {
        const target = scope.graph.elements.find(e => e.kind === 'node' && e.name === name)
        if (target) return target.location
    }
    if (TYPE_KEYS.has(key)) return typeDefinition(scope.template, name)
    return undefined
}

/** Where a type is defined: the template, the files it imports, then lib/. */
export function typeDefinition(template: LoadedTemplate, name: string): SourceLocation | undefined {
    for (const {data, sourceMap} of typeFiles(template)) {
        for (const section of TYPE_SECTIONS) {
            const types = record(data[section])
            if (types && Object.hasOwn(types, name)) return sourceMap.locate(types, name)
        }
    }
    return undefined
}

/** Every type name the template can use: its own, its imports', lib/'s. */
export function typeNames(template: LoadedTemplate): string[] {
    const names = new Set<string>()
    for (const {data} of typeFiles(template)) for (const section of TYPE_SECTIONS) for (const name of Object.keys(record(data[section]) ?? {})) names.add(name)
    return [...names]
}

function typeFiles(template: LoadedTemplate): {data: Record<string, unknown>; sourceMap: LoadedTemplate['sourceMap']}[] {
    const files: {data: Record<string, unknown>; sourceMap: LoadedTemplate['sourceMap']}[] = [template]
    const imports = Array.isArray(template.data.imports) ? template.data.imports : []
    for (const i of imports) {
        const file = typeof i === 'string' ? i : typeof record(i)?.file === 'string' ? (record(i)!.file as string) : undefined
        if (!file) continue
        try {
            const parsed = template.readRelative(file)
            const data = record(parsed?.data)
            if (parsed && data) files.push({data, sourceMap: parsed.sourceMap})
        } catch {
            // an import that cannot be read is a diagnostic already
        }
    }
    try {
        files.push(...template.library())
    } catch {
        // likewise
    }
    return files
}

function record(value: unknown): Record<string, unknown> | undefined {
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}
