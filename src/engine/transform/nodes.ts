// Node templates and what belongs to them: types resolved to the present one,
// properties as plain name→value maps, requirements and artifacts of present
// elements only.
import {TrellisError} from '../errors.js'
import type {ArtifactElement, Element, NodeElement, PropertyElement, Raw, RelationElement, TypeContainer} from '../model/index.js'
import {soleKey} from '../keys.js'
import {clone, copyFloatLiteral, entry, nonEmpty, nonEmptyList, put, rebuild} from './copy.js'

export interface TransformContext {
    readonly present: (e: Element) => boolean
    readonly propertyValue: (p: PropertyElement) => unknown
}

/** The name of the first present type; the ambiguous-type check may be off, so absence is still an error here. */
export function presentType(ctx: TransformContext, container: TypeContainer): string {
    const type = container.types.find(ctx.present)
    if (!type) throw new TrellisError('check-failed', `${container.display} has no present type`, container.location)
    return type.name
}

/**
 * Present properties as `name → value`; a later property of the same name
 * overwrites an earlier one. A consumer of a present input refers to it by
 * name, which also turns `get_input: <index>` into valid TOSCA.
 */
export function properties(ctx: TransformContext, list: readonly PropertyElement[]): Raw | undefined {
    // most elements have none: no map to make and find empty
    if (list.length === 0) return undefined
    const out: Raw = {}
    for (const property of list)
        if (ctx.present(property)) {
            const value = propertyOutput(ctx, property)
            put(out, property.name, clone(value))
            // the value as written (not one an expression gave): a float literal stays one
            if (value === property.value) copyFloatLiteral(property.raw, 'value', out, property.name)
        }
    return nonEmpty(out)
}

/** The type a node template is written with: its present type, or (with technologies) its present technology's, e.g. `container~container::ansible`. */
function nodeType(ctx: TransformContext, node: NodeElement): string {
    const type = presentType(ctx, node)
    if (node.technologies.length === 0) return type
    const technology = node.technologies.find(ctx.present)
    if (!technology) throw new TrellisError('check-failed', `${node.display} has no present technology`, node.location)
    return technology.assign
}

/** The value a present property is written with (a consumer of a present input refers to it by name). */
function propertyOutput(ctx: TransformContext, property: PropertyElement): unknown {
    const input = property.consuming?.kind === 'input' && ctx.present(property.consuming) ? property.consuming : undefined
    return input ? {get_input: input.name} : ctx.propertyValue(property)
}

/**
 * Throws what writing the present node would throw, without writing it (analysis checks thousands
 * of variants): its type, technology, properties and its artifacts' types and properties.
 */
export function checkNodeTemplate(ctx: TransformContext, node: NodeElement): void {
    nodeType(ctx, node)
    checkProperties(ctx, node.properties)
    for (const relation of node.relations) if (ctx.present(relation) && inline(relation)) checkContainer(ctx, relation, relation.properties)
    for (const artifact of node.artifacts) if (ctx.present(artifact)) checkContainer(ctx, artifact, artifact.properties)
}

/** Throws what writing a present typed element with these properties would throw. */
export function checkContainer(ctx: TransformContext, container: TypeContainer, list: readonly PropertyElement[]): void {
    presentType(ctx, container)
    checkProperties(ctx, list)
}

function checkProperties(ctx: TransformContext, list: readonly PropertyElement[]): void {
    for (const property of list) if (ctx.present(property)) propertyOutput(ctx, property)
}

export function nodeTemplate(ctx: TransformContext, node: NodeElement): Raw {
    const type = nodeType(ctx, node)
    return rebuild(node.raw, {
        type,
        properties: properties(ctx, node.properties),
        requirements: nonEmptyList(requirements(ctx, node)),
        artifacts: artifacts(ctx, node.artifacts),
    })
}

/** The present relations and the plain requirements (written as they are), in the order written. */
function requirements(ctx: TransformContext, node: NodeElement): Raw[] {
    const relations = node.relations.filter(ctx.present)
    if (node.plainRequirements.length === 0) return relations.map(r => entry(r.name, requirement(ctx, r)))
    const written: [number, Raw][] = [
        ...relations.map((r): [number, Raw] => [r.index!, entry(r.name, requirement(ctx, r))]),
        ...node.plainRequirements.map((p): [number, Raw] => [p.index, entry(p.name, clone(p.written))]),
    ]
    return written.sort((a, b) => a[0] - b[0]).map(([, requirement]) => requirement)
}

/**
 * The assignment without variability keys, a relationship template written inline resolved like a
 * named one; one that only names a node is written short, `host: x`.
 */
function requirement(ctx: TransformContext, relation: RelationElement): unknown {
    if (relation.short) return relation.assignment.node
    const assignment = rebuild(relation.assignment, inline(relation) ? {relationship: relationshipTemplate(ctx, relation)} : undefined)
    return typeof assignment.node === 'string' && soleKey(assignment) === 'node' ? assignment.node : assignment
}

/** A relation's relationship template written inside its requirement assignment. */
function inline(relation: RelationElement): boolean {
    return relation.template !== undefined && typeof relation.assignment.relationship !== 'string'
}

/** A present relation's relationship template: its present type and properties. */
export function relationshipTemplate(ctx: TransformContext, relation: RelationElement): Raw {
    return rebuild(relation.template!, {type: presentType(ctx, relation), properties: properties(ctx, relation.properties)})
}

/** Present artifacts by name, each with an explicit type (`tosca.artifacts.File` unless written). */
function artifacts(ctx: TransformContext, list: readonly ArtifactElement[]): Raw | undefined {
    if (list.length === 0) return undefined
    const out: Raw = {}
    for (const artifact of list) {
        if (!ctx.present(artifact)) continue
        put(out, artifact.name, rebuild(artifact.raw, {type: presentType(ctx, artifact), properties: properties(ctx, artifact.properties)}))
    }
    return nonEmpty(out)
}
