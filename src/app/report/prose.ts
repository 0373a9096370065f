// The report's prose fitted to a width for reading as plain text (a diff, a
// terminal); rendered, a wrapped line is the same paragraph. A line is broken
// only at a single space outside code spans, links and HTML tags, and never before
// what would start a new block on its own line (a list marker, a heading, a
// quote, a table, a fence, HTML). Headings, table rows and fenced blocks are left
// whole: Markdown has no continuation for them.

/** The width prose is wrapped to. */
export const PROSE_WIDTH = 100

/** Breaks the report's lines, one at a time, knowing whether each lies in a fenced block. */
export class ProseWrapper {
    /** The fence of the block the lines are in, if any. */
    private fence: string | undefined

    constructor(private readonly width = PROSE_WIDTH) {}

    /** The rows one line of the report takes. */
    rows(line: string): string[] {
        const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
        if (this.fence !== undefined) {
            if (fence && fence[0] === this.fence[0] && fence.length >= this.fence.length && line.trim() === fence) this.fence = undefined
            return [line]
        }
        if (fence) {
            this.fence = fence
            return [line]
        }
        if (line.length <= this.width || /^\s*[#|]/.test(line)) return [line]
        return wrapProse(line, this.width)
    }
}

/** A line of prose (a paragraph's, a list item's) as rows of at most `width` where a break is safe; a longer word stays whole. */
export function wrapProse(line: string, width: number): string[] {
    // continued rows start where the item's text does
    const lead = /^(\s*)((?:[-*+]|\d{1,9}[.)]) )?/.exec(line)!
    const indent = ' '.repeat(lead[0].length)
    const breaks = breakPoints(line, lead[0].length)
    const out: string[] = []
    let start = 0
    let prefix = ''
    let i = 0
    while (prefix.length + line.length - start > width) {
        // the last break that fits, else the first one after
        let cut = -1
        while (i < breaks.length && prefix.length + breaks[i]! - start <= width) cut = breaks[i++]!
        if (cut < 0 && i < breaks.length) cut = breaks[i++]!
        if (cut < 0) break
        out.push(prefix + line.slice(start, cut))
        start = cut + 1
        prefix = indent
    }
    out.push(prefix + line.slice(start))
    return out
}

/** The spaces `line` may be broken at, after its list marker. */
function breakPoints(line: string, from: number): number[] {
    const points: number[] = []
    let i = from
    while (i < line.length) {
        const c = line[i]!
        if (c === '\\') {
            i += 2
            continue
        }
        const end = c === '`' ? codeSpanEnd(line, i) : c === '[' ? linkEnd(line, i) : c === '<' ? line.indexOf('>', i) + 1 || i + 1 : i + 1
        if (c === ' ' && i > from && line[i - 1] !== ' ' && line[i - 1] !== '\\' && startsSafely(line, i + 1)) points.push(i)
        i = Math.max(end, i + 1)
    }
    return points
}

/** Where a code span that opens at `i` ends (after its closing run), or just after the run when it never closes. */
function codeSpanEnd(line: string, i: number): number {
    let n = 0
    while (line[i + n] === '`') n++
    for (let j = i + n; j < line.length;) {
        if (line[j] !== '`') {
            j++
            continue
        }
        let m = 0
        while (line[j + m] === '`') m++
        if (m === n) return j + m
        j += m
    }
    return i + n
}

/** Where a link `[text](destination)` that opens at `i` ends, or just after the bracket when it is none. */
function linkEnd(line: string, i: number): number {
    for (let j = i + 1; j < line.length; j++) {
        if (line[j] === '\\') j++
        else if (line[j] === '[') return i + 1
        else if (line[j] === ']') {
            if (line[j + 1] !== '(') return i + 1
            const close = line.indexOf(')', j + 2)
            return close < 0 ? i + 1 : close + 1
        }
    }
    return i + 1
}

/** Whether a row may start at `i`: with nothing a Markdown reader would take for the start of a block. */
function startsSafely(line: string, i: number): boolean {
    const c = line[i]
    if (c === undefined || c === ' ') return false
    if (/[-+*#>=|~<_:]/.test(c) || /\d/.test(c)) return false
    return !line.startsWith('```', i)
}
