// The wizard's side of the resolver: it opens the resolver on a template file,
// hears what the template holds (the outline), sends requests and hands the
// responses to whoever listens. The resolver runs in a worker thread, so
// neither reading nor resolving even a very large template holds up a key;
// where no worker can start (the sources run untranspiled, as under the test
// runner) it runs on this thread, each message handled on a later turn of the
// event loop, as a worker's would be.
//
// A resolver that stops (an exception or out of memory in the engine) is
// started again once, with the latest choices: the requests still to be
// answered are asked again. One that stops again says so, and nothing waits
// for it any more.
import fs from 'node:fs'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import {maxYamlBytes, type PluginPolicy, removeArchivesAtExit, removeThreadArchives} from '../../engine/index.js'
import {Endpoint, type ResolverInput, type ResolverMessage, type WorkerInput} from './endpoint.js'
import {errorOf, failureLine} from './failure.js'
import type {Choices} from './protocol.js'
import type {BaseRequest, Fault, Request, Response, TemplateOutline} from './protocol.js'

export interface Resolver {
    /** The template as the resolver read it last; undefined until it did. */
    readonly outline: TemplateOutline | undefined
    /** The template's outline once read; rejected with the reason it cannot be (as reading it on this thread would throw). */
    readonly loaded: Promise<TemplateOutline>
    /**
     * The request the command line made: requests are answered once it is given. `opening`: the
     * choices the wizard opens with, resolved at once (as a preview nobody waits for), so that the
     * first resolution is under way while the wizard draws its first frame; asked for then, it is
     * taken from what the resolver remembers.
     */
    start(base: BaseRequest, opening?: Choices): void
    send(request: Request): void
    /** A new request identifier, unique among this resolver's: a response names the request it answers (0 is never given). */
    nextId(): number
    /** The template changed on disk: the resolver reads it again ('loaded' follows, or 'reload-failed'). */
    reload(): void
    /** Calls `listener` with every response; returns a function that stops it. */
    listen(listener: (response: Response) => void): () => void
    close(): void
}

/** Where the resolver runs: a worker thread when it can, else this thread. */
export type ResolverThread = 'worker' | 'main'

export interface ResolverOptions {
    /** By default a worker thread, when the built worker exists. */
    readonly thread?: ResolverThread
    /** Which technology plugins may run (a template's own only with --allow-plugins); by default none. */
    readonly plugins?: PluginPolicy
    /** For tests only: resolvers that fail (see Fault). */
    readonly fault?: Fault
}

const WORKER = new URL('./worker.js', import.meta.url)
const MB = 1024 * 1024
/** The heap of a resolver a test makes run out of memory: small, so it does so at once. */
const FAULT_HEAP_MB = 64

/** Opens a resolver on the template `file`: it starts reading it at once. */
export function openResolver(file: string, options: ResolverOptions = {}): Resolver {
    // as given: a template that cannot be read is named as the user named it
    return new SupervisedResolver(file, options)
}

/** One resolver running somewhere; `died` is heard once, when it stopped without being closed. */
interface Host {
    post(message: ResolverMessage): void
    close(): void
}
interface HostEvents {
    message(response: Response): void
    died(reason: string): void
}

/** The resolver worker's young generation (see workerHost). */
const WORKER_YOUNG_MB = 16

function workerHost(input: ResolverInput, events: HostEvents): Host {
    // a young generation of 16 MB: the industry example's wizard peaked at 303-311 MB with V8's
    // default and at 281-285 MB with it, as fast (docs/performance.md, issue 37); at 80,000 elements the same
    const young = {maxYoungGenerationSizeMb: WORKER_YOUNG_MB}
    const limits = {resourceLimits: input.fault?.by === 'out-of-memory' ? {...young, maxOldGenerationSizeMb: FAULT_HEAP_MB} : young}
    const data: WorkerInput = {input, maxYamlMB: maxYamlBytes() / MB}
    const worker = new Worker(WORKER, {workerData: data, ...limits})
    // a worker never keeps the process alive: the wizard ends it when it leaves
    worker.unref()
    let closed = false
    let error: Error | undefined
    worker.on('message', (response: Response) => events.message(response))
    worker.on('error', e => (error = e))
    // what the worker unpacked (a CSAR archive) goes with it: a terminated worker runs no exit handler
    removeArchivesAtExit()
    const thread = worker.threadId
    worker.on('exit', code => {
        removeThreadArchives(thread)
        if (!closed) events.died(reasonOf(error, code))
    })
    return {
        post: message => worker.postMessage(message),
        close: () => {
            closed = true
            void worker.terminate()
        },
    }
}

