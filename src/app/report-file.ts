// --report FILE: the explanation report beside the resolved template, Markdown
// or JSON by the file's extension; the shells write it with their other outputs.
import path from 'node:path'
import {type LoadedTemplate, type Outcome, type ReportOutcome, reportStream, type ResolveRequest} from '../engine/index.js'
import {jsonChunks, markdownChunks} from './report/index.js'
import {UsageError} from './errors.js'
import {jsonPieces} from './shown-text.js'

export type ReportFormat = 'markdown' | 'json'

/** The format a report file asks for; a usage error for any other extension. */
export function reportFormat(file: string): ReportFormat {
    const ext = path.extname(file).toLowerCase()
    if (ext === '.md' || ext === '.markdown') return 'markdown'
    if (ext === '.json') return 'json'
    throw new UsageError(`--report expects a file ending in .md or .json, got "${file}"`)
}

export interface ReportTarget {
    readonly file: string
    readonly templateName: string
    /** Undefined when the template (or an inputs file) could not be read. */
    readonly template?: LoadedTemplate
    readonly request: ResolveRequest
    /** The command line as typed, without the program name. */
    readonly argv: readonly string[]
    /** `TRELLIS_INPUT_` variables set here whose values the choices do not use (the wizard overrode or removed them): the command unsets them. */
    readonly unset?: readonly string[]
    readonly now?: Date
}

/** The report's text, in the format its file name asks for, in pieces made as they are written; every outcome has one. */
export function renderReport(target: ReportTarget, outcome: Outcome): Iterable<string> {
    let reported: ReportOutcome
    if (outcome.kind === 'resolved') reported = {model: outcome.model}
    // a failed check comes after solving: the report shows the model the check rejected
    else reported = outcome.kind === 'check-failed' && outcome.model ? {error: outcome.error, model: outcome.model} : {error: outcome.error}
    const env: Record<string, string> = {}
    for (const a of target.request.assignments ?? []) if (a.source.kind === 'env') env[a.source.variable] = process.env[a.source.variable] ?? ''
    const request = {
        template: target.template,
        templateName: target.templateName,
        presets: target.request.presets ?? [],
        argv: ['trellis', ...target.argv],
        env,
        unset: target.unset ?? [],
        now: target.now ?? new Date(),
    }
    // the pruned elements are explained as they are written: a large template's explanations are never all held
    const report = reportStream(request, reported)
    // the same data, without a character a terminal showing the file would act on (see jsonText)
    if (reportFormat(target.file) === 'json') return jsonPieces(jsonChunks(report))
    // the Markdown names files from the report's folder; the JSON keeps them as the data has them
    return markdownChunks(report, {report: path.dirname(path.resolve(target.file)), working: process.cwd()})
}
