// Everything presence depends on, compiled before the solver runs: the request's input values,
// the options, the graph with its technologies, the conditions and constraints as formulas, and
// the optimization's objectives. Mistakes in the template or the request are thrown from here.
import {
    checkDefaultModes,
    collectConditions,
    collectConstraints,
    PresenceVariables,
    checkedTypeSpecificConditions,
    compilingOrder,
    type ConstraintRecord,
    type ConditionTable,
} from '../conditions/index.js'
import {persistentCheck} from '../check/index.js'
import {TrellisError} from '../errors.js'
import {checkInputConstraints, VariabilityInputs, type InputAssignment} from '../inputs/index.js'
import {type LoadedPlugin, type LoadedTemplate, type VariabilityVersion} from '../load/index.js'
import {buildGraph, isMap, requireTechnologyTypes, technologyEnrichment, type Graph} from '../model/index.js'
import {Options, validateOptions} from '../options/index.js'
import {objectives, type Problem} from '../solve/index.js'
import {readDefinitionOf} from './definition.js'

export interface ResolveRequest {
    readonly presets?: readonly string[]
    readonly assignments?: readonly InputAssignment[]
    /** Technology plugins, loaded by the shell with loadTechnologyPlugins (module loading is asynchronous). */
    readonly plugins?: readonly LoadedPlugin[]
}

/** Everything presence depends on, compiled, before the solver runs. */
export interface PreparedModel {
    readonly graph: Graph
    readonly options: Options
    readonly inputs: VariabilityInputs
    readonly variables: PresenceVariables
    readonly conditions: ConditionTable
    readonly constraints: readonly ConstraintRecord[]
    readonly problem: Problem
}

/** How analysis prepares a model over all input values at once (see analyze/). */
export interface PrepareHooks {
    /** The presence variables conditions compile with (one that also makes atoms of value conditions). */
    readonly variables?: (graph: Graph) => PresenceVariables
    /** False: input constraints are not checked (no input has a value yet). */
    readonly checkInputs?: boolean
}

export function prepare(template: LoadedTemplate, request: ResolveRequest, hooks: PrepareHooks = {}): PreparedModel {
    const {data, sourceMap} = template
    const definition = readDefinitionOf(template)
    const requestedInputs = () => new VariabilityInputs(definition, sourceMap, request.presets ?? [], request.assignments ?? [])
    const rawOptions = isMap(definition.raw.options) ? definition.raw.options : {}
    const options = new Options(rawOptions, template.version as VariabilityVersion, sourceMap)
    validateOptions(options)
    const enrichment = technologyEnrichment(template, definition.raw, options, request.plugins ?? [])
    // persistent_check where the reference runs it: once the elements are read, before enriching them
    const graph = buildGraph(data, sourceMap, enrichment, read => {
        try {
            persistentCheck(read, options)
        } catch (e) {
            if (!(e instanceof TrellisError)) throw e
            // the inputs are not read yet: for the report, as requested, or (a mistake in them too) without them
            let inputs: VariabilityInputs
            try {
                inputs = requestedInputs()
            } catch {
                inputs = new VariabilityInputs(definition, sourceMap, [], [])
            }
            throw new EarlyCheckError(e, {graph: read, options, inputs})
        }
    })
    // element by element, as the reference enriches them: its type-specific condition, then its mode
    const typeSpecific = checkedTypeSpecificConditions(template, definition.raw, compilingOrder(graph), element => checkDefaultModes(graph, options, element))
    checkDefaultModes(graph, options)
    requireTechnologyTypes(graph, enrichment)
    // the presets and input values, as the reference reads them: once the template is read and enriched
    const inputs = requestedInputs()
    const variables = hooks.variables?.(graph) ?? new PresenceVariables(graph)
    const locate = (raw: unknown, key?: string | number) => sourceMap.locate(raw, key)
    let conditions: ConditionTable
    let constraints: ConstraintRecord[]
    try {
        if (hooks.checkInputs !== false) checkInputConstraints(inputs)
        conditions = collectConditions(graph, options, inputs, variables, typeSpecific, locate, enrichment.artifactTypes)
        const globals = Array.isArray(definition.raw.constraints) ? definition.raw.constraints : []
        constraints = collectConstraints(graph, options, inputs, variables, globals, locate, enrichment.artifactTypes)
    } catch (e) {
        // a value of the wrong type read on the way is often what the mistake is about ("got "yes"")
        if (e instanceof TrellisError) warningsBefore.set(e, inputs.warnings)
        throw e
    }

    const n = graph.elements.length
    // conditions are indexed by sequence number, which is the presence variable; manual variables follow
    const definitions = new Array(variables.count)
    for (let seq = 0; seq < n; seq++) definitions[seq] = conditions.formula(seq)
    for (const seq of variables.manualUsed) definitions[n + seq] = conditions.manual(seq)
    const problem: Problem = {
        variableCount: variables.count,
        definitions,
        constraints: constraints.map(c => c.formula),
        objectives: objectives(graph, options, variables),
    }
    return {graph, options, inputs, variables, conditions, constraints, problem}
}

/** What the input values gave cause to warn about before reading the template failed with the error (see prepare). */
const warningsBefore = new WeakMap<TrellisError, readonly TrellisError[]>()

/** The warnings about input values read before `error` was thrown (none when it was thrown before they were read). */
export function inputWarningsBefore(error: TrellisError): readonly TrellisError[] {
    return warningsBefore.get(error) ?? []
}

/** What was read before solving: enough to show the topology, the inputs and the options. */
export type ReadModel = Pick<PreparedModel, 'graph' | 'options' | 'inputs'>

/** A check that runs before solving (persistent_check) failed: with what was read, for the report. */
export class EarlyCheckError extends TrellisError {
    constructor(
        error: TrellisError,
        readonly read: ReadModel,
    ) {
        super(error.code, error.message, error.location)
    }
}