function threadHost(input: ResolverInput, events: HostEvents): Host {
    if (input.fault?.by === 'out-of-memory') throw new Error('running out of memory needs a resolver in a worker thread')
    let closed = false
    const died = (e: unknown) => {
        if (closed) return
        closed = true
        endpoint.close()
        events.died(reasonOf(e instanceof Error ? e : new Error(String(e))))
    }
    // copied as a worker's messages are, so nothing is shared by accident
    const endpoint = new Endpoint(input, response => setImmediate(() => closed || events.message(structuredClone(response))), died)
    return {
        post: message =>
            setImmediate(() => {
                if (closed) return
                try {
                    endpoint.receive(structuredClone(message))
                } catch (e) {
                    died(e)
                }
            }),
        close: () => {
            closed = true
            endpoint.close()
        },
    }
}

/** Why a resolver stopped, in a few words. */
function reasonOf(error: Error | undefined, code?: number): string {
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'out of memory'
    if (error) return error.message.split('\n')[0]!
    return `exit code ${code}`
}

/** A worker runs the built JavaScript. */
function canUseWorker(): boolean {
    return fs.existsSync(fileURLToPath(WORKER))
}

class SupervisedResolver implements Resolver {
    outline: TemplateOutline | undefined
    readonly loaded: Promise<TemplateOutline>
    private settle!: {resolve: (outline: TemplateOutline) => void; reject: (e: Error) => void}
    private readonly thread: ResolverThread
    private readonly listeners = new Set<(response: Response) => void>()
    /** Resolvers started so far (a test's fault applies to the first ones). */
    private started = 0
    private host: Host
    private base: BaseRequest | undefined
    /** The latest resolution asked for: a resolver started again makes it again (the wizard's outcome refers to it). */
    private latest: Extract<Request, {type: 'resolve'}> | undefined
    /** Requests still to be answered, by id (of resolutions and previews only the latest is answered). */
    private readonly open = new Map<number, Request>()
    /** Between a resolver stopping and the next one having read the template. */
    private restarting = false
    private reloading = false
    private ended = false
    /** Analyses run in resolvers of their own, so resolutions never wait for them (up to 1.5 s in one go). */
    private readonly analysts = new Set<Host>()
    private lastId = 0

    constructor(
        private readonly file: string,
        private readonly options: ResolverOptions,
    ) {
        this.thread = options.thread ?? (canUseWorker() ? 'worker' : 'main')
        this.loaded = new Promise((resolve, reject) => (this.settle = {resolve, reject}))
        // a template that cannot be read is reported by whoever awaits it; nobody else needs to
        this.loaded.catch(() => {})
        this.host = this.spawn()
    }

    private spawn(): Host {
        const fault = this.options.fault && this.started < this.options.fault.resolvers ? this.options.fault : undefined
        this.started++
        const input: ResolverInput = {file: this.file, plugins: this.options.plugins ?? {allow: false}, ...(fault ? {fault} : {})}
        const host: Host = (this.thread === 'worker' ? workerHost : threadHost)(input, {
            message: response => host === this.host && this.received(response),
            died: reason => host === this.host && this.died(reason),
        })
        return host
    }

    private post(message: ResolverMessage): void {
        if (!this.restarting && !this.ended) this.host.post(message)
    }

    start(base: BaseRequest, opening?: Choices): void {
        this.base = base
        this.post({kind: 'start', base})
        // id 0: nextId never gives it, so its answer is heard by nobody
        if (opening) this.post({kind: 'request', request: {type: 'count', id: 0, choices: opening}})
    }

