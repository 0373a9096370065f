// What `trellis explain T` says without an element: what a user acts on, not every element —
// how many elements the variant keeps and prunes, by kind; the input values the pruned
// elements' explanations lead back to, with where each came from (an inputs file named once,
// not on every line) and how many elements each prunes; and where to look further.
import {count, elementSummary, type Explanation, type InputSource, inputText, type ResolvedModel, shellWord, shownPath} from '../engine/index.js'
import {kinds} from './report/reasons.js'
import {wrapLine} from './wrap.js'

/** `192 elements present: 20 nodes, 14 relations, …` and the same for the pruned ones. */
export function countLines(model: ResolvedModel): string[] {
    const summary = elementSummary(model)
    const byKind = (n: (k: (typeof summary.byKind)[number]) => number) =>
        summary.byKind
            .filter(k => n(k) > 0)
            .map(k => kinds(n(k), k.kind))
            .join(', ')
    return [
        `${count(summary.kept, 'element')} present${summary.kept ? `: ${byKind(k => k.kept)}` : ''}`,
        `${count(summary.pruned, 'element')} pruned${summary.pruned ? `: ${byKind(k => k.pruned)}` : ''}`,
    ]
}

/** The pruned elements whose explanations lead back to the same input values (none: the template alone). */
export interface Decision {
    readonly inputs: readonly string[]
    readonly pruned: Explanation[]
}

/** The decisions, the one that prunes most first: worked out once, for the table and the element it suggests. */
export function decisions(explanations: readonly Explanation[]): Decision[] {
    const found = new Map<string, Decision>()
    for (const e of explanations) {
        if (e.verdict !== 'pruned') continue
        const inputs = e.rootCauses.inputs.map(i => i.name).sort((a, b) => a.localeCompare(b))
        const key = inputs.join(' ')
        const decision = found.get(key) ?? {inputs, pruned: []}
        decision.pruned.push(e)
        found.set(key, decision)
    }
    return [...found.values()].sort((a, b) => b.pruned.length - a.pruned.length)
}

/**
 * The decisions, as the report opens: how many elements each input value (or combination) prunes,
 * with where it came from, most first — a table, its rows continued under their text. An inputs
 * file is named once, below, when the values come from one: its path on every row would hide them.
 */
export function decisionRows(model: ResolvedModel, found: readonly Decision[], width: number): string[] {
    if (found.length === 0) return []
    const cited = found.flatMap(d => d.inputs.map(name => model.inputs.value(name)))
    const files = [...new Set(cited.flatMap(i => [i.source, ...i.overridden.map(o => o.source)]).flatMap(fileOf))]
    const once = files.length === 1
    const text = (inputs: readonly string[]) =>
        inputs.length ? inputs.map(name => inputText(name, model.inputs.value(name), once ? 'once' : 'shown')).join(' and ') : 'the template alone (no input)'
    const column = Math.max(PRUNED.length, String(found[0]!.pruned.length).length) + 2
    // continued rows start under the text: the hang counts from the row's own indentation (the count's padding)
    const row = (n: string, what: string) => {
        const line = `${n.padStart(column - 2)}  ${what}`
        return wrapLine(line, width, {hang: column - (line.length - line.trimStart().length)})
    }
    return [
        ...row(PRUNED, 'decided by'),
        ...found.flatMap(d => row(String(d.pruned.length), text(d.inputs))),
        ...(once ? wrapLine(`  inputs file: ${shownPath(files[0]!)}`, width, {hang: 2}) : []),
    ]
}

const PRUNED = 'pruned'

function fileOf(source: InputSource): string[] {
    return source.kind === 'file' ? [source.file] : []
}

/**
 * Where to look further, at `width` columns: an element to add to the command (a node the decision
 * that prunes most prunes, else any element), `--all`, and the report `resolve` writes.
 */
export function furtherRows(found: readonly Decision[], explanations: readonly Explanation[], width: number): string[] {
    const example = exampleElement(found, explanations)
    const terms: [string, string][] = [
        [
            example === undefined ? 'ELEMENT' : elementWord(example),
            example === undefined
                ? 'why an element is present or pruned, in full (a node name or an identifier such as node.db)'
                : `why ${example.element.display} is ${example.verdict}, in full (any element: a node name or an identifier, ${shellWord(example.element.id)})`,
        ],
        ['--all', 'every element, one line each; --pruned: the pruned ones'],
    ]
    const column = Math.max(...terms.map(([term]) => term.length)) + 4
    return [
        'to look further, add to this command:',
        ...terms.flatMap(([term, what]) => wrapLine(`  ${term.padEnd(column - 2)}${what}`, width, {hang: column - 2})),
        ...wrapLine('or run trellis resolve with the same choices and --report report.md: what decided the variant and why each element is pruned, as a report to review', width),
    ]
}

/**
 * The element as a word to add to the command: its node name, or its identifier where a name would
 * not be read as one (one that starts with a dash is an option to the command line); quoted for the
 * shell, as a template's name may hold anything.
 */
function elementWord(e: Explanation): string {
    const name = e.element.kind === 'node' ? e.element.id.slice('node.'.length) : e.element.id
    return shellWord(name.startsWith('-') ? e.element.id : name)
}

/** A pruned node, of the decision that prunes most that prunes one; else a pruned element; else a node. */
function exampleElement(found: readonly Decision[], explanations: readonly Explanation[]): Explanation | undefined {
    const pruned = found.flatMap(d => d.pruned)
    const isNode = (e: Explanation) => e.element.kind === 'node'
    return pruned.find(isNode) ?? pruned[0] ?? explanations.find(isNode) ?? explanations[0]
}
