// The resolver's view of a resolution: plain functions over the engine, run
// where the engine runs (the resolver's thread, the line mode), no React, so the
// same data can be tested directly. What crosses to the wizard is in protocol.ts.
import {
    type ConflictItem,
    count,
    type Element,
    ELEMENT_KINDS,
    explainElement,
    type Explanation,
    type InputValue,
    isTrellisError,
    type LoadedTemplate,
    readDefinitionOf,
    resolveTemplate,
    type ResolvedModel,
    type ResolveRequest,
    TrellisError,
    VariabilityInputs,
} from '../../engine/index.js'
import {requestOf, type Choices, type Counts, type ElementRow} from './protocol.js'

/** A resolution of the wizard's choices with its model: made where the engine runs (the resolver, line mode). */
export type Evaluation = (
    | {readonly ok: true; readonly model: ResolvedModel; readonly present: number; readonly pruned: number}
    | {readonly ok: false; readonly error: TrellisError; readonly conflict: readonly ConflictItem[]}
) & {
    /** The choices it resolved. */
    readonly choices: Choices
    /** Input values and their sources; known even when no variant exists (empty when the inputs themselves are wrong). */
    readonly inputs: readonly InputValue[]
    /** What resolving warned of (a value that does not fit its input's type, used as given). */
    readonly warnings: readonly TrellisError[]
}

export function evaluateChoices(template: LoadedTemplate, choices: Choices, base: ResolveRequest = {}): Evaluation {
    const request = requestOf(choices, base)
    // explanations are built when a row or the why pane shows an element, not here: on large
    // templates explaining every element costs several times what resolving does. Resolved as
    // resolve does, checks included: the wizard must not offer a variant that resolve refuses.
    const outcome = resolveTemplate(template, request)
    if (outcome.kind === 'resolved') {
        const model = outcome.model
        const present = countPresent(model)
        return {ok: true, model, present, pruned: model.graph.elements.length - present, choices, inputs: model.inputs.all(), warnings: outcome.warnings}
    }
    const conflict = outcome.kind === 'unsatisfiable' ? outcome.conflict : []
    return {ok: false, error: outcome.error, conflict, choices, inputs: inputValues(template, request), warnings: outcome.warnings}
}

/** 1 for each element the model keeps, 0 for each it prunes, by sequence number (the same across resolutions of one template). */
export function presenceOf(model: ResolvedModel): Uint8Array {
    const elements = model.graph.elements
    const presence = new Uint8Array(elements.length)
    for (let i = 0; i < elements.length; i++) presence[i] = model.present(elements[i]!) ? 1 : 0
    return presence
}

function countPresent(model: ResolvedModel): number {
    let present = 0
    for (const e of model.graph.elements) if (model.present(e)) present++
    return present
}

// by resolution, gone with it (a ResolvedModel is the engine's plain data: no field of the wizard's on it)
const explained = new WeakMap<ResolvedModel, Map<Element, Explanation>>()

/** The explanation of one element of a resolution, built once. */
export function explanationOf(model: ResolvedModel, element: Element): Explanation {
    let cache = explained.get(model)
    if (!cache) explained.set(model, (cache = new Map()))
    let explanation = cache.get(element)
    if (!explanation) cache.set(element, (explanation = explainElement(model, element)))
    return explanation
}

/** The values the request gives each input, or none when the request itself is wrong (an unknown preset, a bad type). */
function inputValues(template: LoadedTemplate, request: ResolveRequest): InputValue[] {
    try {
        return new VariabilityInputs(readDefinitionOf(template), template.sourceMap, request.presets ?? [], request.assignments ?? []).all()
    } catch (e) {
        if (isTrellisError(e)) return []
        throw e
    }
}

export function countChoices(template: LoadedTemplate, choices: Choices, base: ResolveRequest = {}): Counts {
    return countsOf(evaluateChoices(template, choices, base))
}

/** What a preview needs of a resolution already made. */
export function countsOf(evaluation: Evaluation): Counts {
    if (!evaluation.ok) return {ok: false, missing: evaluation.error.code === 'input-missing'}
    return {ok: true, present: evaluation.present, pruned: evaluation.pruned, presence: presenceOf(evaluation.model)}
}

/** `relation "host@1" → vm`: an element named within its container. */
function labelOf(e: Element, depth: number): string {
    if (depth === 0) return e.display
    const own = `${e.kind} "${e.name}${e.index === undefined ? '' : `@${e.index}`}"`
    return e.kind === 'relation' ? `${own} → ${e.target.name}` : own
}

/** Elements as the template nests them: nodes with their types, relations, properties, artifacts and technologies; then groups, policies, inputs, outputs, imports. */
export function elementRows(model: ResolvedModel): ElementRow[] {
    const rows: ElementRow[] = []
    const seen = new Set<Element>()
    const visit = (e: Element, depth: number) => {
        if (seen.has(e)) return
        seen.add(e)
        rows.push({seq: e.seq, id: e.id, display: e.display, kind: e.kind, name: e.name, depth, label: labelOf(e, depth)})
        const inner = (list: readonly Element[]) => list.forEach(child => visit(child, depth + 1))
        if (e.kind === 'node') {
            inner(e.types)
            inner(e.relations)
            inner(e.properties)
            inner(e.artifacts)
            inner(e.technologies)
        } else if (e.kind === 'relation' || e.kind === 'artifact' || e.kind === 'group' || e.kind === 'policy') {
            inner(e.types)
            inner(e.properties)
        }
    }
    for (const e of model.graph.nodes) visit(e, 0)
    for (const e of [...model.graph.groups, ...model.graph.policies, ...model.graph.inputs, ...model.graph.outputs, ...model.graph.imports]) visit(e, 0)
    return rows
}

/** Elements removed by the resolution, counted by kind: the write screen's summary. */
export function removedByKind(model: ResolvedModel): string {
    const counts = new Map<string, number>(ELEMENT_KINDS.map(kind => [kind, 0]))
    for (const e of model.graph.elements) if (!model.present(e)) counts.set(e.kind, counts.get(e.kind)! + 1)
    const removed = [...counts].filter(([, n]) => n > 0)
    if (removed.length === 0) return 'removes nothing'
    // policy → policies; every other kind takes an s
    return `removes ${removed.map(([kind, n]) => count(n, kind, kind.endsWith('y') ? `${kind.slice(0, -1)}ies` : undefined)).join(', ')}`
}
