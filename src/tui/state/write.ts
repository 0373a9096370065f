// Writing a resolution: the template and its report, each atomically, with
// the command that reproduces the choices headless. Shared by the wizard and
// the line mode.
import path from 'node:path'
import {checkOutputs, writeFilesAtomic} from '../../app/io.js'
import {renderReport} from '../../app/report-file.js'
import {type LoadedTemplate, renderExpression, resolveTemplate, type ResolveRequest, stringifyTemplate} from '../../engine/index.js'
import {requestOf, type Choices} from './session.js'

/** Writes the resolved template and (when named) its report, both or neither, never onto the template; the report names the command that reproduces the choices. */
export function writeResolution(template: LoadedTemplate, base: ResolveRequest | undefined, choices: Choices, output: string, report: string): void {
    const request = requestOf(choices, base)
    const outcome = resolveTemplate(template, request)
    if (outcome.kind !== 'resolved') throw outcome.error
    const shown = (f: string) => path.relative(process.cwd(), path.resolve(f)) || f
    const argv = [
        'resolve',
        shown(template.file),
        ...choices.presets.flatMap(p => ['--preset', p]),
        ...Object.entries(choices.values).flatMap(([k, v]) => ['--set', `${k}=${renderExpression(v)}`]),
        '--output',
        shown(output),
        ...(report ? ['--report', shown(report)] : []),
    ]
    checkOutputs([{flag: 'the output', file: output}, ...(report ? [{flag: 'the report', file: report}] : [])], [template.file])
    const files: {file: string; content: string | Iterable<string>}[] = [{file: output, content: stringifyTemplate(outcome.output)}]
    if (report) files.push({file: report, content: renderReport({file: report, templateName: shown(template.file), template, request, argv}, outcome)!})
    writeFilesAtomic(files)
}
