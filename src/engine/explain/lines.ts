// The layout of explanations, for every shell. In full: indented lines, each
// knowing which elements it refers to — the command line prints the text, the
// wizard also lets a user follow a line into the element it names (both wrap them
// by one rule, app/explanation-text.ts); the verdict and root causes first, then
// the causes with the chains behind them; a condition that is not a cause takes
// one line and is not followed. In short: one line per element (renderSummaryLine).
// Meaning never rests on colour: words carry it.
import type {Because, Explanation, Term} from './types.js'

export interface ExplanationLine {
    /** The line as printed, indentation included. */
    readonly text: string
    /** Identifiers of the elements the line talks about, most specific first. */
    readonly refs: readonly string[]
    /** The file:line:col the line ends with, if any: wrapping never breaks it at the spaces of its path. */
    readonly location?: string
}

export function explanationLines(e: Explanation): ExplanationLine[] {
    const at = (l: string | undefined) => (l ? `  (${l})` : '')
    const lines: ExplanationLine[] = [{text: e.summary, refs: []}]
    if (e.element.location) lines.push({text: `  defined at ${e.element.location}`, refs: [], location: e.element.location})
    const {inputs, conditions} = e.rootCauses
    if (inputs.length || conditions.length) {
        lines.push({text: '  decided by:', refs: []})
        for (const i of inputs) lines.push({text: `    input ${i.text}`, refs: []})
        for (const c of conditions) lines.push({text: `    ${c.text}${at(c.location)}`, refs: c.element === e.element.id ? [] : [c.element], location: c.location})
    }
    if (e.because.length) {
        lines.push({text: '  because:', refs: []})
        const root = e.element.id
        const write = (b: Because, depth: number): void => {
            const pad = '  '.repeat(depth)
            const own = b.element && b.element.id !== root ? [b.element.id] : []
            if (b.seeAbove) {
                lines.push({text: `${pad}- ${b.text}`, refs: [...own, b.seeAbove]})
                return
            }
            const condition = b.condition !== undefined ? `: ${b.condition} is ${b.value}` : ''
            const text = `${b.text}${condition} [${b.code}]${at(b.location)}`
            if (b.role === 'also') {
                lines.push({text: `${pad}- also ${text}`, refs: [...own, ...readRefs(b, root)], location: b.location})
                return
            }
            lines.push({text: `${pad}- ${text}`, refs: own, location: b.location})
            for (const t of b.terms) termLines(t, depth + 1, lines)
            for (const c of b.because) write(c, depth + 1)
        }
        for (const b of e.because) if (b.role !== 'consequence') write(b, 2)
        const consequences = e.because.filter(b => b.role === 'consequence')
        if (consequences.length) {
            // settled by this verdict (or with it): one line, read only to see that every condition was accounted for
            const how =
                e.decidedBy === 'conditions'
                    ? `a consequence of this ${e.verdict === 'pruned' ? 'pruning' : 'presence'}, not ${consequences.length === 1 ? 'a cause' : 'causes'}`
                    : `decided together with it by the solver, not ${consequences.length === 1 ? 'a cause' : 'causes'}`
            // a technology rule's conditions are one record each: said once, counted
            const counted = new Map<string, number>()
            for (const b of consequences) counted.set(`${b.text} [${b.code}]`, (counted.get(`${b.text} [${b.code}]`) ?? 0) + 1)
            const said = [...counted].map(([text, n]) => (n > 1 ? `${text} (${n} conditions)` : text)).join('; ')
            lines.push({text: `    - ${how}: ${said}`, refs: [...new Set(consequences.flatMap(b => readRefs(b, root)))]})
        }
    }
    return lines
}

/** The elements a condition not followed reads (its terms', and those its deciding parts read), each once, without the element explained. */
function readRefs(b: Because, root: string): string[] {
    const refs = new Set<string>()
    for (const t of b.terms) for (const r of t.refers) if (r.id !== root) refs.add(r.id)
    for (const r of b.reads ?? []) if (r.id !== root) refs.add(r.id)
    return [...refs]
}

function termLines(t: Term, depth: number, lines: ExplanationLine[]): void {
    const pad = '  '.repeat(depth)
    lines.push({text: `${pad}· ${t.text} = ${t.value === undefined ? 'open' : t.value}`, refs: t.refers.map(r => r.id)})
    for (const i of t.inputs) lines.push({text: `${pad}    input ${i.text}`, refs: []})
}

/** One line per element: verdict word, display, reason code and, unless its conditions simply hold, the reason in words. */
export function renderSummaryLine(e: Explanation): string {
    const mark = e.verdict === 'present' ? '+ present' : '- pruned '
    const why = e.verdict === 'pruned' || e.decidedBy === 'optimization' || e.decidedBy === 'preference' || e.code === 'constraint-requires'
    return `${mark}  ${e.element.display}  [${e.code}]${why ? `  ${e.summary.slice(e.summary.indexOf(': ') + 2)}` : ''}`
}
