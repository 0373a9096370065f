// Which texts the fast reader may read. js-yaml and yaml build the same data from
// ordinary YAML but part ways in corners: yaml rejects texts js-yaml accepts
// (implicit keys over 1024 characters, a comment glued to a token, flow
// collections or quoted scalars continued on lines not indented enough, tabs in
// indentation), they read others differently (tags, %YAML directives, lone CR
// line breaks, byte order marks, "---x", block scalars without text or with an
// indentation indicator at the top level), js-yaml misreads a sequence entry
// without a value that ends a nested sequence, and anchors and aliases are
// expanded by the exact reader with a cap. A text with any of these goes to the
// exact reader. The screen errs on one side only: it may send an ordinary text to
// the exact reader (slower, same result), never the other way. It is one pass over
// the text that skips the text of block scalars and quoted scalars, about a tenth
// of the fast parse. The random texts of test/engine/yaml-readers.test.ts found
// most of these corners; run it with YAML_FUZZ_RUNS=100000 after changing this.

import {
    AMPERSAND,
    ASTERISK,
    AT,
    BACKSLASH,
    BACKTICK,
    BANG,
    CLOSE_CURLY,
    CLOSE_SQUARE,
    COLON,
    COMMA,
    CR,
    DASH,
    DOUBLE,
    GREATER,
    HASH,
    OPEN_CURLY,
    OPEN_SQUARE,
    PERCENT,
    PIPE,
    PLUS,
    QUESTION,
    SINGLE,
    SPACE,
    TAB,
} from '../chars.js'

export type Decline =
    | 'node-property' // an anchor, alias or tag
    | 'directive' // %YAML, %TAG
    | 'glued-comment' // "#" right after a quote, a flow indicator or a block scalar header
    | 'line-break' // a CR that is not part of CR LF
    | 'byte-order-mark' // a byte order mark (yaml reads some texts after one differently)
    | 'long-line' // room for an implicit key over 1024 characters
    | 'tab-indent' // a tab before the first character of a line
    | 'multi-line-flow' // a flow collection (or a stray bracket) over more than one line
    | 'multi-line-quote' // a quoted scalar continued on a line not indented past its start
    | 'escaped-break' // an empty line after an escaped line break in a double-quoted scalar (js-yaml and yaml read it differently)
    | 'document-marker' // "---" or "..." followed by anything but a comment
    | 'empty-entry' // a sequence entry without a value (js-yaml may add the next, outer entry to its sequence)
    | 'block-scalar' // a block scalar with an indentation indicator, without text, or whose leading empty lines are more indented than its text

