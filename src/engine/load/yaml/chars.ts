// Character codes the YAML scanners (screen, block reader, locator) compare with, and the
// one quoting rule two of them share.
export const TAB = 9
export const NEWLINE = 10
export const CR = 13
export const SPACE = 32
export const BANG = 33
export const DOUBLE = 34
export const HASH = 35
export const PERCENT = 37
export const AMPERSAND = 38
export const SINGLE = 39
export const ASTERISK = 42
export const PLUS = 43
export const COMMA = 44
export const DASH = 45
export const DOT = 46
export const COLON = 58
export const GREATER = 62
export const QUESTION = 63
export const AT = 64
export const OPEN_SQUARE = 91
export const BACKSLASH = 92
export const CLOSE_SQUARE = 93
export const BACKTICK = 96
export const OPEN_CURLY = 123
export const PIPE = 124
export const CLOSE_CURLY = 125

/** Where the quote closing the one at `at` is, before `end` (its line's end), or -1: `\"` escapes in double quotes, `''` in single ones. */
export function closingQuote(text: string, at: number, end: number): number {
    const quote = text.charCodeAt(at)
    for (let i = at + 1; i < end; i++) {
        const c = text.charCodeAt(i)
        if (quote === DOUBLE && c === BACKSLASH) i++
        else if (c === quote) {
            if (quote === SINGLE && text.charCodeAt(i + 1) === SINGLE) i++
            else return i
        }
    }
    return -1
}
