// The resolver's side: it holds the template and the latest resolutions with
// their models, and answers the wizard's requests. Work is cut into slices
// (setImmediate between them) wherever it can run long — the pass over every
// element, what-if and repair searches — so a newer request is never stuck
// behind it; a resolution asked for while another runs replaces any that wait.
import {
    analyzeTemplate,
    DecisiveInputs,
    explanationLines,
    type InputChange,
    type LoadedTemplate,
    readDefinitionOf,
    renderExpression,
    type ResolvedModel,
    type ResolveRequest,
    startRepairs,
    startWhatIf,
} from '../../engine/index.js'
import {shownFailure} from '../../app/conflict-text.js'
import {describeSystemError} from '../../app/errors.js'
import {SHORT_REASON} from './reasons.js'
import {countsOf, elementRows, evaluateChoices, explanationOf, presenceOf, removedByKind, type Evaluation} from './session.js'
import {writeResolution} from './write.js'
import {elementTable, requestOf, withValue, type Choices, type Fault, type Lookup, type ResolutionData, type Request, type Response, type Suggestion} from './protocol.js'
import {recordingReads} from './reads.js'

/** How long one slice of background work runs before the resolver looks at its messages again. */
const SLICE_MS = 8
/** Resolutions whose models are kept, for explanations asked about the one on screen while a newer one lands. */
const KEPT = 2
/** Resolutions remembered by their choices: the current one and the candidates previewed around it. */
const REMEMBERED = 3
/** Beyond this many elements the template is not analyzed (dead and core marks): it would take too long. */
const MOST_ANALYZED = 5_000
const ANALYSIS_BUDGET_MS = 1_500

export type Post = (response: Response, transfer?: ArrayBuffer[]) => void

export interface ServiceOptions {
    /** For tests: fail as a bug in the engine would (see Fault). */
    readonly fault?: Fault
    /** Where a failure in work done on a later turn goes; by default it is thrown (and ends a worker). */
    readonly crashed?: (e: unknown) => void
}

export class ResolverService {
    private template: LoadedTemplate
    /** Counts template versions: rows are sent again for each. */
    private version = 0
    private rowsSent = -1
    private readonly models = new Map<number, ResolvedModel>()
    private waiting: Extract<Request, {type: 'resolve'}> | undefined
    private previewing: Extract<Request, {type: 'count'}> | undefined
    private scheduled = false
    /** The latest resolutions made, by their choices. */
    private readonly evaluated = new Map<string, Evaluation>()
    private pass: (() => void) | undefined
    private readonly searches = new Map<number, () => void>()
    private readonly reads = new Set<string>()
    private readsSent = 0
    /** Explanations and reasons asked about the resolution waiting to be made: answered once it is. */
    private readonly afterResolution: Request[] = []
    private closed = false

    constructor(
        template: LoadedTemplate,
        private readonly base: ResolveRequest,
        private readonly post: Post,
        private readonly options: ServiceOptions = {},
    ) {
        this.template = recordingReads(template, this.reads)
    }

    /** Work scheduled for later is dropped. */
    close(): void {
        this.closed = true
    }

    /** The template changed on disk and was read again: later resolutions use it. */
    replaceTemplate(template: LoadedTemplate): void {
        this.template = recordingReads(template, this.reads)
        this.version++
        this.models.clear()
        this.evaluated.clear()
    }

    handle(request: Request): void {
        switch (request.type) {
            case 'resolve':
                // resolutions asked for while one runs are folded: only the latest is made, before any preview
                this.waiting = request
                return this.schedule()
            case 'explain': {
                if (this.awaited(request.resolution)) return void this.afterResolution.push(request)
                this.work('explain')
                const model = this.models.get(request.resolution)
                const element = model?.graph.element(request.element)
                const lines = model && element ? explanationLines(explanationOf(model, element)) : model ? [] : undefined
                return this.post({type: 'explained', id: request.id, resolution: request.resolution, element: request.element, lines})
            }
            case 'reasons': {
                if (this.awaited(request.resolution)) return void this.afterResolution.push(request)
                this.work('reasons')
                const model = this.models.get(request.resolution)
                const reasons = model ? request.seqs.map(seq => [seq, reasonOf(model, seq)] as const) : undefined
                return this.post({type: 'reasons', id: request.id, resolution: request.resolution, reasons})
            }
            case 'count':
                // only the latest preview asked for is worked out, after any resolution waiting
                this.previewing = request
                return this.schedule()
            case 'lookup':
                this.work('lookup')
                return this.search(request.id, request.lookup)
            case 'cancel':
                this.searches.get(request.id)?.()
                this.searches.delete(request.id)
                return
            case 'analyze':
                this.work('analyze')
                return this.analyze(request.id, request.elements)
            case 'write':
                this.work('write')
                return void writeResolution(this.template, this.base, request.choices, request.output, request.report, undefined, request.csar).then(
                    notes =>
                        this.post({
                            type: 'written',
                            id: request.id,
                            files: [request.output, ...(request.report ? [request.report] : []), ...(request.csar ? [request.csar] : [])],
                            notes,
                        }),
                    (e: unknown) => this.post({type: 'failed', id: request.id, message: describeSystemError(e) ?? (e as Error).message}),
                )
        }
    }

