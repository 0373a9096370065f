// Collects every element's conditions, in the order the specification gives:
// manual conditions, variability-group conditions, the default alternative,
// the enriched input condition, then default and pruning conditions.
import type {SourceLocation} from '../errors.js'
import type {VariabilityInputs} from '../inputs/index.js'
import type {Element, Graph, Raw} from '../model/index.js'
import type {OptionKind, Options} from '../options/index.js'
import {compileCondition, type CompileContext, type Variables} from './compile.js'
import {genericDefaults} from './defaults.js'
import {and, not, or, TRUE, variable, type Formula} from './formula.js'
import type {ConditionRecord, DefaultWrapper} from './records.js'
import {typeSpecificDefault, type TypeSpecificConditions} from './type-specific.js'

/** Presence variables are the element's sequence number; manual variables follow after all elements. */
export class PresenceVariables implements Variables {
    readonly manualUsed = new Set<number>()
    constructor(private readonly graph: Graph) {}

    get count(): number {
        return this.graph.elements.length * 2
    }

    presence(element: Element): Formula {
        return variable(element.seq)
    }

    manual(element: Element): Formula {
        this.manualUsed.add(element.seq)
        return variable(this.graph.elements.length + element.seq)
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
): ElementConditions[] {
    const context: CompileContext = {graph, inputs, variables}
    const inputCondition = options.enrichInputCondition().value
    return graph.elements.map(element => {
        const records: ConditionRecord[] = []
        const manual = (origin: ConditionRecord['origin'], expression: unknown, location: SourceLocation | undefined) =>
            records.push({element, origin, expression, formula: compileCondition(expression, element, context), location, generated: false})

        const written = element.raw.conditions
        element.conditions.forEach((c, i) => manual({kind: 'manual'}, c, (Array.isArray(written) ? locate(written, i) : undefined) ?? element.conditionsLocation))
        if (element.kind === 'node' || element.kind === 'relation')
            for (const group of element.groups) for (const c of group.conditions) manual({kind: 'group', group}, c, group.conditionsLocation ?? group.location)
        if (element.defaultAlternative) {
            records.length = 0
            const siblings = alternatives(element, graph)
            const formula = siblings.length === 0 ? TRUE : not(or(siblings.map(s => variables.presence(s))))
            records.push({element, origin: {kind: 'default-alternative', siblings}, expression: {default_alternative: true}, formula, location: locate(element.raw, 'default_alternative'), generated: false})
        }
        if (inputCondition && inputs.has(element.id))
            manual({kind: 'input-condition', input: element.id}, {variability_input: element.id}, inputs.definition.inputs.get(element.id)?.location)

        const flags = elementFlags(element, options)
        if (flags.defaultEnabled || flags.pruningEnabled) {
            const specific = typeSpecific ? typeSpecificDefault(element, typeSpecific, context) : undefined
            const wrappers: DefaultWrapper[] = specific ? [specific] : genericDefaults(element, options, variables)
            const selected: ConditionRecord[] = []
            for (const w of wrappers) {
                const byPruning = flags.pruningEnabled && ((w.consistency && flags.consistencyPruning) || (w.semantic && flags.semanticPruning))
                const byDefault = flags.defaultEnabled && records.length === 0 && ((w.consistency && flags.defaultConsistency) || (w.semantic && flags.defaultSemantic))
                if (!byPruning && !byDefault) continue
                selected.push({
                    element,
                    origin: byPruning ? {kind: 'pruning', wrapper: w} : {kind: 'default', wrapper: w},
                    expression: w.expression,
                    formula: w.formula,
                    location: element.location,
                    generated: true,
                })
            }
            records.unshift(...selected)
        }
        const manualFormulas = records.filter(r => !r.generated).map(r => r.formula)
        return {
            element,
            records,
            formula: records.length === 0 ? TRUE : and(records.map(r => r.formula)),
            manual: manualFormulas.length === 0 ? TRUE : and(manualFormulas),
            defaultEnabled: flags.defaultEnabled,
            pruningEnabled: flags.pruningEnabled,
        }
    })
}

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

/** Element keys override the topology's options; a persistent node is never pruned nor defaulted away. */
export function elementFlags(element: Element, options: Options): ElementFlags {
    const kind = KIND_OPTION[element.kind]
    if (!kind || (element.kind === 'node' && element.persistent))
        return {defaultEnabled: false, defaultConsistency: false, defaultSemantic: false, pruningEnabled: false, consistencyPruning: false, semanticPruning: false}
    const raw: Raw = element.raw
    const own = (key: string): boolean | undefined => (typeof raw[key] === 'boolean' ? (raw[key] as boolean) : undefined)
    return {
        defaultEnabled: own('default_condition') ?? options.defaultCondition(kind).value,
        defaultConsistency: own('default_consistency_condition') ?? own('default_condition') ?? options.defaultConsistency(kind).value,
        defaultSemantic: own('default_semantic_condition') ?? own('default_condition') ?? options.defaultSemantic(kind).value,
        pruningEnabled: own('pruning') ?? options.pruning(kind).value,
        consistencyPruning: own('consistency_pruning') ?? own('pruning') ?? options.consistencyPruning(kind).value,
        semanticPruning: own('semantic_pruning') ?? own('pruning') ?? options.semanticPruning(kind).value,
    }
}
