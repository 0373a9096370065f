// Wires the stages: load → model → inputs → conditions → solve → check → transform.
// Everything a resolution decided stays in the Resolution, so explanations and
// reports read the engine's own data instead of deriving it again.
import {
    collectConditions,
    collectConstraints,
    PresenceVariables,
    readTypeSpecific,
    type ConstraintRecord,
    type ConditionTable,
    type TypeSpecificConditions,
} from './conditions/index.js'
import {runChecks} from './check/index.js'
import {TrellisError} from './errors.js'
import {evaluateValue} from './expressions/index.js'
import {checkInputConstraints, readVariabilityDefinition, VariabilityInputs, type InputAssignment, type VariabilityDefinition} from './inputs/index.js'
import {type LoadedPlugin, type LoadedTemplate, type ParsedYaml, type VariabilityVersion} from './load/index.js'
import {buildGraph, isMap, readRules, TypeLibrary, type TechnologyRule, type Element, type Graph, type PropertyElement, type Raw, type TechnologyEnrichment} from './model/index.js'
import {Options} from './options/index.js'
import {solve, type Objective, type Problem, type Solution, type SolveFailure} from './solve/index.js'
import {or, variable} from './conditions/formula.js'
import {transform} from './transform/index.js'

export {stringifyTemplate} from './transform/index.js'

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

/** The template's variability definition (inputs, presets, expressions). */
export function readDefinitionOf(template: LoadedTemplate): VariabilityDefinition {
    return readVariabilityDefinition(template.data, template.sourceMap)
}

/** The names of the template's variability inputs (for environment look-ups in the shells). */
export function variabilityInputNames(template: LoadedTemplate): string[] {
    return [...readVariabilityDefinition(template.data, template.sourceMap).inputs.keys()]
}

export function resolve(template: LoadedTemplate, request: ResolveRequest = {}): Resolution {
    // A tosca_simple_yaml_1_3 template is resolved too, with the options of tosca_variability_1_0
    // (as the reference does): one that carries a variability section gets it applied.
    const model = decide(template, request)
    const values = new Map<PropertyElement, unknown>()
    const propertyValue = (p: PropertyElement): unknown => {
        if (values.has(p)) return values.get(p)
        let value = p.value
        if (p.expression !== undefined) {
            value = evaluateValue(p.expression, model.inputs)
            if (value === undefined || value === null) throw new TrellisError('invalid-template', `${p.display} has no value`, p.location)
        }
        values.set(p, value)
        return value
    }
    checkModel(model)
    const output = transform(template.data, model.graph, model.present, propertyValue)
    return {template, output, model}
}

