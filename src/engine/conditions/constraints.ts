// Formulas that must hold in every variant: the topology's `constraints`,
// element `implies`, implied elements, and the constraint options.
import {TrellisError, type SourceLocation} from '../errors.js'
import type {VariabilityInputs} from '../inputs/index.js'
import {variabilityGroupOf, type Element, type Graph, type NodeElement} from '../model/index.js'
import {CONSTRAINT_OPTIONS, type ConstraintOption, type Options} from '../options/index.js'
import type {TypeHierarchy} from '../model/index.js'
import {compileCondition, compileContext, type Variables} from './compile.js'
import {amo, and, exo, FALSE, implies, or, type Formula} from './formula.js'
import {compilingOrder} from './order.js'
import type {ConstraintOrigin, ConstraintRecord} from './records.js'
import {lowerFirst} from '../text.js'
import {groupByName} from '../names.js'

export function collectConstraints(
    graph: Graph,
    options: Options,
    inputs: VariabilityInputs,
    variables: Variables,
    globals: readonly unknown[],
    locate: (raw: unknown, key?: string | number) => SourceLocation | undefined,
    artifactTypes: TypeHierarchy,
): ConstraintRecord[] {
    const context = compileContext(graph, inputs, variables, artifactTypes)
    const out: ConstraintRecord[] = []
    const p = (e: Element) => variables.presence(e)

    globals.forEach((expression, i) => {
        const at = () => locate(globals, i)
        out.push(
            new Constraint(
                {kind: 'constraint'},
                expression,
                locatedAt(() => compileCondition(expression, undefined, context), at),
                at,
                () => 'topology constraint',
            ),
        )
    })

    // elements that are implied, with what they wrote, found in the same pass as implications
    // (both keys are read while the element's definition is at hand) and handled after them
    const defaultImplied = options.relationDefaultImplied().value
    const impliedElements: Element[] = []
    const impliedWritten: unknown[] = []
    // elements in the order their conditions are compiled: a mistake in an implication is met as the reference meets it
    const order = compilingOrder(graph)
    for (let e = 0; e < order.length; e++) {
        const element = order[e]!
        // a variability group and its types and properties are removed before resolving: nothing of theirs is implied
        if (variabilityGroupOf(element)) continue
        const written = element.raw.implied
        // relation_default_implied does not apply to hosting relations (spec); properties are implied unless they say otherwise
        const impliedOn =
            written !== undefined && written !== null ? written !== false : element.kind === 'relation' ? defaultImplied && !element.hosting : element.kind === 'property'
        if (impliedOn) {
            impliedElements.push(element)
            impliedWritten.push(written)
        }
        const list = element.raw.implies
        if (list === undefined || list === null) continue
        if (!Array.isArray(list))
            throw new TrellisError('invalid-template', `"implies" of ${lowerFirst(element.display)} must be a list of [target, condition?]`, locate(element.raw, 'implies'))
        list.forEach((item, i) => {
            const at = locate(list, i)
            if (!Array.isArray(item) || item.length < 1 || item.length > 2 || item[0] === undefined || item[0] === null)
                throw new TrellisError('invalid-template', `each implication of ${lowerFirst(element.display)} must be [target] or [target, condition]`, at)
            const target = compileCondition(item[0], element, context)
            const premise = item.length === 2 ? and([p(element), compileCondition(item[1], element, context)]) : p(element)
            out.push(
                new Constraint(
                    {kind: 'implies', element},
                    item,
                    implies(premise, target),
                    () => at,
                    () => `implication of ${lowerFirst(element.display)}`,
                ),
            )
        })
    }

    for (let i = 0; i < impliedElements.length; i++) {
        const implied = impliedConstraint(impliedElements[i]!, impliedWritten[i], p, e => variables.manual(e), locate)
        if (implied) out.push(implied)
    }
    optionConstraints(graph, options, p, out)
    return out
}

