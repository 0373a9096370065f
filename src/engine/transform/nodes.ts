// Node templates and what belongs to them: types resolved to the present one,
// properties as plain name→value maps, requirements and artifacts of present
// elements only.
import {TrellisError} from '../errors.js'
import type {ArtifactElement, Element, NodeElement, PropertyElement, Raw, RelationElement, TypeContainer} from '../model/index.js'
import {soleKey} from '../keys.js'
import {clone, entry, nonEmpty, nonEmptyList, put, rebuild} from './copy.js'

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
    for (const property of list) {
        if (!ctx.present(property)) continue
        const input = property.consuming?.kind === 'input' && ctx.present(property.consuming) ? property.consuming : undefined
        put(out, property.name, input ? {get_input: input.name} : clone(ctx.propertyValue(property)))
    }
    return nonEmpty(out)
}

export function nodeTemplate(ctx: TransformContext, node: NodeElement): Raw {
    let type = presentType(ctx, node)
    // A node with technologies is typed by its implementation, e.g. `container~container::ansible`.
    if (node.technologies.length > 0) {
        const technology = node.technologies.find(ctx.present)
        if (!technology) throw new TrellisError('check-failed', `${node.display} has no present technology`, node.location)
        type = technology.assign
    }
    return rebuild(node.raw, {
        type,
        properties: properties(ctx, node.properties),
        requirements: nonEmptyList(node.relations.filter(ctx.present).map(r => entry(r.name, requirement(r)))),
        artifacts: artifacts(ctx, node.artifacts),
    })
}

/** The assignment without variability keys; one that only names a node is written short, `host: x`. */
function requirement(relation: RelationElement): unknown {
    if (relation.short) return relation.assignment.node
    const assignment = rebuild(relation.assignment)
    return typeof assignment.node === 'string' && soleKey(assignment) === 'node' ? assignment.node : assignment
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
