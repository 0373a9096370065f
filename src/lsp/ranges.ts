// Where things are, as LSP says it: file URIs, and ranges of 0-based lines and UTF-16 columns. The
// engine's locations are 1-based lines and columns counted in the JavaScript string the file was
// read into, which are UTF-16 code units too: only the base changes.
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import type {Position, Range} from 'vscode-languageserver'
import type {SourceLocation} from '../engine/index.js'

export function uriOf(file: string): string {
    return pathToFileURL(path.resolve(file)).href
}

/** The file of a `file:` URI; undefined for any other scheme (an unsaved buffer has no folder to read imports from). */
export function fileOf(uri: string): string | undefined {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined
}

/** `file:line:column` as the engine writes a location in text (explanations, conflicts, findings). */
export function parseLocation(text: string | undefined): SourceLocation | undefined {
    const match = text === undefined ? null : /^(.*):(\d+):(\d+)$/.exec(text)
    return match ? {file: match[1]!, line: Number(match[2]), column: Number(match[3])} : undefined
}

/**
 * The range of a location: its span when the reader gave one (the token itself), else the token
 * that starts there in `line` (the text of its line): up to the first character that ends a YAML
 * plain scalar in a flow or block context.
 */
export function rangeOf(at: SourceLocation, line?: string): Range {
    const start: Position = {line: at.line - 1, character: at.column - 1}
    if (at.endLine !== undefined && at.endColumn !== undefined && (at.endLine > at.line || at.endColumn > at.column))
        return {start, end: {line: at.endLine - 1, character: at.endColumn - 1}}
    const rest = line?.slice(start.character) ?? ''
    const token = /^("[^"]*"|'[^']*'|[^\s:,{}[\]]+)/.exec(rest)?.[0].length ?? 1
    return {start, end: {line: start.line, character: start.character + token}}
}

/** Whether a position lies in a range (its end included: a cursor just after a word is on it). */
export function contains(range: Range, at: Position): boolean {
    const after = (a: Position, b: Position) => a.line > b.line || (a.line === b.line && a.character >= b.character)
    return after(at, range.start) && after(range.end, at)
}