    /** Whether a resolution asked for is still to be made (a request after a restart can come before it is). */
    private awaited(resolution: number): boolean {
        return !this.models.has(resolution) && this.waiting?.id === resolution
    }

    /** Runs `fn` on a later turn of the event loop; a failure in it goes where the options say. */
    private later(fn: () => void): NodeJS.Immediate {
        return setImmediate(() => {
            if (this.closed) return
            try {
                fn()
            } catch (e) {
                if (!this.options.crashed) throw e
                this.closed = true
                this.options.crashed(e)
            }
        })
    }

    /** The fault a test injects, where the work of a request is done. */
    private work(type: Request['type']): void {
        const fault = this.options.fault
        if (fault?.on !== type) return
        if (fault.by === 'exception') throw new Error(`a fault injected for a test (${type})`)
        // run out of memory as the engine would: a resolver with a fault of this kind runs with a small heap
        const hoard: number[][] = []
        for (;;) hoard.push(new Array<number>(1 << 20).fill(hoard.length))
    }

    /** Runs the waiting resolution, else the waiting preview, on a later turn (messages that come meanwhile are read first). */
    private schedule(): void {
        if (this.scheduled) return
        this.scheduled = true
        this.later(() => {
            this.scheduled = false
            if (this.waiting) this.resolveWaiting()
            else if (this.previewing) this.previewWaiting()
            if (this.waiting || this.previewing) this.schedule()
        })
    }

    /**
     * A resolution of these choices: made once, whether a preview or the wizard asked first (moving
     * to a value previews it; choosing it then costs nothing).
     */
    private evaluate(choices: Choices): Evaluation {
        const key = JSON.stringify(choices)
        let evaluation = this.evaluated.get(key)
        if (!evaluation) evaluation = evaluateChoices(this.template, choices, this.base)
        this.evaluated.delete(key)
        this.evaluated.set(key, evaluation)
        for (const old of this.evaluated.keys()) if (this.evaluated.size > REMEMBERED) this.evaluated.delete(old)
        return evaluation
    }

    private previewWaiting(): void {
        const request = this.previewing!
        this.previewing = undefined
        this.work('count')
        const counts = countsOf(this.evaluate(request.choices))
        this.post({type: 'counted', id: request.id, counts}, counts.ok ? [counts.presence.buffer as ArrayBuffer] : [])
    }

    private resolveWaiting(): void {
        const request = this.waiting!
        this.work('resolve')
        this.waiting = undefined
        this.pass?.()
        const evaluation = this.evaluate(request.choices)
        const data = resolutionData(request.id, evaluation)
        let rows
        if (evaluation.ok) {
            this.models.set(request.id, evaluation.model)
            for (const id of this.models.keys()) if (this.models.size > KEPT) this.models.delete(id)
            if (this.rowsSent !== this.version) {
                rows = elementTable(elementRows(evaluation.model))
                this.rowsSent = this.version
            }
        }
        const transfer = [...(data.ok ? [data.presence.buffer as ArrayBuffer] : []), ...(rows ? [rows.seq.buffer as ArrayBuffer, rows.depth.buffer as ArrayBuffer] : [])]
        this.post({type: 'resolved', resolution: data, rows, template: this.version}, transfer)
        if (this.reads.size !== this.readsSent) {
            this.readsSent = this.reads.size
            this.post({type: 'reads', files: [...this.reads]})
        }
        this.pass = this.decisivePass(request.id, evaluation)
        for (const asked of this.afterResolution.splice(0)) this.handle(asked)
    }

    /**
     * Which inputs decide something: an input does when some element's verdict reads it. Read from
     * the deciding records (DecisiveInputs) a slice at a time after the resolution is sent, until
     * every input is cited; nothing of the pass is kept.
     */
    private decisivePass(id: number, evaluation: Evaluation): () => void {
        if (!evaluation.ok) {
            // without a variant nothing is decided yet: every input may matter
            this.post({type: 'decisive', resolution: id, inputs: [...readDefinitionOf(this.template).inputs.keys()]})
            return () => {}
        }
        const pass = new DecisiveInputs(evaluation.model)
        let timer: NodeJS.Immediate | undefined
        const run = () => {
            if (pass.step(performance.now() + SLICE_MS)) this.post({type: 'decisive', resolution: id, inputs: [...pass.inputs]})
            else timer = this.later(run)
        }
        timer = this.later(run)
        return () => clearImmediate(timer)
    }

