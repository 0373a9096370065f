// Collects every element's conditions, in the order the specification gives:
// manual conditions, variability-group conditions, the default alternative,
// the enriched input condition, then default and pruning conditions.
import {collectErrors, MAX_ERRORS, TrellisError, type SourceLocation} from '../errors.js'
import {ELEMENT_OPTION_KEYS} from '../keys.js'
import type {VariabilityInputs} from '../inputs/index.js'
import {variabilityGroupOf, type Element, type Graph, type Raw} from '../model/index.js'
import type {OptionKind, Options} from '../options/index.js'
import type {TypeHierarchy} from '../model/index.js'
import {compileCondition, compileContext, type CompileContext, type Variables} from './compile.js'
import {genericDefaults} from './defaults.js'
import {DefaultDescriptors} from './descriptors.js'
import {compilingOrder} from './order.js'
import {and, FALSE, not, or, TRUE, variable, type Formula} from './formula.js'
import type {ConditionOrigin, ConditionRecord, DefaultWrapper} from './records.js'
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
}

/** Where a condition was written: a location, a way to find it, or the index of the element's manual condition it is. */
type Where = SourceLocation | (() => SourceLocation | undefined) | number | undefined

/**
 * Receives one element's conditions in the order the specification collects
 * them. Solving needs only the formulas; explanations need every record with
 * its origin. One walk over the element feeds either, so both always agree.
 */
interface Sink {
    /** How many own (assigned) conditions the element has so far. */
    readonly owned: number
    /** A default alternative replaces the element's other own conditions. */
    clearOwn(): void
    /** An own condition: its formula, or undefined for the sink to compile `expression` when it needs the formula. */
    own(origin: ConditionOrigin, expression: unknown, formula: Formula | undefined, generated: boolean, where: Where): void
    /** A default or pruning condition. */
    generated(origin: ConditionOrigin, expression: unknown, formula: Formula): void
}

/** What walking an element's conditions reads. */
interface Walk {
    readonly graph: Graph
    readonly options: Options
    readonly inputs: VariabilityInputs
    readonly variables: Variables
    readonly typeSpecific: TypeSpecificConditions | undefined
    readonly locate: (raw: unknown, key?: string | number) => SourceLocation | undefined
    readonly artifactTypes: TypeHierarchy
    readonly context: CompileContext
    /** An input named like an element's identifier (e.g. "node.database") adds a condition. */
    readonly inputCondition: boolean
    /** Each element kind's flags under the options, filled in as kinds are met. */
    readonly byKind: Map<OptionKind, ElementFlags>
    readonly pick: DefaultPick
    readonly descriptors: DefaultDescriptors
}

export function collectConditions(
    graph: Graph,
    options: Options,
    inputs: VariabilityInputs,
    variables: Variables,
    typeSpecific: TypeSpecificConditions | undefined,
    locate: (raw: unknown, key?: string | number) => SourceLocation | undefined,
    artifactTypes: TypeHierarchy,
): ConditionTable {
    const walk = (): Walk => ({
        graph,
        options,
        inputs,
        variables,
        typeSpecific,
        locate,
        artifactTypes,
        context: compileContext(graph, inputs, variables, artifactTypes),
        inputCondition: options.enrichInputCondition().value && [...inputs.definition.inputs.keys()].some(name => name.includes('.')),
        byKind: new Map(),
        pick: new DefaultPick(),
        descriptors: new DefaultDescriptors(),
    })
    const at = walk()
    const sink = new FormulaSink(at.context)
    const n = graph.elements.length
    const formulas: Formula[] = new Array(n)
    const manualKinds = new Uint8Array(n)
    const manuals = new Map<number, Formula>()
    // an indexed loop: see docs/performance.md#indexed-loops
    // a mistake in one element's conditions does not hide those of the next: each is reported
    const errors: TrellisError[] = []
    // in the order the reference compiles them, so that the first mistake reported is the same
    const order = compilingOrder(graph)
    for (let k = 0; k < n; k++) {
        const element = order[k]!
        const e = element.seq
        sink.start(element)
        try {
            walkElement(element, at, sink)
        } catch (error) {
            // after a first mistake, anything else that fails may follow from it: report what was found
            if (!(error instanceof TrellisError) || error.errorClass !== 'input') throw errors.length ? collectErrors(errors) : error
            // one mistake read by many elements (a named expression, an input's default) is reported once
            if (!errors.some(known => known.describe() === error.describe())) errors.push(error)
            if (errors.length >= MAX_ERRORS) break
            continue
        }
        if (errors.length) continue
        const formula = (formulas[e] = sink.formula())
        const manual = sink.manual(formula)
        if (manual === TRUE && formula !== TRUE) manualKinds[e] = NO_MANUAL
        else if (manual !== formula) {
            manualKinds[e] = OTHER_MANUAL
            manuals.set(e, manual)
        }
    }
    if (errors.length) throw collectErrors(errors)
    // records are walked again when an explanation asks, in a compile context of their own (this one's
    // shared expressions would otherwise stay alive with the table)
    return new ConditionTable(graph, formulas, manualKinds, manuals, walk)
}

