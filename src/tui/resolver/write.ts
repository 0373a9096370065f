// Writing a resolution: the template and its report, each atomically, with
// the command that reproduces the choices headless. Shared by the wizard and
// the line mode.
import path from 'node:path'
import {checkCsarFolder, csarArchive, csarContent, writeCsarFolder} from '../../app/csar/write.js'
import {checkOutputs, writeFilesAtomic, type Content} from '../../app/io.js'
import {UsageError} from '../../app/errors.js'
import {renderReport} from '../../app/report-file.js'
import {writeStandardOutput} from '../../app/standard-output.js'
import {isArchiveName, type LoadedTemplate, renderExpression, resolveTemplate, type ResolveRequest, stringifyTemplate} from '../../engine/index.js'
import {requestOf, STANDARD_OUTPUT, type Choices} from './protocol.js'

/**
 * Writes the resolved template and (when named) its report and a deployable CSAR (see
 * app/csar/write.ts), all or none, never onto the template; the report names the command that
 * reproduces the choices. An output named "-" goes to `stdout` (one of them at most), after the
 * files are in place.
 */
export async function writeResolution(
    template: LoadedTemplate,
    base: ResolveRequest | undefined,
    choices: Choices,
    output: string,
    report: string,
    stdout?: NodeJS.WritableStream,
    csar?: string,
): Promise<void> {
    const toStdout = [output, report].filter(f => f === STANDARD_OUTPUT)
    if (toStdout.length > 0 && !stdout) throw new UsageError('standard output ("-") is not available here: name a file')
    if (toStdout.length > 1) throw new UsageError('only one output can go to standard output ("-")')
    const request = requestOf(choices, base)
    const outcome = resolveTemplate(template, request)
    if (outcome.kind !== 'resolved') throw outcome.error
    const shown = (f: string) => (f === STANDARD_OUTPUT ? f : path.relative(process.cwd(), path.resolve(f)) || f)
    const argv = [
        'resolve',
        shown(template.origin),
        ...choices.presets.flatMap(p => ['--preset', p]),
        ...Object.entries(choices.values).flatMap(([k, v]) => ['--set', `${k}=${renderExpression(v)}`]),
        '--output',
        shown(output),
        ...(report ? ['--report', shown(report)] : []),
        ...(csar ? ['--csar', shown(csar)] : []),
    ]
    const resolvedText = (): string => stringifyTemplate(outcome.output)
    // a report on standard output is Markdown, as a file without .json would be
    const reportText = (): Iterable<string> =>
        renderReport({file: report === STANDARD_OUTPUT ? 'report.md' : report, templateName: shown(template.origin), template, request, argv}, outcome)
    const files: {flag: string; file: string; content: () => Content}[] = [
        {flag: 'the output', file: output, content: resolvedText},
        ...(report ? [{flag: 'the report', file: report, content: reportText}] : []),
    ].filter(f => f.file !== STANDARD_OUTPUT)
    // a CSAR: an archive is one more file, all or nothing with the others; a folder is put in place after them
    const archive = csar !== undefined && csar !== '' && isArchiveName(csar)
    const content = csar ? () => csarContent(template, outcome.output, resolvedText()) : undefined
    if (archive) files.push({flag: 'the CSAR', file: csar, content: () => csarArchive(content!())})
    checkOutputs(files, [template.file, template.origin])
    if (csar && !archive) checkCsarFolder(csar)
    await writeFilesAtomic(files.map(({file, content}) => ({file, content: content()})))
    if (csar && !archive) writeCsarFolder(csar, content!())
    // the process's own standard output is written as resolve -o - writes it: in full, or an error
    const print = (content: string | Iterable<string>) =>
        stdout === process.stdout ? writeStandardOutput(content) : typeof content === 'string' ? stdout!.write(content) : [...content].forEach(piece => stdout!.write(piece))
    if (output === STANDARD_OUTPUT) print(resolvedText())
    if (report === STANDARD_OUTPUT) print(reportText())
}
