// The whole explanation of a resolution as one JSON document (the shape
// docs/explanations.md documents): inputs with their sources, every element with its verdict
// and reasons, optional what-if suggestions, or the conflict when none exists.
import {describeSource} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import type {Element} from '../model/index.js'
import type {ConflictItem, ResolvedModel} from '../resolve/index.js'
import type {Because, BecauseKind, Explanation, Term} from './types.js'
import type {WhatIf} from './what-if.js'
import {EXPLAIN_DEPTH, explainerForAll, type Explainer} from './why.js'

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
    readonly kind: BecauseKind
    readonly code: string
    readonly text: string
    readonly condition?: string
    readonly value?: boolean
    readonly location?: string
    readonly refs: readonly string[]
    readonly because: readonly DocumentBecause[]
    /** `also` or `consequence` for a condition that is not a cause (not followed); absent for a cause. */
    readonly role?: 'also' | 'consequence'
}

export interface DocumentOptions {
    readonly elements?: readonly string[]
    readonly depth?: number
    readonly whatIf?: ReadonlyMap<string, WhatIf>
    /** Why the checks reject the variant explained (resolve refuses it), when they do. */
    readonly rejected?: string
}

export function explanationDocument(template: LoadedTemplate, model: ResolvedModel, options: DocumentOptions = {}): ExplanationDocument {
    const explainer = new DocumentExplainer(model, options.depth, options.whatIf)
    const elements: DocumentElement[] = []
    let decisive: Set<string>
    if (options.elements) {
        // only the elements asked for are explained; which inputs decide something is read without explaining the rest
        decisive = explainer.decisiveInputs()
        const wanted = new Set(options.elements)
        for (const element of model.graph.elements) if (wanted.has(element.id)) elements.push(explainer.element(element))
    } else {
        decisive = new Set()
        for (const element of model.graph.elements) {
            const e = explainer.explain(element)
            for (const i of e.rootInputs) decisive.add(i)
            elements.push(e.document)
        }
    }
    return {template: template.file, version: template.version, inputs: documentInputs(model, decisive), elements, conflict: null}
}

/**
 * Explains elements one at a time in the document's shape; what is said about an element or a
 * reason is worked out once and shared by every explanation that shows it.
 */
export class DocumentExplainer {
    private explainer: Explainer
    private convert = new Converter()
    private explained = 0

    constructor(
        private readonly model: ResolvedModel,
        private readonly depth = EXPLAIN_DEPTH,
        private readonly whatIf?: ReadonlyMap<string, WhatIf>,
    ) {
        this.explainer = explainerForAll(model, depth)
    }

    element(element: Element): DocumentElement {
        return this.explain(element).document
    }

    /** An element in the document's shape, with the names of the inputs its explanation leads back to. */
    explain(element: Element): {readonly document: DocumentElement; readonly rootInputs: readonly string[]} {
        // what was worked out for earlier elements is mostly about their neighbours (a node, its type,
        // properties and relations sit together): kept for a while, then let go, so explaining every
        // element of a large template does not keep about 1.5 KB per element until the end (at seed
        // 100,000 the collector then spent a quarter of the run); the text is the same either way
        if (++this.explained % RENEW_EVERY === 0) {
            this.explainer = explainerForAll(this.model, this.depth)
            this.convert = new Converter()
        }
        const e = this.explainer.explain(element, false)
        return {document: documentElement(e, this.convert, this.whatIf), rootInputs: e.rootCauses.inputs.map(i => i.name)}
    }

    /** The names of the inputs some element's explanation cites as a root cause, without explaining any. */
    decisiveInputs(): Set<string> {
        return this.explainer.decisiveInputs()
    }

    /** The inputs with their sources, each saying whether it decides something. */
    inputs(decisive: ReadonlySet<string>): ExplanationDocument['inputs'] {
        return documentInputs(this.model, decisive)
    }
}

