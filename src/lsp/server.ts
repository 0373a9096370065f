// `trellis lsp`: the language server over stdio. A shell like the command line and the wizard:
// every answer comes from the engine's door and the app layer; this file wires LSP requests to
// them. Resolving happens after a pause in typing (DEBOUNCE_MS); hover, inlay hints and
// navigation read the last evaluation, never resolving again.
import lsp from 'vscode-languageserver/node.js'
import type {Connection, InitializeParams, InitializeResult} from 'vscode-languageserver'
import {TextDocument} from 'vscode-languageserver-textdocument'
import fs from 'node:fs'
import path from 'node:path'
import {startAnalysis} from './analysis.js'
import {warmExplanations} from './hover.js'
import {ChoiceStore} from './choice.js'
import {evaluate} from './evaluate.js'
import {OpenTemplate, type Server} from './documents.js'
import {fileOf} from './ranges.js'
import {registerFeatures} from './features.js'
import type {LineSource} from './diagnostics.js'

/** How long typing must pause before the template is resolved again. */
export const DEBOUNCE_MS = 200
/** How long after resolving the text must stay unchanged before it is analyzed: while typing goes on, analysis would take the CPU resolving needs. */
const ANALYSIS_DELAY_MS = 1000
/** How long after resolving the text must stay unchanged before the explanations are prepared for hover. */
const WARM_DELAY_MS = 300

/** Starts the server on standard input and output; resolves when the client has said exit. */
export function runLanguageServer(): Promise<number> {
    const connection = lsp.createConnection(new lsp.StreamMessageReader(process.stdin), new lsp.StreamMessageWriter(process.stdout))
    // nothing but JSON-RPC may reach standard output: a stray line from below would break the stream
    console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '))
    const documents = new lsp.TextDocuments(TextDocument)
    const server = makeServer(connection)
    connection.onInitialize((params: InitializeParams): InitializeResult => {
        const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined
        server.workspace = folder ? fileOf(folder) : undefined
        server.choices = new ChoiceStore(server.workspace)
        const options = params.initializationOptions as {analyze?: unknown; variantCount?: unknown} | undefined
        server.analyze = options?.analyze !== false
        server.variantLens = server.analyze && options?.variantCount === true
        return {capabilities: capabilities()}
    })
    documents.onDidOpen(({document}) => {
        server.open.set(document.uri, new OpenTemplate(document))
        schedule(server, document.uri, 0)
    })
    documents.onDidChangeContent(({document}) => {
        const open = server.open.get(document.uri)
        if (!open) return
        open.document = document
        schedule(server, document.uri, DEBOUNCE_MS)
    })
    documents.onDidClose(({document}) => {
        const open = server.open.get(document.uri)
        if (!open) return
        clearTimeout(open.timer)
        clearTimeout(open.warmTimer)
        clearTimeout(open.analysisTimer)
        open.analysis?.cancel()
        server.open.delete(document.uri)
        for (const uri of open.published) void connection.sendDiagnostics({uri, diagnostics: []})
    })
    registerFeatures(server)
    documents.listen(connection)
    return new Promise(resolve => {
        connection.onExit(() => resolve(0))
        connection.listen()
    })
}

function makeServer(connection: Connection): Server {
    const open = new Map<string, OpenTemplate>()
    const lines: LineSource = (shown, line) => {
        // the engine names files below the working directory relative to it
        const file = path.resolve(shown)
        for (const o of open.values())
            if (fileOf(o.document.uri) === file) return o.document.getText({start: {line: line - 1, character: 0}, end: {line, character: 0}}).replace(/\r?\n$/, '')
        try {
            return fs.readFileSync(file, 'utf8').split(/\r?\n/)[line - 1]
        } catch {
            return undefined
        }
    }
    const server: Server = {
        connection,
        open,
        choices: new ChoiceStore(undefined),
        workspace: undefined,
        analyze: true,
        variantLens: false,
        lines,
        refresh: uri => schedule(server, uri, 0),
    }
    return server
}

