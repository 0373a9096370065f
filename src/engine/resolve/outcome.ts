// What resolving a template came to, as one closed union the shells switch over: a
// resolved template, no variant (with the minimal conflict), two equally good
// variants (with where they differ), a failed check (with the model it rejected),
// or a template or request with mistakes (with every one found). Each fact is
// worked out here once; the command line, the wizard and the report read it. The one
// door to resolving: the shells, what-if and repairs all come through here.
import {TrellisError, type Diagnostic} from '../errors.js'
import type {LoadedTemplate} from '../load/index.js'
import type {Raw} from '../model/index.js'
import {conflictOf, type ConflictItem} from './conflict.js'
import {decide, ResolutionError, type ResolutionFailure, type ResolvedModel} from './decide.js'
import {finishResolution} from './finish.js'
import {withMissingInputs} from './missing-inputs.js'
import {inputWarningsBefore, type ResolveRequest} from './prepare.js'

/** One element two equally good variants disagree on. */
interface VariantDifference {
    readonly element: string
    readonly first: 'present' | 'pruned'
    readonly second: 'present' | 'pruned'
}

export type Outcome = (
    | {readonly kind: 'resolved'; readonly template: LoadedTemplate; readonly output: Raw; readonly model: ResolvedModel}
    | {readonly kind: 'unsatisfiable'; readonly error: TrellisError; readonly failure: ResolutionFailure; readonly conflict: readonly ConflictItem[]}
    | {readonly kind: 'ambiguous'; readonly error: TrellisError; readonly failure: ResolutionFailure; readonly differences: readonly VariantDifference[]}
    /** The model the checks rejected; none for persistent_check, which runs before solving. */
    | {readonly kind: 'check-failed'; readonly error: TrellisError; readonly model?: ResolvedModel}
    | {readonly kind: 'invalid'; readonly error: TrellisError; readonly diagnostics: readonly Diagnostic[]}
) & {
    /** What the input values gave cause to warn about (a value of the wrong type), whatever came of it; none when the inputs were not read. */
    readonly warnings: readonly TrellisError[]
}

/** Resolves and says how it went; only a fault of Trellis itself (not of the template or request) is thrown. */
export function resolveTemplate(template: LoadedTemplate, request: ResolveRequest = {}): Outcome {
    let model: ResolvedModel
    try {
        model = decide(template, request)
    } catch (e) {
        if (!(e instanceof TrellisError) || e instanceof ResolutionError) return failedOutcome(e)
        // the warnings about input values read before the mistake, which is often what it is about
        return failedOutcome(withMissingInputs(template, e), inputWarningsBefore(e))
    }
    const warnings = model.inputs.warnings
    try {
        const resolution = finishResolution(template, model)
        return {kind: 'resolved', template, output: resolution.output, model, warnings}
    } catch (e) {
        if (e instanceof TrellisError && e.code === 'check-failed') return {kind: 'check-failed', error: e, model, warnings}
        return failedOutcome(e, warnings)
    }
}

/** The resolved template of an outcome; any other outcome's error is thrown (for callers that treat every failure alike). */
export function outputOf(outcome: Outcome): Raw {
    if (outcome.kind !== 'resolved') throw outcome.error
    return outcome.output
}

/**
 * The outcome of an error thrown while resolving; anything but a TrellisError is rethrown. The
 * minimal conflict is worked out when first read: what-if and repairs try many requests that fail
 * and never read it.
 */
function failedOutcome(e: unknown, warnings?: readonly TrellisError[]): Outcome {
    if (!(e instanceof TrellisError)) throw e
    const failure = e instanceof ResolutionError ? e.resolution : undefined
    const warned = warnings ?? failure?.prepared.inputs.warnings ?? []
    if (failure?.failure.kind === 'unsatisfiable') {
        let conflict: readonly ConflictItem[] | undefined
        return {
            kind: 'unsatisfiable',
            error: e,
            failure,
            get conflict() {
                return (conflict ??= conflictOf(failure))
            },
            warnings: warned,
        }
    }
    if (failure?.failure.kind === 'ambiguous') return {kind: 'ambiguous', error: e, failure, differences: variantDifferences(failure), warnings: warned}
    if (e.code === 'check-failed') return {kind: 'check-failed', error: e, warnings: warned}
    return {kind: 'invalid', error: e, diagnostics: e.diagnostics(), warnings: warned}
}

/** Where the chosen variant and an equally good one differ. */
function variantDifferences(f: ResolutionFailure): VariantDifference[] {
    if (f.failure.kind !== 'ambiguous') return []
    const {chosen, alternative, variables} = f.failure
    const name = (v: number) => f.prepared.variables.owner(v).element.display
    return variables
        .filter(v => chosen.get(v) !== alternative.get(v))
        .map(v => ({element: name(v), first: chosen.get(v) ? 'present' : 'pruned', second: alternative.get(v) ? 'present' : 'pruned'}))
}
