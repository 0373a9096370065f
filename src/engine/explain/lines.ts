// An explanation as indented lines, each knowing which elements it refers to:
// the command line prints the text, the wizard also lets a user follow a line
// into the element it names. One layout for both, so they never drift apart.
import type {Because, Explanation, Term} from './types.js'

export interface ExplanationLine {
    /** The line as printed, indentation included. */
    readonly text: string
    /** Identifiers of the elements the line talks about, most specific first. */
    readonly refs: readonly string[]
}

export function explanationLines(e: Explanation): ExplanationLine[] {
    const lines: ExplanationLine[] = [{text: e.summary, refs: []}]
    if (e.element.location) lines.push({text: `  defined at ${e.element.location}`, refs: []})
    const {inputs, conditions} = e.rootCauses
    if (inputs.length || conditions.length) {
        lines.push({text: '  decided by:', refs: []})
        for (const i of inputs) lines.push({text: `    input ${i.text}`, refs: []})
        for (const c of conditions) lines.push({text: `    ${c.text}${c.location ? `  (${c.location})` : ''}`, refs: c.element === e.element.id ? [] : [c.element]})
    }
    if (e.because.length) {
        lines.push({text: '  because:', refs: []})
        for (const b of e.because) becauseLines(b, 2, lines)
    }
    return lines
}

function becauseLines(b: Because, depth: number, lines: ExplanationLine[]): void {
    const pad = '  '.repeat(depth)
    const own = b.element ? [b.element.id] : []
    if (b.seeAbove) {
        lines.push({text: `${pad}- ${b.text}`, refs: [...own, b.seeAbove]})
        return
    }
    const condition = b.condition !== undefined ? `: ${b.condition} is ${b.value}` : ''
    const at = b.location ? `  (${b.location})` : ''
    lines.push({text: `${pad}- ${b.text}${condition} [${b.code}]${at}`, refs: own})
    for (const t of b.terms) termLines(t, depth + 1, lines)
    for (const c of b.because) becauseLines(c, depth + 1, lines)
}

function termLines(t: Term, depth: number, lines: ExplanationLine[]): void {
    const pad = '  '.repeat(depth)
    lines.push({text: `${pad}· ${t.text} = ${t.value === undefined ? 'open' : t.value}`, refs: t.refers.map(r => r.id)})
    for (const i of t.inputs) lines.push({text: `${pad}    input ${i.text}`, refs: []})
}
