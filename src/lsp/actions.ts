// Code actions and rename. A template that does not resolve under the active choice gets the
// wizard's verified repairs (app/repair-help.ts: each tried by resolving again) as quick fixes: the
// input values written into the active inputs file (made beside the template when there is none,
// and chosen), a preset added to the choice. Renaming a variability input changes its definition,
// every `variability_input` that reads it, the presets that set it and the active inputs file. All
// are edits the editor applies (WorkspaceEdit), undoable; the choice changes through the
// `trellis.setChoice` command the action carries.
import fs from 'node:fs'
import path from 'node:path'
import type {CodeAction, Range, TextEdit, WorkspaceEdit} from 'vscode-languageserver'
import type {Document} from 'yaml'
import {type Element, type Repair, startWhatIf, yamlPackage} from '../engine/index.js'
import {verifiedRepairs, repairWords} from '../app/repair-help.js'
import {type ActiveChoice, OUTSIDE} from './choice.js'
import {cursorAt, parseDocument, valuesOf} from './cursor.js'
import type {OpenTemplate, Server} from './documents.js'
import {fileOf, uriOf} from './ranges.js'

/** The inputs file a quick fix makes when the choice has none, beside the template. */
const NEW_INPUTS = 'trellis-inputs.yaml'

/** The repairs of the open template's latest evaluation, searched once per evaluation (a few resolutions). */
const searched = new WeakMap<object, readonly Repair[]>()

export function repairActions(server: Server, open: OpenTemplate, file: string): CodeAction[] {
    const evaluation = open.latest
    const {template, request, outcome} = evaluation ?? {}
    if (!evaluation || !template || !request || !outcome || outcome.kind === 'resolved' || outcome.kind === 'invalid') return []
    let repairs = searched.get(evaluation)
    if (!repairs) searched.set(evaluation, (repairs = verifiedRepairs(template, request, outcome)))
    const choice = server.choices.get(file)
    return repairs.map(r => choiceAction(server, open, file, choice, r, `Resolve with ${repairWords(r)} (verified: ${r.present} present, ${r.pruned} pruned)`))
}

/** How long a what-if search may take when its quick fix is picked (wall clock). */
const WHAT_IF_BUDGET_MS = 3000

/** What a what-if action carries until it is picked (then resolveFlip searches). */
interface FlipData {
    readonly uri: string
    readonly version: number
    readonly element: string
}

/** On an element's key: a quick fix that flips its verdict, searched only when picked (codeAction/resolve). */
export function flipAction(open: OpenTemplate, element: Element, verdict: 'present' | 'pruned'): CodeAction {
    const data: FlipData = {uri: open.document.uri, version: open.document.version, element: element.id}
    return {title: `Make ${element.display} ${verdict === 'present' ? 'pruned' : 'present'} (the smallest verified input change)`, kind: 'quickfix', data}
}

/** The picked what-if action with its edit: the first verified suggestion, applied as a repair is. */
export function resolveFlip(server: Server, action: CodeAction): CodeAction {
    const data = action.data as FlipData | undefined
    const open = data && server.open.get(data.uri)
    const file = data && fileOf(data.uri)
    const evaluation = open?.good
    if (!data || !open || !file || !evaluation?.template || !evaluation.request || open.document.version !== data.version) return action
    let found
    try {
        const search = startWhatIf(evaluation.template, evaluation.request, data.element, {maxSuggestions: 1})
        const until = performance.now() + WHAT_IF_BUDGET_MS
        while (!search.step(Math.max(0, until - performance.now())) && performance.now() < until);
        found = search.result().suggestions[0]
    } catch {
        // the element or the request changed under the action: nothing to apply
        found = undefined
    }
    if (!found) return {...action, title: `${action.title}: none found`, disabled: {reason: 'no input change tried flips it'}}
    return {...choiceAction(server, open, file, server.choices.get(file), found, action.title), data: action.data}
}

/** A quick fix that applies input changes (into the active inputs file) and a preset (into the choice). */
function choiceAction(server: Server, open: OpenTemplate, file: string, choice: ActiveChoice, r: Pick<Repair, 'changes' | 'preset'>, title: string): CodeAction {
    const presets = r.preset ? [...choice.presets, r.preset] : choice.presets
    if (r.changes.length === 0) return {title, kind: 'quickfix', command: {title, command: 'trellis.setChoice', arguments: [open.document.uri, {...choice, presets}]}}
    // an inputs file outside the workspace is not read, nor written: a new one is made inside
    const current = readable(server.choices.inputsFile(choice))
    const inputsFile = current ?? path.join(path.dirname(file), NEW_INPUTS)
    const written = fs.existsSync(inputsFile) ? fs.readFileSync(inputsFile, 'utf8') : undefined
    const edits = valueEdits(
        written ?? '',
        r.changes.map(c => [c.input, c.to] as const),
    )
    const uri = uriOf(inputsFile)
    const edit: WorkspaceEdit =
        written === undefined
            ? {
                  documentChanges: [
                      {kind: 'create', uri, options: {ignoreIfExists: true}},
                      {textDocument: {uri, version: null}, edits},
                  ],
              }
            : {changes: {[uri]: edits}}
    const inputs = current
        ? choice.inputs
        : path
              .relative(server.workspace ?? process.cwd(), inputsFile)
              .split(path.sep)
              .join('/')
    const chosen = {...choice, presets, ...(inputs ? {inputs} : {})}
    const changesChoice = !current || r.preset
    return {title, kind: 'quickfix', isPreferred: false, edit, ...(changesChoice ? {command: {title, command: 'trellis.setChoice', arguments: [open.document.uri, chosen]}} : {})}
}