    /** A what-if or repairs search, a slice at a time, reporting its progress; `cancel` stops it. */
    private search(id: number, lookup: Lookup): void {
        let started: ReturnType<typeof startLookup>
        try {
            started = startLookup(this.template, requestOf(lookup.choices, this.base), lookup)
        } catch (e) {
            return this.post({type: 'found', id, items: [], note: `cannot search: ${(e as Error).message}`})
        }
        const {search, finish} = started
        let timer: NodeJS.Immediate | undefined
        const run = () => {
            if (!search.step(SLICE_MS)) {
                this.post({type: 'progress', id, tried: search.progress.tried, total: search.progress.total})
                timer = this.later(run)
                return
            }
            this.searches.delete(id)
            this.post({type: 'found', id, ...finish()})
        }
        this.searches.set(id, () => clearImmediate(timer))
        timer = this.later(run)
    }

    private analyze(id: number, elements: number): void {
        if (elements > MOST_ANALYZED) return this.post({type: 'analyzed', id})
        try {
            this.post({type: 'analyzed', id, analysis: analyzeTemplate(this.template, {plugins: this.base.plugins, budget: ANALYSIS_BUDGET_MS})})
        } catch {
            // a template that does not resolve at all shows its error elsewhere; no marks then
            this.post({type: 'analyzed', id})
        }
    }
}

export function resolutionData(id: number, e: Evaluation): ResolutionData {
    const common = {id, choices: e.choices, inputs: e.inputs, warnings: e.warnings.map(w => `warning[${w.code}]: ${w.describe()}`)}
    if (!e.ok) {
        return {ok: false, error: shownFailure(e.error), conflict: e.conflict, ...common}
    }
    return {ok: true, present: e.present, pruned: e.pruned, presence: presenceOf(e.model), mode: e.model.options.mode.value, removed: removedByKind(e.model), ...common}
}

/** A row's reason: for pruned elements, and present ones the optimizer or a free choice kept; empty for the rest (no explanation is built for them). */
function reasonOf(model: ResolvedModel, seq: number): string {
    const element = model.graph.elements[seq]
    if (!element) return ''
    const state = model.solution.state[seq]
    if (model.present(element) && state !== 'optimized' && state !== 'free') return ''
    return SHORT_REASON[explanationOf(model, element).code]
}

/** A search made in steps of a few milliseconds (the engine's what-if and repairs searches). */
interface Stepwise {
    step(budgetMs: number): boolean
    readonly progress: {readonly tried: number; readonly total: number}
}

/** The search a lookup asks for, and how its result reads as numbered suggestions. */
function startLookup(template: LoadedTemplate, request: ResolveRequest, lookup: Lookup): {search: Stepwise; finish: () => {items: Suggestion[]; note: string}} {
    if (lookup.kind === 'what-if') {
        const search = startWhatIf(template, request, lookup.target!)
        const finish = () => {
            const result = search.result()
            const flip = result.verdict === 'present' ? 'pruned' : 'present'
            const items = result.suggestions.map(s => suggestion(lookup.choices, s.changes, s.preset, `makes it ${s.verdict}`))
            const note = items.length
                ? `what would make it ${flip} (each verified by resolving again):`
                : result.impossible
                  ? `no change of inputs can make it ${flip}: its verdict reads no input`
                  : `none of the ${result.tried} changes tried makes it ${flip}`
            return {items, note}
        }
        return {search, finish}
    }
    const search = startRepairs(template, request)
    const finish = () => {
        const result = search.result()
        const items = result.suggestions.map(s => suggestion(lookup.choices, s.changes, s.preset, `${s.present} present, ${s.pruned} pruned`))
        const note = items.length ? 'these changes make a variant exist (each verified by resolving again):' : `none of the ${result.tried} changes tried makes a variant exist`
        return {items, note}
    }
    return {search, finish}
}

/** A suggestion as a change of the wizard's choices, with one line to show. */
export function suggestion(choices: Choices, changes: readonly InputChange[], preset: string | undefined, effect: string): Suggestion {
    const changed = changes.reduce((c, change) => withValue(c, change.input, change.to), choices)
    const parts = [...changes.map(c => `${c.input} = ${renderExpression(c.to)}`), ...(preset ? [`preset ${preset}`] : [])]
    // a preset suggested is applied after the chosen ones, as the search tried it
    return {text: `${parts.join(', ')}  → ${effect}`, choices: {...changed, presets: preset ? [...choices.presets.filter(p => p !== preset), preset] : choices.presets}}
}
