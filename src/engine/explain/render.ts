// Plain-text rendering of explanations: the verdict and root causes first, then
// the chain, indented. Meaning never rests on colour: words carry it.
import {explanationLines} from './lines.js'
import type {Explanation} from './types.js'

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

/** The explanation as text (the layout of explanationLines); wrapped at `width` columns when given (a terminal), else one line per item (pipes, scripts). */
export function renderExplanation(e: Explanation, width = Infinity): string {
    const lines = explanationLines(e, glued).map(l => l.text)
    return unglued((Number.isFinite(width) ? wrap(lines, width) : lines).join('\n'))
}

/** One line per element: verdict word, display, reason code and, unless its conditions simply hold, the reason in words. */
export function renderSummaryLine(e: Explanation): string {
    const mark = e.verdict === 'present' ? '+ present' : '- pruned '
    const why = e.verdict === 'pruned' || e.decidedBy === 'optimization' || e.decidedBy === 'preference' || e.code === 'constraint-requires'
    return `${mark}  ${e.element.display}  [${e.code}]${why ? `  ${e.summary.slice(e.summary.indexOf(': ') + 2)}` : ''}`
}
