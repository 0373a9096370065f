// The quickest reader, for the block YAML templates are written in (and writers
// such as `yaml` and js-yaml produce): maps and sequences by indentation, plain
// and quoted scalars on one line, literal block scalars, empty flow collections,
// comments. It reads line by line with no token objects, about twice as fast as
// js-yaml on large templates. Anything else — and anything it is not sure of —
// it declines, and js-yaml reads the text instead (index.ts); it never reads a
// text differently. It runs after the screen (screen.ts), so it may rely on no
// byte order mark, no lone CR, no lines over 1000 characters, no sequence entry
// without a value on its line, no block scalar without text or with an
// indentation indicator; it declines tabs and CRs outright.
import {InexactNumber, readPlainScalar} from '../core-schema.js'
import {isIntegralFloat, noteFloatLiteral} from '../float-literals.js'
import type {RecordedPositions} from '../positions/recorded.js'
import {CLOSE_CURLY, CLOSE_SQUARE, COLON, COMMA, DASH, DOT, DOUBLE, HASH, NEWLINE, OPEN_CURLY, OPEN_SQUARE, PIPE, SINGLE, SPACE, closingQuote} from '../chars.js'

class Declined extends Error {}

/** Characters that start no plain scalar here (indicators, or text js-yaml and yaml read in ways not worth following). */
const NOT_PLAIN = new Uint8Array(128)
for (const c of '[]{},#&*!|>\'"%@`?:-') NOT_PLAIN[c.charCodeAt(0)] = 1

/** What YAML does not allow in a text (js-yaml and yaml fail on it): control characters, noncharacters, lone surrogates. */
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/

/** Escapes that mean the same in YAML and JSON double-quoted text. */
const JSON_ESCAPES = new Uint8Array(128)
for (const c of '"\\/bfnrtu') JSON_ESCAPES[c.charCodeAt(0)] = 1

/**
 * The data of `text`, or undefined when it holds anything this reader leaves to js-yaml. `record`:
 * where to write down the position of every map and sequence, and of their keys and items.
 */
export function readBlock(text: string, record?: RecordedPositions): {data: unknown} | undefined {
    if (text.includes('\t') || text.includes('\r') || NON_PRINTABLE.test(text)) return undefined
    try {
        return {data: new BlockReader(text, record).document()}
    } catch (e) {
        if (e instanceof Declined || e instanceof InexactNumber) return undefined
        throw e
    }
}

class BlockReader {
    /** The current line: where it starts and ends (at its line feed or the end of the text), and its indentation. */
    private start = 0
    private end = 0
    private indent = 0
    /** No line is left. */
    private done = false
    /** The last plain scalar read was a float with an integral value: the number just read is noted as one (only a number is). */
    private floatRead = false

    constructor(
        private readonly text: string,
        private readonly record: RecordedPositions | undefined,
    ) {}

    document(): unknown {
        this.end = -1
        this.advance(true)
        if (this.done) throw new Declined()
        const c = this.text.charCodeAt(this.start + this.indent)
        // a document start marker alone on the first line
        if (this.indent === 0 && c === DASH && this.marker(this.start)) this.advance(false)
        if (this.done) throw new Declined()
        const data = this.block(this.indent)
        if (!this.done) throw new Declined()
        return data
    }

    /** Moves to the next line with content (not blank, not only a comment); `first`: the document's first line may be a marker. */
    private advance(first = false): void {
        const text = this.text
        for (let start = this.end + 1; start < text.length;) {
            let end = text.indexOf('\n', start)
            if (end === -1) end = text.length
            let i = start
            while (i < end && text.charCodeAt(i) === SPACE) i++
            if (i < end && text.charCodeAt(i) !== HASH) {
                if (i === start && !first && this.marker(start)) throw new Declined()
                this.start = start
                this.end = end
                this.indent = i - start
                return
            }
            start = end + 1
        }
        this.done = true
        this.start = this.end = text.length
        this.indent = -1
    }

    /** A document marker ("---" or "...") at `at`, the start of a line. */
    private marker(at: number): boolean {
        const text = this.text
        const c = text.charCodeAt(at)
        if ((c !== DASH && c !== DOT) || text.charCodeAt(at + 1) !== c || text.charCodeAt(at + 2) !== c) return false
        const next = text.charCodeAt(at + 3)
        if (at + 3 >= text.length || next === NEWLINE) return true
        if (next !== SPACE) return false
        // "--- " followed by a comment is a marker; by anything else, not one this reader reads
        let i = at + 3
        while (text.charCodeAt(i) === SPACE) i++
        if (i < text.length && text.charCodeAt(i) !== NEWLINE && text.charCodeAt(i) !== HASH) throw new Declined()
        return true
    }

