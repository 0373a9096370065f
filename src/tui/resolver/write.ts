// Writing a resolution from the wizard and line mode: the choices resolved again, then the outputs
// written by the one writer every shell uses (app/write-resolution.ts); the report names the
// command that reproduces the choices headless.
import path from 'node:path'
import {STANDARD_OUTPUT, writeResolutionOutputs} from '../../app/write-resolution.js'
import {UsageError} from '../../app/errors.js'
import {inputVariables} from '../../app/inputs.js'
import {type LoadedTemplate, resolveTemplate, type ResolveRequest, typedText} from '../../engine/index.js'
import {isGiven, requestOf, type Choices} from './protocol.js'

/**
 * Writes the resolved template and (when named) its report and a deployable CSAR, all or none,
 * never onto the template. An output named "-" goes to `stdout` (one of them at most), after the
 * files are in place. Returns the notes the user should read (files the output names that are not
 * beside it, files the CSAR cannot hold).
 */
export async function writeResolution(
    template: LoadedTemplate,
    base: ResolveRequest | undefined,
    choices: Choices,
    output: string,
    report: string,
    stdout?: NodeJS.WritableStream,
    csar?: string,
): Promise<string[]> {
    if ([output, report].includes(STANDARD_OUTPUT) && !stdout) throw new UsageError('standard output ("-") is not available here: name a file')
    const request = requestOf(choices, base)
    const outcome = resolveTemplate(template, request)
    if (outcome.kind !== 'resolved') throw outcome.error
    const shown = (f: string) => (f === STANDARD_OUTPUT ? f : path.relative(process.cwd(), path.resolve(f)) || f)
    // the command that reproduces it sets every value given (a profile's, --set, the wizard's; never one
    // removed); one from the environment stays there, as the report shows it before the command
    const given = outcome.model.inputs.all().filter(i => isGiven(i.source))
    // a variable set here whose value is not used (set or removed in the wizard) would win over --set
    // or the default where the command is pasted: it is unset there
    const unset = outcome.model.inputs
        .all()
        .filter(i => i.source.kind !== 'env')
        .flatMap(i => inputVariables(i.name, process.env))
    const argv = [
        'resolve',
        shown(template.origin),
        ...choices.presets.flatMap(p => ['--preset', p]),
        ...given.filter(i => i.source.kind !== 'env').flatMap(i => ['--set', `${i.name}=${typedText(i.value)}`]),
        '--output',
        shown(output),
        ...(report ? ['--report', shown(report)] : []),
        ...(csar ? ['--csar', shown(csar)] : []),
    ]
    const notes: string[] = []
    await writeResolutionOutputs(
        template,
        outcome,
        {
            output,
            report: report ? {file: report, templateName: shown(template.origin), template, request: {...request, assignments: given}, argv, unset} : undefined,
            csar: csar || undefined,
        },
        line => notes.push(line),
        stdout,
    )
    return notes
}
