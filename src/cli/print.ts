// What the commands print on standard output: text passes the rule of app/shown-text (no control
// character of a template, an inputs file or a profile reaches the terminal as it is), JSON is
// written so that it reads back as the same data; both as app/standard-output writes documents
// (a file there holds the whole output or none of it).
import {escapeControls, jsonPieces, jsonText, terminalText} from '../app/shown-text.js'
import {writeStandardOutput} from '../app/standard-output.js'

/** Lines, each shown as one line (a line break inside one is escaped too). */
export function printLines(lines: readonly string[]): void {
    writeStandardOutput(`${lines.map(escapeControls).join('\n')}\n`)
}

/** Text of several lines, its line breaks kept. */
export function printText(text: string): void {
    writeStandardOutput(terminalText(text))
}

/** JSON text, whole or in pieces. */
export function printJson(json: string | Iterable<string>): void {
    writeStandardOutput(typeof json === 'string' ? jsonText(json) : jsonPieces(json))
}
