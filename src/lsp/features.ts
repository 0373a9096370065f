// The requests an editor makes of an open template, each answered from its last evaluation.
import lsp from 'vscode-languageserver/node.js'
import type {CompletionItem, DocumentSymbol, InlayHint, Location, SymbolKind as Kind} from 'vscode-languageserver'
import {type Element, verdictOf} from '../engine/index.js'
import {flipAction, inputAt, renameInput, repairActions, resolveFlip} from './actions.js'
import {choiceOf} from './choice.js'
import {topologyDiagram, variantLens} from './topology.js'
import {cursorAt, valuesOf} from './cursor.js'
import type {OpenTemplate, Server} from './documents.js'
import {elementAt, elementHover, inputHover} from './hover.js'
import {definitionAt, type Scope} from './references.js'
import {completionsAt} from './completion.js'
import {fileOf, rangeOf, uriOf} from './ranges.js'

export function registerFeatures(server: Server): void {
    registerVerdicts(server)
    registerNavigation(server)
    registerEdits(server)
}

/** Hover and inlay hints: the verdicts and why. */
function registerVerdicts(server: Server): void {
    const {connection} = server
    const openAt = (uri: string) => server.open.get(uri)
    connection.onHover(({textDocument, position}) => {
        const open = openAt(textDocument.uri)
        const model = open?.good?.model
        const file = fileOf(textDocument.uri)
        if (!open || !model || !file) return null
        const element = elementAt(model, file, position)
        if (element) return elementHover(model, element, open.staleNote())
        const input = inputAt(open, open.document.offsetAt(position))
        return input ? (inputHover(model, input.name, open.staleNote()) ?? null) : null
    })
    connection.languages.inlayHint.on(({textDocument, range}) => {
        const open = openAt(textDocument.uri)
        const file = fileOf(textDocument.uri)
        const model = open?.good?.model
        if (!open || !model || !file) return []
        const stale = open.staleNote() ? ' (stale)' : ''
        const hints: InlayHint[] = []
        const seen = new Set<number>()
        for (const e of model.graph.elements) {
            const at = e.location
            if (!at || at.file !== file || !VERDICT_KINDS.has(e.kind) || at.line - 1 < range.start.line || at.line - 1 > range.end.line || seen.has(at.line)) continue
            seen.add(at.line)
            const line = open.document.getText({start: {line: at.line - 1, character: 0}, end: {line: at.line, character: 0}}).replace(/\r?\n$/, '')
            const present = verdictOf(model, e) === 'present'
            hints.push({position: {line: at.line - 1, character: line.length}, label: `${present ? '✔ present' : '✘ pruned'}${stale}`, paddingLeft: true})
        }
        return hints
    })
}

/** Definition, references, symbols, completion. */
function registerNavigation(server: Server): void {
    const {connection} = server
    const openAt = (uri: string) => server.open.get(uri)
    connection.onCodeLens(({textDocument}) => {
        const open = openAt(textDocument.uri)
        return open && server.variantLens ? variantLens(open) : []
    })
    connection.onDefinition(({textDocument, position}) => {
        const open = openAt(textDocument.uri)
        const scope = open && scopeOf(open)
        if (!open || !scope) return null
        const at = definitionAt(scope, cursorAt(open.parse(), open.document.offsetAt(position)))
        return at ? {uri: uriOf(at.file), range: rangeOf(at, server.lines(at.file, at.line))} : null
    })
    connection.onReferences(({textDocument, position}) => {
        const open = openAt(textDocument.uri)
        if (!open) return []
        const name = inputAt(open, open.document.offsetAt(position))?.name
        if (!name) return []
        const reads = valuesOf(open.parse(), new Set(['variability_input'])).filter(v => v.value === name)
        return reads.map((r): Location => ({uri: textDocument.uri, range: {start: open.document.positionAt(r.start), end: open.document.positionAt(r.end)}}))
    })
    connection.onDocumentSymbol(({textDocument}) => {
        const open = openAt(textDocument.uri)
        const file = fileOf(textDocument.uri)
        const scope = open && scopeOf(open)
        if (!open || !scope?.graph || !file) return []
        return documentSymbols(scope, file, server)
    })
    connection.onCompletion(({textDocument, position}) => {
        const open = openAt(textDocument.uri)
        const scope = open && scopeOf(open)
        if (!open || !scope) return []
        return completionsAt(scope, open, position) satisfies CompletionItem[]
    })
}

