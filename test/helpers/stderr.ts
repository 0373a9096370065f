// What the command line prints on stderr for a mistake: the message line, then for a located one
// the source line it points at and a caret line (` 12 | text`, `    | ^^^`), then the other places
// it involves (`  ::: other.yaml:3:5` when in another file, then its line and a `---` line with
// the label), then `= note: …` and `= help: …` lines.

/** A line shown below a message: an excerpt line, a place in another file, a note or a help line, or a continued row of one wrapped to the width. */
const EXCERPT_LINE = /^ +/
/** A line that starts an item below a message; any other indented line continues the one before it (wrapped to the width). */
const ITEM_LINE = /^ +(\d* \| |::: |= (note|help): |\| )/

/** The lines below a message with each wrapped note or help joined again into one line. */
export function unwrapped(lines: readonly string[]): string[] {
    const out: string[] = []
    for (const line of lines) {
        if (out.length > 0 && /^ /.test(line) && !ITEM_LINE.test(line) && /= (note|help): /.test(out.at(-1)!)) out[out.length - 1] += ` ${line.trim()}`
        else out.push(line)
    }
    return out
}

/** Stderr without the lines below the messages: the messages alone. */
export function withoutExcerpts(stderr: string): string {
    return stderr
        .split('\n')
        .filter(line => !EXCERPT_LINE.test(line))
        .join('\n')
}
