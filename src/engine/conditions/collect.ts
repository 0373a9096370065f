// Collects every element's conditions, in the order the specification gives:
// manual conditions, variability-group conditions, the default alternative,
// the enriched input condition, then default and pruning conditions.
import type {SourceLocation} from '../errors.js'
import type {VariabilityInputs} from '../inputs/index.js'
import type {Element, Graph, Raw} from '../model/index.js'
import type {OptionKind, Options} from '../options/index.js'
import type {TypeHierarchy} from '../technologies/index.js'
import {compileCondition, compileContext, type Variables} from './compile.js'
import {genericDefaults} from './defaults.js'
import {and, not, or, TRUE, variable, type Formula} from './formula.js'
import type {ConditionOrigin, ConditionRecord, DefaultCondition} from './records.js'
import {typeSpecificDefault, type TypeSpecificConditions} from './type-specific.js'

/** Presence variables are the element's sequence number; manual variables follow after all elements. */
export class PresenceVariables implements Variables {
    readonly manualUsed = new Set<number>()
    private readonly cache: Formula[] = []
    constructor(private readonly graph: Graph) {}

    get count(): number {
        return this.graph.elements.length * 2
    }

    presence(element: Element): Formula {
        return (this.cache[element.seq] ??= variable(element.seq))
    }

    manual(element: Element): Formula {
        this.manualUsed.add(element.seq)
        const v = this.graph.elements.length + element.seq
        return (this.cache[v] ??= variable(v))
    }

    /** The element a variable belongs to, and whether it is its manual variable. */
    owner(v: number): {element: Element; manual: boolean} {
        const n = this.graph.elements.length
        return v < n ? {element: this.graph.elements[v]!, manual: false} : {element: this.graph.elements[v - n]!, manual: true}
    }
}

export interface ElementConditions {
    readonly element: Element
    readonly records: readonly ConditionRecord[]
    /** AND of all records: the element is present exactly when this holds. */
    readonly formula: Formula
    /** AND of the manual (not generated) records. */
    readonly manual: Formula
    readonly defaultEnabled: boolean
    readonly pruningEnabled: boolean
}

export function collectConditions(
    graph: Graph,
    options: Options,
    inputs: VariabilityInputs,
    variables: Variables,
    typeSpecific: TypeSpecificConditions | undefined,
    locate: (raw: unknown, key?: string | number) => SourceLocation | undefined,
    artifactTypes: TypeHierarchy,
): ElementConditions[] {
    const context = compileContext(graph, inputs, variables, artifactTypes)
    // an input named like an element's identifier (e.g. "node.database") adds a condition
    const inputCondition = options.enrichInputCondition().value && [...inputs.definition.inputs.keys()].some(name => name.includes('.'))
    const result: ElementConditions[] = new Array(graph.elements.length)
    const byKind = kindFlagsOf(options)
    // an indexed loop: it runs once per resolution over every element, often before it is optimized
    for (let e = 0; e < graph.elements.length; e++) {
        const element = graph.elements[e]!
        const flags = elementFlags(element, options, byKind)
        // the element's own (manual) conditions, in the order the specification collects them
        let own: ConditionRecord[] | undefined
        const conditions = element.conditions
        for (let i = 0; i < conditions.length; i++) {
            const expression = conditions[i]
            own = added(own, new ConditionEntry(element, MANUAL, expression, compileCondition(expression, element, context), false, i, flags))
        }
        if ((element.kind === 'node' || element.kind === 'relation') && element.groups.length > 0)
            for (const group of element.groups)
                for (const expression of group.conditions)
                    own = added(own, new ConditionEntry(element, {kind: 'group', group}, expression, compileCondition(expression, element, context), false, () => group.conditionsLocation ?? group.location, flags))
        if (element.defaultAlternative) {
            const siblings = alternatives(element, graph)
            const formula = siblings.length === 0 ? TRUE : not(or(siblings.map(s => variables.presence(s))))
            own = [new ConditionEntry(element, {kind: 'default-alternative', siblings}, {default_alternative: true}, formula, false, () => locate(element.raw, 'default_alternative'), flags)]
        }
        if (element.kind === 'technology' && element.ruleConditions.length > 0) {
            const origin: ConditionRecord['origin'] = element.rule ? {kind: 'technology-rule', rule: element.rule} : {kind: 'technology-plugin', plugin: element.plugin ?? ''}
            for (const expression of element.ruleConditions)
                own = added(own, new ConditionEntry(element, origin, expression, compileCondition(expression, element, context), element.enriched, element.rule?.location, flags))
        }
        if (inputCondition && inputs.has(element.id)) {
            const expression = {variability_input: element.id}
            const location = inputs.definition.inputs.get(element.id)?.location
            own = added(own, new ConditionEntry(element, {kind: 'input-condition', input: element.id}, expression, compileCondition(expression, element, context), false, location, flags))
        }
        // a default condition applies only to an element without conditions (an enriched technology's rule conditions count)
        const unconditioned = own === undefined
        let generated: ConditionRecord[] | undefined
        if (flags.defaultEnabled || flags.pruningEnabled) {
            const specific = typeSpecific ? typeSpecificDefault(element, typeSpecific, context) : undefined
            const defaults: DefaultCondition[] = specific ? [specific] : genericDefaults(element, options, variables, artifactTypes)
            for (const {wrapper: w, formula} of defaults) {
                const byPruning = flags.pruningEnabled && ((w.consistency && flags.consistencyPruning) || (w.semantic && flags.semanticPruning))
                const byDefault = flags.defaultEnabled && unconditioned && ((w.consistency && flags.defaultConsistency) || (w.semantic && flags.defaultSemantic))
                if (byPruning || byDefault) generated = added(generated, new ConditionEntry(element, byPruning ? w.origins.pruning : w.origins.default, w.expression, formula, true, undefined, flags))
            }
        }
        // generated conditions come first, as the specification evaluates them before assigned ones
        const records: readonly ConditionRecord[] = generated ? (own ? [...generated, ...own] : generated) : (own ?? NO_RECORDS)
        // only an enriched technology's rule conditions are generated among its own
        const manualRecords = !own ? NO_RECORDS : element.kind === 'technology' && element.enriched ? own.filter(r => !r.generated) : own
        const formula = records.length === 0 ? TRUE : records.length === 1 ? records[0]!.formula : and(records.map(r => r.formula))
        const manual = manualRecords.length === 0 ? TRUE : manualRecords.length === records.length ? formula : and(manualRecords.map(r => r.formula))
        // a single record is the element's conditions itself (see ConditionEntry)
        result[element.seq] = records.length === 1 ? (records[0] as ConditionEntry) : new Conditions(element, records, formula, manual, flags)
    }
    return result
}

