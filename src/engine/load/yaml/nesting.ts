// How deep YAML may nest, measured before any parser reads the text. `yaml`
// composes documents recursively and runs out of stack somewhere past 700 nested
// maps and lists (it reports that as a syntax error, but a second such document
// in the same process can abort V8 outright), js-yaml past 1,500; everything
// after loading walks the data recursively too. So a text nested deeper than
// MAX_YAML_NESTING is refused where the nesting crosses the limit.
//
// The check costs a pass or two over the text for a bound on the depth (below);
// only a text whose bound passes the limit is measured exactly (`firstTooDeep`).
// The bound adds two parts:
// - block collections: one that encloses a line is indented no deeper than the
//   line (at most a map and a list per column) or starts on it with "-", "?" or
//   ":", so a line allows 2 * (indent + 1) + those characters;
// - flow collections: each opens with its own "[" or "{", and its continuation
//   lines must be indented deeper than the line it opened on (`yaml` ends it at
//   the first line that is not), so only the openers since the last line
//   indented no deeper than every line with openers since then can still be open.
//   A flow collection opened other than as a "key: " value at column 0, or on the
//   document's first line of content at any indentation, may be the document
//   itself, which continues at any indentation: its openers never expire.
// Quotes, comments and block scalars are not told apart from structure, which
// can only make the bound larger. js-yaml continues flow collections at any
// indentation; where the loader reads with it, it reads only texts whose flow
// collections each fit on one line, and for those the openers of a line bound
// the flow depth just as well.
import type {CST, LineCounter} from 'yaml'
import {yamlPackage} from '../../yaml-package.js'
import {TrellisError} from '../../errors.js'
import {COLON, CR, DASH, HASH, QUESTION, SPACE, TAB} from './chars.js'

/** Maps and lists nested in one another, the document's own map counted. */
export const MAX_YAML_NESTING = 500

/** Throws a `too-deep` error at the first map or list nested deeper than MAX_YAML_NESTING. */
export function checkNesting(text: string, file: string): void {
    if (nestingBound(text) <= MAX_YAML_NESTING) return
    const lines = new (yamlPackage().LineCounter)()
    const offset = firstTooDeep(text, lines)
    if (offset === undefined) return
    const {line, col} = lines.linePos(offset)
    throw new TrellisError('too-deep', `maps and lists nested deeper than ${MAX_YAML_NESTING} levels`, {file, line, column: col})
}