/** The constraint of an implied element (`implied` written on it, or the option's default): by its source, target or container and its own conditions. */
function impliedConstraint(
    element: Element,
    raw: unknown,
    p: (e: Element) => Formula,
    manual: (e: Element) => Formula,
    locate: (raw: unknown, key?: string | number) => SourceLocation | undefined,
): ConstraintRecord | undefined {
    // `implied: TARGET`: by the relation's target, as the specification says ("when the source/ target
    // (depending on the configuration) is present"); the reference uses the source whatever is written
    if (raw === 'TARGET' && element.kind !== 'relation')
        throw new TrellisError('invalid-template', `"implied: TARGET" of ${lowerFirst(element.display)}: only a relation has a target`, locate(element.raw, 'implied'))
    const by = element.kind !== 'relation' ? 'container' : raw === 'TARGET' ? 'target' : 'source'
    let premise: Formula | undefined
    if (element.kind === 'relation') premise = and([p(by === 'target' ? element.target : element.source), manual(element)])
    // a property is implied by its container and its own conditions only: what it consumes is read by its
    // default condition (consuming), so a present container with a property reading an absent input has no variant
    else if (element.container) premise = and([p(element.container), manual(element)])
    if (!premise) return undefined
    return new Constraint(
        {kind: 'implied', element},
        {implied: raw ?? true},
        implies(premise, p(element)),
        () => locate(element.raw, 'implied') ?? element.location,
        () => `${lowerFirst(element.display)} is implied when its ${by} and its own conditions hold`,
    )
}

/** The constraints the constraint options switch on, each pushed to `out`. */
function optionConstraints(graph: Graph, options: Options, p: (e: Element) => Formula, out: ConstraintRecord[]): void {
    const option: OptionPush = (name, element, formula, description) =>
        out.push(new Constraint({kind: 'option', option: name, element}, OPTION_EXPRESSION[name], formula, () => element?.location, description))
    // read each option once, not once per node
    const enabled = new Set(CONSTRAINT_OPTIONS.filter(name => options.constraint(name).value))
    const on = (name: ConstraintOption) => enabled.has(name)

    if (on('relation_source_constraint'))
        for (const r of graph.relations) option('relation_source_constraint', r, implies(p(r), p(r.source)), () => `${lowerFirst(r.display)} needs its source`)
    if (on('relation_target_constraint'))
        for (const r of graph.relations) option('relation_target_constraint', r, implies(p(r), p(r.target)), () => `${lowerFirst(r.display)} needs its target`)
    if (on('artifact_container_constraint'))
        for (const a of graph.artifacts) option('artifact_container_constraint', a, implies(p(a), p(a.container)), () => `${lowerFirst(a.display)} needs its node`)
    if (on('property_container_constraint'))
        for (const x of graph.properties) option('property_container_constraint', x, implies(p(x), p(x.container)), () => `${lowerFirst(x.display)} needs its container`)
    if (on('type_container_constraint'))
        for (const t of graph.types) option('type_container_constraint', t, implies(p(t), p(t.container)), () => `${lowerFirst(t.display)} needs its container`)

    for (let i = 0; i < graph.nodes.length; i++) nodeConstraints(graph.nodes[i]!, on, option, p)

    // "Unique property names" (spec), as for artifacts, relations, inputs and outputs: at most one
    // present property of a name. The reference writes "exactly one", which also demands a present
    // property of every name, so a conditional property without an alternative could never be absent
    // while its container is present; no conformance case relies on that.
    if (on('unique_property_constraint'))
        // a variability group is removed before resolving: its properties are never resolved
        for (const container of [...graph.nodes, ...graph.relations, ...graph.policies, ...graph.groups.filter(g => !g.variability), ...graph.artifacts])
            for (const same of groupByName(container.properties))
                if (same.length > 1)
                    option(
                        'unique_property_constraint',
                        same[0],
                        implies(p(container), amo(same.map(p))),
                        () => `${lowerFirst(container.display)} has at most one property "${same[0]!.name}"`,
                    )
    if (on('unique_input_constraint'))
        for (const same of groupByName(graph.inputs))
            if (same.length > 1) option('unique_input_constraint', same[0], amo(same.map(p)), () => `at most one input "${same[0]!.name}"`)
    if (on('unique_output_constraint'))
        for (const same of groupByName(graph.outputs))
            if (same.length > 1) option('unique_output_constraint', same[0], amo(same.map(p)), () => `at most one output "${same[0]!.name}"`)
}

