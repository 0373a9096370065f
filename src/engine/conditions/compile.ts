// Compiles a raw condition into a formula. Logic operators and presence
// operators become formula nodes; everything else is a value expression,
// evaluated now that inputs are known, and must come out true or false.
import {closestHelp} from '../names.js'
import {TrellisError} from '../errors.js'
import {
    evaluateValue,
    isLogicOperator,
    isPresenceOperator,
    MAX_NESTING,
    nestedTooDeep,
    operatorOf,
    show,
    type LogicOperator,
    type PresenceOperator,
    type ValueScope,
} from '../expressions/index.js'
import type {VariabilityInputs} from '../inputs/index.js'
import type {Element, Graph, PropertyElement, TypeElement} from '../model/index.js'
import {managingTechnologies, type TypeHierarchy} from '../model/index.js'
import {amo, and, anyOf, constant, exo, expandedSize, expressionNote, FALSE, implies, not, or, presenceNote, valueNote, xor, type Formula} from './formula.js'
import {References} from './references.js'
import {grouped} from '../plural.js'

export interface Variables {
    presence(element: Element): Formula
    /** The element's own (manual) conditions, without default and pruning conditions. */
    manual(element: Element): Formula
    /**
     * Analysis reasons over every value of the inputs at once: it stands a free variable (an atom)
     * for a value condition that reads inputs, instead of evaluating it. Undefined: evaluate.
     */
    atom?(raw: unknown): {readonly formula: Formula; readonly inputs: readonly string[]} | undefined
}

export interface CompileContext {
    readonly graph: Graph
    readonly inputs: VariabilityInputs
    readonly variables: Variables
    /** is_managed: a technology manages artifacts of its artifact type and of the types derived from it. */
    readonly artifactTypes: TypeHierarchy
    /** What compiling remembers from one condition to the next (see compileContext). */
    readonly state: CompileState
}

/**
 * What compiling needs to remember within one compile context: the inputs read
 * by the value expression being evaluated (one recording scope, reset per
 * expression), how deep the current condition has nested so far, and logic
 * expressions already compiled that read no element relative to the condition
 * (SELF, CONTAINER, SOURCE, TARGET) — the common `{logic_expression: is_prod}`
 * on many elements compiles once.
 */
interface CompileState {
    readonly scope: ValueScope
    /** The inputs read so far by the expression being evaluated; none until the first (most conditions read one). */
    read: readonly string[] | undefined
    /** A list of one input's name, shared by the value notes of every expression that reads that input alone. */
    readonly single: Record<string, readonly string[] | undefined>
    /** Counts relative references; unchanged across a compilation means it may be shared. */
    relative: number
    /** The deepest level the condition being compiled has reached. */
    deepest: number
    /** Compiled expressions by name, with how many levels they nest below their reference. */
    readonly shared: Record<string, {readonly formula: Formula; readonly below: number} | undefined>
}

/** A context to compile conditions in; expressions it compiles are shared among the conditions compiled with it. */
export function compileContext(graph: Graph, inputs: VariabilityInputs, variables: Variables, artifactTypes: TypeHierarchy): CompileContext {
    const state: CompileState = {
        read: undefined,
        single: Object.create(null) as CompileState['single'],
        relative: 0,
        deepest: 0,
        // a dictionary without a prototype, not a Map: see docs/performance.md#names-looked-up
        shared: Object.create(null) as CompileState['shared'],
        scope: {
            input: (name, reference) => {
                const read = state.read
                if (!read) state.read = state.single[name] ??= Object.freeze([name])
                else if (!read.includes(name)) state.read = [...read, name]
                return inputs.input(name, reference)
            },
            expression: (name, kind, reference) => inputs.expression(name, kind, reference),
            guard: (what, reference, fn) => inputs.guard(what, reference, fn),
            locate: raw => inputs.locate(raw),
            warn: (message, reference, code) => inputs.warn(message, reference, code),
            // a condition reading an input with a default expression: the default's levels count on top of the condition's
            nesting: inputs.nesting,
        },
    }
    return {graph, inputs, variables, artifactTypes, state}
}

const NOTHING_READ: readonly string[] = Object.freeze([])

