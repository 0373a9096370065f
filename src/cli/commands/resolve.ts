// trellis resolve TEMPLATE: the headless resolver.
import type {Command} from 'commander'
import {wrappedHelp} from '../help-text.js'
import {isTrellisError, resolveTemplate, type Outcome} from '../../engine/index.js'
import {writeFilesAtomic} from '../../app/io.js'
import {checkResolutionOutputs, STANDARD_OUTPUT, writeResolutionOutputs} from '../../app/write-resolution.js'
import {renderReport, reportFormat, type ReportTarget} from '../../app/report-file.js'
import {EXIT_OK, reportError, reportNote, reportWarnings, shownWarnings} from '../report-error.js'
import {prepareRequest} from '../../app/request.js'
import {repairHelp} from '../../app/repair-help.js'
import {addResolutionFlags, PRECEDENCE_HELP, type ResolutionFlags} from '../resolution-flags.js'

interface ResolveFlags extends ResolutionFlags {
    output?: string
    report?: string
    csar?: string
}

export function registerResolve(program: Command, setExit: (code: number) => void): void {
    addResolutionFlags(
        program
            .command('resolve')
            .description('resolve a variable service template into a TOSCA 1.3 template')
            .argument('<template>', 'the variable service template (YAML), or a CSAR: a folder or a .csar/.zip archive'),
    )
        .option('-o, --output <file>', 'where to write the resolved template ("-" for stdout, the default unless --csar is given)')
        .option('--report <file>', 'also write the explanation report: FILE.md (Markdown) or FILE.json; written even when resolving fails')
        .option(
            '--csar <out>',
            'also write a deployable CSAR: the resolved template with every file it still needs (imports, artifacts, scripts) and TOSCA.meta; a folder, or an archive when OUT ends in .csar or .zip',
        )
        .addHelpText('after', wrappedHelp(`\n${PRECEDENCE_HELP}\nExit status: 0 resolved, 1 resolving or a check failed, 2 bad usage or bad input.`))
        .action(async (file: string, flags: ResolveFlags, command: Command) => {
            const debug = Boolean(command.optsWithGlobals().debug)
            let report: ReportTarget | undefined
            let checked = false
            // standard output unless asked otherwise; with --csar, the CSAR holds the resolved template
            const output = flags.output ?? (flags.csar === undefined ? STANDARD_OUTPUT : undefined)
            try {
                if (flags.report !== undefined) reportFormat(flags.report)
                // nothing is resolved, run or written when an output would destroy something
                const asked = {file: flags.report ?? '', templateName: file, request: {presets: flags.preset}, argv: typedArgs(command, file)}
                checkResolutionOutputs({output, report: flags.report === undefined ? undefined : asked, csar: flags.csar}, [file, ...(flags.inputs ? [flags.inputs] : [])])
                checked = true
                // a report explains every pruned element, which asks where most of the template was written
                const {template, request} = await prepareRequest(file, flags, {allPositions: flags.report !== undefined})
                if (flags.report !== undefined) report = {file: flags.report, templateName: file, template, request, argv: typedArgs(command, file)}
                const outcome = resolveTemplate(template, request)
                reportWarnings(shownWarnings(outcome))
                if (outcome.kind !== 'resolved') {
                    // a failed resolution still gets its report, naming the conflict
                    await writeFailureReport(report, outcome, debug)
                    setExit(reportError(outcome.error, debug, undefined, repairHelp(template, request, outcome)))
                    return
                }
                // every output is written in full before any is renamed into place, and all are or none
                await writeResolutionOutputs(template, outcome, {output, report, csar: flags.csar}, reportNote)
                setExit(EXIT_OK)
            } catch (e) {
                // a template or an inputs file that cannot be read gets its report too, saying why
                if (checked && !report && flags.report !== undefined && isTrellisError(e))
                    await writeFailureReport(
                        {file: flags.report, templateName: file, request: {presets: flags.preset}, argv: typedArgs(command, file)},
                        {kind: 'invalid', error: e, diagnostics: e.diagnostics(), warnings: []},
                        debug,
                    )
                setExit(reportError(e, debug))
            }
        })
}

/** The report of a resolution that failed, when one was asked for; a failure to write it is said too. */
async function writeFailureReport(report: ReportTarget | undefined, outcome: Outcome, debug: boolean): Promise<void> {
    if (!report) return
    try {
        await writeFilesAtomic([{file: report.file, content: renderReport(report, outcome)}])
    } catch (reportFailure) {
        reportError(reportFailure, debug)
    }
}

/** The arguments as typed (commander keeps them on the program as rawArgs, untyped). */
function typedArgs(command: Command, file: string): readonly string[] {
    const raw = (command.parent as unknown as {rawArgs?: unknown} | null)?.rawArgs
    return Array.isArray(raw) && raw.every(a => typeof a === 'string') ? raw : ['resolve', file]
}
