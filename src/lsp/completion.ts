// Completion: the names that may stand where the cursor is — an input after `variability_input:`,
// a named expression after `logic_expression:`/`value_expression:`, an element after a presence
// operator, a preset in `presets:` of an inputs file, a type after `type:`/`derived_from:`, an
// operator where a condition's key is written. Read from the line before the cursor (a half-typed
// line does not parse) and the last evaluation's names.
import lsp from 'vscode-languageserver/node.js'
import type {CompletionItem, CompletionItemKind as Kind, Position} from 'vscode-languageserver'
import {operatorNames} from '../engine/index.js'
import {cursorAt} from './cursor.js'
import type {OpenTemplate} from './documents.js'
import {PRESENCE_KINDS, type Scope, typeNames} from './references.js'

const {CompletionItemKind} = lsp
const KIND = {
    variable: CompletionItemKind.Variable,
    function: CompletionItemKind.Function,
    reference: CompletionItemKind.Reference,
    class: CompletionItemKind.Class,
    operator: CompletionItemKind.Operator,
    constant: CompletionItemKind.Constant,
}

export function completionsAt(scope: Scope, open: OpenTemplate, position: Position): CompletionItem[] {
    const before = open.document.getText({start: {line: position.line, character: 0}, end: position})
    const valueOf = /([A-Za-z_]+)\s*:\s*\[?\s*(?:[^,\s[\]{}:]+\s*,\s*)?([^,\s[\]{}:]*)$/.exec(before)
    const definition = scope.inputs?.definition
    if (valueOf) {
        const key = valueOf[1]!
        const names = (list: Iterable<string>, kind: Kind, detail: string) => [...list].map(label => ({label, kind, detail}))
        if (key === 'variability_input') return names(definition?.inputs.keys() ?? [], KIND.variable, 'variability input')
        if (key === 'logic_expression' || key === 'value_expression') return names(Object.keys(definition?.expressions ?? {}), KIND.function, 'named expression')
        const kind = PRESENCE_KINDS[key]
        if (kind && scope.graph) return names(new Set(scope.graph.elements.filter(e => e.kind === kind).map(e => e.name)), KIND.reference, kind)
        if (key === 'type' || key === 'derived_from') return names(typeNames(scope.template), KIND.class, 'type')
        if (key === 'presets' || key === 'preset') return names(definition?.presets.keys() ?? [], KIND.constant, 'preset')
        // a requirement's target: `- host: ` (the short form) or `node:` in its map
        const requirement = /^\s*-\s*[A-Za-z_][\w-]*\s*:\s*[^\s:{[]*$/.test(before) || key === 'node'
        if (requirement && scope.graph && cursorAt(open.parse(), open.document.offsetAt(position)).path.includes('requirements'))
            return names(new Set(scope.graph.elements.filter(e => e.kind === 'node').map(e => e.name)), KIND.reference, 'node')
    }
    // a key being written where conditions are: an operator
    const inConditions = () => cursorAt(open.parse(), open.document.offsetAt(position)).path.some(k => k === 'conditions' || k === 'expressions')
    if (/(?:conditions|and|or|not|xor|implies)\s*:\s*(?:\[\s*)?\{?\s*[A-Za-z_]*$/.test(before) || (/^\s*(?:-\s*)?\{?\s*[A-Za-z_]*$/.test(before) && inConditions()))
        return operatorNames().map(label => ({label, kind: KIND.operator, detail: 'operator'}))
    return []
}
