// The resolver's end of the conversation, wherever it runs (its worker thread,
// or the wizard's thread where no worker can start): it reads the template and
// the technology plugins the run allows — the only time the template is read —
// and says what the wizard needs to draw (the outline), or why it cannot; told
// the command line's request, it answers requests with the ResolverService.
// A template changed on disk is read again here.
import {skippedPlugins} from '../../app/plugins.js'
import {type LoadedPlugin, type LoadedTemplate, loadTechnologyPlugins, loadTemplate, type PluginPolicy} from '../../engine/index.js'
import {failureLine, failureOf} from './failure.js'
import {outlineOf} from './outline.js'
import type {BaseRequest, Fault, Request} from './protocol.js'
import {type Post, ResolverService} from './service.js'

/** What a resolver is started with. */
export interface ResolverInput {
    readonly file: string
    readonly plugins: PluginPolicy
    /** For tests: how this resolver fails (see Fault). */
    readonly fault?: Fault
}

/**
 * What a worker thread is started with: the resolver's input, and the largest YAML file the thread
 * that starts it reads (a setting of each thread's own engine, which the command line sets in its thread).
 */
export interface WorkerInput {
    readonly input: ResolverInput
    readonly maxYamlMB: number
}

/** From the wizard: the request to start from, a request, or the template changed on disk. */
export type ResolverMessage = {readonly kind: 'start'; readonly base: BaseRequest} | {readonly kind: 'request'; readonly request: Request} | {readonly kind: 'reload'}

export class Endpoint {
    private read: {readonly template: LoadedTemplate; readonly plugins: LoadedPlugin[]} | undefined
    private service: ResolverService | undefined
    /** Messages that came before the template was read, or requests before the request to start from. */
    private readonly waiting: ResolverMessage[] = []
    private loading = true

    /** `crashed`: where a failure in work done later goes (by default it is thrown, and ends a worker). */
    constructor(
        private readonly input: ResolverInput,
        private readonly post: Post,
        private readonly crashed?: (e: unknown) => void,
    ) {
        void this.load()
    }

    private async load(): Promise<void> {
        try {
            const template = await loadTemplate(this.input.file)
            const skipped = skippedPlugins(template, this.input.plugins)
            this.read = {template, plugins: await loadTechnologyPlugins(template, this.input.plugins)}
            this.post({type: 'loaded', outline: outlineOf(template, skipped ? [skipped] : [])})
        } catch (e) {
            this.post({type: 'load-failed', failure: failureOf(e)})
        }
        this.loading = false
        for (const message of this.waiting.splice(0)) this.receive(message)
    }

    receive(message: ResolverMessage): void {
        if (this.loading || (!this.service && message.kind === 'request')) return void this.waiting.push(message)
        // a template that cannot be read answers nothing (the wizard is not opened on it)
        if (!this.read) return
        switch (message.kind) {
            case 'start':
                this.service = new ResolverService(this.read.template, {...message.base, plugins: this.read.plugins}, this.post, {fault: this.input.fault, crashed: this.crashed})
                for (const early of this.waiting.splice(0)) this.receive(early)
                return
            case 'request':
                return this.service!.handle(message.request)
            case 'reload':
                return void this.reload()
        }
    }

    private async reload(): Promise<void> {
        let template: LoadedTemplate
        try {
            template = await loadTemplate(this.input.file)
        } catch (e) {
            return this.post({type: 'reload-failed', message: `the template changed but cannot be read (${failureLine(failureOf(e))}); showing the last version`})
        }
        this.read = {...this.read!, template}
        this.service?.replaceTemplate(template)
        this.post({type: 'loaded', outline: outlineOf(template, [])})
    }

    /** Work scheduled for later is dropped (the wizard's thread ends a resolver it runs this way). */
    close(): void {
        this.service?.close()
    }
}
