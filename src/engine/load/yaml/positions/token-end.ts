// Where the token a position points at ends, so that a location is a span: what a diagnostic
// underlines. Read from the text with the readers' own rules (chars.ts): a quoted scalar to its
// closing quote, a flow collection to its closing bracket (later lines included), a key to its
// colon, a plain scalar to the end of its line before a comment, a separator or a closing bracket.
import {CLOSE_CURLY, CLOSE_SQUARE, closingQuote, COLON, COMMA, CR, DOUBLE, HASH, NEWLINE, OPEN_CURLY, OPEN_SQUARE, SINGLE, SPACE, TAB} from '../chars.js'

/** The offset just past the token that starts at `start`; at least one character past it while the text lasts. */
export function tokenEnd(text: string, start: number): number {
    if (start >= text.length) return start
    const c = text.charCodeAt(start)
    if (c === DOUBLE || c === SINGLE) {
        const close = closingQuote(text, start, text.length)
        return close === -1 ? lineEnd(text, start) : close + 1
    }
    if (c === OPEN_SQUARE || c === OPEN_CURLY) return flowEnd(text, start)
    return plainEnd(text, start)
}

/** Past the bracket closing the one at `start` (quoted brackets do not count); the line's end when none does. */
function flowEnd(text: string, start: number): number {
    let depth = 0
    for (let i = start; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (d === DOUBLE || d === SINGLE) {
            const close = closingQuote(text, i, text.length)
            if (close === -1) break
            i = close
        } else if (d === HASH && (i === 0 || isSpace(text.charCodeAt(i - 1)))) {
            // a comment runs to the end of its line, brackets in it included
            i = lineEnd(text, i) - 1
        } else if (d === OPEN_SQUARE || d === OPEN_CURLY) depth++
        else if ((d === CLOSE_SQUARE || d === CLOSE_CURLY) && --depth === 0) return i + 1
    }
    return lineEnd(text, start)
}

/** Past the last character of a plain scalar or key on its line. */
function plainEnd(text: string, start: number): number {
    let end = start + 1
    for (let i = start; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (d === NEWLINE || d === CR || d === COMMA || d === CLOSE_SQUARE || d === CLOSE_CURLY) break
        const next = text.charCodeAt(i + 1)
        if (d === COLON && (Number.isNaN(next) || isSpace(next) || next === NEWLINE || next === CR)) break
        if (d === HASH && i > start && isSpace(text.charCodeAt(i - 1))) break
        if (!isSpace(d)) end = i + 1
    }
    return end
}

function lineEnd(text: string, at: number): number {
    const newline = text.indexOf('\n', at)
    const end = newline === -1 ? text.length : newline
    return text.charCodeAt(end - 1) === CR ? end - 1 : end
}

function isSpace(c: number): boolean {
    return c === SPACE || c === TAB
}