/** Quick fixes, rename, and the commands that set the active choice. */
function registerEdits(server: Server): void {
    const {connection} = server
    const openAt = (uri: string) => server.open.get(uri)
    connection.onCodeAction(({textDocument, range, context}) => {
        const open = openAt(textDocument.uri)
        const file = fileOf(textDocument.uri)
        if (!open || !file) return []
        const failed = context.diagnostics.some(d => d.source === 'trellis' && typeof d.code === 'string' && FAILURES.has(d.code))
        const model = open.good === open.latest ? open.good?.model : undefined
        const element = model && elementAt(model, file, range.start)
        return [...(failed ? repairActions(server, open, file) : []), ...(model && element ? [flipAction(open, element, verdictOf(model, element))] : [])]
    })
    connection.onCodeActionResolve(action => resolveFlip(server, action))
    connection.onPrepareRename(({textDocument, position}) => {
        const open = openAt(textDocument.uri)
        return (open && inputAt(open, open.document.offsetAt(position))?.range) ?? null
    })
    connection.onRenameRequest(({textDocument, position, newName}) => {
        const open = openAt(textDocument.uri)
        const file = fileOf(textDocument.uri)
        const input = open && inputAt(open, open.document.offsetAt(position))
        return open && file && input ? renameInput(server, open, file, input.name, newName) : null
    })
    connection.onExecuteCommand(async ({command, arguments: args}) => {
        const [uri, value] = args ?? []
        const file = typeof uri === 'string' ? fileOf(uri) : undefined
        if (!file) return {error: `${command} expects the template's URI first`}
        if (command === 'trellis.showChoice') return server.choices.get(file)
        if (command === 'trellis.showTopology') {
            const open = openAt(uri as string)
            return (open && topologyDiagram(open)) ?? {error: 'the template has not resolved yet'}
        }
        const choice = choiceOf(value ?? {})
        if (!choice) return {error: 'a choice is {profile?: string, presets?: string[], inputs?: string}'}
        server.choices.set(file, choice)
        server.refresh(uri as string)
        return choice
    })
}

/** The failures a repair may fix: no variant, two, or one a check rejects. */
const FAILURES: ReadonlySet<string> = new Set(['unsatisfiable', 'ambiguous', 'check-failed'])

/** The kinds whose verdicts are shown in the text (types and technologies follow their container). */
const VERDICT_KINDS: ReadonlySet<Element['kind']> = new Set(['node', 'relation', 'property', 'artifact', 'group', 'policy', 'input', 'output', 'import'])

/** What navigation reads: the last good evaluation, else the latest that read the template. */
function scopeOf(open: OpenTemplate): Scope | undefined {
    const evaluation = open.good ?? open.latest
    if (!evaluation?.template) return undefined
    const outcome = evaluation.outcome
    const prepared = evaluation.model ?? (outcome && 'failure' in outcome ? outcome.failure.prepared : undefined)
    return {template: evaluation.template, graph: prepared?.graph, inputs: prepared?.inputs}
}

/** The outline: variability inputs, presets and expressions, then the elements with their members. */
function documentSymbols(scope: Scope, file: string, server: Server): DocumentSymbol[] {
    const symbol = (name: string, detail: string, kind: Kind, at: {file: string; line: number; column: number} | undefined, children: DocumentSymbol[] = []): DocumentSymbol[] => {
        if (!at || at.file !== file) return []
        const range = rangeOf(at, server.lines(at.file, at.line))
        return [{name, detail, kind, range, selectionRange: range, children}]
    }
    const out: DocumentSymbol[] = []
    const definition = scope.inputs?.definition
    for (const input of definition?.inputs.values() ?? []) out.push(...symbol(input.name, 'variability input', VARIABLE, input.location))
    for (const preset of definition?.presets.values() ?? []) out.push(...symbol(preset.name, 'preset', CONSTANT, preset.location))
    const children = (e: Element): DocumentSymbol[] =>
        scope.graph!.elements.filter(c => c.container === e && c.kind !== 'type').flatMap(c => symbol(c.name, c.kind, KINDS[c.kind] ?? FIELD, c.location, children(c)))
    for (const e of scope.graph!.elements) if (!e.container) out.push(...symbol(e.name, e.kind, KINDS[e.kind] ?? FIELD, e.location, children(e)))
    return out
}

const {SymbolKind} = lsp
const FIELD = SymbolKind.Field
const VARIABLE = SymbolKind.Variable
const CONSTANT = SymbolKind.Constant
const KINDS: Partial<Record<Element['kind'], Kind>> = {
    node: SymbolKind.Class,
    relation: SymbolKind.Event,
    property: SymbolKind.Property,
    artifact: SymbolKind.File,
    group: SymbolKind.Namespace,
    policy: SymbolKind.Interface,
    input: SymbolKind.Variable,
    output: SymbolKind.Variable,
    import: SymbolKind.Module,
    technology: SymbolKind.Method,
}