/** Manual formula kinds: the element's whole formula, true (no manual records), or one of its own. */
const SAME_MANUAL = 0
const NO_MANUAL = 1
const OTHER_MANUAL = 2

/** One element's conditions, in the order the specification collects them. */
function walkElement(element: Element, w: Walk, sink: Sink): void {
    const flags = elementFlags(element, w.options, w.byKind)
    // a variability group is always absent (spec): its conditions belong to its members, and the reference
    // removes it with its types and properties before resolving, so their conditions are never read
    if (variabilityGroupOf(element)) return sink.own(MANUAL, false, FALSE, false, undefined)
    const conditions = element.conditions
    for (let i = 0; i < conditions.length; i++) sink.own(MANUAL, conditions[i], undefined, false, i)
    if ((element.kind === 'node' || element.kind === 'relation') && element.groups.length > 0)
        for (const group of element.groups)
            for (const expression of group.conditions) sink.own({kind: 'group', group}, expression, undefined, false, () => group.conditionsLocation ?? group.location)
    if (element.defaultAlternative) {
        const siblings = alternatives(element, w.graph)
        const formula = siblings.length === 0 ? TRUE : not(or(siblings.map(s => w.variables.presence(s))))
        sink.clearOwn()
        sink.own({kind: 'default-alternative', siblings}, {default_alternative: true}, formula, false, () => w.locate(element.raw, 'default_alternative'))
    }
    if (element.kind === 'technology' && element.ruleConditions.length > 0) {
        const origin: ConditionRecord['origin'] = element.rule ? {kind: 'technology-rule', rule: element.rule} : {kind: 'technology-plugin', plugin: element.plugin ?? ''}
        for (const expression of element.ruleConditions) sink.own(origin, expression, undefined, element.enriched, element.rule?.location)
    }
    if (w.inputCondition && w.inputs.has(element.id)) {
        const expression = {variability_input: element.id}
        sink.own({kind: 'input-condition', input: element.id}, expression, undefined, false, () => w.inputs.definition.inputs.get(element.id)?.location)
    }
    // a default condition applies only to an element without conditions (an enriched technology's rule conditions count)
    const unconditioned = sink.owned === 0
    if (!flags.defaultEnabled && !flags.pruningEnabled) return
    const pick = w.pick
    pick.flags = flags
    pick.unconditioned = unconditioned
    pick.sink = sink
    const specific = w.typeSpecific ? typeSpecificDefault(element, w.typeSpecific, w.context, w.descriptors) : undefined
    if (specific) pick.add(specific.wrapper, specific.formula)
    else genericDefaults(element, w.options, w.variables, w.artifactTypes, w.descriptors, pick.add)
}

/** Which of an element's default conditions it gets, by default or by pruning: one per walk, set for each element. */
class DefaultPick {
    flags: ElementFlags = OFF
    unconditioned = false
    sink: Sink | undefined

    readonly add = (d: DefaultWrapper, formula: Formula): void => {
        const flags = this.flags
        const byPruning = flags.pruningEnabled && ((d.consistency && flags.consistencyPruning) || (d.semantic && flags.semanticPruning))
        const byDefault = flags.defaultEnabled && this.unconditioned && ((d.consistency && flags.defaultConsistency) || (d.semantic && flags.defaultSemantic))
        if (byPruning || byDefault) this.sink!.generated(byPruning ? d.origins.pruning : d.origins.default, d.expression, formula)
    }
}

/**
 * Compiles an element's conditions into the formulas solving needs, making no
 * records: one sink serves every element, its lists reused, so the common
 * element leaves nothing behind but its formula.
 */
class FormulaSink implements Sink {
    private element: Element | undefined
    // lists with counts rather than emptied by `length = 0`, which would give back their room and make a
    // new backing store for the next element
    private readonly ownFormulas: Formula[] = []
    /** Whether each own condition is generated (an enriched technology's rule condition). */
    private readonly ownGenerated: boolean[] = []
    private ownCount = 0
    private generatedOwn = 0
    private readonly made: Formula[] = []
    private madeCount = 0

    constructor(private readonly context: CompileContext) {}

    start(element: Element): void {
        this.element = element
        this.clearOwn()
        this.madeCount = 0
    }

    get owned(): number {
        return this.ownCount
    }

    clearOwn(): void {
        this.ownCount = 0
        this.generatedOwn = 0
    }

    own(_origin: ConditionOrigin, expression: unknown, formula: Formula | undefined, generated: boolean): void {
        this.ownFormulas[this.ownCount] = formula ?? compileCondition(expression, this.element, this.context)
        this.ownGenerated[this.ownCount++] = generated
        if (generated) this.generatedOwn++
    }

    generated(_origin: ConditionOrigin, _expression: unknown, formula: Formula): void {
        this.made[this.madeCount++] = formula
    }

    /** AND of every condition, generated ones first, as the specification evaluates them before assigned ones. */
    formula(): Formula {
        const count = this.madeCount + this.ownCount
        if (count === 0) return TRUE
        if (count === 1) return this.madeCount === 1 ? this.made[0]! : this.ownFormulas[0]!
        return and([...this.made.slice(0, this.madeCount), ...this.ownFormulas.slice(0, this.ownCount)])
    }