    /** A sequence entry indicator at `at`: "-" followed by a space or the line's end. */
    private isEntry(at: number): boolean {
        if (this.text.charCodeAt(at) !== DASH) return false
        const next = at + 1
        return next >= this.end || this.text.charCodeAt(next) === SPACE
    }

    /** A block map whose keys are at column `column`, the first one at `at` on the current line. */
    private map(column: number, at: number): Record<string, unknown> {
        const map: Record<string, unknown> = {}
        const record = this.record
        const start = at
        const mark = record?.open() ?? 0
        let written: string[] | undefined
        for (;;) {
            const {key, after} = this.key(at)
            if (key === '__proto__' || Object.hasOwn(map, key)) throw new Declined()
            if (record) written = recordKey(record, at, map, key, written)
            map[key] = this.value(column, after, true)
            if (this.floatRead && typeof map[key] === 'number') noteFloatLiteral(map, key)
            if (this.done || this.indent < column) {
                record?.close(map, start, mark, written)
                return map
            }
            if (this.indent > column || this.isEntry(this.start + column)) throw new Declined()
            at = this.start + column
        }
    }

    /** A block sequence whose entries' "-" are at column `column`, on the current line. */
    private sequence(column: number): unknown[] {
        const list: unknown[] = []
        const text = this.text
        const record = this.record
        const start = this.start + column
        const mark = record?.open() ?? 0
        for (;;) {
            let at = this.start + column + 1
            while (at < this.end && text.charCodeAt(at) === SPACE) at++
            // an entry without a value on its line, or a sequence in a sequence on one line: js-yaml's
            if (at >= this.end || text.charCodeAt(at) === HASH || this.isEntry(at)) throw new Declined()
            record?.push(at)
            list.push(this.keyEnd(at) !== -1 ? this.map(at - this.start, at) : this.value(column, at - 1, false))
            if (this.floatRead && typeof list[list.length - 1] === 'number') noteFloatLiteral(list, list.length - 1)
            // a line at the entries' column that is no entry ends the sequence (a key of the map it is a value of)
            if (this.done || this.indent < column || (this.indent === column && !this.isEntry(this.start + column))) {
                record?.close(list, start, mark)
                return list
            }
            if (this.indent > column) throw new Declined()
        }
    }

    /**
     * A key at `at` and where its ":" ends. Plain keys are read as js-yaml reads them: the scalar's
     * value as a string (`1.0` is "1", `~` is "null").
     */
    private key(at: number): {key: string; after: number} {
        const colon = this.keyEnd(at)
        if (colon === -1) throw new Declined()
        const text = this.text
        const c = text.charCodeAt(at)
        if (c === DOUBLE || c === SINGLE) return {key: this.quoted(at, this.closeQuote(at)), after: colon + 1}
        if (!this.plainStart(at)) throw new Declined()
        let last = colon
        while (text.charCodeAt(last - 1) === SPACE) last--
        return {key: String(readPlainScalar(text.slice(at, last))), after: colon + 1}
    }

    /** Where the ":" of a plain implicit key starting at `at` is, or -1 when the line holds none (or a quote starts it). */
    private keyEnd(at: number): number {
        const text = this.text
        const c = text.charCodeAt(at)
        if (c === DOUBLE || c === SINGLE) {
            const close = this.closeQuote(at)
            let i = close + 1
            while (text.charCodeAt(i) === SPACE) i++
            return text.charCodeAt(i) === COLON && this.separated(i + 1) ? i : -1
        }
        for (let i = at; i < this.end; i++) {
            const d = text.charCodeAt(i)
            if (d === COLON && this.separated(i + 1)) return i
            if (d === HASH && text.charCodeAt(i - 1) === SPACE) return -1
        }
        return -1
    }

    /**
     * Whether a plain scalar may start at `at`: "-" only before a character that is not a space ("-1"),
     * and in a flow collection not before one of its indicators either ("[-]" is no scalar).
     */
    private plainStart(at: number, flow = false): boolean {
        const c = this.text.charCodeAt(at)
        if (c >= 128 || NOT_PLAIN[c] !== 1) return true
        if (c !== DASH || at + 1 >= this.end) return false
        const next = this.text.charCodeAt(at + 1)
        return next !== SPACE && !(flow && (next === COMMA || next === OPEN_SQUARE || next === CLOSE_SQUARE || next === OPEN_CURLY || next === CLOSE_CURLY))
    }

    /** A space or the line's end at `at`. */
    private separated(at: number): boolean {
        return at >= this.end || this.text.charCodeAt(at) === SPACE
    }