/** An upper bound on how deep `text` nests; lines are measured closely only where the bound could otherwise pass `limit`. */
export function nestingBound(text: string, limit = MAX_YAML_NESTING): number {
    // a lone CR ends a line too: such a text is left to the exact measure
    if (text.includes('\r') && /\r(?!\n)/.test(text)) return Infinity
    const flow = flowBound(text)
    let block = 0
    for (let start = 0; start < text.length;) {
        let end = text.indexOf('\n', start)
        if (end === -1) end = text.length
        // a line of n characters is indented at most n and starts at most n block collections;
        // counted character by character only where that could pass the limit
        let bound = 2 * (end - start) + 2
        if (flow + bound > limit) {
            let i = start
            while (i < end && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++
            bound = 2 * (i - start + 1)
            for (; i < end; i++) {
                const c = text.charCodeAt(i)
                if (c === DASH || c === QUESTION || c === COLON) bound++
            }
        }
        if (bound > block) block = bound
        start = end + 1
    }
    return flow + block
}

const NEVER = -2
/** A line that starts with a document marker, a node property or an indicator rather than a key. */
const DOCUMENT_HEAD = /^(?:---|\.\.\.)?[ \t]*(?:[&!?:-]|$)/

/** The most flow openers that can be open at once (see above). */
function flowBound(text: string): number {
    let square = text.indexOf('[')
    let curly = text.indexOf('{')
    if (square === -1 && curly === -1) return 0
    let deepest = 0
    let open = 0
    /** The least indentation of a line with openers since the last reset; -1 before any, NEVER for a document-level flow. */
    let floor = -1
    /** Whether the current document has had a line of content yet (its first one may open the document itself, at any indentation). */
    let content = false
    for (let start = 0; start < text.length;) {
        let end = text.indexOf('\n', start)
        if (end === -1) end = text.length
        let i = start
        while (i < end && text.charCodeAt(i) === SPACE) i++
        const indent = i - start
        const first = i < end ? text.charCodeAt(i) : -1
        // blank lines, comment lines and lines indented with a tab end nothing
        const ends = first !== -1 && first !== HASH && first !== TAB && first !== CR
        // a document marker starts a document, whose content may begin on the marker's line
        const marker = indent === 0 && (text.startsWith('---', start) || text.startsWith('...', start))
        if (marker) content = false
        if (ends && floor !== NEVER && floor >= 0 && indent <= floor) {
            open = 0
            floor = -1
        }
        let openers = 0
        let firstOpener = -1
        while (square !== -1 && square < end) {
            if (firstOpener === -1 || square < firstOpener) firstOpener = square
            openers++
            square = text.indexOf('[', square + 1)
        }
        while (curly !== -1 && curly < end) {
            if (firstOpener === -1 || curly < firstOpener) firstOpener = curly
            openers++
            curly = text.indexOf('{', curly + 1)
        }
        if (openers > 0) {
            open += openers
            if (open > deepest) deepest = open
            if (floor !== NEVER) {
                const head = text.slice(start, firstOpener)
                // "key: [" is a map's value; anything else at column 0, or on the document's first line of
                // content at any indentation, may be the document itself
                const documentLevel = (indent === 0 || !content) && (DOCUMENT_HEAD.test(head.trimStart()) || !/:[ \t]/.test(head))
                floor = documentLevel ? NEVER : floor === -1 ? indent : Math.min(floor, indent)
            }
        }
        if (ends && !(marker && /^[ \t]*(?:#|$)/.test(text.slice(start + 3, end)))) content = true
        if (square === -1 && curly === -1) break
        start = end + 1
    }
    return deepest
}

/**
 * The offset of the first collection nested deeper than the limit, on `yaml`'s concrete
 * syntax tree. Its parser keeps a stack of its own, except that closing many block
 * collections at once recurses once per collection (about 1,500 maps overflow it). That
 * overflow is caught: it touches no regular expression (whose compilation V8 may not
 * survive at the stack's end), and what the parser built until then — the documents
 * done, and the tokens on its stack — holds the nesting that overflowed it.
 */
function firstTooDeep(text: string, lines: LineCounter): number | undefined {
    // the line breaks before any offset returned have been seen, even after an overflow
    const parser = new (yamlPackage().Parser)(lines.addNewLine)
    try {
        for (const token of parser.parse(text)) {
            const offset = deeperThanLimit([[token, 0]])
            if (offset !== undefined) return offset
        }
        return undefined
    } catch (e) {
        if (!(e instanceof RangeError)) throw e
    }
    // the tokens still open, each as deep as the collections below it on the stack
    const roots: [CST.Token, number][] = []
    let depth = 0
    for (const token of parser.stack) {
        roots.push([token, depth])
        if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') depth++
    }
    return deeperThanLimit(roots) ?? parser.offset
}

/** The least offset of a collection nested deeper than the limit under `roots` (token, depth above it), with a stack of our own. */
function deeperThanLimit(roots: [CST.Token, number][]): number | undefined {
    let first: number | undefined
    const pending = [...roots]
    while (pending.length > 0) {
        const [t, depth] = pending.pop()!
        switch (t.type) {
            case 'document':
                if (t.value) pending.push([t.value, depth])
                break
            case 'block-map':
            case 'block-seq':
            case 'flow-collection':
                if (depth + 1 > MAX_YAML_NESTING) {
                    if (first === undefined || t.offset < first) first = t.offset
                    break
                }
                for (const item of t.items) {
                    if (item.key) pending.push([item.key, depth + 1])
                    if (item.value) pending.push([item.value, depth + 1])
                }
                break
        }
    }
    return first
}