/** `depth`: the operators and logic expressions this condition is nested in (MAX_NESTING at most). */
export function compileCondition(raw: unknown, element: Element | undefined, c: CompileContext, depth = 0): Formula {
    if (depth > c.state.deepest) c.state.deepest = depth
    if (depth > MAX_NESTING) throw nestedTooDeep(c.inputs.locate(raw) ?? c.inputs.locate(element?.raw))
    if (typeof raw === 'boolean') return constant(raw)
    if (typeof raw === 'string') {
        // a bare string names an element by its identifier, e.g. "node.database"
        const target = c.graph.element(raw)
        if (target) return c.variables.presence(target)
        const identifiers = c.graph.elements.map(e => e.id)
        throw new TrellisError(
            'undefined-reference',
            `a condition must be a boolean expression, got the string "${raw}" (no element has that identifier)`,
            c.inputs.locate(element?.raw),
            {help: closestHelp(raw, identifiers)},
        )
    }
    const name = operatorOf(raw)
    if (name === undefined) return valueCondition(raw, element, c)
    const args = (raw as Record<string, unknown>)[name]
    if (name === 'logic_expression') return logicExpression(args, raw, element, c, depth)
    if (isLogicOperator(name)) return logic(name, args, raw, element, c, depth)
    if (isPresenceOperator(name)) {
        const state = c.state
        const references = new References(
            c.graph,
            element,
            () => c.inputs.locate(raw),
            () => state.relative++,
        )
        return presenceNote(raw, name, presence(name, args, element, c, references))
    }
    return valueCondition(raw, element, c)
}

function logic(name: LogicOperator, args: unknown, raw: unknown, element: Element | undefined, c: CompileContext, depth: number): Formula {
    // where the operator was written, looked up only for an error message
    const at = () => c.inputs.locate(raw)
    const sub = (x: unknown) => compileCondition(x, element, c, depth + 1)
    const list = (min = 0, max = Infinity): unknown[] => {
        if (!Array.isArray(args)) throw new TrellisError('operand-type', `operator "${name}" expects a list of operands`, at())
        if (args.length < min || args.length > max)
            throw new TrellisError(
                'operand-count',
                `operator "${name}" expects ${min === max ? min : max === Infinity ? `at least ${min}` : `${min} to ${max}`} operands, got ${args.length}`,
                at(),
            )
        return args
    }
    switch (name) {
        case 'and':
            return and(list().map(sub))
        case 'or':
            return list().length === 0 ? FALSE : or(list().map(sub))
        case 'not':
            if (Array.isArray(args)) throw new TrellisError('operand-type', 'operator "not" expects one operand, not a list', at())
            return not(sub(args))
        case 'xor':
            return xor(list().map(sub))
        case 'exo':
            return exo(list().map(sub))
        case 'amo':
            return amo(list().map(sub))
        case 'implies': {
            const [a, b] = list(2, 2)
            return implies(sub(a), sub(b))
        }
    }
}

/** The most operators one named logic expression may stand for once the expressions it reuses are expanded. */
const MAX_EXPANDED = 100_000

/** `{logic_expression: name}`: compiled at its first use, shared afterwards unless it reads elements relative to the condition. */
function logicExpression(args: unknown, raw: unknown, element: Element | undefined, c: CompileContext, depth: number): Formula {
    if (typeof args !== 'string') throw new TrellisError('operand-type', `"logic_expression" expects the name of an expression, got ${show(args)}`, c.inputs.locate(raw))
    const state = c.state
    const shared = state.shared[args]
    if (shared) {
        // reused, not recompiled: the levels below it still count where it is reused
        const deepest = depth + shared.below
        if (deepest > MAX_NESTING) throw nestedTooDeep(c.inputs.locate(raw))
        if (deepest > state.deepest) state.deepest = deepest
        return shared.formula
    }
    const definition = c.inputs.expression(args, 'logic', raw)
    if (typeof definition === 'string') throw new TrellisError('operand-type', `Logic expression "${args}" must not be a string`, c.inputs.locate(raw))
    const relative = state.relative
    const outer = state.deepest
    state.deepest = depth
    let below = 0
    let compiled: Formula
    try {
        compiled = c.inputs.guard(`expression "${args}"`, raw, () => compileCondition(definition, element, c, depth + 1))
    } finally {
        below = state.deepest - depth
        state.deepest = Math.max(outer, state.deepest)
    }
    const result = expressionNote(args, definition, compiled, MAX_EXPANDED + 1)
    // compiled once, a named expression is still walked at every use: nested reuse (e0 uses e1 twice,
    // e1 uses e2 twice, …) would make every walk of the condition exponential
    if (expandedSize(result, MAX_EXPANDED + 1) > MAX_EXPANDED)
        throw new TrellisError(
            'too-large',
            `logic expression "${args}" expands to more than ${grouped(MAX_EXPANDED)} operators through the named expressions it reuses`,
            c.inputs.locate(raw),
        )
    if (state.relative === relative) state.shared[args] = {formula: result, below}
    return result
}

