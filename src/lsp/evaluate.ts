// One evaluation of an open template: its buffer's text read as the template (its imports and
// lib/ from disk, inside its folder, as the loader reads them), resolved under the active choice,
// no plugin run (docs/untrusted-templates.md holds in the editor too). What it gives: the outcome
// and the decided model when there is one, and every mistake as LSP diagnostics, by file.
import {
    type Diagnostic as EngineDiagnostic,
    isTrellisError,
    maxYamlBytes,
    type LoadedTemplate,
    type Outcome,
    resolveTemplate,
    type ResolvedModel,
    type ResolveRequest,
    templateFromText,
} from '../engine/index.js'
import {chosenInputs} from '../app/request.js'
import {targetOf} from '../profiles/staleness.js'
import {type ActiveChoice, OUTSIDE} from './choice.js'
import {conflictDiagnostics, engineDiagnostic, plainDiagnostic, type FileDiagnostic, type LineSource} from './diagnostics.js'

export interface Evaluation {
    /** The document version it was made of. */
    readonly version: number
    readonly template?: LoadedTemplate
    readonly request?: ResolveRequest
    readonly outcome?: Outcome
    /** The decided model when there is one (resolved, or rejected by a check): what hover and inlay hints read. */
    readonly model?: ResolvedModel
    readonly diagnostics: readonly FileDiagnostic[]
}

export interface EvaluationInput {
    readonly text: string
    readonly version: number
    /** The template's absolute path. */
    readonly file: string
    readonly choice: ActiveChoice
    /** The active choice's inputs file, absolute; OUTSIDE when it lies outside the workspace folder (not read). */
    readonly inputsFile?: string | typeof OUTSIDE
    readonly lines: LineSource
}

export async function evaluate({text, version, file, choice, inputsFile, lines}: EvaluationInput): Promise<Evaluation> {
    // the limit a file read from disk has holds for the buffer too (docs/untrusted-templates.md, Limits)
    if (Buffer.byteLength(text) > maxYamlBytes())
        return {
            version,
            diagnostics: [plainDiagnostic(file, `the template is larger than the ${maxYamlBytes() / (1024 * 1024)} MB a YAML file may have (TRELLIS_MAX_YAML_MB)`, 'error')],
        }
    let template: LoadedTemplate
    try {
        template = templateFromText(text, file)
    } catch (e) {
        return {version, diagnostics: failed(e, file, lines)}
    }
    let request: ResolveRequest
    const warnings: FileDiagnostic[] = []
    try {
        const warn = (message: string) => warnings.push(plainDiagnostic(file, message, 'warning'))
        if (inputsFile === OUTSIDE) warn(`the active choice's inputs file "${choice.inputs}" lies outside the workspace folder: it is not read`)
        const inputs = inputsFile === OUTSIDE ? undefined : inputsFile
        const chosen = await chosenInputs(targetOf(template), {preset: [...choice.presets], set: [], inputs, profile: choice.profile}, warn)
        request = {...chosen, plugins: []}
    } catch (e) {
        return {version, template, diagnostics: [...warnings, ...failed(e, file, lines, 'the active choice: ')]}
    }
    const outcome = resolveTemplate(template, request)
    const model = outcome.kind === 'resolved' ? outcome.model : outcome.kind === 'check-failed' ? outcome.model : undefined
    const shown = (list: readonly EngineDiagnostic[]) => list.map(d => engineDiagnostic(d, file, lines))
    const found: FileDiagnostic[] = [...warnings, ...shown(outcome.warnings.flatMap(w => w.diagnostics().map(d => ({...d, severity: 'warning' as const}))))]
    if (outcome.kind === 'invalid') found.push(...shown(outcome.diagnostics))
    else if (outcome.kind === 'unsatisfiable') found.push(...conflictDiagnostics(outcome.conflict, file, lines))
    else if (outcome.kind !== 'resolved') found.push(...shown(outcome.error.diagnostics()))
    return {version, template, request, outcome, model, diagnostics: found}
}

/** A template or choice that cannot be read: its mistakes, or one line at the top for anything else. */
function failed(e: unknown, file: string, lines: LineSource, prefix = ''): FileDiagnostic[] {
    if (isTrellisError(e)) return e.diagnostics().map(d => engineDiagnostic({...d, message: prefix + d.message}, file, lines))
    return [plainDiagnostic(file, prefix + (e instanceof Error ? e.message : String(e)), 'error')]
}
