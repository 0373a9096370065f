// Writing a resolution, for every shell (resolve, the wizard, line mode): the resolved template,
// its explanation report and a deployable CSAR, checked before anything is resolved or written,
// then written all or none (app/io.ts), in one order; what an orchestrator would miss is said the
// same way everywhere.
import {templateChunks, type Outcome, type LoadedTemplate} from '../engine/index.js'
import {checkOutputs, writeFilesAtomic, type Content, type OutputTarget} from './io.js'
import {csarContent, csarOutput, csarTarget} from './csar/write.js'
import {outsideWarning} from './csar/outside.js'
import {UsageError} from './errors.js'
import {renderReport, reportFormat, type ReportTarget} from './report-file.js'
import {writeStandardOutput} from './standard-output.js'

/** An output named so goes to standard output. */
export const STANDARD_OUTPUT = '-'

/** What a resolution is written to. */
export interface ResolutionOutputs {
    /** The resolved template: a file, `-`, or none (the CSAR holds it). */
    readonly output?: string
    /** The report: its file ends in .md or .json, or is `-` (Markdown). */
    readonly report?: ReportTarget
    /** A deployable CSAR: a folder, or an archive when it ends in .csar or .zip. */
    readonly csar?: string
}

/**
 * Refuses, before anything is resolved, outputs that would destroy something (see checkOutputs) or
 * cannot be written: two on standard output, a report of an unknown format. `inputs`: the run's
 * files (the template, its CSAR, an inputs file).
 */
export function checkResolutionOutputs(outputs: ResolutionOutputs, inputs: readonly string[]): void {
    const report = outputs.report?.file
    if ([outputs.output, report].filter(f => f === STANDARD_OUTPUT).length > 1) throw new UsageError('only one output can go to standard output ("-")')
    if (report !== undefined && report !== STANDARD_OUTPUT) reportFormat(report)
    checkOutputs(targetsOf(outputs), inputs)
}

function targetsOf(outputs: ResolutionOutputs): OutputTarget[] {
    const file = (flag: string, name: string | undefined) => (name === undefined || name === STANDARD_OUTPUT ? [] : [{flag, file: name}])
    return [...file('--output', outputs.output), ...file('--report', outputs.report?.file), ...(outputs.csar === undefined ? [] : [csarTarget('--csar', outputs.csar)])]
}

/**
 * Writes a resolved template's outputs, all or none, each file complete or absent, then what goes
 * to standard output (`stdout`: the process's, or a stream of the shell's). `note` hears what the
 * user should know: files the CSAR cannot hold, files an output outside the template's folder names
 * that are not beside it.
 */
export async function writeResolutionOutputs(
    template: LoadedTemplate,
    outcome: Extract<Outcome, {kind: 'resolved'}>,
    outputs: ResolutionOutputs,
    note: (line: string) => void,
    stdout: NodeJS.WritableStream = process.stdout,
): Promise<void> {
    checkResolutionOutputs(outputs, [template.file, template.origin])
    const {output, report, csar} = outputs
    // a CSAR holds the resolved template too: then it is made once, whole, for both; otherwise in
    // pieces made while written (to a temporary file), never joined into one string
    const text = csar === undefined ? undefined : [...templateChunks(outcome.output)].join('')
    const resolvedText = () => text ?? templateChunks(outcome.output)
    // a report on standard output is Markdown, as a file without .json would be
    const reportText = () => renderReport(report!.file === STANDARD_OUTPUT ? {...report!, file: 'report.md'} : report!, outcome)
    const files: {file: string; content: Content}[] = []
    if (output !== undefined && output !== STANDARD_OUTPUT) files.push({file: output, content: resolvedText()})
    if (report && report.file !== STANDARD_OUTPUT) files.push({file: report.file, content: reportText()})
    if (csar !== undefined) {
        const content = csarContent(template, outcome.output, text!, csar)
        if (content.needed.missing.length)
            note(`the resolved template names files the template's folder does not hold (${content.needed.missing.join(', ')}): the CSAR does not hold them either`)
        files.push({file: csar, content: csarOutput(csar, content)})
    } else if (output !== undefined && output !== STANDARD_OUTPUT) {
        const outside = outsideWarning(template, outcome.output, output)
        if (outside) note(outside)
    }
    await writeFilesAtomic(files)
    // standard output is written as resolve -o - writes it: in full, or an error
    const print = (content: string | Iterable<string>) =>
        stdout === process.stdout ? writeStandardOutput(content) : [...(typeof content === 'string' ? [content] : content)].forEach(piece => stdout.write(piece))
    if (output === STANDARD_OUTPUT) print(resolvedText())
    if (report?.file === STANDARD_OUTPUT) print(reportText())
}