/** Evaluates a value expression now, remembering which variability inputs it read. */
function valueCondition(raw: unknown, element: Element | undefined, c: CompileContext): Formula {
    const atom = c.variables.atom?.(raw)
    if (atom) return valueNote(raw, atom.inputs, atom.formula)
    const r = c.state
    const outer = r.read
    r.read = undefined
    let value: unknown
    let read: readonly string[]
    try {
        value = evaluateValue(raw, r.scope)
    } finally {
        read = r.read ?? NOTHING_READ
        r.read = outer
    }
    if (typeof value !== 'boolean')
        throw new TrellisError('operand-type', `a condition must evaluate to true or false, got ${show(value)}`, c.inputs.locate(raw) ?? c.inputs.locate(element?.raw))
    return valueNote(raw, read, constant(value))
}

/** Presence operators about the elements around one (its host, relations, artifacts, consumers, …): any of them present. */
type NeighbourhoodOperator = Extract<PresenceOperator, 'host_presence' | `has_${string}` | `is_${string}`>

/** Presence operators that name an element's type, property or technology by `[element…, key]`. */
type MemberOperator = Extract<PresenceOperator, `${string}_type_presence` | `${string}_property_presence` | 'technology_presence'>

/** A presence operator's formula: the presence of the element it names, or of those around it, or of its type, property or technology. */
function presence(name: PresenceOperator, args: unknown, element: Element | undefined, c: CompileContext, r: References): Formula {
    const v = c.variables
    const {graph} = c
    switch (name) {
        case 'node_presence':
            return v.presence(r.node(args))
        case 'relation_presence':
            return v.presence(r.relation(args))
        case 'artifact_presence':
            return v.presence(r.artifact(args))
        case 'policy_presence':
            return v.presence(r.policy(args))
        case 'group_presence':
            return v.presence(r.group(args))
        case 'input_presence':
            return v.presence(r.keyed(args, 'input', k => graph.input(k, r.at)))
        case 'output_presence':
            return v.presence(r.keyed(args, 'output', k => graph.output(k, r.at)))
        case 'import_presence':
            return v.presence(r.keyed(args, 'import', k => (typeof k === 'number' ? graph.import(k, r.at) : r.fail(`imports are referred to by index, got "${k}"`))))
        case 'source_presence':
            return v.presence(r.relation(args).source)
        case 'target_presence':
            return v.presence(r.relation(args).target)
        case 'container_presence': {
            r.relative()
            const self = args === 'SELF' ? element : args === 'CONTAINER' ? element?.container : r.fail('"container_presence" expects SELF or CONTAINER')
            const container = self?.container ?? r.fail(`${self?.display ?? 'this condition'} has no container`)
            return v.presence(container)
        }
        case 'host_presence':
        case 'has_source':
        case 'has_incoming_relation':
        case 'has_incoming_relation_naive':
        case 'has_outgoing_relation':
        case 'has_outgoing_relation_naive':
        case 'has_artifact':
        case 'has_artifact_naive':
        case 'is_managed':
        case 'is_consumed':
        case 'is_produced':
        case 'has_present_target':
        case 'has_present_member':
            return neighbourhoodPresence(name, args, c, r)
        case 'technology_presence':
        case 'node_type_presence':
        case 'relation_type_presence':
        case 'group_type_presence':
        case 'policy_type_presence':
        case 'artifact_type_presence':
        case 'node_property_presence':
        case 'relation_property_presence':
        case 'group_property_presence':
        case 'policy_property_presence':
        case 'artifact_property_presence':
            return memberPresence(name, args, c, r)
    }
}

