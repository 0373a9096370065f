// Assembles the report data from what the engine already decided: the
// explanations (verdicts, reasons, inputs), the options with their origins, the
// solver's components and the check list. Nothing is derived again.
import {CHECK_LIST} from '../check/index.js'
import {type Diagnostic, formatLocation, TrellisError} from '../errors.js'
import {DocumentExplainer, freeChoices, verdictOf} from '../explain/index.js'
import {describeSource} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import {ELEMENT_KINDS} from '../model/index.js'
import {documentedConflict, EarlyCheckError, ResolutionError, type ReadModel, type ResolutionFailure, type ResolvedModel} from '../resolve/index.js'
import {commandLine} from './command.js'
import {describeOrigin, differingOptions} from './options.js'
import {PrunedElements, type ReportStream} from './pruned.js'
import {
    REPORT_FORMAT,
    type ReportConflict,
    type ReportDiagnostic,
    type ReportData,
    type ReportOptimization,
    type ReportStatus,
    type ReportSummary,
    type ReportTopology,
} from './types.js'

export interface ReportRequest {
    /** Undefined when the template (or an inputs file) could not be read: the report says why. */
    readonly template: LoadedTemplate | undefined
    /** The template as the user named it (the report shows this, not an absolute path). */
    readonly templateName: string
    readonly presets: readonly string[]
    /** The arguments that reproduce the resolution, program name first (`trellis resolve …`). */
    readonly argv: readonly string[]
    /** Environment variables that set inputs (`TRELLIS_INPUT_…`), shown before the command. */
    readonly env?: Readonly<Record<string, string>>
    /** Such variables of the environment whose values the resolution did not use: the command unsets them. */
    readonly unset?: readonly string[]
    readonly now: Date
}

/** What resolving gave: a model, or the error (with the model when checks failed after solving). */
export type ReportOutcome = {readonly model: ResolvedModel} | {readonly error: TrellisError; readonly model?: ResolvedModel}

export function buildReport(request: ReportRequest, outcome: ReportOutcome): ReportData {
    const report = reportStream(request, outcome)
    return {...report, pruned: [...report.pruned.explain()]}
}

/**
 * The report with its pruned elements explained when they are read, one at a time (see
 * PrunedElements): what the renderers write of a large template is never held whole. Everything
 * else is worked out at once; the summary and which inputs decide something come from the
 * verdicts and the deciding records, without explaining.
 */
export function reportStream(request: ReportRequest, outcome: ReportOutcome): ReportStream {
    const error = 'error' in outcome ? outcome.error : undefined
    const failure = error instanceof ResolutionError ? error.resolution : undefined
    const model = outcome.model
    const prepared: ReadModel | undefined = model ?? failure?.prepared ?? (error instanceof EarlyCheckError ? error.read : undefined)
    // mistakes found before solving: the report says what they are, and nothing past them was read
    if (!prepared) return mistakesReport(request, error!)
    const explainer = model ? new DocumentExplainer(model) : undefined
    const decisive = explainer?.decisiveInputs()
    const status: ReportStatus = error ? (error.code === 'check-failed' ? 'check-failed' : failure?.failure.kind === 'ambiguous' ? 'ambiguous' : 'unsatisfiable') : 'resolved'
    const present = (seq: number): boolean | null => (model ? model.solution.values[seq] === 1 : null)
    const options = prepared.options
    const profiles = new Set(prepared.inputs.all().flatMap(i => (i.source.kind === 'profile' ? [i.source.profile] : [])))
    return {
        ...heading(request),
        status,
        error: error ? error.message : null,
        warnings: prepared.inputs.warnings.map(w => reportDiagnostic(w.diagnostic('warning'))),
        pruningMode: {value: options.mode.value, origin: describeOrigin(options.mode.origin, 'mode', 'mode')},
        options: differingOptions(options).filter(o => o.name !== 'mode'),
        presets: [...request.presets],
        profile: profiles.size ? [...profiles].sort().join(', ') : null,
        inputs: prepared.inputs.all().map(i => ({
            name: i.name,
            value: i.value ?? null,
            source: describeSource(i.source, 'as given'),
            overrides: i.overridden.map(o => ({value: o.value ?? null, source: describeSource(o.source, 'as given')})),
            decidesSomething: decisive ? decisive.has(i.name) : null,
        })),
        summary: model ? elementSummary(model) : null,
        topology: topology(prepared, present, explainer),
        pruned: new PrunedElements(model && explainer ? model.graph.elements.filter(e => verdictOf(model, e) === 'pruned') : [], explainer),
        optimization: optimization(prepared, model),
        checks: CHECK_LIST.map(c => {
            const r = options.check(c.option)
            return {name: c.name, option: c.option, kind: c.kind, enabled: r.value, origin: describeOrigin(r.origin, r.option, c.option)}
        }),
        conflict: error ? conflict(error, failure) : null,
    }
}

/** What every report opens with: the format, the template and the command that reproduces the run. */
function heading(request: ReportRequest): Pick<ReportData, 'format' | 'template' | 'version' | 'generatedAt' | 'command'> {
    return {
        format: REPORT_FORMAT,
        template: request.templateName,
        version: request.template?.version ?? null,
        generatedAt: request.now.toISOString(),
        command: commandLine(request.argv, request.env, request.unset),
    }
}

