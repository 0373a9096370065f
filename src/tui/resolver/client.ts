// The wizard's side of the resolver: requests go out, responses come back to
// whoever listens. The resolver runs in a worker thread, so resolving even a
// very large template never holds up a key; where no worker can start (the
// sources run untranspiled, as under the test runner) it runs on this thread,
// each message handled on a later turn of the event loop, as a worker's would be.
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import type {LoadedTemplate, ResolveRequest} from '../../engine/index.js'
import type {Request, Response} from './protocol.js'
import {ResolverService} from './service.js'
import type {WorkerInput, WorkerMessage} from './worker.js'

export interface Resolver {
    send(request: Request): void
    /** The template changed on disk and was read again (`template`, this thread's copy). */
    reload(template: LoadedTemplate): void
    /** Calls `listener` with every response; returns a function that stops it. */
    listen(listener: (response: Response) => void): () => void
    close(): void
}

/** Where the resolver runs: a worker thread when it can, else this thread. */
export type ResolverThread = 'worker' | 'main'

const WORKER = new URL('./worker.js', import.meta.url)

/** A worker started early for a template file, reading it while the command line does too. */
let prepared: {file: string; worker: Worker} | undefined

/** Starts the worker for `file` now, so that it reads the template alongside the command line; the wizard adopts it. */
export function prepareResolver(file: string): void {
    if (!fs.existsSync(fileURLToPath(WORKER))) return
    const worker = new Worker(WORKER, {workerData: {file: path.resolve(file)} satisfies WorkerInput})
    worker.unref()
    prepared = {file: path.resolve(file), worker}
}

export function startResolver(template: LoadedTemplate, base: ResolveRequest, thread: ResolverThread = canUseWorker(template) ? 'worker' : 'main'): Resolver {
    return thread === 'worker' ? workerResolver(template, base) : mainThreadResolver(template, base)
}

/** A worker runs the built JavaScript, and reads the template from its file. */
function canUseWorker(template: LoadedTemplate): boolean {
    return fs.existsSync(fileURLToPath(WORKER)) && fs.existsSync(template.file)
}

class Listeners {
    private readonly all = new Set<(response: Response) => void>()
    add(listener: (response: Response) => void): () => void {
        this.all.add(listener)
        return () => this.all.delete(listener)
    }
    emit(response: Response): void {
        for (const listener of [...this.all]) listener(response)
    }
}

function workerResolver(template: LoadedTemplate, base: ResolveRequest): Resolver {
    const {plugins, ...rest} = base
    const listeners = new Listeners()
    const spawn = (adopted?: Worker): Worker => {
        const worker = adopted ?? new Worker(WORKER, {workerData: {file: template.file} satisfies WorkerInput})
        // a worker never keeps the process alive: the wizard ends it when it leaves
        worker.unref()
        worker.postMessage({kind: 'start', base: rest, plugins: (plugins ?? []).map(p => p.source)} satisfies WorkerMessage)
        worker.on('message', (response: Response) => listeners.emit(response))
        worker.on('error', e => listeners.emit({type: 'reload-failed', message: `the resolver stopped: ${e.message}`}))
        return worker
    }
    const worker = spawn(prepared?.file === template.file ? prepared.worker : undefined)
    prepared = undefined
    // the analysis runs for up to its budget in one go: a worker of its own, so resolutions never wait for it
    const analysts = new Set<Worker>()
    const analyze = (request: Request) => {
        const analyst = spawn()
        analysts.add(analyst)
        const done = () => (analysts.delete(analyst), void analyst.terminate())
        analyst.on('message', (response: Response) => response.type === 'analyzed' && done())
        analyst.postMessage({kind: 'request', request} satisfies WorkerMessage)
    }
    const post = (message: WorkerMessage) => worker.postMessage(message)
    return {
        send: request => (request.type === 'analyze' ? analyze(request) : post({kind: 'request', request})),
        reload: () => post({kind: 'reload'}),
        listen: listener => listeners.add(listener),
        close: () => {
            void worker.terminate()
            for (const analyst of analysts) void analyst.terminate()
        },
    }
}

function mainThreadResolver(template: LoadedTemplate, base: ResolveRequest): Resolver {
    const listeners = new Listeners()
    let closed = false
    // copied as a worker's messages are, so nothing is shared by accident
    const service = new ResolverService(template, base, response => setImmediate(() => !closed && listeners.emit(structuredClone(response))))
    return {
        send: request => setImmediate(() => !closed && service.handle(structuredClone(request))),
        reload: next => setImmediate(() => !closed && service.replaceTemplate(next)),
        listen: listener => listeners.add(listener),
        close: () => {
            closed = true
        },
    }
}
