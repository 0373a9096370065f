// js-yaml makes a key that is a map or a list into text as String() does ("[object Object]", "a,b");
// the exact reader names it by its flow YAML (../key-text.ts), so such a text goes to it. A key with a colon after it is found by a pattern (index.ts); one
// without a value (`{ {}}`, `{a: 1, [b]}`) only by knowing that a flow map expects a key there.
import {CLOSE_CURLY, CLOSE_SQUARE, COLON, COMMA, DASH, DOUBLE, HASH, NEWLINE, OPEN_CURLY, OPEN_SQUARE, QUESTION, SINGLE, SPACE, TAB} from '../chars.js'

/**
 * Whether a flow collection opens where a flow map expects a key: right after its `{` or a comma.
 * A scan of brackets and quotes, not a parse: a false alarm (a brace in a block scalar) costs only
 * speed, the exact reader then reading the text.
 */
export function collectionKeyInFlowMap(text: string): boolean {
    const open: number[] = []
    let expectKey = false
    // the character before, past spaces: a quote starts a scalar only after an indicator or a line start
    let before = NEWLINE
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i)
        if (c === SPACE || c === TAB) continue
        if (c === HASH && (i === 0 || isBlank(text.charCodeAt(i - 1)))) {
            i = lineEnd(text, i) - 1
            continue
        }
        if ((c === DOUBLE || c === SINGLE) && startsScalar(before)) {
            i = quoteEnd(text, i, c)
            expectKey = false
        } else if (c === OPEN_CURLY || c === OPEN_SQUARE) {
            if (expectKey) return true
            open.push(c)
            expectKey = c === OPEN_CURLY
        } else if (c === CLOSE_CURLY || c === CLOSE_SQUARE) {
            open.pop()
            expectKey = false
        } else if (c === COMMA) expectKey = open[open.length - 1] === OPEN_CURLY
        else if (c !== NEWLINE) expectKey = false
        before = c
    }
    return false
}

const isBlank = (c: number) => c === SPACE || c === TAB || c === NEWLINE

/** After a line start, `:`, `,`, `[`, `{`, `-` or `?`, a quote opens a quoted scalar; elsewhere it is part of plain text (`don't`). */
const startsScalar = (before: number) =>
    before === NEWLINE || before === COLON || before === COMMA || before === OPEN_SQUARE || before === OPEN_CURLY || before === DASH || before === QUESTION

function lineEnd(text: string, from: number): number {
    const end = text.indexOf('\n', from)
    return end === -1 ? text.length : end
}

/** Where a quoted scalar opened at `at` ends (its closing quote; `''` and `\"` escape). */
function quoteEnd(text: string, at: number, quote: number): number {
    for (let i = at + 1; i < text.length; i++) {
        const c = text.charCodeAt(i)
        if (quote === DOUBLE && c === 92) i++
        else if (c === quote) {
            if (quote === SINGLE && text.charCodeAt(i + 1) === SINGLE) i++
            else return i
        }
    }
    return text.length
}
