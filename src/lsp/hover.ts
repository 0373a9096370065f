// Hover, answered from the last good resolution (no new resolve): on an element, its verdict
// and the explanation `trellis explain` gives, short (the summary, the root causes with the
// deciding inputs and their sources, the first reasons); on a variability input, its value, where
// the value came from, and the elements whose conditions read it.
import type {Hover, Position} from 'vscode-languageserver'
import {describeSource, type Element, explainElement, explanationLines, renderExpression, type ResolvedModel} from '../engine/index.js'
import {readersOf} from './references.js'
import {contains, rangeOf} from './ranges.js'

/** How many lines of an explanation a hover shows; `trellis explain` gives the rest. */
const HOVER_LINES = 16
/** How deep a hover follows the elements a verdict depends on. */
const HOVER_DEPTH = 2

/** The element whose key is at `at` in `file`. */
export function elementAt(model: ResolvedModel, file: string, at: Position): Element | undefined {
    for (const e of model.graph.elements) {
        const where = e.location
        if (where && where.line === at.line + 1 && where.file === file && contains(rangeOf(where), at)) return e
    }
    return undefined
}

/**
 * Builds what every explanation of the model shares (the explainer's tables: 50–200 ms on a
 * template of a thousand elements), so that the first hover is as quick as the next.
 */
export function warmExplanations(model: ResolvedModel): void {
    const first = model.graph.elements.find(e => e.location)
    if (first) explainElement(model, first, {depth: HOVER_DEPTH})
}

export function elementHover(model: ResolvedModel, element: Element, staleNote: string | undefined): Hover {
    const lines = explanationLines(explainElement(model, element, {depth: HOVER_DEPTH}))
        .filter(l => !l.text.startsWith('  defined at '))
        .map(l => l.text)
    const shown = lines.length > HOVER_LINES ? [...lines.slice(0, HOVER_LINES), `  … (trellis explain ${element.id} shows the rest)`] : lines
    return markdown([...(staleNote ? [staleNote, ''] : []), '```text', ...shown, '```'])
}

export function inputHover(model: ResolvedModel, name: string, staleNote: string | undefined): Hover | undefined {
    if (!model.inputs.definition.inputs.has(name)) return undefined
    const value = model.inputs.value(name)
    const readers = readersOf(model, name)
    const lines = [
        `variability input **${name}** = \`${renderExpression(value.value)}\``,
        '',
        `from ${describeSource(value.source)}${value.overridden.length ? `, overriding ${value.overridden.map(o => describeSource(o.source)).join(', ')}` : ''}`,
    ]
    if (readers.length)
        lines.push('', `read by the conditions of ${readers.length === 1 ? 'one element' : `${readers.length} elements`}:`, ...readers.slice(0, 12).map(e => `- ${e.display}`))
    if (readers.length > 12) lines.push(`- … and ${readers.length - 12} more`)
    return markdown([...(staleNote ? [staleNote, ''] : []), ...lines])
}

function markdown(lines: readonly string[]): Hover {
    return {contents: {kind: 'markdown', value: lines.join('\n')}}
}
