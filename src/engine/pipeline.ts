// The stages of one resolution, in the specification's order, for the engine's doors
// (outcome.ts's resolveTemplate for the shells, analyze/ for many combinations at once).
// Everything a resolution decided stays in the Resolution, so explanations and
// reports read the engine's own data instead of deriving it again.
import {
    checkDefaultModes,
    collectConditions,
    collectConstraints,
    PresenceVariables,
    checkedTypeSpecificConditions,
    type ConstraintRecord,
    type ConditionTable,
} from './conditions/index.js'
import {persistentCheck, runChecks} from './check/index.js'
import {TrellisError, type SourceLocation} from './errors.js'
import {evaluateValue} from './expressions/index.js'
import {checkInputConstraints, readVariabilityDefinition, VariabilityInputs, type InputAssignment, type InputValue, type VariabilityDefinition} from './inputs/index.js'
import {type LoadedPlugin, type LoadedTemplate, SourceMap, type VariabilityVersion} from './load/index.js'
import {buildGraph, isMap, requireTechnologyTypes, technologyEnrichment, type Element, type Graph, type PropertyElement, type Raw} from './model/index.js'
import {Options, validateOptions} from './options/index.js'
import {objectives, solve, type Problem, type Solution, type SolveFailure} from './solve/index.js'
import {checkTransform, transform} from './transform/index.js'

export {stringifyTemplate, templateChunks} from './transform/index.js'

export interface ResolveRequest {
    readonly presets?: readonly string[]
    readonly assignments?: readonly InputAssignment[]
    /** Technology plugins, loaded by the shell with loadTechnologyPlugins (module loading is asynchronous). */
    readonly plugins?: readonly LoadedPlugin[]
}

export interface Resolution {
    readonly template: LoadedTemplate
    readonly output: Raw
    readonly model: ResolvedModel
}

export interface ResolvedModel extends PreparedModel {
    readonly solution: Solution
    present(element: Element): boolean
}

/** Each loaded template's variability definition, read from its data once (a template is never changed once loaded). */
const definitions = new WeakMap<LoadedTemplate, VariabilityDefinition>()

/** The template's variability definition (inputs, presets, expressions); one that cannot be read throws each time it is asked for. */
export function readDefinitionOf(template: LoadedTemplate): VariabilityDefinition {
    let definition = definitions.get(template)
    if (!definition) definitions.set(template, (definition = readVariabilityDefinition(template.data, template.sourceMap)))
    return definition
}

/** The names of the template's variability inputs (for environment look-ups in the shells). */
export function variabilityInputNames(template: LoadedTemplate): string[] {
    return [...readDefinitionOf(template).inputs.keys()]
}

/**
 * Every input's value for these presets and assignments, from the definition alone (plain data: the
 * wizard's thread holds no template). Sources are not located; an unknown preset or input throws.
 */
export function definedInputValues(definition: VariabilityDefinition, presets: readonly string[], assignments: readonly InputAssignment[]): InputValue[] {
    return new VariabilityInputs(definition, new SourceMap(''), presets, assignments).all()
}

export function resolve(template: LoadedTemplate, request: ResolveRequest = {}): Resolution {
    // A tosca_simple_yaml_1_3 template is resolved too, with the options of tosca_variability_1_0
    // (as the reference does): one that carries a variability section gets it applied.
    return finishResolution(template, decide(template, request))
}

/**
 * Checks a decided model and writes the resolved template. The value expressions of present
 * properties are evaluated first, before the checks, as the reference does: a mistake in one is
 * what a resolution reports, not a check the variant also fails.
 */
export function finishResolution(template: LoadedTemplate, model: ResolvedModel): Resolution {
    const values = evaluatedProperties(model)
    checkModel(model)
    const output = transform(template.data, model.graph, model.present, values)
    return {template, output, model}
}

/** Throws what finishResolution would throw, without writing the template (analysis checks thousands of variants). */
export function checkResolution(template: LoadedTemplate, model: ResolvedModel): void {
    const values = evaluatedProperties(model)
    checkModel(model)
    checkTransform(template.data, model.graph, model.present, values)
}

/** propertyValues, with every present property's expression evaluated now (in the graph's order). */
function evaluatedProperties(model: ResolvedModel): (p: PropertyElement) => unknown {
    const values = propertyValues(model)
    for (const p of model.graph.properties) if (p.expression !== undefined && model.present(p)) values(p)
    return values
}

/** Each property's value as written: computed once from the inputs where an expression gives it. */
function propertyValues(model: ResolvedModel): (p: PropertyElement) => unknown {
    const values = new Map<PropertyElement, unknown>()
    return p => {
        // most properties are written as they are: nothing to compute or keep
        if (p.expression === undefined) return p.value
        if (values.has(p)) return values.get(p)
        const value = evaluateValue(p.expression, model.inputs)
        if (value === undefined || value === null) throw new TrellisError('invalid-template', `${p.display} has no value`, p.location)
        values.set(p, value)
        return value
    }
}

/** The consistency and semantic checks the options switch on; throws `check-failed` at the first failure. */
function checkModel(model: ResolvedModel): void {
    runChecks(model.graph, model.present, model.options)
}

/** What a failed resolution leaves for explanations: the compiled model and how solving failed. */
export interface ResolutionFailure {
    readonly prepared: PreparedModel
    readonly failure: SolveFailure
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
    const inputs = new VariabilityInputs(definition, sourceMap, request.presets ?? [], request.assignments ?? [])
    const rawOptions = isMap(definition.raw.options) ? definition.raw.options : {}
    const options = new Options(rawOptions, template.version as VariabilityVersion, sourceMap)
    validateOptions(options)
    const enrichment = technologyEnrichment(template, definition.raw, options, request.plugins ?? [])
    const graph = buildGraph(data, sourceMap, enrichment)
    const typeSpecific = checkedTypeSpecificConditions(template, definition.raw, graph.elements)
    checkDefaultModes(graph, options)
    requireTechnologyTypes(graph, enrichment)
    try {
        persistentCheck(graph, options)
    } catch (e) {
        throw e instanceof TrellisError ? new EarlyCheckError(e, {graph, options, inputs}) : e
    }
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

/** Decides the presence of every element: the part of resolving that explanations replay. */
export function decide(template: LoadedTemplate, request: ResolveRequest): ResolvedModel {
    const prepared = prepare(template, request)
    const result = solve(prepared.problem)
    if (!result.ok) throw failure({prepared, failure: result.failure})
    const solution = result.solution
    const values = solution.values
    return {...prepared, solution, present: e => values[e.seq] === 1}
}

/** Resolving found no variant, or two equally good ones: with what explanations need to say why. */
export class ResolutionError extends TrellisError {
    constructor(
        code: 'unsatisfiable' | 'ambiguous',
        message: string,
        location: SourceLocation | undefined,
        readonly resolution: ResolutionFailure,
    ) {
        super(code, message, location)
    }
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

function failure(r: ResolutionFailure): ResolutionError {
    const f = r.failure
    if (f.kind === 'ambiguous')
        return new ResolutionError('ambiguous', `The result is ambiguous considering ${f.subject} (${f.optimized ? 'besides' : 'without'} optimization)`, undefined, r)
    const constraint = f.constraint === undefined ? undefined : r.prepared.constraints[f.constraint]
    return new ResolutionError('unsatisfiable', 'Could not solve', constraint?.location, r)
}