    /**
     * The value after a key's ":" or an entry's "-" (at `after`), on this line or, when the line ends
     * there, on the lines below: a nested block (or, for a key, a sequence at the key's own column),
     * else null. Leaves the reader on the next line with content.
     */
    private value(column: number, after: number, ofKey: boolean): unknown {
        const text = this.text
        let at = after
        while (at < this.end && text.charCodeAt(at) === SPACE) at++
        if (at >= this.end || text.charCodeAt(at) === HASH) {
            this.advance()
            if (this.done) return null
            if (this.indent > column) return this.block(this.indent)
            if (ofKey && this.indent === column && this.isEntry(this.start + column)) return this.sequence(column)
            return null
        }
        const c = text.charCodeAt(at)
        let value: unknown
        if (c === DOUBLE || c === SINGLE) {
            const close = this.closeQuote(at)
            value = this.quoted(at, close)
            this.rest(close + 1)
        } else if (c === PIPE) return this.literal(column, at)
        else if (c === OPEN_SQUARE || c === OPEN_CURLY) {
            const flow = {at}
            value = this.flow(flow)
            this.rest(flow.at)
        } else {
            if (!this.plainStart(at)) throw new Declined()
            let end = this.end
            for (let i = at; i < this.end; i++) {
                const d = text.charCodeAt(i)
                // a map entry where a scalar belongs
                if (d === COLON && this.separated(i + 1)) throw new Declined()
                if (d === HASH && text.charCodeAt(i - 1) === SPACE) {
                    end = i
                    break
                }
            }
            while (text.charCodeAt(end - 1) === SPACE) end--
            value = this.plain(text.slice(at, end))
        }
        this.advance()
        // a line indented more continues a scalar over several lines: js-yaml's
        if (!this.done && this.indent > column) throw new Declined()
        return value
    }

    /**
     * A flow collection on this line from `cursor.at` (the screen keeps them on one line), leaving the
     * cursor after it: items are flow collections, quoted scalars and plain scalars without ":" (a
     * single pair in a sequence, a key without a value, a comma before the end: js-yaml's).
     */
    private flow(cursor: {at: number}): unknown {
        const text = this.text
        const start = cursor.at
        const open = text.charCodeAt(start)
        const close = open === OPEN_SQUARE ? CLOSE_SQUARE : CLOSE_CURLY
        const list: unknown[] | undefined = open === OPEN_SQUARE ? [] : undefined
        const map: Record<string, unknown> | undefined = list ? undefined : {}
        const record = this.record
        const mark = record?.open() ?? 0
        let written: string[] | undefined
        cursor.at++
        this.spaces(cursor)
        if (text.charCodeAt(cursor.at) === close) {
            cursor.at++
            record?.close((list ?? map)!, start, mark)
            return list ?? map
        }
        for (;;) {
            const at = cursor.at
            if (map) {
                const key = this.flowItem(cursor, true)
                const name = typeof key === 'string' ? key : String(key)
                if (text.charCodeAt(cursor.at) !== COLON || text.charCodeAt(cursor.at + 1) !== SPACE) throw new Declined()
                if (name === '__proto__' || Object.hasOwn(map, name)) throw new Declined()
                if (record) written = recordKey(record, at, map, name, written)
                cursor.at += 2
                this.spaces(cursor)
                map[name] = this.flowItem(cursor, false)
                if (this.floatRead && typeof map[name] === 'number') noteFloatLiteral(map, name)
            } else {
                record?.push(at)
                list!.push(this.flowItem(cursor, false))
                if (this.floatRead && typeof list![list!.length - 1] === 'number') noteFloatLiteral(list!, list!.length - 1)
            }
            const c = text.charCodeAt(cursor.at)
            cursor.at++
            if (c === close) {
                record?.close((list ?? map)!, start, mark, written)
                return list ?? map
            }
            if (c !== COMMA) throw new Declined()
            this.spaces(cursor)
            if (text.charCodeAt(cursor.at) === close) throw new Declined()
        }
    }

    /** One item of a flow collection at `cursor.at`, the cursor left on what follows it (spaces passed). */
    private flowItem(cursor: {at: number}, key: boolean): unknown {
        const text = this.text
        const c = text.charCodeAt(cursor.at)
        let value: unknown
        if (c === OPEN_SQUARE || c === OPEN_CURLY) {
            // a collection as a key: js-yaml's
            if (key) throw new Declined()
            value = this.flow(cursor)
        } else if (c === DOUBLE || c === SINGLE) {
            const close = this.closeQuote(cursor.at)
            value = this.quoted(cursor.at, close)
            cursor.at = close + 1
        } else {
            if (!this.plainStart(cursor.at, true)) throw new Declined()
            let end = cursor.at
            for (; end < this.end; end++) {
                const d = text.charCodeAt(end)
                if (d === COMMA || d === OPEN_SQUARE || d === CLOSE_SQUARE || d === OPEN_CURLY || d === CLOSE_CURLY) break
                if (d === COLON) {
                    if (key && text.charCodeAt(end + 1) === SPACE) break
                    throw new Declined()
                }
                if (d === HASH && text.charCodeAt(end - 1) === SPACE) throw new Declined()
            }
            let last = end
            while (text.charCodeAt(last - 1) === SPACE) last--
            value = this.plain(text.slice(cursor.at, last))
            cursor.at = end
        }
        this.spaces(cursor)
        return value
    }

