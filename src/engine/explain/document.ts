// The whole explanation of a resolution as one JSON document (the shape the
// README documents): inputs with their sources, every element with its verdict
// and reasons, optional what-if suggestions, or the conflict when none exists.
import {describeSource} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import type {ResolvedModel} from '../pipeline.js'
import type {ConflictItem} from './conflict.js'
import type {Because, Explanation, Term} from './types.js'
import type {WhatIf} from './what-if.js'
import {explainerForAll} from './why.js'

export interface ExplanationDocument {
    readonly template: string
    readonly version: string
    readonly inputs: Record<
        string,
        {readonly value: unknown; readonly source: string; readonly overrides: readonly {readonly value: unknown; readonly source: string}[]; readonly decidesSomething: boolean}
    >
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

export interface DocumentOptions {
    readonly elements?: readonly string[]
    readonly depth?: number
    readonly whatIf?: ReadonlyMap<string, WhatIf>
}

export function explanationDocument(template: LoadedTemplate, model: ResolvedModel, options: DocumentOptions = {}): ExplanationDocument {
    const explainer = explainerForAll(model, options.depth ?? 8)
    const convert = new Converter()
    const elements: DocumentElement[] = []
    let decisive: Set<string>
    if (options.elements) {
        // only the elements asked for are explained; which inputs decide something is read without explaining the rest
        decisive = explainer.decisiveInputs()
        const wanted = new Set(options.elements)
        for (const element of model.graph.elements) if (wanted.has(element.id)) elements.push(documentElement(explainer.explain(element, false), convert, options.whatIf))
    } else {
        decisive = new Set()
        for (const element of model.graph.elements) {
            const e = explainer.explain(element, false)
            for (const i of e.rootCauses.inputs) decisive.add(i.name)
            elements.push(documentElement(e, convert, options.whatIf))
        }
    }
    return {template: template.file, version: template.version, inputs: documentInputs(model, decisive), elements, conflict: null}
}

/**
 * The same document as JSON text (as `JSON.stringify(document, null, 2)` writes it), piece by piece:
 * each element is explained, written and let go, so neither the list of elements nor the text of a
 * whole document of a large template (1 GB at 100,000 nodes) is ever held. Which inputs decide
 * something is worked out first, without explaining.
 */
export function* explanationJson(template: LoadedTemplate, model: ResolvedModel, options: DocumentOptions = {}): Generator<string> {
    const explainer = explainerForAll(model, options.depth ?? 8)
    const convert = new Converter()
    const head = JSON.stringify({template: template.file, version: template.version, inputs: documentInputs(model, explainer.decisiveInputs())}, null, 2)
    yield `${head.slice(0, -2)},\n  "elements": [`
    const wanted = options.elements ? new Set(options.elements) : undefined
    let first = true
    for (const element of model.graph.elements) {
        if (wanted && !wanted.has(element.id)) continue
        // nested two levels deep, JSON.stringify indents the element as the document does; the
        // brackets around it are cut off (cheaper than re-indenting its text)
        const text = JSON.stringify([[documentElement(explainer.explain(element, false), convert, options.whatIf)]], null, 2)
        yield `${first ? '' : ','}\n    ${text.slice(NESTED_OPEN, -NESTED_CLOSE)}`
        first = false
    }
    yield `${first ? '' : '\n  '}],\n  "conflict": null\n}`
}

const NESTED_OPEN = '[\n  [\n    '.length
const NESTED_CLOSE = '\n  ]\n]'.length

function documentInputs(model: ResolvedModel, decisive: ReadonlySet<string>): ExplanationDocument['inputs'] {
    const inputs: ExplanationDocument['inputs'] = {}
    for (const input of model.inputs.all())
        inputs[input.name] = {
            value: input.value ?? null,
            source: describeSource(input.source),
            overrides: input.overridden.map(o => ({value: o.value, source: describeSource(o.source)})),
            decidesSomething: decisive.has(input.name),
        }
    return inputs
}

function documentElement(e: Explanation, convert: Converter, whatIf: ReadonlyMap<string, WhatIf> | undefined): DocumentElement {
    return {
        id: e.element.id,
        display: e.element.display,
        kind: e.element.kind,
        present: e.verdict === 'present',
        code: e.code,
        reason: e.summary,
        decidedBy: e.decidedBy,
        dependsOnInputs: e.rootCauses.inputs.length > 0,
        location: e.element.location,
        because: convert.list(e.because),
        whatIf: whatIf?.get(e.element.id)?.suggestions.map(s => ({
            changes: Object.fromEntries(s.changes.map(c => [c.input, c.to])),
            presets: s.preset ? [s.preset] : [],
            verified: true as const,
        })),
    }
}

/** Reasons in the document's shape; a reason shared by several explanations (one object) is converted once. */
class Converter {
    private readonly done = new Map<Because, DocumentBecause>()
    private readonly termRefs = new Map<readonly Term[], readonly string[]>()

    list(list: readonly Because[]): DocumentBecause[] {
        return list.map(b => this.one(b))
    }

    private one(b: Because): DocumentBecause {
        const known = this.done.get(b)
        if (known) return known
        const refs = this.refs(b)
        const converted: DocumentBecause = {
            kind: b.kind,
            code: b.code,
            text: b.text,
            condition: b.condition,
            value: b.value,
            location: b.location,
            refs,
            because: this.list(b.because),
        }
        // only a reason without a chain can be shared (see Explainer.leaves); others are converted once anyway
        if (b.because.length === 0 && b.terms.length > 0) this.done.set(b, converted)
        return converted
    }

    /** What a reason refers to, each once: the elements and inputs its terms read, the element shown above, the elements of its chain. */
    private refs(b: Because): string[] {
        const refs = [...this.refsOf(b.terms)]
        const add = (id: string) => {
            if (!refs.includes(id)) refs.push(id)
        }
        if (refs.length + b.because.length > 16) return [...new Set([...refs, ...(b.seeAbove ? [b.seeAbove] : []), ...b.because.flatMap(c => (c.element ? [c.element.id] : []))])]
        if (b.seeAbove) add(b.seeAbove)
        for (const c of b.because) if (c.element) add(c.element.id)
        return refs
    }

    private refsOf(terms: readonly Term[]): readonly string[] {
        if (terms.length === 0) return terms as readonly never[]
        let refs = this.termRefs.get(terms)
        if (!refs) {
            const set = new Set<string>()
            for (const t of terms) {
                for (const r of t.refers) set.add(r.id)
                for (const i of t.inputs) set.add(`input.${i.name}`)
            }
            this.termRefs.set(terms, (refs = [...set]))
        }
        return refs
    }
}
