// An editor's side of the language server, for tests: `trellis lsp --stdio` as a child process,
// spoken to over JSON-RPC (vscode-jsonrpc, the client half of the packages the server uses), with
// the diagnostics it publishes kept per document.
import {spawn, type ChildProcess} from 'node:child_process'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import rpc from 'vscode-jsonrpc/node.js'
import type {Diagnostic, Position} from 'vscode-languageserver'

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/trellis.js')

export interface Published {
    readonly uri: string
    readonly version?: number
    readonly diagnostics: Diagnostic[]
}

export class EditorClient {
    readonly connection: rpc.MessageConnection
    private readonly child: ChildProcess
    private readonly published: Published[] = []
    private readonly waiting: {test: (p: Published) => boolean; resolve: (p: Published) => void}[] = []
    private readonly versions = new Map<string, number>()
    stderr = ''

    constructor(cwd: string) {
        this.child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], {cwd, stdio: ['pipe', 'pipe', 'pipe']})
        this.child.stderr!.on('data', chunk => (this.stderr += String(chunk)))
        this.connection = rpc.createMessageConnection(new rpc.StreamMessageReader(this.child.stdout!), new rpc.StreamMessageWriter(this.child.stdin!))
        this.connection.onNotification('textDocument/publishDiagnostics', (p: Published) => {
            this.published.push(p)
            for (const w of [...this.waiting])
                if (w.test(p)) {
                    this.waiting.splice(this.waiting.indexOf(w), 1)
                    w.resolve(p)
                }
        })
        this.connection.onRequest('workspace/inlayHint/refresh', () => null)
        this.connection.onRequest('workspace/codeLens/refresh', () => null)
        this.connection.listen()
    }

    async initialize(workspace: string, initializationOptions?: Record<string, unknown>): Promise<unknown> {
        const result = await this.connection.sendRequest('initialize', {
            processId: process.pid,
            rootUri: pathToFileURL(workspace).href,
            workspaceFolders: [{uri: pathToFileURL(workspace).href, name: 'workspace'}],
            capabilities: {workspace: {inlayHint: {refreshSupport: true}, codeLens: {refreshSupport: true}}},
            initializationOptions,
        })
        await this.connection.sendNotification('initialized', {})
        return result
    }

    /** Opens a document and waits for its first diagnostics. */
    open(file: string, text: string): Promise<Published> {
        const uri = pathToFileURL(file).href
        this.versions.set(uri, 1)
        const published = this.diagnosticsOf(uri, 1)
        void this.connection.sendNotification('textDocument/didOpen', {textDocument: {uri, languageId: 'yaml', version: 1, text}})
        return published
    }

    /** Replaces a document's text; resolves with the diagnostics of that version. */
    change(file: string, text: string): Promise<Published> {
        const uri = pathToFileURL(file).href
        const version = (this.versions.get(uri) ?? 1) + 1
        this.versions.set(uri, version)
        const published = this.diagnosticsOf(uri, version)
        void this.connection.sendNotification('textDocument/didChange', {textDocument: {uri, version}, contentChanges: [{text}]})
        return published
    }

    /** The next diagnostics published for `uri` at `version` (or any version) that pass `where`. */
    diagnosticsOf(uri: string, version?: number, where: (p: Published) => boolean = () => true): Promise<Published> {
        const test = (p: Published) => p.uri === uri && (version === undefined || p.version === version) && where(p)
        return new Promise(resolve => this.waiting.push({test, resolve}))
    }

    request<T>(method: string, file: string, position?: Position, extra: Record<string, unknown> = {}): Promise<T> {
        return this.connection.sendRequest(method, {textDocument: {uri: pathToFileURL(file).href}, ...(position ? {position} : {}), ...extra}) as Promise<T>
    }

    /** Shuts the server down as an editor does; resolves with its exit code. */
    async shutdown(): Promise<number | null> {
        const exited = new Promise<number | null>(resolve => this.child.once('exit', code => resolve(code)))
        await this.connection.sendRequest('shutdown')
        await this.connection.sendNotification('exit')
        const code = await exited
        this.connection.dispose()
        return code
    }

    kill(): void {
        this.child.kill()
    }
}

/** The position of the `¦` in a text with one caret marker, and the text without it. */
export function caret(marked: string): {text: string; position: Position} {
    const at = marked.indexOf('¦')
    const before = marked.slice(0, at).split('\n')
    return {text: marked.slice(0, at) + marked.slice(at + 1), position: {line: before.length - 1, character: before[before.length - 1]!.length}}
}