/** The report of a template or request with mistakes: what was asked for, and every mistake found. */
function mistakesReport(request: ReportRequest, error: TrellisError): ReportStream {
    return {
        ...heading(request),
        status: 'invalid',
        error: error.message,
        warnings: [],
        pruningMode: null,
        options: [],
        presets: [...request.presets],
        profile: null,
        inputs: [],
        summary: null,
        topology: {nodes: [], relations: []},
        pruned: new PrunedElements([], undefined),
        optimization: {objectives: [], decisions: [], freeChoices: []},
        checks: [],
        conflict: {kind: 'invalid', mistakes: error.diagnostics().map(reportDiagnostic)},
    }
}

/** A diagnostic as the report keeps it: locations as `file:line:col`. */
function reportDiagnostic(d: Diagnostic): ReportDiagnostic {
    return {
        code: d.code,
        severity: d.severity,
        message: d.message,
        location: d.location ? formatLocation(d.location) : null,
        related: d.related.map(r => ({location: formatLocation(r.location), label: r.label})),
        notes: d.notes,
        help: d.help,
    }
}

/** Counted from the verdicts, which say what the resolved template holds (a variability group never). */
export function elementSummary(model: ResolvedModel): ReportSummary {
    const counts = new Map<string, {kept: number; pruned: number}>(ELEMENT_KINDS.map(kind => [kind, {kept: 0, pruned: 0}]))
    for (const e of model.graph.elements) {
        const count = counts.get(e.kind)
        if (count && verdictOf(model, e) === 'present') count.kept++
        else if (count) count.pruned++
    }
    const byKind = ELEMENT_KINDS.map(kind => ({kind, ...counts.get(kind)!})).filter(k => k.kept + k.pruned > 0)
    return {byKind, kept: byKind.reduce((s, k) => s + k.kept, 0), pruned: byKind.reduce((s, k) => s + k.pruned, 0)}
}

function topology(p: ReadModel, present: (seq: number) => boolean | null, explainer: DocumentExplainer | undefined): ReportTopology {
    return {
        nodes: p.graph.nodes.map(n => ({
            id: n.id,
            name: n.name,
            type: typeof n.raw.type === 'string' ? n.raw.type : null,
            present: present(n.seq),
            conditional: n.conditions.length > 0 || n.groups.some(g => g.conditions.length > 0),
            // a node's few kept technologies: explaining them is cheap, and says which candidate won and why
            technologies: explainer
                ? n.technologies.filter(t => present(t.seq)).map(t => ({id: t.id, name: `${t.name}@${t.index}`, code: explainer.explain(t).document.code}))
                : [],
        })),
        relations: p.graph.relations.map(r => ({id: r.id, name: r.name, source: r.source.id, target: r.target.id, present: present(r.seq)})),
    }
}

function optimization(p: ReadModel, model: ResolvedModel | undefined): ReportOptimization {
    const o = p.options
    const topologyOption = o.optimizationTopology()
    const technologies = o.optimizationTechnologies()
    const objectives = [
        {
            subject: 'nodes',
            direction: topologyOption.value,
            mode: o.optimizationTopologyMode().value,
            unique: o.optimizationTopologyUnique().value,
            origin: describeOrigin(topologyOption.origin, topologyOption.option, 'optimization_topology'),
        },
        {
            subject: 'technologies',
            direction: technologies.value,
            mode: o.optimizationTechnologiesMode().value,
            unique: o.optimizationTechnologiesUnique().value,
            origin: describeOrigin(technologies.origin, technologies.option, 'optimization_technologies'),
        },
    ]
    const n = p.graph.elements.length
    const decisions = (model?.solution.components ?? [])
        .filter(c => c.chosen)
        .map(c => ({
            optima: c.optima.map(v => v ?? null),
            elements: [...new Set(c.variables.filter(v => v < n))]
                .sort((a, b) => a - b)
                .map(v => p.graph.elements[v]!)
                .map(e => ({id: e.id, display: e.display, present: model!.present(e)})),
        }))
    const free = (model ? freeChoices(model) : []).map(c => ({
        rule: c.rule,
        decide: c.decide,
        elements: c.elements.map(e => ({id: e.id, display: e.display, present: model!.present(e)})),
    }))
    return {objectives, decisions, freeChoices: free}
}

function conflict(error: TrellisError, failure: ResolutionFailure | undefined): ReportConflict {
    if (!failure) return {kind: 'check-failed', message: error.message, location: error.location ? formatLocation(error.location) : null}
    const f = failure.failure
    if (f.kind === 'ambiguous') {
        const owner = (v: number) => failure.prepared.variables.owner(v).element
        const seen = new Set<string>()
        const differences = f.variables
            .filter(v => f.chosen.get(v) !== f.alternative.get(v))
            .map(v => ({element: owner(v).id, display: owner(v).display, chosen: Boolean(f.chosen.get(v)), alternative: Boolean(f.alternative.get(v))}))
            .filter(d => !seen.has(d.element) && seen.add(d.element))
        return {kind: 'ambiguous', subject: f.subject, optimized: f.optimized, differences}
    }
    return {kind: 'unsatisfiable', items: documentedConflict(failure)}
}
