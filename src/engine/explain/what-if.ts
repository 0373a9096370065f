// What would change an element's verdict? Tries the smallest sets of input
// changes (one input, then pairs) and presets; a candidate counts only when
// resolveTemplate, the door `trellis resolve` takes, resolves with it (a variant
// a check rejects is no suggestion). The search runs in slices
// (startWhatIf) so the wizard never blocks on it; whatIf runs it to the end.
import type {LoadedTemplate} from '../load/index.js'
import {resolveTemplate, type Outcome, type ResolvedModel, type ResolveRequest} from '../resolve/index.js'
import {CandidateSearch, requestWith, stepwise, type InputChange, type SearchLimits, type StepwiseSearch} from './search.js'
import type {Verdict} from './types.js'
import {explainElement} from './why.js'

interface Suggestion {
    readonly changes: readonly InputChange[]
    /** Set when the suggestion is to apply this preset (after the presets already chosen). */
    readonly preset?: string
    /** The element's verdict after the change, as resolving again gave it. */
    readonly verdict: Verdict
}

export interface WhatIf {
    readonly element: string
    readonly verdict: Verdict
    readonly suggestions: readonly Suggestion[]
    /** True when the search finished, nothing flipped the verdict, and the verdict reads no input at all: no input change can flip it. */
    readonly impossible: boolean
    readonly tried: number
}

export type WhatIfOptions = SearchLimits

/**
 * Starts the search for what would flip the element's verdict. Resolves the request once
 * (throws its TrellisError when it has no variant, an Error for an unknown element);
 * each `step` then resolves once per candidate.
 */
export function startWhatIf(template: LoadedTemplate, request: ResolveRequest, elementId: string, options: WhatIfOptions = {}): StepwiseSearch<WhatIf> {
    const base = decidedModel(resolveTemplate(template, request))
    const element = base.graph.element(elementId)
    if (!element) throw new Error(`no element ${elementId}`)
    const verdict: Verdict = base.present(element) ? 'present' : 'pruned'
    const current = new Map(base.inputs.all().map(i => [i.name, i.value]))
    const search = new CandidateSearch<Suggestion>(template, current, options, candidate => {
        const outcome = resolveTemplate(template, requestWith(request, candidate))
        if (outcome.kind !== 'resolved') return undefined // that change leaves no valid variant
        const after = outcome.model.graph.element(elementId)
        const flipped: Verdict = after && outcome.model.present(after) ? 'present' : 'pruned'
        return flipped === verdict ? undefined : {changes: candidate.changes, preset: candidate.preset, verdict: flipped}
    })
    let readsInputs: boolean | undefined
    return stepwise(search, () => {
        // only when the verdict reads no input at all is it certain that no input change can flip it
        const impossible = search.done && search.found.length === 0 && !(readsInputs ??= explainElement(base, element).rootCauses.inputs.length > 0)
        return {element: elementId, verdict, suggestions: [...search.found], impossible, tried: search.tried}
    })
}

/** The model an outcome decided: a resolved one's, or the one a check rejected (its verdicts are still asked about); else its error is thrown. */
function decidedModel(outcome: Outcome): ResolvedModel {
    if (outcome.kind === 'resolved') return outcome.model
    if (outcome.kind === 'check-failed' && outcome.model) return outcome.model
    throw outcome.error
}

/** The whole what-if search at once (the CLI's `explain --what-if`). */
export function whatIf(template: LoadedTemplate, request: ResolveRequest, elementId: string, options: WhatIfOptions = {}): WhatIf {
    const search = startWhatIf(template, request, elementId, options)
    while (!search.step(Infinity));
    return search.result()
}
