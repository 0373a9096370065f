// Diagnostics as compilers show them: the located message, then the line it points at with the
// offending token underlined. The engine knows where a mistake starts; the token's end is read
// here, from the text, when the diagnostic is shown (resolving never pays for it).
import {CONTROL_RANGES, type Diagnostic, readRegularFile, type TrellisError} from '../engine/index.js'

export interface SourcePoint {
    readonly line: number
    readonly column: number
}

/** A diagnostic with its range and the source line it points into, ready to show or to print as data. */
export interface ShownDiagnostic extends Diagnostic {
    readonly range?: {readonly file: string; readonly start: SourcePoint; readonly end: SourcePoint}
    /** The source line the range starts on, as written. */
    readonly excerpt?: string
}

/** Reads the line `line` (1-based) of a file, or undefined when the file cannot be read as text. */
export type LineReader = (file: string, line: number) => string | undefined

/** Files larger than this are not read again for an excerpt. */
const LARGEST_SOURCE = 64 * 1024 * 1024

/** A line reader that reads each file once. */
export function fileLines(): LineReader {
    const cache = new Map<string, string[] | undefined>()
    return (file, line) => {
        if (!cache.has(file)) cache.set(file, readLines(file))
        return cache.get(file)?.[line - 1]
    }
}

function readLines(file: string): string[] | undefined {
    try {
        return readRegularFile(file, file, {maxBytes: LARGEST_SOURCE, why: () => 'too large to show'})
            .toString('utf8')
            .split(/\r?\n/)
    } catch {
        return undefined
    }
}

/** The error and those found beside it, each with its range and source line where the file can be read. */
export function shownDiagnostics(error: TrellisError, lines: LineReader = fileLines()): ShownDiagnostic[] {
    return error.diagnostics().map(d => {
        const at = d.location
        if (!at) return d
        const text = lines(at.file, at.line)
        const end = text === undefined ? at.column : tokenEnd(text, at.column - 1) + 1
        return {...d, range: {file: at.file, start: {line: at.line, column: at.column}, end: {line: at.line, column: Math.max(end, at.column + 1)}}, excerpt: text}
    })
}

/**
 * Where the YAML token starting at `start` (0-based) ends, exclusive: a quoted scalar to its closing
 * quote, a flow collection to its closing bracket (on this line), a key to its colon, a plain
 * scalar to the next separator.
 */
export function tokenEnd(line: string, start: number): number {
    const c = line[start]
    if (c === undefined) return start + 1
    if (c === '"' || c === "'") {
        for (let i = start + 1; i < line.length; i++) {
            if (c === '"' && line[i] === '\\') i++
            else if (line[i] === c) {
                if (c === "'" && line[i + 1] === "'") i++
                else return i + 1
            }
        }
        return line.length
    }
    if (c === '[' || c === '{') {
        let depth = 0
        for (let i = start; i < line.length; i++) {
            const d = line[i]
            if (d === '"' || d === "'") i = tokenEnd(line, i) - 1
            else if (d === '[' || d === '{') depth++
            else if ((d === ']' || d === '}') && --depth === 0) return i + 1
        }
        return line.length
    }
    let end = start
    for (let i = start; i < line.length; i++) {
        const d = line[i]!
        const next = line[i + 1]
        if (d === ',' || d === ']' || d === '}') break
        if (d === ':' && (next === undefined || next === ' ' || next === '\t')) break
        if (d === '#' && (line[i - 1] === ' ' || line[i - 1] === '\t')) break
        if (d !== ' ' && d !== '\t') end = i + 1
    }
    return Math.max(end, start + 1)
}

/** The characters of the control-character rule (app/shown-text), each one column wide: shown as spaces, the caret stays in place. */
const CONTROLS = new RegExp(`[${CONTROL_RANGES}]`, 'g')

/** Lines longer than this are shown as a window around the range. */
const WIDEST_EXCERPT = 120

/**
 * The excerpt of a diagnostic: its line number (right-aligned in `width`, to line up the excerpts
 * of several diagnostics), the line, and a caret line under the range.
 * Control characters are shown as spaces (the excerpt is for eyes; the message quotes exactly).
 */
export function renderExcerpt(d: ShownDiagnostic, width = String(d.range?.start.line ?? '').length): string[] {
    if (!d.range || d.excerpt === undefined) return []
    const number = String(d.range.start.line).padStart(width)
    const gutter = ' '.repeat(number.length)
    let text = d.excerpt.replace(CONTROLS, ' ')
    let from = d.range.start.column - 1
    let to = Math.max(from + 1, d.range.end.column - 1)
    if (text.length > WIDEST_EXCERPT) {
        // a window that starts a little before the range
        const start = Math.max(0, Math.min(from - 20, text.length - WIDEST_EXCERPT))
        const cut = text.slice(start, start + WIDEST_EXCERPT)
        text = `${start > 0 ? '…' : ''}${cut}${start + WIDEST_EXCERPT < d.excerpt.length ? '…' : ''}`
        const shift = start - (start > 0 ? 1 : 0)
        from -= shift
        to = Math.min(to - shift, text.length)
    }
    return [` ${number} | ${text.trimEnd()}`, ` ${gutter} | ${' '.repeat(Math.max(0, from))}${'^'.repeat(Math.max(1, to - from))}`]
}
