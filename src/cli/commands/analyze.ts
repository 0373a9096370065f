// trellis analyze TEMPLATE: what a template author needs to know before anyone
// resolves it — dead and core elements, inputs that decide nothing, presets that
// fail or agree, how many variants there are. --watch runs it again on every save.
import type {Command} from 'commander'
import {wrappedHelp} from '../help-text.js'
import {analyzeTemplate, type Analysis, count, DEFAULT_COMBINATIONS, loadTemplate, TrellisError} from '../../engine/index.js'
import {pluginsFor, type PluginFlags} from '../../app/plugins.js'
import {watchTemplate} from '../../app/watch.js'
import {EXIT_OK, EXIT_RESOLUTION, reportError} from '../report-error.js'
import {addPluginFlags} from '../plugins.js'
import {printJson, printLines, printText} from '../print.js'
import {renderAnalysis, analysisJson, analysisChanges} from '../../app/analysis-text.js'

interface AnalyzeFlags extends PluginFlags {
    json?: boolean
    strict?: boolean
    watch?: boolean
    budget: string
    combinations: string
}

export function registerAnalyze(program: Command, setExit: (code: number) => void): void {
    addPluginFlags(
        program
            .command('analyze')
            .description('find dead and core elements, inputs that decide nothing, presets that fail or agree, and count the variants')
            .argument('<template>', 'the variable service template (YAML), or a CSAR: a folder or a .csar/.zip archive')
            .option('--json', 'print the findings as JSON (stable codes)')
            .option('--strict', 'exit 1 when something is dead, does not resolve, two presets are equivalent, or the analysis did not finish (for template CI)')
            .option('--watch', 'analyze again whenever the template or a file it imports changes, and say what changed')
            .option('--budget <seconds>', 'CPU time budget of one analysis (a last resort: running out of it is reported)', '10')
            .option('--combinations <n>', 'the most combinations of input values resolved; beyond it a repeatable sample', String(DEFAULT_COMBINATIONS)),
    )
        .addHelpText(
            'after',
            wrappedHelp(
                [
                    '',
                    'Findings by severity (codes in --json):',
                    '  error    no-variant, preset-unresolvable, preset-pair-unresolvable',
                    '  warning  analysis-incomplete, dead-element, equivalent-presets, input-decides-nothing, value-unresolvable, defaults-unresolvable',
                    '  info     core-element, preset-order',
                    'Dead and core are proven for every assignment of the inputs; the variant count is exact when every combination of input regions was resolved, else a lower bound. An analysis that resolved fewer combinations than there are (--combinations) or ran out of time (--budget, CPU seconds) says so with analysis-incomplete, and --strict fails on it. The same template gives the same findings in the same order on every run, unless the time budget runs out. A node\'s technology candidates that are never chosen are one finding (--json lists each in "members").',
                ].join('\n'),
            ),
        )
        .action(async (file: string, flags: AnalyzeFlags, command: Command) => {
            const debug = Boolean(command.optsWithGlobals().debug)
            try {
                const budget = Number(flags.budget)
                if (!Number.isFinite(budget) || budget <= 0) throw new TrellisError('invalid-option', `--budget expects a positive number of seconds, got "${flags.budget}"`)
                const combinations = Number(flags.combinations)
                if (!/^\d+$/.test(flags.combinations.trim()) || !Number.isSafeInteger(combinations))
                    throw new TrellisError('invalid-option', `--combinations expects a whole number, got "${flags.combinations}"`)
                const run = async (): Promise<Analysis> => {
                    const template = await loadTemplate(file)
                    return analyzeTemplate(template, {plugins: await pluginsFor(template, flags), budget: budget * 1000, combinations})
                }
                if (flags.watch) {
                    await watchAnalysis(file, run, Boolean(flags.json), debug)
                    setExit(EXIT_OK)
                    return
                }
                const analysis = await run()
                if (flags.json) printJson(`${JSON.stringify(analysisJson(analysis), null, 2)}\n`)
                else printText(renderAnalysis(analysis, file))
                setExit(flags.strict && failsStrict(analysis) ? EXIT_RESOLUTION : EXIT_OK)
            } catch (e) {
                setExit(reportError(e, debug))
            }
        })
}

/** What --strict fails on: anything dead, unresolvable or equivalent, and an analysis that did not finish. */
function failsStrict(analysis: Analysis): boolean {
    const failing = new Set(['dead-element', 'equivalent-presets', 'value-unresolvable', 'defaults-unresolvable', 'analysis-incomplete'])
    return analysis.findings.some(f => f.severity === 'error' || failing.has(f.code))
}

/** Analyzes, then again after each change of the template or its imports, until interrupted. */
async function watchAnalysis(file: string, run: () => Promise<Analysis>, json: boolean, debug: boolean): Promise<void> {
    let previous: Analysis | undefined
    const once = async () => {
        try {
            const analysis = await run()
            const stamp = new Date().toLocaleTimeString()
            if (json) printJson(`${JSON.stringify({...analysisJson(analysis), changes: previous ? analysisChanges(previous, analysis) : undefined})}\n`)
            else if (!previous) printText(renderAnalysis(analysis, file))
            else {
                const changes = analysisChanges(previous, analysis)
                printLines(['', `[${stamp}] ${file} changed: ${changes.length ? count(changes.length, 'change') : 'same findings'}`, ...changes.map(c => `  ${c}`)])
            }
            previous = analysis
        } catch (e) {
            reportError(e, debug)
        }
    }
    await once()
    if (!json) printLines([`watching ${file} and the files it imports (Ctrl-C to stop)`])
    await watchTemplate(file, once)
}
