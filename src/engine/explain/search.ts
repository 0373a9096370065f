// The counterfactual search shared by what-if and repairs, run in slices so a
// caller can spread it over event-loop ticks and drop it to cancel. Candidates
// come smallest first: each single input change, each preset, then (only when
// neither found anything) pairs of changes to two different inputs. Each
// candidate is verified by resolving again; only what the check accepts is kept.
import type {InputAssignment} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import {inputChoices, readDefinitionOf, sameValue, type ResolveRequest} from '../resolve/index.js'

export interface InputChange {
    readonly input: string
    readonly from: unknown
    readonly to: unknown
}

/** What one attempt tries: input changes (as `--set` after the request's own) and optionally a preset (after the request's presets). */
export interface Candidate {
    readonly changes: readonly InputChange[]
    readonly preset?: string
}

export interface SearchProgress {
    /** Attempts made so far (each one resolution). */
    readonly tried: number
    /** The most attempts the search will make; it shrinks when the search learns it can stop early, and equals `tried` once done. */
    readonly total: number
}

export interface SearchLimits {
    /** At most this many attempts (default 400). */
    readonly maxTries?: number
    /** Stop after this many suggestions (default 5). */
    readonly maxSuggestions?: number
}

/** A search run in slices. Nothing runs between calls to `step`; to cancel, stop calling it. */
export interface StepwiseSearch<R> {
    /**
     * Makes attempts until `budgetMs` milliseconds are used, at least one per call while any
     * remain (so a budget of 0 still makes progress). It does not start an attempt that would
     * likely overrun the budget (judged by the average attempt so far), but one attempt is one
     * resolution and cannot be cut short. Returns true when the search is finished.
     */
    step(budgetMs: number): boolean
    readonly progress: SearchProgress
    readonly done: boolean
    /** The result so far; final once `done`. */
    result(): R
}

/** The request with the candidate applied on top. */
export function requestWith(request: ResolveRequest, candidate: Candidate): ResolveRequest {
    const assignments: InputAssignment[] = [...(request.assignments ?? []), ...candidate.changes.map(c => ({name: c.input, value: c.to, source: {kind: 'set' as const}}))]
    const presets = candidate.preset ? [...(request.presets ?? []), candidate.preset] : request.presets
    return {...request, presets, assignments}
}

/** Every offered value (see inputChoices) that differs from the input's current value, inputs in declaration order. */
function singleChanges(template: LoadedTemplate, current: ReadonlyMap<string, unknown>): InputChange[] {
    const singles: InputChange[] = []
    for (const [input, values] of inputChoices(template)) for (const to of values) if (!sameValue(to, current.get(input))) singles.push({input, from: current.get(input), to})
    return singles
}

/**
 * Tries candidates in order with `attempt`, which resolves again and returns what to keep
 * (or undefined when the candidate does not do what is searched for).
 */
export class CandidateSearch<F> {
    readonly found: F[] = []
    private made = 0
    /** Milliseconds spent in attempts, for their average length. */
    private spent = 0
    private finished = false
    private pairsDropped = false
    private pending: Candidate | undefined
    private readonly queue: Iterator<Candidate>
    private readonly singles: readonly InputChange[]
    private readonly presets: readonly string[]
    private readonly pairCount: number
    private readonly maxTries: number
    private readonly maxSuggestions: number

    constructor(
        template: LoadedTemplate,
        current: ReadonlyMap<string, unknown>,
        limits: SearchLimits,
        private readonly attempt: (candidate: Candidate) => F | undefined,
    ) {
        this.maxTries = limits.maxTries ?? 400
        this.maxSuggestions = limits.maxSuggestions ?? 5
        this.singles = singleChanges(template, current)
        this.presets = [...readDefinitionOf(template).presets.keys()]
        let pairs = (this.singles.length * (this.singles.length - 1)) / 2
        const perInput = new Map<string, number>()
        for (const s of this.singles) perInput.set(s.input, (perInput.get(s.input) ?? 0) + 1)
        for (const k of perInput.values()) pairs -= (k * (k - 1)) / 2
        this.pairCount = pairs
        this.queue = this.candidates()
        this.advance()
    }

    get tried(): number {
        return this.made
    }

    get done(): boolean {
        return this.finished
    }

    get progress(): SearchProgress {
        if (this.finished) return {tried: this.made, total: this.made}
        const planned = this.singles.length + this.presets.length + (this.pairsDropped ? 0 : this.pairCount)
        return {tried: this.made, total: Math.min(this.maxTries, planned)}
    }

    step(budgetMs: number): boolean {
        const start = performance.now()
        while (!this.finished) {
            const before = performance.now()
            const candidate = this.pending!
            this.made++
            const kept = this.attempt(candidate)
            if (kept !== undefined) this.found.push(kept)
            this.advance()
            const now = performance.now()
            this.spent += now - before
            // stop when the budget is used, or would be by one more attempt of the average length
            if (now - start + this.spent / this.made >= budgetMs) break
        }
        return this.finished
    }

    /** Fetches the next candidate, or finishes when the limits are reached or none is left. */
    private advance(): void {
        if (this.found.length >= this.maxSuggestions || this.made >= this.maxTries) {
            this.finished = true
            return
        }
        const next = this.queue.next()
        if (next.done) this.finished = true
        else this.pending = next.value
    }

    private *candidates(): Generator<Candidate> {
        for (const change of this.singles) yield {changes: [change]}
        for (const preset of this.presets) yield {changes: [], preset}
        // a pair is only worth trying when no smaller change did it
        if (this.found.length > 0) {
            this.pairsDropped = true
            return
        }
        const singles = this.singles
        for (let i = 0; i < singles.length; i++)
            for (let j = i + 1; j < singles.length; j++) if (singles[i]!.input !== singles[j]!.input) yield {changes: [singles[i]!, singles[j]!]}
    }
}

/** The stepwise face of a CandidateSearch, with `result` reading what it found. */
export function stepwise<F, R>(search: CandidateSearch<F>, result: () => R): StepwiseSearch<R> {
    return {
        step: budgetMs => search.step(budgetMs),
        get progress() {
            return search.progress
        },
        get done() {
            return search.done
        },
        result,
    }
}
