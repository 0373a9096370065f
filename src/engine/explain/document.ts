// The whole explanation of a resolution as one JSON document (the shape the
// README documents): inputs with their sources, every element with its verdict
// and reasons, optional what-if suggestions, or the conflict when none exists.
import {describeSource} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import type {ResolvedModel} from '../pipeline.js'
import type {ConflictItem} from './conflict.js'
import type {Because, Explanation} from './types.js'
import type {WhatIf} from './what-if.js'
import {explainElement} from './why.js'

export interface ExplanationDocument {
    readonly template: string
    readonly version: string
    readonly inputs: Record<string, {readonly value: unknown; readonly source: string; readonly overrides: readonly {readonly value: unknown; readonly source: string}[]; readonly decidesSomething: boolean}>
    readonly elements: readonly DocumentElement[]
    readonly conflict: readonly ConflictItem[] | null
}

export interface DocumentElement {
    readonly id: string
    readonly display: string
    readonly kind: string
    readonly present: boolean
    readonly code: string
    readonly reason: string
    readonly decidedBy: Explanation['decidedBy']
    /** False when no variability input takes part in the verdict: no input change can flip it. */
    readonly dependsOnInputs: boolean
    readonly location?: string
    readonly because: readonly DocumentBecause[]
    readonly whatIf?: readonly {readonly changes: Record<string, unknown>; readonly presets: readonly string[]; readonly verified: true}[]
}

export interface DocumentBecause {
    readonly kind: string
    readonly code: string
    readonly text: string
    readonly condition?: string
    readonly value?: boolean
    readonly location?: string
    readonly refs: readonly string[]
    readonly because: readonly DocumentBecause[]
}

export function explanationDocument(
    template: LoadedTemplate,
    model: ResolvedModel,
    options: {readonly elements?: readonly string[]; readonly depth?: number; readonly whatIf?: ReadonlyMap<string, WhatIf>} = {},
): ExplanationDocument {
    const all = model.graph.elements.map(e => explainElement(model, e, {depth: options.depth}))
    const decisive = new Set(all.flatMap(e => e.rootCauses.inputs.map(i => i.name)))
    const inputs: ExplanationDocument['inputs'] = {}
    for (const input of model.inputs.all())
        inputs[input.name] = {
            value: input.value ?? null,
            source: describeSource(input.source),
            overrides: input.overridden.map(o => ({value: o.value, source: describeSource(o.source)})),
            decidesSomething: decisive.has(input.name),
        }
    const wanted = options.elements ? new Set(options.elements) : undefined
    const elements = all
        .filter(e => !wanted || wanted.has(e.element.id))
        .map(
            (e): DocumentElement => ({
                id: e.element.id,
                display: e.element.display,
                kind: e.element.kind,
                present: e.verdict === 'present',
                code: e.code,
                reason: e.summary,
                decidedBy: e.decidedBy,
                dependsOnInputs: e.rootCauses.inputs.length > 0,
                location: e.element.location,
                because: e.because.map(becauseOf),
                whatIf: options.whatIf?.get(e.element.id)?.suggestions.map(s => ({
                    changes: Object.fromEntries(s.changes.map(c => [c.input, c.to])),
                    presets: s.preset ? [s.preset] : [],
                    verified: true as const,
                })),
            }),
        )
    return {template: template.file, version: template.version, inputs, elements, conflict: null}
}

function becauseOf(b: Because): DocumentBecause {
    const refs = new Set<string>()
    for (const t of b.terms) {
        for (const r of t.refers) refs.add(r.id)
        for (const i of t.inputs) refs.add(`input.${i.name}`)
    }
    if (b.seeAbove) refs.add(b.seeAbove)
    for (const c of b.because) if (c.element) refs.add(c.element.id)
    return {
        kind: b.kind,
        code: b.code,
        text: b.text,
        condition: b.condition,
        value: b.value,
        location: b.location,
        refs: [...refs],
        because: b.because.map(becauseOf),
    }
}

