// The pruned elements of a report, explained when read: each time they are
// iterated, one at a time, so a renderer writes an element's explanation and
// lets it go (a large template's would not all fit in memory at once).
import type {DocumentExplainer} from '../explain/index.js'
import type {Element} from '../model/index.js'
import type {ReportData, ReportElement} from './types.js'

/** The report as the renderers read it: the pruned elements explained one at a time, when read. */
export type ReportStream = Omit<ReportData, 'pruned'> & {readonly pruned: PrunedElements}

export class PrunedElements {
    /** The identifiers of the pruned elements, in template order. */
    readonly ids: ReadonlySet<string>

    constructor(
        private readonly elements: readonly Element[],
        private readonly explainer: DocumentExplainer | undefined,
    ) {
        this.ids = new Set(elements.map(e => e.id))
    }

    get count(): number {
        return this.elements.length
    }

    /** The elements explained, in template order; `only`: just those with these identifiers. */
    *explain(only?: ReadonlySet<string>): Generator<ReportElement> {
        if (!this.explainer) return
        for (const element of this.elements) {
            if (only && !only.has(element.id)) continue
            const {document: e, rootInputs} = this.explainer.explain(element)
            yield {
                id: e.id,
                display: e.display,
                kind: e.kind,
                code: e.code,
                reason: e.reason,
                decidedBy: e.decidedBy,
                dependsOnInputs: e.dependsOnInputs,
                container: element.container?.id ?? null,
                inputs: [...rootInputs].sort(),
                location: e.location ?? null,
                because: e.because,
            }
        }
    }
}