const LONE_CR = /\r(?!\n)/
/** Shorter lines leave no room for an implicit key of over 1024 characters. */
const MAX_LINE = 1000
/** A document marker line as both readers read it. */
const MARKER = /^(?:---|\.\.\.)(?:[ \t]+(?:#.*)?)?\r?$/
/** A line that ends in a sequence entry indicator with nothing after it. */
const EMPTY_ENTRY = /^(?:[-?][ \t]+)*-$/
/** A line that ends in a block scalar header: optional "- "/"? " indicators, an optional key, then | or > and its indicators. */
const HEADER = /^(?:[-?][ \t]+)*(?:.*:[ \t]+)?[|>]([-+0-9]*)$/

/**
 * Whether `c` (followed by `next`) begins a plain scalar where a node may start: not an indicator
 * (`-`, `?` and `:` only before white space; `:` never, to be safe), not a block scalar header.
 */
function startsPlain(c: number, next: number): boolean {
    if (c === PIPE || c === GREATER || c === COLON || c === AT || c === BACKTICK) return false
    return !((c === DASH || c === QUESTION) && isSpace(next))
}

/** Characters the structure scan looks at; every other one is plain text. */
const SPECIAL = new Uint8Array(128)
for (const c of '#"\'[]{},&*!%\t\r ') SPECIAL[c.charCodeAt(0)] = 1

/** What a comment must not follow without white space between. */
const GLUED = new Uint8Array(128)
for (const c of '"\'[]{},|>') GLUED[c.charCodeAt(0)] = 1

export function screen(text: string): Decline | undefined {
    if (text.includes('\r') && LONE_CR.test(text)) return 'line-break'
    if (text.includes('\ufeff')) return 'byte-order-mark'
    return new LineScreen(text).run()
}

const isSpace = (c: number) => c === SPACE || c === TAB || c === CR

/** Walks the text line by line, skipping the text of block scalars and quoted scalars. */
class LineScreen {
    /** Inside a block scalar: its text is indented more than `blockParent`, by `blockIndent` once known. */
    private blockParent = -1
    private blockIndent = -1
    private blockBlank = 0
    /** Inside a quoted scalar: the quote, and the column its continuation lines must pass. */
    private quote = 0
    private quoteParent = 0
    /** The quoted scalar's last line ended in an escaped line break ("\" at its end). */
    private escapedBreak = false
    /** After a sequence entry without a value on its line: the column of its "-". */
    private entry = -1

    constructor(private readonly text: string) {}

    run(): Decline | undefined {
        const text = this.text
        for (let start = 0; start <= text.length;) {
            let end = text.indexOf('\n', start)
            if (end < 0) end = text.length
            const decline = this.line(start, end)
            if (decline) return decline
            start = end + 1
        }
        if (this.quote) return 'multi-line-quote'
        if (this.entry >= 0) return 'empty-entry'
        return this.blockParent >= 0 && this.blockIndent < 0 ? 'block-scalar' : undefined
    }

    private line(start: number, end: number): Decline | undefined {
        const text = this.text
        let i = start
        while (i < end && text.charCodeAt(i) === SPACE) i++
        const indent = i - start
        let first = i
        while (first < end && isSpace(text.charCodeAt(first))) first++
        const blank = first === end
        const tab = first > i && text.slice(i, first).includes('\t')
        if (this.blockParent >= 0) {
            if (blank) {
                if (tab && (this.blockIndent < 0 || indent < this.blockIndent)) return 'tab-indent'
                if (this.blockIndent < 0) this.blockBlank = Math.max(this.blockBlank, indent)
                return undefined
            }
            if (this.blockIndent < 0 && indent > this.blockParent) {
                if (this.blockBlank > indent) return 'block-scalar'
                this.blockIndent = indent
            }
            if (this.blockIndent >= 0 && indent >= this.blockIndent) return undefined
            if (this.blockIndent < 0) return 'block-scalar'
            this.blockParent = -1
        }
        if (tab) return 'tab-indent'
        if (this.entry >= 0 && !blank && text.charCodeAt(first) !== HASH) {
            if (indent <= this.entry) return 'empty-entry'
            this.entry = -1
        }
        if (this.quote) {
            if (blank) return this.escapedBreak ? 'escaped-break' : undefined
            if (indent <= this.quoteParent) return 'multi-line-quote'
            i = this.closeQuote(i, end)
            if (this.quote) return undefined
        }
        if (end - start > MAX_LINE) return 'long-line'
        if (indent === 0 && (text.startsWith('---', start) || text.startsWith('...', start)) && !MARKER.test(text.slice(start, end))) return 'document-marker'
        return this.structure(start, i, end)
    }

    /** Scans structure from `from` to the line end: no node properties or glued comments, flow brackets balanced on the line. */
    private structure(start: number, from: number, end: number): Decline | undefined {
        const text = this.text
        let depth = 0
        let last = 0 // the last character that is not white space, 0 at the line start
        let significant = end
        // inside a plain scalar of the block context: brackets, quotes, "!", "&" and "*" are its text
        // (`when: a != "b"`, `for_each: ${f("x")}`); a ": " or " #" ends it
        let plain = false
        for (let i = from; i < end; i++) {
            const c = text.charCodeAt(i)
            if (plain) {
                if (c === COLON && (i + 1 === end || isSpace(text.charCodeAt(i + 1)))) plain = false
                else if (c === HASH && isSpace(text.charCodeAt(i - 1))) {
                    significant = i
                    break
                } else if (c === HASH && GLUED[text.charCodeAt(i - 1)] === 1) return 'glued-comment'
                if (!isSpace(c)) last = c
                continue
            }
            const nodeStart = last === 0 || last === COLON || last === DASH || last === QUESTION || last === OPEN_SQUARE || last === OPEN_CURLY || last === COMMA
            if (c >= 128 || SPECIAL[c] === 0) {
                if (depth === 0 && nodeStart && startsPlain(c, i + 1 < end ? text.charCodeAt(i + 1) : SPACE)) plain = true
                last = c
                continue
            }
            if (isSpace(c)) continue
            const before = i === start ? SPACE : text.charCodeAt(i - 1)
            const separated = isSpace(before) || before === OPEN_SQUARE || before === OPEN_CURLY || before === COMMA
            if (c === HASH) {
                if (isSpace(before)) {
                    significant = i
                    break
                }
                if (GLUED[before] === 1) return 'glued-comment'
            } else if (c === DOUBLE || c === SINGLE) {
                if (separated && nodeStart) {
                    this.quote = c
                    this.quoteParent = this.column(start, end)
                    i = this.closeQuote(i + 1, end) - 1
                    if (this.quote) return depth > 0 ? 'multi-line-flow' : undefined
                }
            } else if (c === BANG) {
                if (separated) return 'node-property'
            } else if (c === AMPERSAND || c === ASTERISK) {
                const next = i + 1 < end ? text.charCodeAt(i + 1) : SPACE
                if (separated && !isSpace(next) && next !== OPEN_SQUARE && next !== CLOSE_SQUARE && next !== OPEN_CURLY && next !== CLOSE_CURLY && next !== COMMA)
                    return 'node-property'
            } else if (c === PERCENT) {
                if (i === start) return 'directive'
            } else if (c === OPEN_SQUARE || c === OPEN_CURLY) depth++
            else if ((c === CLOSE_SQUARE || c === CLOSE_CURLY) && --depth < 0) return 'multi-line-flow'
            last = c
        }
        if (depth > 0) return 'multi-line-flow'
        if (last === DASH && EMPTY_ENTRY.test(text.slice(from, significant).trim())) this.entry = text.lastIndexOf('-', significant) - start
        const header = last === PIPE || last === GREATER || last === DASH || last === PLUS || (last >= 48 && last <= 57) ? HEADER.exec(text.slice(from, significant).trim()) : null
        if (header) {
            if (/[0-9]/.test(header[1]!)) return 'block-scalar'
            this.blockParent = this.column(start, end)
            this.blockIndent = -1
            this.blockBlank = 0
        }
        return undefined
    }

    /** The column of the first character of the line after its "- " and "? " indicators. */
    private column(start: number, end: number): number {
        const text = this.text
        let i = start
        for (;;) {
            while (i < end && isSpace(text.charCodeAt(i))) i++
            const c = text.charCodeAt(i)
            if ((c === DASH || c === QUESTION) && isSpace(text.charCodeAt(i + 1))) i += 2
            else return i - start
        }
    }

    /** Skips to just past the closing quote on this line, or to the line end (the quote stays open). */
    private closeQuote(from: number, end: number): number {
        const text = this.text
        this.escapedBreak = false
        for (let i = from; i < end; i++) {
            const c = text.charCodeAt(i)
            if (this.quote === DOUBLE && c === BACKSLASH) {
                this.escapedBreak = i + 1 === end || (i + 2 === end && text.charCodeAt(i + 1) === CR)
                i++
            } else if (c === this.quote) {
                if (c === SINGLE && text.charCodeAt(i + 1) === SINGLE) i++
                else {
                    this.quote = 0
                    return i + 1
                }
            }
        }
        return end
    }
}
