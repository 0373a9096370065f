// Writing a resolution from the wizard and line mode: the choices resolved again, then the outputs
// written by the one writer every shell uses (app/write-resolution.ts); the report names the
// command that reproduces the choices headless.
import path from 'node:path'
import {STANDARD_OUTPUT, writeResolutionOutputs} from '../../app/write-resolution.js'
import {UsageError} from '../../app/errors.js'
import {type LoadedTemplate, renderExpression, resolveTemplate, type ResolveRequest} from '../../engine/index.js'
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
    const argv = [
        'resolve',
        shown(template.origin),
        ...choices.presets.flatMap(p => ['--preset', p]),
        ...given.filter(i => i.source.kind !== 'env').flatMap(i => ['--set', `${i.name}=${renderExpression(i.value)}`]),
        '--output',
        shown(output),
        ...(report ? ['--report', shown(report)] : []),
        ...(csar ? ['--csar', shown(csar)] : []),
    ]
    // a variable the wizard removed or set again is still in the shell the command would run in, where it would win
    const used = new Set(given.flatMap(i => (i.source.kind === 'env' ? [i.source.variable] : [])))
    const unset = [...new Set((base?.assignments ?? []).flatMap(a => (a.source.kind === 'env' && !used.has(a.source.variable) ? [a.source.variable] : [])))]
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
