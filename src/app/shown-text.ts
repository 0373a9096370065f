// Text from a template, an inputs file or a profile, as the shells show it. Such text can hold
// characters a terminal acts on instead of showing (the engine's CONTROL_RANGES: escape sequences
// that write the clipboard or clear the screen, C1 controls, bidirectional overrides). One rule for
// every shell: they are shown escaped (`\x1b`, `\u202e`), never passed on. Each sink applies it
// where text leaves for it: a terminal line, terminal text, Markdown and Mermaid (app/report), JSON
// (escaped in its own syntax, so the data stays exact).
import {CONTROL_RANGES, escapedControl} from '../engine/index.js'

const CONTROL = new RegExp(`[${CONTROL_RANGES}]`, 'u')
const CONTROLS = new RegExp(CONTROL.source, 'gu')
/** The same but the line feed: text of several lines keeps its own line breaks. */
const CONTROL_BUT_LF = new RegExp(`(?!\\n)[${CONTROL_RANGES}]`, 'u')
const CONTROLS_BUT_LF = new RegExp(CONTROL_BUT_LF.source, 'gu')

/** A text meant as one line, every control character (line breaks too) escaped. */
export function escapeControls(text: string): string {
    return CONTROL.test(text) ? text.replace(CONTROLS, escapedControl) : text
}

/** Text of several lines for a terminal: line feeds kept, every other control character escaped. */
export function terminalText(text: string): string {
    return CONTROL_BUT_LF.test(text) ? text.replace(CONTROLS_BUT_LF, escapedControl) : text
}

/** Tokens longer than this (a 50 MB name echoed from a template) are cut with an ellipsis. */
const LONGEST_TOKEN = 160
const LONG_TOKEN = new RegExp(`\\S{${LONGEST_TOKEN + 1},}`, 'g')

/** A message as one safe terminal line: control characters escaped, huge runs cut. */
export function oneLine(text: string): string {
    return escapeControls(text).replace(LONG_TOKEN, token => `${token.slice(0, LONGEST_TOKEN - 1)}…`)
}

/** The characters of the rule that JSON.stringify leaves as they are (it escapes C0 itself). */
const JSON_RAW = new RegExp(`(?![\\u0000-\\u001f])[${CONTROL_RANGES}]`, 'u')
const JSON_RAWS = new RegExp(JSON_RAW.source, 'gu')
/** Every character of the rule but C0 is DEL or beyond. */
const BEYOND_ASCII = /[^\u0000-\u007e]/

/**
 * JSON text with those characters written as `\uXXXX`: the same data when read, but nothing a
 * terminal acts on. They can only stand inside strings, so the escape is always valid JSON.
 */
export function jsonText(json: string): string {
    // each UTF-16 unit on its own: a tag character is a surrogate pair, \udb40\udc41 in JSON
    const unit = (ch: string, i: number) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`
    // nearly all JSON is ASCII below DEL, which a scan without lookahead rules out at once
    if (!BEYOND_ASCII.test(json) || !JSON_RAW.test(json)) return json
    return json.replace(JSON_RAWS, ch => unit(ch, 0) + (ch.length > 1 ? unit(ch, 1) : ''))
}

/** JSON text in pieces, each written as jsonText writes it. */
export function* jsonPieces(pieces: Iterable<string>): Generator<string> {
    for (const piece of pieces) yield jsonText(piece)
}

/** A warning of the shells naming text from a template: one line, `trellis: warning: …`, on stderr. */
export function warnLine(message: string): void {
    process.stderr.write(`trellis: warning: ${oneLine(message)}\n`)
}

/** Names in a sentence: "a", "a and b", "a, b and c". */
export function andList(names: readonly string[]): string {
    return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}