const NO_RECORDS: readonly ConditionRecord[] = Object.freeze([])

/** The list with the record added: a first record starts a list of exactly one (pushing onto an empty list reserves room for 17). */
function added(list: ConditionRecord[] | undefined, record: ConditionRecord): ConditionRecord[] {
    if (!list) return [record]
    list.push(record)
    return list
}

/** An element's conditions when there are none or several. */
class Conditions implements ElementConditions {
    constructor(
        readonly element: Element,
        readonly records: readonly ConditionRecord[],
        readonly formula: Formula,
        readonly manual: Formula,
        private readonly flags: ElementFlags,
    ) {}

    get defaultEnabled(): boolean {
        return this.flags.defaultEnabled
    }

    get pruningEnabled(): boolean {
        return this.flags.pruningEnabled
    }
}

/**
 * A condition record whose location is looked up only when an explanation asks
 * for it. Most elements have exactly one condition, so every record can also
 * stand for its element's conditions, and when it is the only one it does: one
 * object per element instead of two (every object kept per element is copied
 * by each garbage collection it lives through).
 */
class ConditionEntry implements ConditionRecord, ElementConditions {
    /** A location, a way to find it, or the index of the element's manual condition it is. */
    private where: SourceLocation | (() => SourceLocation | undefined) | number | undefined

    constructor(
        readonly element: Element,
        readonly origin: ConditionOrigin,
        readonly expression: unknown,
        readonly formula: Formula,
        readonly generated: boolean,
        where: SourceLocation | (() => SourceLocation | undefined) | number | undefined,
        /** The element's options, for when this record stands for its conditions. */
        private readonly flags: ElementFlags,
    ) {
        this.where = where
    }

    get location(): SourceLocation | undefined {
        if (typeof this.where === 'number') this.where = this.element.conditionLocation(this.where)
        else if (typeof this.where === 'function') this.where = this.where()
        return this.where
    }

    /** A list made when asked (explanations only): kept, it would be one more field on every element. */
    get records(): readonly ConditionRecord[] {
        return [this]
    }

    /** A generated record (a default, or an enriched technology's rule) is not a manual condition. */
    get manual(): Formula {
        return this.generated ? TRUE : this.formula
    }

