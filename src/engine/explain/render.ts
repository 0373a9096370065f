// Plain-text rendering of explanations: the verdict and root causes first, then
// the chain, indented. Meaning never rests on colour: words carry it.
import type {Because, Explanation, Term} from './types.js'

// Joins the words of a location (a path may hold spaces) so wrapping never breaks it; a NUL
// cannot occur in a file name, and it is turned back into a space once the lines are wrapped.
const GLUE = '\u0000'
const glued = (text: string) => text.replaceAll(' ', GLUE)
const unglued = (text: string) => text.replaceAll(GLUE, ' ')

/**
 * Wraps long lines at spaces, continuing under the line's own indentation (plus four). Never
 * breaks inside a word: a word longer than the room left (a long file:line:col) overflows the
 * line instead of being cut.
 */
export function wrap(lines: readonly string[], width: number): string[] {
    const out: string[] = []
    for (const line of lines) {
        let rest = line
        const indent = ' '.repeat(Math.min((/^\s*/.exec(line)?.[0].length ?? 0) + 4, Math.floor(width / 2)))
        while (rest.length > width) {
            let cut = rest.lastIndexOf(' ', width)
            if (cut <= indent.length) cut = rest.indexOf(' ', width + 1)
            if (cut < 0) break
            const head = rest.slice(0, cut).trimEnd()
            const tail = rest.slice(cut).trimStart()
            if (head.trim() === '' || tail === '') break
            out.push(head)
            rest = indent + tail
        }
        out.push(rest)
    }
    return out
}

/** The explanation as text; wrapped at `width` columns when given (a terminal), else one line per item (pipes, scripts). */
export function renderExplanation(e: Explanation, width = Infinity): string {
    const lines: string[] = [e.summary]
    if (e.element.location) lines.push(`  defined at ${glued(e.element.location)}`)
    const {inputs, conditions} = e.rootCauses
    if (inputs.length || conditions.length) {
        lines.push('  decided by:')
        for (const i of inputs) lines.push(`    input ${i.text}`)
        for (const c of conditions) lines.push(`    ${c.text}${c.location ? `  (${glued(c.location)})` : ''}`)
    }
    if (e.because.length) {
        lines.push('  because:')
        for (const b of e.because) renderBecause(b, 2, lines)
    }
    return unglued((Number.isFinite(width) ? wrap(lines, width) : lines).join('\n'))
}

function renderBecause(b: Because, depth: number, lines: string[]): void {
    const pad = '  '.repeat(depth)
    if (b.seeAbove) {
        lines.push(`${pad}- ${b.text}`)
        return
    }
    const condition = b.condition !== undefined ? `: ${b.condition} is ${b.value}` : ''
    const at = b.location ? `  (${glued(b.location)})` : ''
    lines.push(`${pad}- ${b.text}${condition} [${b.code}]${at}`)
    for (const t of b.terms) renderTerm(t, depth + 1, lines)
    for (const c of b.because) renderBecause(c, depth + 1, lines)
}

function renderTerm(t: Term, depth: number, lines: string[]): void {
    const pad = '  '.repeat(depth)
    lines.push(`${pad}· ${t.text} = ${t.value === undefined ? 'open' : t.value}`)
    for (const i of t.inputs) lines.push(`${pad}    input ${i.text}`)
}

/** One line per element: verdict word, display, reason code and, unless its conditions simply hold, the reason in words. */
export function renderSummaryLine(e: Explanation): string {
    const mark = e.verdict === 'present' ? '+ present' : '- pruned '
    const why = e.verdict === 'pruned' || e.decidedBy === 'optimization' || e.code === 'constraint-requires'
    return `${mark}  ${e.element.display}  [${e.code}]${why ? `  ${e.summary.slice(e.summary.indexOf(': ') + 2)}` : ''}`
}