function capabilities(): InitializeResult['capabilities'] {
    return {
        textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        inlayHintProvider: true,
        codeLensProvider: {resolveProvider: false},
        codeActionProvider: {codeActionKinds: ['quickfix'], resolveProvider: true},
        renameProvider: {prepareProvider: true},
        completionProvider: {triggerCharacters: [' ', ':', '[', ',']},
        executeCommandProvider: {commands: [...COMMANDS]},
    }
}

export const COMMANDS = ['trellis.setChoice', 'trellis.showChoice', 'trellis.showTopology'] as const

/** Resolves the document after `delay` ms, unless it changes again before. */
function schedule(server: Server, uri: string, delay: number): void {
    const open = server.open.get(uri)
    if (!open) return
    clearTimeout(open.timer)
    clearTimeout(open.warmTimer)
    // what was analyzed of an earlier text no longer holds
    clearTimeout(open.analysisTimer)
    open.analysis?.cancel()
    open.analysis = undefined
    open.timer = setTimeout(() => void run(server, open), delay)
}

async function run(server: Server, open: OpenTemplate): Promise<void> {
    const {document} = open
    const file = fileOf(document.uri)
    // a document once taken for a template stays one while its first lines are retyped
    if (!file || (!open.latest && !isTemplateText(document.getText()))) return
    const choice = server.choices.get(file)
    let evaluation
    try {
        evaluation = await evaluate({
            text: document.getText(),
            version: document.version,
            file,
            choice,
            inputsFile: server.choices.inputsFile(choice),
            lines: server.lines,
        })
    } catch (e) {
        // a fault of Trellis itself: said in the log, the server goes on with the last good verdicts
        server.connection.console.error(`trellis: resolving ${file} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
        return
    }
    // a newer version is on its way, or the document was closed meanwhile
    if (server.open.get(document.uri) !== open || open.document.version !== evaluation.version) return
    open.latest = evaluation
    if (evaluation.model) open.good = evaluation
    publish(server, open)
    void server.connection.languages.inlayHint.refresh().catch(() => undefined)
    const {model} = evaluation
    if (model) open.warmTimer = setTimeout(() => warmExplanations(model), WARM_DELAY_MS)
    if (server.analyze) open.analysisTimer = setTimeout(() => analyzeInBackground(server, open), ANALYSIS_DELAY_MS)
}

/** Analyzes the evaluated text in a worker; its findings are published with the evaluation's diagnostics when it ends before the text changes. */
function analyzeInBackground(server: Server, open: OpenTemplate): void {
    const file = fileOf(open.document.uri)
    if (!file || !open.latest?.template) return
    const analysis = startAnalysis(open.document.getText(), file, server.lines)
    const version = open.document.version
    open.analysis = {version, cancel: analysis.cancel}
    analysis.done.then(
        result => {
            if (open.analysis?.version !== version || server.open.get(open.document.uri) !== open) return
            open.analysis = {...open.analysis, result}
            publish(server, open)
            if (server.variantLens) void server.connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined)
        },
        (e: unknown) => server.connection.console.error(`trellis: analyzing ${file} failed: ${e instanceof Error ? e.message : String(e)}`),
    )
}

function publish(server: Server, open: OpenTemplate): void {
    const byFile = new Map<string, lsp.Diagnostic[]>()
    const analyzed = open.analysis?.result?.diagnostics ?? []
    for (const {uri, diagnostic} of [...(open.latest?.diagnostics ?? []), ...analyzed]) byFile.set(uri, [...(byFile.get(uri) ?? []), diagnostic])
    if (!byFile.has(open.document.uri)) byFile.set(open.document.uri, [])
    for (const uri of open.published) if (!byFile.has(uri)) byFile.set(uri, [])
    for (const [uri, diagnostics] of byFile) void server.connection.sendDiagnostics({uri, version: uri === open.document.uri ? open.document.version : undefined, diagnostics})
    open.published = new Set([...byFile].filter(([, d]) => d.length).map(([uri]) => uri))
}

/** A YAML document the server resolves: a TOSCA service template (a type library resolves to nothing harmful either). */
function isTemplateText(text: string): boolean {
    return /^tosca_definitions_version\s*:/m.test(text)
}
