// The engine's diagnostics as LSP diagnostics: the code, the range of the offending token, the
// other places as related information, the notes and help lines below the message (editors show
// a diagnostic's message whole; relatedInformation is where they link the places).
import type {Diagnostic, DiagnosticRelatedInformation} from 'vscode-languageserver'
import {conflictHeadline, type ConflictItem, type Diagnostic as EngineDiagnostic, type SourceLocation} from '../engine/index.js'
import {parseLocation, rangeOf, uriOf} from './ranges.js'

/** The text of line `line` (1-based) of a file: the editor's buffer for an open document, else the file on disk. */
export type LineSource = (file: string, line: number) => string | undefined

/** A diagnostic and the file it belongs to. */
export interface FileDiagnostic {
    readonly uri: string
    readonly diagnostic: Diagnostic
}

const ERROR = 1
const WARNING = 2
export const HINT = 4
/** DiagnosticTag.Unnecessary: editors fade the range. */
export const UNNECESSARY = 1
const SOURCE = 'trellis'

export function engineDiagnostic(d: EngineDiagnostic, file: string, lines: LineSource): FileDiagnostic {
    const at = d.location
    const message = [d.message, ...d.notes.map(n => `note: ${n}`), ...d.help.map(h => `help: ${h}`)].join('\n')
    const relatedInformation: DiagnosticRelatedInformation[] = d.related.map(r => ({location: locationOf(r.location, lines), message: r.label}))
    return {
        uri: uriOf(at?.file ?? file),
        diagnostic: {
            range: at ? rangeOf(at, lines(at.file, at.line)) : TOP,
            severity: d.severity === 'warning' ? WARNING : ERROR,
            code: d.code,
            source: SOURCE,
            message,
            ...(relatedInformation.length ? {relatedInformation} : {}),
        },
    }
}

/** A message about the whole template, at its first line. */
export function plainDiagnostic(file: string, message: string, severity: 'error' | 'warning'): FileDiagnostic {
    return {uri: uriOf(file), diagnostic: {range: TOP, severity: severity === 'warning' ? WARNING : ERROR, source: SOURCE, message}}
}

/**
 * No variant under the active choice: one diagnostic at each condition or constraint of the
 * minimal conflict, the headline and what it reads in the message, the other members related.
 */
export function conflictDiagnostics(conflict: readonly ConflictItem[], file: string, lines: LineSource): FileDiagnostic[] {
    const headline = `No variant exists under the active choice: ${conflictHeadline(conflict)}`
    const placed = conflict.map(c => ({item: c, at: parseLocation(c.location)}))
    if (placed.length === 0) return [plainDiagnostic(file, headline, 'error')]
    return placed.map(({item, at}) => {
        const others = placed.filter(p => p.item !== item && p.at)
        const message = [`${headline}`, `${item.text}: ${item.condition}`, ...item.inputs.map(i => `input ${i}`)].join('\n')
        return {
            uri: uriOf(at?.file ?? file),
            diagnostic: {
                range: at ? rangeOf(at, lines(at.file, at.line)) : TOP,
                severity: ERROR,
                code: 'unsatisfiable',
                source: SOURCE,
                message,
                ...(others.length ? {relatedInformation: others.map(o => ({location: locationOf(o.at!, lines), message: `${o.item.text}: ${o.item.condition}`}))} : {}),
            },
        }
    })
}

function locationOf(at: SourceLocation, lines: LineSource): {uri: string; range: Diagnostic['range']} {
    return {uri: uriOf(at.file), range: rangeOf(at, lines(at.file, at.line))}
}

const TOP: Diagnostic['range'] = {start: {line: 0, character: 0}, end: {line: 0, character: 0}}
