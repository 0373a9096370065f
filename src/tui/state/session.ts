// The wizard's view of a resolution: plain functions over the engine, no React,
// so screens stay presentational and the same data can be tested directly.
import {TrellisError, isTrellisError} from '../../engine/errors.js'
import {explanationDocument, minimalConflict, type ConflictItem, type DocumentElement, type ExplanationDocument} from '../../engine/explain/index.js'
import {variables} from '../../engine/conditions/index.js'
import type {InputAssignment} from '../../engine/inputs/index.js'
import type {LoadedTemplate} from '../../engine/load/index.js'
import type {Element} from '../../engine/model/index.js'
import {decide, readDefinitionOf, type ResolutionFailure, type ResolvedModel, type ResolveRequest} from '../../engine/pipeline.js'

export interface Choices {
    readonly presets: readonly string[]
    /** Values set in the wizard, by input name. */
    readonly values: Readonly<Record<string, unknown>>
}

export type Outcome =
    | {readonly ok: true; readonly model: ResolvedModel; readonly document: ExplanationDocument; readonly present: number; readonly pruned: number}
    | {readonly ok: false; readonly error: TrellisError; readonly conflict: readonly ConflictItem[]}

export function requestOf(choices: Choices, base: ResolveRequest = {}): ResolveRequest {
    const set: InputAssignment[] = Object.entries(choices.values).map(([name, value]) => ({name, value, source: {kind: 'wizard'}}))
    return {...base, presets: [...choices.presets], assignments: [...(base.assignments ?? []), ...set]}
}

export function evaluateChoices(template: LoadedTemplate, choices: Choices, base: ResolveRequest = {}): Outcome {
    try {
        const model = decide(template, requestOf(choices, base))
        const document = explanationDocument(template, model)
        const present = document.elements.filter(e => e.present).length
        return {ok: true, model, document, present, pruned: document.elements.length - present}
    } catch (e) {
        if (!isTrellisError(e)) throw e
        const failure = e.details as ResolutionFailure | undefined
        let conflict: ConflictItem[] = []
        if (failure?.failure.kind === 'unsatisfiable') {
            const start = [...failure.failure.variables]
            if (failure.failure.constraint !== undefined) start.push(...variables(failure.prepared.constraints[failure.failure.constraint]!.formula))
            conflict = minimalConflict(failure.prepared, start)
        }
        return {ok: false, error: e, conflict}
    }
}

/** How a change of one input would move the counts, before it is committed. */
export function preview(template: LoadedTemplate, choices: Choices, name: string, value: unknown, current: Outcome, base?: ResolveRequest): string {
    const next = evaluateChoices(template, {...choices, values: {...choices.values, [name]: value}}, base)
    if (!next.ok) return 'no variant'
    if (!current.ok) return `${next.present} present, ${next.pruned} pruned`
    const d = next.present - current.present
    return `${d >= 0 ? '+' : '−'}${Math.abs(d)} present, ${d <= 0 ? '+' : '−'}${Math.abs(d)} pruned`
}

export interface TopologyRow {
    readonly element: DocumentElement
    readonly depth: number
}

/** Elements as the template nests them: nodes with their relations, properties, artifacts; then the rest. */
export function topologyRows(model: ResolvedModel, document: ExplanationDocument): TopologyRow[] {
    const byId = new Map(document.elements.map(e => [e.id, e]))
    const rows: TopologyRow[] = []
    const depthOf = (e: Element): number => (e.container ? 1 + depthOf(e.container) : 0)
    const seen = new Set<string>()
    const add = (e: Element) => {
        const d = byId.get(e.id)
        if (d && !seen.has(e.id)) {
            seen.add(e.id)
            rows.push({element: d, depth: depthOf(e)})
        }
    }
    const visit = (e: Element) => {
        add(e)
        if (e.kind === 'node') {
            e.types.forEach(visit)
            e.relations.forEach(visit)
            e.properties.forEach(visit)
            e.artifacts.forEach(visit)
            e.technologies.forEach(visit)
        } else if (e.kind === 'relation' || e.kind === 'artifact' || e.kind === 'group' || e.kind === 'policy') {
            e.types.forEach(visit)
            e.properties.forEach(visit)
        }
    }
    for (const e of model.graph.nodes) visit(e)
    for (const e of [...model.graph.groups, ...model.graph.policies, ...model.graph.inputs, ...model.graph.outputs, ...model.graph.imports]) visit(e)
    return rows
}

export interface InputRow {
    readonly name: string
    readonly type?: string
    readonly value: unknown
    readonly source: string
    readonly decidesSomething: boolean
}

export function inputRows(template: LoadedTemplate, outcome: Outcome): InputRow[] {
    const definition = readDefinitionOf(template)
    return [...definition.inputs.values()].map(d => {
        const info = outcome.ok ? outcome.document.inputs[d.name] : undefined
        return {name: d.name, type: d.type, value: info?.value, source: info?.source ?? '', decidesSomething: info?.decidesSomething ?? true}
    })
}

/** Elements removed by the resolution, counted by kind: the write screen's summary. */
export function removedByKind(document: ExplanationDocument): string {
    const counts = new Map<string, number>()
    for (const e of document.elements) if (!e.present) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1)
    if (counts.size === 0) return 'removes nothing'
    const plural = (kind: string, n: number) => (n === 1 ? kind : kind.endsWith('y') ? `${kind.slice(0, -1)}ies` : `${kind}s`)
    return `removes ${[...counts].map(([kind, n]) => `${n} ${plural(kind, n)}`).join(', ')}`
}