/** Edits that give each input its value in an inputs file's text: the value replaced where it is set, else a line added. */
function valueEdits(text: string, values: readonly (readonly [string, unknown])[]): TextEdit[] {
    const yaml = yamlPackage()
    const doc = parseDocument(text)
    const lines = text.split('\n')
    const position = (offset: number) => {
        const before = text.slice(0, offset).split('\n')
        return {line: before.length - 1, character: before[before.length - 1]!.length}
    }
    const end = text.length === 0 || text.endsWith('\n') ? {line: lines.length - 1, character: 0} : {line: lines.length - 1, character: lines[lines.length - 1]!.length}
    const added: string[] = []
    const edits: TextEdit[] = []
    for (const [name, value] of values) {
        const shown = yaml.stringify(value, {lineWidth: 0}).trim()
        const pair = yaml.isMap(doc.contents) ? doc.contents.items.find(p => yaml.isScalar(p.key) && p.key.value === name) : undefined
        const at = (pair?.value as {range?: [number, number, number]} | null | undefined)?.range
        if (at) edits.push({range: {start: position(at[0]), end: position(at[1])}, newText: shown})
        else added.push(`${name}: ${shown}\n`)
    }
    if (added.length) edits.push({range: {start: end, end}, newText: `${text.length && !text.endsWith('\n') ? '\n' : ''}${added.join('')}`})
    return edits
}

/** The variability input named where the cursor is: its definition's key, or a `variability_input` that reads it. */
export function inputAt(open: OpenTemplate, offset: number): {name: string; range: Range} | undefined {
    const cursor = cursorAt(open.parse(), offset)
    const {scalar, path: keys} = cursor
    if (!scalar) return undefined
    const n = keys.length
    const named = scalar.isKey ? keys[n - 2] === 'inputs' && keys[n - 3] === 'variability' : cursor.key === 'variability_input'
    return named ? {name: scalar.value, range: {start: open.document.positionAt(scalar.start), end: open.document.positionAt(scalar.end)}} : undefined
}

/** Renames a variability input everywhere it is named: its definition, every read, the presets, the active inputs file. */
export function renameInput(server: Server, open: OpenTemplate, file: string, name: string, to: string): WorkspaceEdit {
    const doc = open.parse()
    const range = (start: number, end: number): Range => ({start: open.document.positionAt(start), end: open.document.positionAt(end)})
    const edits: TextEdit[] = [
        ...keysNamed(doc, name, keys => keys.length === 4 && keys[1] === 'variability' && keys[2] === 'inputs').map(([s, e]) => ({range: range(s, e), newText: to})),
        ...keysNamed(doc, name, keys => keys.length === 6 && keys[1] === 'variability' && keys[2] === 'presets' && keys[4] === 'inputs').map(([s, e]) => ({
            range: range(s, e),
            newText: to,
        })),
        ...valuesOf(doc, new Set(['variability_input']))
            .filter(v => v.value === name)
            .map(v => ({range: range(v.start, v.end), newText: to})),
    ]
    const changes: Record<string, TextEdit[]> = {[open.document.uri]: edits}
    const inputsFile = readable(server.choices.inputsFile(server.choices.get(file)))
    if (inputsFile && fs.existsSync(inputsFile)) {
        const text = fs.readFileSync(inputsFile, 'utf8')
        const inputs = parseDocument(text)
        const at = (offset: number) => {
            const before = text.slice(0, offset).split('\n')
            return {line: before.length - 1, character: before[before.length - 1]!.length}
        }
        const renamed = keysNamed(inputs, name, keys => keys.length === 1).map(([s, e]) => ({range: {start: at(s), end: at(e)}, newText: to}))
        if (renamed.length) changes[uriOf(inputsFile)] = renamed
    }
    return {changes}
}

/** The inputs file when it may be read (inside the workspace folder). */
function readable(file: string | undefined | typeof OUTSIDE): string | undefined {
    return file === OUTSIDE ? undefined : file
}

/** The offsets of every key `name` whose path of keys (its own last) `where` accepts. */
function keysNamed(doc: Document, name: string, where: (keys: readonly unknown[]) => boolean): [number, number][] {
    const yaml = yamlPackage()
    const out: [number, number][] = []
    yaml.visit(doc, {
        Pair(_, pair, ancestors) {
            if (!yaml.isScalar(pair.key) || pair.key.value !== name || !pair.key.range) return
            const keys = [
                ...ancestors.filter(a => yaml.isPair(a)).map(a => (yaml.isScalar((a as {key: unknown}).key) ? (a as {key: {value: unknown}}).key.value : undefined)),
                name,
            ]
            if (where(keys)) out.push([pair.key.range[0], pair.key.range[1]])
        },
    })
    return out
}
