// The topology template's collections, each rebuilt from present elements.
// TOSCA wants maps where Variability4TOSCA also allows lists, so lists become
// maps (policies stay a list, as in TOSCA). Empty collections are left out.
import {toList, type Element, type Graph, type GroupElement, type PolicyElement, type Raw, type RelationElement} from '../model/index.js'
import {clone, entry, nonEmptyList, put, rebuild} from './copy.js'
import {checkContainer, checkNodeTemplate, nodeTemplate, presentType, properties, relationshipTemplate, type TransformContext} from './nodes.js'

/** Builders per topology key; a result of undefined drops the key. Other keys are copied verbatim. */
export function topologyBuilders(ctx: TransformContext, graph: Graph, topology: Raw): Record<string, () => unknown> {
    return {
        variability: () => undefined,
        inputs: () => presentByName(ctx, graph.inputs, input => rebuild(input.raw)),
        outputs: () => presentByName(ctx, graph.outputs, output => rebuild(output.raw)),
        node_templates: () => presentByName(ctx, graph.nodes, node => nodeTemplate(ctx, node)),
        relationship_templates: () => relationshipTemplates(ctx, graph, topology.relationship_templates),
        groups: () =>
            presentByName(
                ctx,
                graph.groups.filter(g => !g.variability),
                group => groupTemplate(ctx, group),
            ),
        policies: () => nonEmptyList(graph.policies.filter(ctx.present).map(policy => entry(policy.name, policyTemplate(ctx, policy)))),
    }
}

/** A map of present elements keyed by name, in template order; a later element of the same name wins the key. */
function presentByName<T extends Element>(ctx: TransformContext, elements: readonly T[], emit: (e: T) => Raw): Raw | undefined {
    const out: Raw = {}
    // counted as they go in: listing the keys of a map of every node template costs
    let any = false
    for (const element of elements)
        if (ctx.present(element)) {
            put(out, element.name, emit(element))
            any = true
        }
    return any ? out : undefined
}

/**
 * Relationship templates of present relations, and those kept as written (named by a plain
 * requirement of a present node, or, in TOSCA 1.3, by none), in the order they were defined.
 */
function relationshipTemplates(ctx: TransformContext, graph: Graph, written: unknown): Raw | undefined {
    if (written === null || typeof written !== 'object') return undefined
    const out: Raw = {}
    let any = false
    for (const name of Object.keys(written)) {
        const relation = graph.relationOfTemplate(name)
        const kept = relation ? undefined : graph.keptTemplate(name)
        if (relation && ctx.present(relation)) put(out, name, relationshipTemplate(ctx, relation))
        else if (kept && (kept.node === undefined || ctx.present(kept.node))) put(out, name, clone((written as Raw)[name]))
        else continue
        any = true
    }
    return any ? out : undefined
}

/** The written relationship templates a present relation uses, by name, in the order they were defined. */
function* writtenRelations(ctx: TransformContext, graph: Graph, written: unknown): Generator<[string, RelationElement]> {
    for (const name of written !== null && typeof written === 'object' ? Object.keys(written) : []) {
        const relation = graph.relationOfTemplate(name)
        if (relation && ctx.present(relation)) yield [name, relation]
    }
}

/**
 * Throws what writing the topology would throw (a present element without a present type or
 * technology, a computed property without a value), writing nothing: every element the builders
 * above write that could throw, checked the same way.
 */
export function checkTopology(ctx: TransformContext, graph: Graph, topology: Raw): void {
    if (Object.hasOwn(topology, 'node_templates')) for (const node of graph.nodes) if (ctx.present(node)) checkNodeTemplate(ctx, node)
    if (Object.hasOwn(topology, 'relationship_templates'))
        for (const [, relation] of writtenRelations(ctx, graph, topology.relationship_templates)) checkContainer(ctx, relation, relation.properties)
    if (Object.hasOwn(topology, 'groups')) for (const group of graph.groups) if (!group.variability && ctx.present(group)) checkContainer(ctx, group, group.properties)
    if (Object.hasOwn(topology, 'policies')) for (const policy of graph.policies) if (ctx.present(policy)) checkContainer(ctx, policy, policy.properties)
}

/** Members keep their written form (`node` or `[node, relation]`) and stay a list even when none is left. */
function groupTemplate(ctx: TransformContext, group: GroupElement): Raw {
    const members = Array.isArray(group.raw.members) ? group.raw.members.filter((_, i) => ctx.present(group.members[i]!)) : undefined
    return rebuild(group.raw, {
        type: presentType(ctx, group),
        properties: properties(ctx, group.properties),
        ...(members ? {members: clone(members)} : {}),
    })
}

/** Targets are filtered to present nodes and groups and may end up `[]`. */
function policyTemplate(ctx: TransformContext, policy: PolicyElement): Raw {
    const written = policy.raw.targets
    const targets = written === undefined || written === null ? undefined : toList(written).filter((_, i) => ctx.present(policy.targets[i]!))
    return rebuild(policy.raw, {
        type: presentType(ctx, policy),
        properties: properties(ctx, policy.properties),
        ...(targets ? {targets: clone(targets)} : {}),
    })
}