/** The consistency and semantic checks the options switch on; throws `check-failed` at the first failure. */
export function checkModel(model: ResolvedModel): void {
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

export function prepare(template: LoadedTemplate, request: ResolveRequest): PreparedModel {
    const {data, sourceMap} = template
    const definition = readVariabilityDefinition(data, sourceMap)
    const inputs = new VariabilityInputs(definition, sourceMap, request.presets ?? [], request.assignments ?? [])
    const rawOptions = isMap(definition.raw.options) ? definition.raw.options : {}
    const options = new Options(rawOptions, template.version as VariabilityVersion, sourceMap)
    const enrichment = technologyEnrichment(template, definition.raw, options, request.plugins ?? [])
    const graph = buildGraph(data, sourceMap, enrichment)
    persistentCheck(graph, options)
    checkInputConstraints(inputs)

    const variables = new PresenceVariables(graph)
    const locate = (raw: unknown, key?: string | number) => sourceMap.locate(raw, key)
    const conditions = collectConditions(graph, options, inputs, variables, typeSpecificConditions(template, definition.raw), locate, enrichment.artifactTypes)
    const globals = Array.isArray(definition.raw.constraints) ? definition.raw.constraints : []
    const constraints = collectConstraints(graph, options, inputs, variables, globals, locate, enrichment.artifactTypes)

    const n = graph.elements.length
    // conditions are indexed by sequence number, which is the presence variable; manual variables follow
    const definitions = new Array(variables.count)
    for (let seq = 0; seq < n; seq++) definitions[seq] = conditions.formula(seq)
    for (const seq of variables.manualUsed) definitions[n + seq] = conditions.manual(seq)
    const problem: Problem = {variableCount: variables.count, definitions, constraints: constraints.map(c => c.formula), objectives: objectives(graph, options, variables)}
    return {graph, options, inputs, variables, conditions, constraints, problem}
}

/** Decides the presence of every element: the part of resolving that explanations replay. */
export function decide(template: LoadedTemplate, request: ResolveRequest): ResolvedModel {
    const prepared = prepare(template, request)
    const result = solve(prepared.problem)
    if (!result.ok) {
        const error = failure(result.failure, prepared.constraints)
        error.details = {prepared, failure: result.failure} satisfies ResolutionFailure
        throw error
    }
    const solution = result.solution
    const values = solution.values
    return {...prepared, solution, present: e => values[e.seq] === 1}
}

/** Node templates first (min/max of count or weight), then technologies; each with its uniqueness check. */
function objectives(graph: Graph, options: Options, variables: PresenceVariables): Objective[] {
    const countNodes = options.optimizationTopologyMode().value === 'count'
    const topology = options.optimizationTopology().value
    const out: Objective[] = [
        {
            subject: 'nodes',
            direction: topology,
            // terms only when optimizing: they are the sum to minimize or maximize
            terms: topology ? graph.nodes.map(node => ({formula: variables.presence(node), weight: countNodes ? 1 : node.weight})) : [],
            unique: options.optimizationTopologyUnique().value,
            compare: graph.nodes.map(node => node.seq),
        },
    ]
    const direction = options.optimizationTechnologies().value
    const unique = options.optimizationTechnologiesUnique().value
    const compare = graph.technologies.map(t => t.seq)
    const byWeight = graph.technologies.map(t => ({formula: variable(t.seq), weight: t.weight}))
    // count: how many different technologies the deployment uses
    const names = [...new Set(graph.technologies.map(t => t.name))]
    const byCount = names.map(name => ({formula: or(graph.technologies.filter(t => t.name === name).map(t => variable(t.seq))), weight: 1}))
    const mode = options.optimizationTechnologiesMode().value
    if (!direction) out.push({subject: 'technologies', direction: false, terms: [], unique, compare})
    else if (mode === 'weight') out.push({subject: 'technologies', direction, terms: byWeight, unique, compare})
    else if (mode === 'count') out.push({subject: 'technologies', direction, terms: byCount, unique, compare})
    // weight-count: the heaviest technologies first, then as few different ones as possible
    else out.push({subject: 'technologies', direction: 'max', terms: byWeight, unique: false, compare}, {subject: 'technologies', direction: 'min', terms: byCount, unique, compare})
    return out
}

/** The default technology rules files: the reference's (the first found), else the spec's (both). */
const REFERENCE_RULES = ['./technology-rules.yaml', './lib/technology-rules.yaml']
const SPEC_RULES = ['./rules.yaml', './lib/rules.yaml']

/** Technology rules from `technology_rules` (inline or a file) or the default files next to the template. */
function technologyEnrichment(template: LoadedTemplate, variability: Raw, options: Options, plugins: readonly LoadedPlugin[]): TechnologyEnrichment {
    const value = variability.technology_rules
    const rules: TechnologyRule[] = []
    if (typeof value === 'string') {
        const parsed = template.readRelative(value, template.sourceMap.locate(variability, 'technology_rules'))
        if (!parsed) throw new TrellisError('file-not-found', `technology rules file "${value}" not found next to the template`, template.sourceMap.locate(variability, 'technology_rules'))
        rules.push(...readRules(parsed.data, parsed.sourceMap))
    } else if (value === undefined || value === null) {
        let found: ParsedYaml | undefined
        for (const file of REFERENCE_RULES) if ((found = template.readRelative(file))) break
        const files = found ? [found] : SPEC_RULES.map(file => template.readRelative(file))
        for (const parsed of files) if (parsed) rules.push(...readRules(parsed.data, parsed.sourceMap))
    } else rules.push(...readRules(value, template.sourceMap))
    const types = typeLibraryOf(template)
    return {
        rules: rules.map((rule, index) => ({...rule, index})),
        nodeTypes: types.hierarchy('node_types'),
        artifactTypes: types.hierarchy('artifact_types'),
        implementations: options.enrichImplementations().value,
        technologies: options.enrichTechnologies().value,
        required: options.check('required_technology_check').value,
        constraint: options.constraint('technology_constraint').value,
        plugins,
    }
}

/** The types a template is resolved with: its own, the normative ones and those of its `lib/` folder; made once per template (the wizard resolves it again on every change). */
function typeLibraryOf(template: LoadedTemplate): TypeLibrary {
    let found = typeLibraries.get(template)
    if (!found) typeLibraries.set(template, (found = TypeLibrary.of(template.data, template.library(), template.sourceMap)))
    return found
}
const typeLibraries = new WeakMap<LoadedTemplate, TypeLibrary>()

function failure(f: SolveFailure, constraints: readonly ConstraintRecord[]): TrellisError {
    if (f.kind === 'ambiguous')
        return new TrellisError('ambiguous', `The result is ambiguous considering ${f.subject} (${f.optimized ? 'besides' : 'without'} optimization)`)
    const constraint = f.constraint === undefined ? undefined : constraints[f.constraint]
    return new TrellisError('unsatisfiable', 'Could not solve', constraint?.location)
}

/** A node default condition of "incoming…-host" removes every node unless some node is persistent. */
function persistentCheck(graph: Graph, options: Options): void {
    if (!options.check('persistent_check').value) return
    const mode = options.defaultConditionMode('node').value
    if (!mode.includes('incoming') || !mode.includes('host')) return
    if (graph.nodes.length > 0 && !graph.nodes.some(n => n.persistent))
        throw new TrellisError('check-failed', 'Node default condition mode "incoming(naive)-host" requires at least one persistent node template')
}

function typeSpecificConditions(template: LoadedTemplate, variability: Raw): TypeSpecificConditions | undefined {
    const value = variability.type_specific_conditions
    const where = () => template.sourceMap.locate(variability, 'type_specific_conditions')
    if (value === undefined || value === null) {
        const file = template.readRelative('./type-specific-conditions.yaml')
        return file ? readTypeSpecific(file.data, () => file.sourceMap.at(0)) : undefined
    }
    if (typeof value === 'string') {
        const file = template.readRelative(value, where())
        if (!file) throw new TrellisError('file-not-found', `type-specific conditions file "${value}" not found next to the template`, where())
        return readTypeSpecific(file.data, () => file.sourceMap.at(0))
    }
    return readTypeSpecific(value, where)
}
