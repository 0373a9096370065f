// What the command line prints on stderr for a mistake: the message line, then for a located one
// the source line it points at and a caret line (` 12 | text`, `    | ^^^`), then the other places
// it involves (`  ::: other.yaml:3:5` when in another file, then its line and a `---` line with
// the label), then `= note: …` and `= help: …` lines.

/** A line shown below a message: an excerpt line, a place in another file, a note or a help line. */
const EXCERPT_LINE = /^ +(\d* \| |::: |= (note|help): )/

/** Stderr without the lines below the messages: the messages alone. */
export function withoutExcerpts(stderr: string): string {
    return stderr
        .split('\n')
        .filter(line => !EXCERPT_LINE.test(line))
        .join('\n')
}