type OptionPush = (name: ConstraintOption, element: Element | undefined, formula: Formula, description: () => string) => void

function nodeConstraints(node: NodeElement, on: (name: ConstraintOption) => boolean, option: OptionPush, p: (e: Element) => Formula): void {
    const one = (list: readonly Element[]) => (list.length === 1 ? p(list[0]!) : exo(list.map(p)))
    const hosting = on('hosting_stack_constraint') ? node.relations.filter(r => r.hosting) : []
    if (hosting.length > 0) option('hosting_stack_constraint', node, implies(p(node), one(hosting)), () => `${lowerFirst(node.display)} has exactly one hosting relation`)
    if (on('required_incoming_relation_constraint') && node.incoming.length > 0)
        option('required_incoming_relation_constraint', node, implies(p(node), or(node.incoming.map(p))), () => `${lowerFirst(node.display)} needs an incoming relation`)
    if (on('required_artifact_constraint') && node.artifacts.length > 0)
        option('required_artifact_constraint', node, implies(p(node), one(node.artifacts)), () => `${lowerFirst(node.display)} has exactly one artifact`)
    if (on('unique_artifact_constraint'))
        for (const same of groupByName(node.artifacts))
            if (same.length > 1) option('unique_artifact_constraint', same[0], amo(same.map(p)), () => `${lowerFirst(node.display)} has at most one artifact "${same[0]!.name}"`)
    if (on('unique_relation_constraint'))
        for (const same of groupByName(node.relations))
            if (same.length > 1)
                option('unique_relation_constraint', same[0], implies(p(node), amo(same.map(p))), () => `${lowerFirst(node.display)} has at most one relation "${same[0]!.name}"`)
    if (on('technology_constraint') && isManaged(node))
        option(
            'technology_constraint',
            node,
            implies(p(node), node.technologies.length === 0 ? FALSE : one(node.technologies)),
            () => `${lowerFirst(node.display)} is deployed by exactly one technology`,
        )
}

/** A node needs a deployment technology unless it says `managed: false` (or has none and its type is abstract). */
function isManaged(node: NodeElement): boolean {
    return node.managed
}

/** The option written as a condition, for explanations: one shared object per option. */
const OPTION_EXPRESSION = Object.fromEntries(CONSTRAINT_OPTIONS.map(name => [name, Object.freeze({[name]: true})])) as Readonly<Record<ConstraintOption, unknown>>

/** A constraint whose location and description are worked out only when an explanation shows them. */
class Constraint implements ConstraintRecord {
    private located = false
    private where: SourceLocation | undefined
    private described: string | undefined

    constructor(
        readonly origin: ConstraintOrigin,
        readonly expression: unknown,
        readonly formula: Formula,
        private readonly locateIt: () => SourceLocation | undefined,
        private readonly describe: () => string,
    ) {}

    get location(): SourceLocation | undefined {
        if (!this.located) {
            this.where = this.locateIt()
            this.located = true
        }
        return this.where
    }

    get description(): string {
        return (this.described ??= this.describe())
    }
}

/** What `compile` gives; a mistake it finds that has no place of its own (a constraint that is null, a number) is located at `where`. */
function locatedAt<T>(compile: () => T, where: () => SourceLocation | undefined): T {
    try {
        return compile()
    } catch (e) {
        if (e instanceof TrellisError && !e.location) throw new TrellisError(e.code, e.message, where(), e)
        throw e
    }
}