function neighbourhoodPresence(name: NeighbourhoodOperator, args: unknown, c: CompileContext, r: References): Formula {
    const v = c.variables
    const anyPresent = (elements: readonly Element[]) => anyOf(elements.map(e => v.presence(e)))
    switch (name) {
        case 'host_presence':
            return anyPresent(
                r
                    .node(args)
                    .relations.filter(x => x.hosting)
                    .map(x => x.target),
            )
        case 'has_source':
            return anyPresent(r.node(args).incoming.map(x => x.source))
        case 'has_incoming_relation':
            return anyOf(r.node(args).incoming.map(x => and([v.manual(x), v.presence(x.source)])))
        case 'has_incoming_relation_naive':
            return anyPresent(r.node(args).incoming)
        case 'has_outgoing_relation':
            return anyOf(r.node(args).relations.map(x => and([v.manual(x), v.presence(x.target)])))
        case 'has_outgoing_relation_naive':
            return anyPresent(r.node(args).relations)
        case 'has_artifact':
            return anyOf(r.node(args).artifacts.map(a => v.manual(a)))
        case 'has_artifact_naive':
            return anyPresent(r.node(args).artifacts)
        case 'is_managed':
            return anyPresent(managingTechnologies(r.artifact(args), c.artifactTypes))
        case 'is_consumed':
            return anyPresent(r.keyed(args, 'input', k => c.graph.input(k, r.at)).consumers)
        case 'is_produced':
            return anyPresent(r.keyed(args, 'output', k => c.graph.output(k, r.at)).producers)
        case 'has_present_target':
            return anyOf(r.policy(args).targets.map(t => (t.kind === 'node' ? v.presence(t) : anyPresent(t.members))))
        case 'has_present_member':
            return anyPresent(r.group(args).members)
    }
}

function memberPresence(name: MemberOperator, args: unknown, c: CompileContext, r: References): Formula {
    const v = c.variables
    if (name === 'technology_presence') {
        const [node, key] = r.pair(args, 'technology')
        return v.presence(c.graph.technologyOf(r.node(node), r.key(key), r.at))
    }
    // `<owner>_type_presence` and `<owner>_property_presence`: the owner is found the same way for both
    const [owner, member] = name.split('_') as [MemberOwner, 'type' | 'property']
    const [container, key] = memberOwner(owner, member, args, c, r)
    return v.presence(member === 'type' ? typeOf(container, key, c, r) : propertyOf(container, key, c, r))
}

/** The owners the catalogue names in `<owner>_type_presence`, so a new one does not compile until memberOwner finds it. */
type MemberOwner = Exclude<MemberOperator, 'technology_presence'> extends `${infer O}_${'type' | 'property'}_presence` ? O : never
type MemberContainer = Parameters<typeof typeOf>[0] & Parameters<typeof propertyOf>[0]

/** The element a type or property presence operator asks about, and the type or property it names. */
function memberOwner(owner: MemberOwner, member: 'type' | 'property', args: unknown, c: CompileContext, r: References): [MemberContainer, unknown] {
    const {graph} = c
    switch (owner) {
        case 'node': {
            const [node, key] = r.split(args, 2, `[node, ${member}]`)
            return [r.node(node), key]
        }
        case 'group': {
            const [group, key] = r.split(args, 2, `[group, ${member}]`)
            return [r.group(group), key]
        }
        case 'policy': {
            const [policy, key] = r.split(args, 2, `[policy, ${member}]`)
            return [r.policy(policy), key]
        }
        case 'relation': {
            const [node, relation, key] = r.split(args, 3, `[node, relation, ${member}]`)
            return [graph.relationOf(r.node(node), r.key(relation), r.at), key]
        }
        case 'artifact': {
            const [node, artifact, key] = r.split(args, 3, `[node, artifact, ${member}]`)
            return [graph.artifactOf(r.node(node), r.key(artifact), r.at), key]
        }
    }
}

function typeOf(container: {readonly types: readonly TypeElement[]; readonly display: string}, key: unknown, c: CompileContext, r: References): TypeElement {
    return c.graph.typeOf(container, r.key(key), r.at)
}

function propertyOf(container: {readonly properties: readonly PropertyElement[]; readonly display: string}, key: unknown, c: CompileContext, r: References): PropertyElement {
    return c.graph.propertyOf(container, r.key(key), r.at)
}