    get defaultEnabled(): boolean {
        return this.flags.defaultEnabled
    }

    get pruningEnabled(): boolean {
        return this.flags.pruningEnabled
    }
}

const MANUAL = {kind: 'manual'} as const

/** Elements that compete with a default alternative: same container and name (types and technologies: any name). */
export function alternatives(element: Element, graph: Graph): Element[] {
    const same = (list: readonly Element[]) => list.filter(e => e !== element && e.name === element.name)
    switch (element.kind) {
        case 'relation':
            return same(element.source.relations)
        case 'artifact':
            return same(element.container.artifacts)
        case 'property':
            return same(element.container.properties)
        case 'type':
            return element.container.types.filter(t => t !== element)
        case 'technology':
            return element.container.technologies.filter(t => t !== element)
        case 'input':
            return same(graph.inputs)
        case 'output':
            return same(graph.outputs)
        default:
            return []
    }
}

const KIND_OPTION: Readonly<Record<Element['kind'], OptionKind | undefined>> = {
    node: 'node',
    relation: 'relation',
    property: 'property',
    artifact: 'artifact',
    type: 'type',
    group: 'group',
    policy: 'policy',
    input: 'input',
    output: 'output',
    technology: 'technology',
    import: undefined,
}

export interface ElementFlags {
    readonly defaultEnabled: boolean
    readonly defaultConsistency: boolean
    readonly defaultSemantic: boolean
    readonly pruningEnabled: boolean
    readonly consistencyPruning: boolean
    readonly semanticPruning: boolean
}

const OFF: ElementFlags = {defaultEnabled: false, defaultConsistency: false, defaultSemantic: false, pruningEnabled: false, consistencyPruning: false, semanticPruning: false}
const OVERRIDES: ReadonlySet<string> = new Set(['default_condition', 'default_consistency_condition', 'default_semantic_condition', 'pruning', 'consistency_pruning', 'semantic_pruning'])
const kindFlags = new WeakMap<Options, Map<OptionKind, ElementFlags>>()

/** The flags of each element kind under these options, filled in as kinds are asked for. */
function kindFlagsOf(options: Options): Map<OptionKind, ElementFlags> {
    let byKind = kindFlags.get(options)
    if (!byKind) kindFlags.set(options, (byKind = new Map()))
    return byKind
}

/** The topology's options for one element kind, resolved once per resolution. */
function flagsOf(kind: OptionKind, options: Options, byKind: Map<OptionKind, ElementFlags>): ElementFlags {
    let flags = byKind.get(kind)
    if (!flags) {
        flags = {
            defaultEnabled: options.defaultCondition(kind).value,
            defaultConsistency: options.defaultConsistency(kind).value,
            defaultSemantic: options.defaultSemantic(kind).value,
            pruningEnabled: options.pruning(kind).value,
            consistencyPruning: options.consistencyPruning(kind).value,
            semanticPruning: options.semanticPruning(kind).value,
        }
        byKind.set(kind, flags)
    }
    return flags
}

/** Element keys override the topology's options; a persistent node is never pruned nor defaulted away. */
export function elementFlags(element: Element, options: Options, byKind = kindFlagsOf(options)): ElementFlags {
    const kind = KIND_OPTION[element.kind]
    if (!kind || (element.kind === 'node' && element.persistent)) return OFF
    const flags = flagsOf(kind, options, byKind)
    const raw: Raw = element.raw
    // the element's few keys against the overrides, rather than six look-ups of keys most elements lack
    let overridden = false
    for (const key in raw)
        if (OVERRIDES.has(key)) {
            overridden = true
            break
        }
    if (!overridden) return flags
    const own = (key: string): boolean | undefined => (typeof raw[key] === 'boolean' ? (raw[key] as boolean) : undefined)
    return {
        defaultEnabled: own('default_condition') ?? flags.defaultEnabled,
        defaultConsistency: own('default_consistency_condition') ?? own('default_condition') ?? flags.defaultConsistency,
        defaultSemantic: own('default_semantic_condition') ?? own('default_condition') ?? flags.defaultSemantic,
        pruningEnabled: own('pruning') ?? flags.pruningEnabled,
        consistencyPruning: own('consistency_pruning') ?? own('pruning') ?? flags.consistencyPruning,
        semanticPruning: own('semantic_pruning') ?? own('pruning') ?? flags.semanticPruning,
    }
}