/** How many elements an explainer of every element explains before it starts afresh. */
export const RENEW_EVERY = 500

/**
 * The same document as JSON text (as `JSON.stringify(document, null, 2)` writes it), piece by piece:
 * each element is explained, written and let go, so neither the list of elements nor the text of a
 * whole document of a large template (1 GB at 100,000 nodes) is ever held. Which inputs decide
 * something is worked out first, without explaining.
 */
export function* explanationJson(template: LoadedTemplate, model: ResolvedModel, options: DocumentOptions = {}): Generator<string> {
    const explainer = new DocumentExplainer(model, options.depth, options.whatIf)
    const head = JSON.stringify({template: template.file, version: template.version, inputs: explainer.inputs(explainer.decisiveInputs())}, null, 2)
    yield `${head.slice(0, -2)},\n  "elements": [`
    const wanted = options.elements ? new Set(options.elements) : undefined
    let first = true
    for (const element of model.graph.elements) {
        if (wanted && !wanted.has(element.id)) continue
        yield `${first ? '' : ','}\n    ${nestedJson(explainer.element(element), 2)}`
        first = false
    }
    const rejected = options.rejected === undefined ? '' : `,\n  "rejected": ${JSON.stringify(options.rejected)}`
    yield `${first ? '' : '\n  '}]${rejected},\n  "conflict": null\n}`
}

/** A value as `JSON.stringify(…, null, 2)` writes it `depth` levels into a document (it indents the value itself): its brackets cut off, cheaper than re-indenting its text. */
export function nestedJson(value: unknown, depth: number): string {
    let wrapped: unknown = value
    for (let i = 0; i < depth; i++) wrapped = [wrapped]
    const text = JSON.stringify(wrapped, null, 2)
    return text.slice(NESTED_OPEN[depth]!, text.length - NESTED_CLOSE[depth]!)
}

/** How long the brackets JSON.stringify writes around a value nested `depth` arrays deep are, before and after it. */
const NESTED_OPEN = [0, 1, 2, 3].map(depth => Array.from({length: depth}, (_, i) => `[\n${'  '.repeat(i + 1)}`).join('').length)
const NESTED_CLOSE = [0, 1, 2, 3].map(depth => Array.from({length: depth}, (_, i) => `\n${'  '.repeat(depth - 1 - i)}]`).join('').length)

function documentInputs(model: ResolvedModel, decisive: ReadonlySet<string>): ExplanationDocument['inputs'] {
    // entries, not assignments: an input named __proto__ is a key like any other
    return Object.fromEntries(
        model.inputs.all().map(input => [
            input.name,
            {
                value: input.value ?? null,
                source: describeSource(input.source, 'as given'),
                overrides: input.overridden.map(o => ({value: o.value, source: describeSource(o.source, 'as given')})),
                decidesSomething: decisive.has(input.name),
            },
        ]),
    )
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
        if (b.role) return {...converted, role: b.role}
        // only a reason without a chain is the same wherever it is cited; others are converted once anyway
        if (b.because.length === 0 && b.terms.length > 0) this.done.set(b, converted)
        return converted
    }

    /** What a reason refers to, each once: the elements and inputs its terms read, the element shown above, the elements of its chain. */
    private refs(b: Because): string[] {
        const refs = [...this.refsOf(b.terms)]
        const add = (id: string) => {
            if (!refs.includes(id)) refs.push(id)
        }
        if (refs.length + b.because.length + (b.reads?.length ?? 0) > 16)
            return [...new Set([...refs, ...(b.seeAbove ? [b.seeAbove] : []), ...b.because.flatMap(c => (c.element ? [c.element.id] : [])), ...(b.reads ?? []).map(r => r.id)])]
        if (b.seeAbove) add(b.seeAbove)
        for (const c of b.because) if (c.element) add(c.element.id)
        if (b.reads) for (const r of b.reads) add(r.id)
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