    /** A plain scalar's value; notes whether it is a float with an integral value (see floatRead). */
    private plain(text: string): unknown {
        const value = readPlainScalar(text)
        this.floatRead = isIntegralFloat(text, value)
        return value
    }

    private spaces(cursor: {at: number}): void {
        while (cursor.at < this.end && this.text.charCodeAt(cursor.at) === SPACE) cursor.at++
    }

    /** A map or sequence starting on the current line at its indentation. */
    private block(column: number): unknown {
        return this.isEntry(this.start + column) ? this.sequence(column) : this.map(column, this.start + column)
    }

    /** Nothing but spaces and a comment from `at` to the line's end. */
    private rest(at: number): void {
        const text = this.text
        while (at < this.end && text.charCodeAt(at) === SPACE) at++
        if (at < this.end && !(text.charCodeAt(at) === HASH && text.charCodeAt(at - 1) === SPACE)) throw new Declined()
    }

    /** The quote closing the one at `at`, on the same line. */
    private closeQuote(at: number): number {
        const close = closingQuote(this.text, at, this.end)
        if (close === -1) throw new Declined()
        return close
    }

    /** The text of the quoted scalar from `open` to `close`: '' in single quotes is ', escapes are those JSON shares. */
    private quoted(open: number, close: number): string {
        const text = this.text
        const raw = text.slice(open + 1, close)
        if (text.charCodeAt(open) === SINGLE) return raw.includes("'") ? raw.replaceAll("''", "'") : raw
        if (!raw.includes('\\')) return raw
        for (let i = raw.indexOf('\\'); i !== -1; i = raw.indexOf('\\', i + 2)) {
            const c = raw.charCodeAt(i + 1)
            if (c >= 128 || JSON_ESCAPES[c] !== 1) throw new Declined()
        }
        try {
            return JSON.parse(`"${raw}"`) as string
        } catch {
            throw new Declined()
        }
    }

    /**
     * A literal block scalar ("|", "|-", "|+") whose header is at `at`: its lines are those indented
     * past `column`, each without the indentation of the first; the header's indicator says what
     * becomes of the line breaks at its end.
     */
    private literal(column: number, at: number): string {
        const text = this.text
        const chomp = text.charCodeAt(at + 1)
        const keep = chomp === 43
        const strip = chomp === DASH
        this.rest(keep || strip ? at + 2 : at + 1)
        const lines: string[] = []
        let indent = -1
        let start = this.end + 1
        for (; start < text.length;) {
            let end = text.indexOf('\n', start)
            if (end === -1) end = text.length
            let i = start
            while (i < end && text.charCodeAt(i) === SPACE) i++
            if (i === end) {
                // a blank line: empty, or the spaces past the indentation of the text
                lines.push(indent >= 0 && i - start > indent ? text.slice(start + indent, end) : '')
            } else {
                if (indent === -1) {
                    if (i - start <= column) break
                    indent = i - start
                } else if (i - start < indent) break
                lines.push(text.slice(start + indent, end))
            }
            start = end + 1
        }
        // the screen sends a block scalar without text to the exact reader
        if (indent === -1) throw new Declined()
        let last = lines.length
        while (last > 0 && lines[last - 1] === '') last--
        const body = lines.slice(0, last).join('\n')
        // the line breaks after the text: its last line's and each empty line's after it (a file's last
        // line ends in one for js-yaml, which adds it when missing)
        const breaks = lines.length - last + 1
        const value = strip ? body : keep ? body + '\n'.repeat(breaks) : body + (breaks > 0 ? '\n' : '')
        // on to the next line with content after the scalar's lines
        this.end = start - 1
        this.advance()
        if (!this.done && this.indent > column) throw new Declined()
        return value
    }
}

/**
 * Writes down where a key of `map` was written, before it is added; returns the keys in the order
 * written once one of them (a key like "2") may change the order Object.keys gives them in.
 */
function recordKey(record: RecordedPositions, at: number, map: object, key: string, written: string[] | undefined): string[] | undefined {
    record.push(at)
    if (written) written.push(key)
    else {
        const c = key.charCodeAt(0)
        // until such a key, Object.keys gives the keys in the order written
        if (c >= 48 && c <= 57) return [...Object.keys(map), key]
    }
    return written
}
