// Text fitted to a width: the one wrapping rule of the shells (explanations on the
// command line and in the wizard, the wizard's messages, notes and help). A line is
// broken at spaces, each row as full as it can be; its continued rows start at its own
// indentation plus a hang. What the rows are shown on decides a word longer than the
// room: a terminal wraps an overflowing row itself, a screen cuts it off.

export interface WrapOptions {
    /** How much further in than the line's own indentation its continued rows start (at most half the width); 0 by default. */
    readonly hang?: number
    /**
     * A word longer than the room left: `overflow` leaves it whole, the row longer than the width
     * (printed to a terminal, which wraps it and copies it whole); `split` cuts it after its last "/"
     * in the room when that is past half of it, else at the width (a screen that cuts what overflows).
     */
    readonly long?: 'overflow' | 'split'
    /** Start and end of a part never broken at its spaces (a file:line:col whose path holds some). */
    readonly whole?: readonly [number, number]
}

/** The rows `line` takes at `width` columns; nothing but the spaces at a break is lost. */
export function wrapLine(line: string, width: number, {hang = 0, long = 'overflow', whole}: WrapOptions = {}): string[] {
    if (long === 'split') width = Math.max(1, Math.floor(width))
    const out: string[] = []
    const indent = ' '.repeat(Math.min((/^\s*/.exec(line)?.[0].length ?? 0) + hang, Math.floor(width / 2)))
    let rest = line
    // rest is `line` from `start` on, after `prefix` characters of indentation (none in the first row)
    let start = 0
    let prefix = 0
    const breakable = (i: number) => {
        if (rest[i] !== ' ') return false
        const at = start + i - prefix
        return !whole || at <= whole[0] || at >= whole[1]
    }
    while (rest.length > width) {
        let cut = -1
        for (let i = Math.min(width, rest.length - 1); i > indent.length && cut < 0; i--) if (breakable(i)) cut = i
        if (cut < 0 && long === 'split') {
            // a word longer than the room, cut inside: after a slash in the second half of the room
            const slash = rest.lastIndexOf('/', width - 1)
            const at = slash > width / 2 ? slash + 1 : width
            out.push(rest.slice(0, at))
            start += at - prefix
            prefix = indent.length
            rest = indent + rest.slice(at)
            continue
        }
        for (let i = width + 1; i < rest.length && cut < 0; i++) if (breakable(i)) cut = i
        if (cut < 0) break
        const head = rest.slice(0, cut).trimEnd()
        const tail = rest.slice(cut).trimStart()
        if (head.trim() === '' || tail === '') break
        out.push(head)
        start += rest.length - tail.length - prefix
        prefix = indent.length
        rest = indent + tail
    }
    out.push(rest)
    return out
}

/** The columns text is wrapped to: the terminal's, 80 when the stream is no terminal (a pipe, a log). */
export function terminalWidth(stream: NodeJS.WritableStream): number {
    const columns = (stream as {columns?: number}).columns
    return columns && columns > 0 ? columns : 80
}

/**
 * A line below a message (a note, help, a numbered item) fitted to the width, its continued rows
 * under its text; an excerpt of a file (` 12 | …`, its underline, `::: place`) stays whole, as its
 * underline must stay under its line.
 */
export function wrapDetail(line: string, width: number): string[] {
    if (/^\s*\d*\s(\||:::)/.test(line)) return [line]
    const hang = /^\s*(= \w+: |- |\d+\. )/.exec(line)?.[1]?.length ?? 2
    return wrapLine(line, width, {hang})
}