    send(request: Request): void {
        if (request.type === 'analyze' && this.thread === 'worker') return this.analyze(request)
        if (request.type === 'cancel') this.open.delete(request.id)
        else {
            // resolutions and previews asked for in a row are folded: only the latest is answered
            if (request.type === 'resolve' || request.type === 'count') for (const [id, r] of this.open) if (r.type === request.type) this.open.delete(id)
            if (request.type === 'resolve') this.latest = request
            this.open.set(request.id, request)
        }
        this.post({kind: 'request', request})
    }

    nextId(): number {
        return ++this.lastId
    }

    reload(): void {
        this.reloading = true
        this.post({kind: 'reload'})
    }

    listen(listener: (response: Response) => void): () => void {
        this.listeners.add(listener)
        return () => this.listeners.delete(listener)
    }

    close(): void {
        this.ended = true
        this.host.close()
        for (const analyst of this.analysts) analyst.close()
    }

    private emit(response: Response): void {
        if (this.ended) return
        for (const listener of [...this.listeners]) listener(response)
    }

    private received(response: Response): void {
        switch (response.type) {
            case 'loaded': {
                const first = this.outline === undefined
                const again = this.restarting && !this.reloading && !first
                this.outline = response.outline
                this.reloading = false
                if (first) this.settle.resolve(response.outline)
                if (this.restarting) this.resume()
                // a resolver started again read the template as it was: no change to tell
                if (again) return
                break
            }
            case 'load-failed':
                if (this.outline === undefined) {
                    this.close()
                    return this.settle.reject(errorOf(response.failure))
                }
                // a resolver started again after the template became unreadable on disk
                return this.stop(`the template cannot be read any more (${failureLine(response.failure)})`)
            case 'reload-failed':
                this.reloading = false
                break
            case 'resolved':
                if (this.open.get(response.resolution.id)?.type === 'resolve') this.open.delete(response.resolution.id)
                break
            case 'counted':
            case 'explained':
            case 'reasons':
            case 'found':
            case 'analyzed':
            case 'written':
            case 'failed':
                this.open.delete(response.id)
                break
            case 'decisive':
            case 'progress':
            case 'reads':
            case 'restarted':
            case 'stopped':
                break
        }
        this.emit(response)
    }

    private died(reason: string): void {
        if (this.ended) return
        this.host.close()
        // started again once already: no more tries
        if (this.started > 1) {
            if (this.outline === undefined) {
                this.close()
                return this.settle.reject(new Error(`the resolver stopped twice while reading ${this.file} (${reason})`))
            }
            return this.stop(`the resolver stopped again (${reason}): nothing more can be resolved; q quits`)
        }
        this.restarting = true
        this.host = this.spawn()
        if (this.outline !== undefined) this.emit({type: 'restarted', message: `the resolver stopped (${reason}) and is starting again with your choices`})
    }

    /** The resolver started again read the template: it is given the request to start from, then asked again what was not answered. */
    private resume(): void {
        this.restarting = false
        if (this.base) this.post({kind: 'start', base: this.base})
        if (this.latest) this.post({kind: 'request', request: this.latest})
        for (const request of this.open.values()) if (request !== this.latest) this.post({kind: 'request', request})
    }

    private stop(message: string): void {
        this.emit({type: 'stopped', message})
        this.close()
    }

    private analyze(request: Extract<Request, {type: 'analyze'}>): void {
        const done = (response: Response) => {
            this.analysts.delete(analyst)
            analyst.close()
            this.emit(response)
        }
        const analyst: Host = workerHost(
            {file: this.file, plugins: this.options.plugins ?? {allow: false}},
            {
                message: response => {
                    if (response.type === 'analyzed') done(response)
                    // the template became unreadable meanwhile: no marks either
                    else if (response.type === 'load-failed') done({type: 'analyzed', id: request.id})
                },
                // the analysis only adds marks: without it there are none
                died: () => done({type: 'analyzed', id: request.id}),
            },
        )
        this.analysts.add(analyst)
        if (this.base) analyst.post({kind: 'start', base: this.base})
        analyst.post({kind: 'request', request})
    }
}
