// The resolver in a worker thread: it reads the template itself (the wizard's
// copy cannot cross threads) as soon as it starts — while the command line
// reads it too — then, told the request the command line made, loads the
// plugins the wizard was allowed to run and answers requests (see service.ts)
// until the wizard ends it.
import {parentPort, workerData} from 'node:worker_threads'
import {loadTechnologyPlugins, loadTemplate, type LoadedTemplate, type ResolveRequest} from '../../engine/index.js'
import {ResolverService} from './service.js'
import type {Request} from './protocol.js'

/** What the worker is started with. */
export interface WorkerInput {
    readonly file: string
}

/** From the wizard: the request to start from, a request, or the template changed on disk. */
export type WorkerMessage =
    | {
          readonly kind: 'start'
          /** The request the command line made, without its plugins (code does not cross threads). */
          readonly base: Omit<ResolveRequest, 'plugins'>
          /** Files of the plugins the wizard loaded: loaded again here. */
          readonly plugins: readonly string[]
      }
    | {readonly kind: 'request'; readonly request: Request}
    | {readonly kind: 'reload'}

const port = parentPort!
const {file} = workerData as WorkerInput
const post = (message: unknown, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
const failed = (e: unknown) => post({type: 'reload-failed', message: `the resolver cannot read the template: ${(e as Error).message.split('\n')[0]}`})

let template: LoadedTemplate | undefined
try {
    template = loadTemplate(file)
} catch (e) {
    failed(e)
}
let service: ResolverService | undefined
// requests that come while the plugins load wait for the service, in order
const waiting: WorkerMessage[] = []

port.on('message', (message: WorkerMessage) => {
    if (message.kind === 'start') return void start(message).catch(failed)
    if (!service) return void waiting.push(message)
    handle(service, message)
})

async function start(message: Extract<WorkerMessage, {kind: 'start'}>): Promise<void> {
    if (!template) return
    const plugins = message.plugins.length ? await loadTechnologyPlugins(template, {allow: false, extra: message.plugins}) : []
    const ready = new ResolverService(template, {...message.base, plugins}, post)
    for (const early of waiting.splice(0)) handle(ready, early)
    service = ready
}

function handle(to: ResolverService, message: WorkerMessage): void {
    if (message.kind === 'request') return to.handle(message.request)
    if (message.kind !== 'reload') return
    try {
        to.replaceTemplate(loadTemplate(file))
    } catch (e) {
        failed(e)
    }
}
