// What the command line prints on stderr for a located mistake: the message line, then the
// source line it points at and a caret line (` 12 | text`, `    | ^^^`).

/** A line of an excerpt under a located message. */
export const EXCERPT_LINE = /^ +\d* \| /

/** Stderr without the excerpt lines: the messages alone. */
export function withoutExcerpts(stderr: string): string {
    return stderr
        .split('\n')
        .filter(line => !EXCERPT_LINE.test(line))
        .join('\n')
}
