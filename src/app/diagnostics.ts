// Diagnostics as compilers show them: the located message, then the line it points at with the
// offending token underlined (^), each other place it involves underlined (-) with its label, then
// its notes and help. The engine knows where a mistake starts; the token's end is read here, from
// the text, when the diagnostic is shown (resolving never pays for it).
import {CONTROL_RANGES, type Diagnostic, formatLocation, readRegularFile, type RelatedLocation, type SourceLocation, type TrellisError} from '../engine/index.js'
import {oneLine} from './shown-text.js'

interface SourcePoint {
    readonly line: number
    readonly column: number
}

/** Where a diagnostic points, with the source line it starts on, read when shown. */
export interface ShownPlace {
    readonly range?: {readonly file: string; readonly start: SourcePoint; readonly end: SourcePoint}
    /** The source line the range starts on, as written. */
    readonly excerpt?: string
}

/** Another place a diagnostic involves, with its range and source line where the file can be read. */
type ShownRelated = RelatedLocation & ShownPlace

/** A diagnostic with its ranges and the source lines they point into, ready to show or to print as data. */
export interface ShownDiagnostic extends Omit<Diagnostic, 'related'>, ShownPlace {
    readonly related: readonly ShownRelated[]
}

/** Reads the line `line` (1-based) of a file, or undefined when the file cannot be read as text. */
export type LineReader = (file: string, line: number) => string | undefined

/** Files larger than this are not read again for an excerpt. */
const LARGEST_SOURCE = 64 * 1024 * 1024

/** A line reader that reads each file once. */
function fileLines(): LineReader {
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

/** The error and those found beside it, each with its ranges and source lines where the files can be read. */
export function shownDiagnostics(error: TrellisError, lines: LineReader = fileLines()): ShownDiagnostic[] {
    return error.diagnostics().map(d => shownDiagnostic(d, lines))
}

/** One diagnostic with its ranges and source lines; its fields in the order JSON shows them. */
export function shownDiagnostic(d: Diagnostic, lines: LineReader = fileLines()): ShownDiagnostic {
    return {
        code: d.code,
        severity: d.severity,
        message: d.message,
        location: d.location,
        ...shownPlace(d.location, lines),
        related: d.related.map(r => ({location: r.location, label: r.label, ...shownPlace(r.location, lines)})),
        notes: d.notes,
        help: d.help,
    }
}

function shownPlace(at: SourceLocation | undefined, lines: LineReader): ShownPlace {
    if (!at) return {}
    const text = lines(at.file, at.line)
    return {range: {file: at.file, start: {line: at.line, column: at.column}, end: {line: at.line, column: underlineEnd(at, text)}}, excerpt: text}
}

/**
 * Where the underline on the location's line ends: where its span ends (the reader's, see
 * SourceLocation), at the end of the line when the span goes on below it; one character without a span.
 */
function underlineEnd(at: SourceLocation, text: string | undefined): number {
    const next = at.column + 1
    if (at.endLine === undefined || at.endColumn === undefined) return next
    if (at.endLine === at.line) return Math.max(at.endColumn, next)
    return at.endLine > at.line && text !== undefined ? Math.max(text.replace(/\s+$/, '').length + 1, next) : next
}

/** The characters of the control-character rule (app/shown-text), each one column wide: shown as spaces, the underline stays in place. */
const CONTROLS = new RegExp(`[${CONTROL_RANGES}]`, 'gu')

/** Lines longer than this are shown as a window around the range. */
const WIDEST_EXCERPT = 120

/** How wide the line numbers of these diagnostics are, so their excerpts line up. */
export function gutterWidth(diagnostics: readonly ShownDiagnostic[]): number {
    const lines = diagnostics.flatMap(d => [d, ...d.related]).map(p => (p.range && p.excerpt !== undefined ? String(p.range.start.line).length : 0))
    return Math.max(0, ...lines)
}

/**
 * What is shown below a diagnostic's message line: its excerpt, each related place (`:::` and its
 * location first when it is in another file, or cannot be shown), then `= note:` and `= help:`
 * lines, all lined up on a gutter `width` wide (see gutterWidth). Text from a template is escaped.
 */
export function renderDetails(d: ShownDiagnostic, width = gutterWidth([d])): string[] {
    const out = renderExcerpt(d, width)
    const pad = ' '.repeat(width + 1)
    for (const r of d.related) {
        const excerpt = renderExcerpt(r, width, '-', r.label)
        const elsewhere = !d.range || d.excerpt === undefined || r.range?.file !== d.range.file
        if (excerpt.length === 0) out.push(`${pad}::: ${oneLine(`${formatLocation(r.location)}: ${r.label}`)}`)
        else out.push(...(elsewhere ? [`${pad}::: ${oneLine(formatLocation(r.location))}`] : []), ...excerpt)
    }
    for (const note of d.notes) out.push(`${pad} = note: ${oneLine(note)}`)
    for (const help of d.help) out.push(`${pad} = help: ${oneLine(help)}`)
    return out
}

/**
 * The excerpt of a place: its line number (right-aligned in `width`, to line up the excerpts of
 * several diagnostics), the line, and a line marking the range (`^` for where a diagnostic points,
 * `-` and a label for another place it involves). Control characters are shown as spaces (the
 * excerpt is for eyes; the message quotes exactly).
 */
export function renderExcerpt(d: ShownPlace, width = String(d.range?.start.line ?? '').length, mark: '^' | '-' = '^', label?: string): string[] {
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
    const marked = `${' '.repeat(Math.max(0, from))}${mark.repeat(Math.max(1, to - from))}${label === undefined ? '' : ` ${oneLine(label)}`}`
    return [` ${number} | ${text.trimEnd()}`, ` ${gutter} | ${marked}`]
}
