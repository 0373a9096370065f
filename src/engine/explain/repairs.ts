// Repairs for a resolution that fails (no variant, a failed check, violated
// input constraints, an ambiguous result): the smallest input changes or
// presets after which the template resolves through resolveTemplate, the door
// `trellis resolve` takes. Same search, same order as what-if.
import type {ErrorCode} from '../errors.js'
import {textOf} from '../text.js'
import {VariabilityInputs} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import {readDefinitionOf, resolveTemplate, type ResolveRequest} from '../resolve/index.js'
import {CandidateSearch, requestWith, stepwise, type InputChange, type SearchLimits, type StepwiseSearch} from './search.js'

export interface Repair {
    readonly changes: readonly InputChange[]
    /** Set when the repair is to apply this preset (after the presets already chosen). */
    readonly preset?: string
    /** Elements present and pruned in the resolution that verified the repair. */
    readonly present: number
    readonly pruned: number
}

export interface Repairs {
    /** Why the request fails as it is; undefined when it resolves (then there is nothing to repair and no search runs). */
    readonly failure?: ErrorCode
    readonly suggestions: readonly Repair[]
    readonly tried: number
}

export type RepairOptions = SearchLimits

/**
 * Starts the search for repairs of the request. Resolves it once first: when that succeeds the
 * search is done at once with no suggestions; when it fails for want of a variant (unsatisfiable,
 * ambiguous, a failed check, violated input constraints) each `step` tries candidates; any other
 * error of the request itself (unknown preset or input, a value of the wrong type) is thrown.
 */
export function startRepairs(template: LoadedTemplate, request: ResolveRequest, options: RepairOptions = {}): StepwiseSearch<Repairs> {
    const failure = failureOf(template, request)
    const current = new Map<string, unknown>()
    if (failure) {
        const inputs = new VariabilityInputs(readDefinitionOf(template), template.sourceMap, request.presets ?? [], request.assignments ?? [])
        for (const input of inputs.all()) current.set(input.name, input.value)
    }
    const search = new CandidateSearch<Repair>(template, current, failure ? options : {...options, maxTries: 0}, candidate => {
        const outcome = resolveTemplate(template, requestWith(request, candidate))
        if (outcome.kind !== 'resolved') return undefined // still no valid variant
        const {model} = outcome
        const present = model.graph.elements.filter(e => model.present(e)).length
        return {changes: candidate.changes, preset: candidate.preset, present, pruned: model.graph.elements.length - present}
    })
    return stepwise(search, () => ({failure, suggestions: likeliestFirst(search.found), tried: search.tried}))
}

/**
 * The repairs in the order shells offer them: a value that differs from the one given only in case
 * (gcp for GCP) first, as the likeliest meant; else as found (smallest first).
 */
function likeliestFirst(found: readonly Repair[]): Repair[] {
    const respelled = (r: Repair) => r.changes.length > 0 && r.changes.every(c => textOf(c.to).toLowerCase() === textOf(c.from).toLowerCase())
    return [...found].sort((a, b) => Number(respelled(b)) - Number(respelled(a)))
}

/** The whole repair search at once. */
export function repairs(template: LoadedTemplate, request: ResolveRequest, options: RepairOptions = {}): Repairs {
    const search = startRepairs(template, request, options)
    while (!search.step(Infinity));
    return search.result()
}

/** The failures an input change can mend; any other error is the request's own and is thrown. */
const REPAIRABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['unsatisfiable', 'ambiguous', 'check-failed', 'inputs-constraints-violated'])

/** The code of the error the request fails with, or undefined when it resolves. */
function failureOf(template: LoadedTemplate, request: ResolveRequest): ErrorCode | undefined {
    const outcome = resolveTemplate(template, request)
    if (outcome.kind === 'resolved') return undefined
    if (REPAIRABLE.has(outcome.error.code)) return outcome.error.code
    throw outcome.error
}