    /** AND of the element's manual conditions: its own ones that are not generated. */
    manual(formula: Formula): Formula {
        const manual = this.ownCount - this.generatedOwn
        if (manual === 0) return TRUE
        if (manual === this.madeCount + this.ownCount) return formula
        return and(this.ownFormulas.slice(0, this.ownCount).filter((_, i) => !this.ownGenerated[i]))
    }
}

/** Collects an element's records; their formulas are the ones solving used, taken from the element's formula in order. */
class RecordSink implements Sink {
    private ownList: Skeleton[] = []
    private readonly made: Skeleton[] = []

    get owned(): number {
        return this.ownList.length
    }

    clearOwn(): void {
        this.ownList = []
    }

    own(origin: ConditionOrigin, expression: unknown, _formula: Formula | undefined, generated: boolean, where: Where): void {
        this.ownList.push({origin, expression, generated, where})
    }

    generated(origin: ConditionOrigin, expression: unknown): void {
        this.made.push({origin, expression, generated: true, where: undefined})
    }

    records(element: Element, formula: Formula): ConditionRecord[] {
        const all = [...this.made, ...this.ownList]
        // the formula is exactly what FormulaSink built from these conditions: itself for one, an AND of them in order for more
        const parts = all.length === 1 ? [formula] : formula.op === 'and' && formula.args.length === all.length ? formula.args : undefined
        if (all.length > 0 && !parts) throw new Error(`internal: the conditions of ${element.display} no longer match their formula`)
        return all.map((s, i) => new ConditionEntry(element, s.origin, s.expression, parts![i]!, s.generated, s.where))
    }
}

interface Skeleton {
    readonly origin: ConditionOrigin
    readonly expression: unknown
    readonly generated: boolean
    readonly where: Where
}

/**
 * Every element's conditions by sequence number: the formulas solving needs,
 * kept as one list, and each element's records with their origins and
 * locations, made when an explanation first asks for them (most resolutions
 * never do, and a record per condition would be most of what a resolution keeps).
 */
export class ConditionTable implements Iterable<ElementConditions> {
    private readonly made: (ElementConditions | undefined)[] = []
    private walk: Walk | undefined

    constructor(
        private readonly graph: Graph,
        private readonly formulas: readonly Formula[],
        private readonly manualKinds: Uint8Array,
        private readonly manuals: ReadonlyMap<number, Formula>,
        private readonly newWalk: () => Walk,
    ) {}

    get length(): number {
        return this.formulas.length
    }

    /** AND of all the element's conditions: it is present exactly when this holds. */
    formula(seq: number): Formula {
        return this.formulas[seq]!
    }

    /** AND of the element's manual (not generated) conditions. */
    manual(seq: number): Formula {
        const kind = this.manualKinds[seq]
        return kind === SAME_MANUAL ? this.formulas[seq]! : kind === NO_MANUAL ? TRUE : this.manuals.get(seq)!
    }

    /** The element's conditions with their records (made once, then the same objects on every ask). */
    of(seq: number): ElementConditions {
        let conditions = this.made[seq]
        if (!conditions) {
            const element = this.graph.elements[seq]!
            const sink = new RecordSink()
            walkElement(element, (this.walk ??= this.newWalk()), sink)
            conditions = {element, records: sink.records(element, this.formulas[seq]!), formula: this.formulas[seq]!, manual: this.manual(seq)}
            this.made[seq] = conditions
        }
        return conditions
    }

    *[Symbol.iterator](): Iterator<ElementConditions> {
        for (let seq = 0; seq < this.formulas.length; seq++) yield this.of(seq)
    }
}

/** A condition record whose location is looked up only when an explanation asks for it. */
class ConditionEntry implements ConditionRecord {
    constructor(
        readonly element: Element,
        readonly origin: ConditionOrigin,
        readonly expression: unknown,
        readonly formula: Formula,
        readonly generated: boolean,
        private where: Where,
    ) {}

    get location(): SourceLocation | undefined {
        if (typeof this.where === 'number') this.where = this.element.conditionLocation(this.where)
        else if (typeof this.where === 'function') this.where = this.where()
        return this.where
    }
}

const MANUAL = {kind: 'manual'} as const

/** Elements that compete with a default alternative: same container and name (types and technologies: any name). */
function alternatives(element: Element, graph: Graph): Element[] {
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

interface ElementFlags {
    readonly defaultEnabled: boolean
    readonly defaultConsistency: boolean
    readonly defaultSemantic: boolean
    readonly pruningEnabled: boolean
    readonly consistencyPruning: boolean
    readonly semanticPruning: boolean
}

const OFF: ElementFlags = {defaultEnabled: false, defaultConsistency: false, defaultSemantic: false, pruningEnabled: false, consistencyPruning: false, semanticPruning: false}
const OVERRIDES: ReadonlySet<string> = new Set(ELEMENT_OPTION_KEYS)
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
function elementFlags(element: Element, options: Options, byKind = new Map<OptionKind, ElementFlags>()): ElementFlags {
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
