// trellis explain TEMPLATE [ELEMENT...]: why elements are present or pruned — a summary of the
// variant without an element (app/explanation-summary.ts), every element with --all, the elements
// named in full. Every line is fitted to the terminal's width, 80 columns off a terminal (app/wrap.ts).
import type {Command} from 'commander'
import {wrappedHelp} from '../help-text.js'
import {
    documentedConflict,
    type Element,
    explainElement,
    type Explanation,
    explanationJson,
    type Graph,
    isTrellisError,
    type LoadedTemplate,
    renderExpression,
    renderSummaryLine,
    type Outcome,
    resolveTemplate,
    type ResolvedModel,
    type ResolveRequest,
    shellWord,
    TrellisError,
    typedText,
    verdictOf,
    whatIf,
    type WhatIf,
} from '../../engine/index.js'
import {errorHeadline, reportWarnings, EXIT_OK, EXIT_RESOLUTION, reportError, shownWarnings} from '../report-error.js'
import {terminalWidth, wrapDetail, wrapLine} from '../../app/wrap.js'
import {countLines, decisionRows, decisions, furtherRows} from '../../app/explanation-summary.js'
import {printJson, printLines, printText} from '../print.js'
import {conflictLines, plainLines} from '../../app/conflict-text.js'
import {repairHelp} from '../../app/repair-help.js'
import {renderExplanation} from '../../app/explanation-text.js'
import {shownDiagnostics} from '../../app/diagnostics.js'
import {prepareRequest} from '../../app/request.js'
import {ambiguityAdvice} from '../../app/ambiguity-advice.js'
import {addResolutionFlags, PRECEDENCE_HELP, type ResolutionFlags} from '../resolution-flags.js'

interface ExplainFlags extends ResolutionFlags {
    json?: boolean
    depth: string
    all?: boolean
    pruned?: boolean
    whatIf?: boolean
}

export function registerExplain(program: Command, setExit: (code: number) => void): void {
    addResolutionFlags(
        program
            .command('explain')
            .description('explain why elements are present or pruned')
            .argument('<template>', 'the variable service template (YAML), or a CSAR: a folder or a .csar/.zip archive')
            .argument('[elements...]', 'elements to explain in full: identifiers (node.db, relation.host@0.node.app) or node names; none: a summary of the variant'),
    )
        .option('--json', 'print the explanations as JSON')
        .option('--all', 'list every element, one line each, after the decisions')
        .option('--pruned', 'list only the pruned elements (implies --all)')
        .option('--depth <n>', 'how deep to follow referenced elements', '8')
        .option('--what-if', 'for each element named, search the smallest input changes that flip its verdict (each verified by resolving again)')
        .addHelpText('after', wrappedHelp(`\n${PRECEDENCE_HELP}\nReason codes are listed in docs/explanations.md.`))
        .action(async (file: string, names: string[], flags: ExplainFlags, command: Command) => {
            const debug = Boolean(command.optsWithGlobals().debug)
            try {
                const depth = Number(flags.depth)
                if (!Number.isInteger(depth) || depth < 0) throw new TrellisError('invalid-option', `--depth expects a non-negative whole number, got "${flags.depth}"`)
                // explaining every element asks where nearly everything was written
                const {template, request} = await prepareRequest(file, flags, {allPositions: names.length === 0})
                // resolved as resolve does, checks included: a variant the checks reject is explained, and said to be rejected
                const outcome = resolveTemplate(template, request)
                reportWarnings(shownWarnings(outcome))
                // a failure says what would repair it, as resolve does (not in JSON: a consumer asks --what-if)
                const repairs = outcome.kind === 'resolved' || flags.json ? undefined : repairHelp(template, request, outcome)
                if (outcome.kind === 'unsatisfiable' && !flags.json) {
                    // the conflict once: on standard output with its repairs, its headline alone on standard error
                    printConflict(outcome, false, repairs ?? [])
                    process.stderr.write(`${errorHeadline(outcome.error)}\n`)
                    setExit(EXIT_RESOLUTION)
                    return
                }
                if (outcome.kind === 'unsatisfiable') printConflict(outcome, true, [])
                else if (outcome.kind === 'ambiguous') printAmbiguity(outcome, Boolean(flags.json))
                else if (outcome.kind === 'invalid' && flags.json) printDiagnostics(outcome.error)
                const explained = outcome.kind === 'resolved' || outcome.kind === 'check-failed' ? outcome.model : undefined
                if (explained) explain(explained, {template, request, names, flags, depth, rejected: outcome.kind === 'check-failed' ? outcome.error.message : undefined})
                setExit(outcome.kind === 'resolved' ? EXIT_OK : reportError(outcome.error, debug, undefined, repairs))
            } catch (e) {
                // a template that cannot be read (a duplicate key, a syntax error) is a template with mistakes too
                if (flags.json && isTrellisError(e)) printDiagnostics(e)
                setExit(reportError(e, debug))
            }
        })
}

/** A template with mistakes: every one found, as data, for editors and CI annotations. */
function printDiagnostics(error: TrellisError): void {
    if (error.errorClass === 'input') printJson(`${JSON.stringify({diagnostics: shownDiagnostics(error)}, null, 2)}\n`)
}

interface Explaining {
    readonly template: LoadedTemplate
    readonly request: ResolveRequest
    readonly names: readonly string[]
    readonly flags: ExplainFlags
    readonly depth: number
    /** Why the checks reject the variant explained, when they do. */
    readonly rejected: string | undefined
}

/** Prints the explanations of a decided variant: the elements named in full; else a summary, or with --all (--pruned) the decisions and a line per element. */
function explain(model: ResolvedModel, {template, request, names, flags, depth, rejected}: Explaining): void {
    const chosen = names.length ? names.map(n => find(model.graph, n)) : model.graph.elements
    const changes = flags.whatIf && names.length ? chosen.map(e => whatIf(template, request, e.id)) : []
    if (flags.json) {
        // the document explains the elements itself, and is written as it is made
        const chunks = explanationJson(template, model, {
            elements: names.length ? chosen.map(e => e.id) : flags.pruned ? chosen.filter(e => verdictOf(model, e) === 'pruned').map(e => e.id) : undefined,
            depth,
            whatIf: new Map(changes.map(w => [w.element, w])),
            rejected,
        })
        printJson(withFinalNewline(chunks))
        return
    }
    const explanations: Explanation[] = chosen.map(e => explainElement(model, e, {depth}))
    const width = terminalWidth(process.stdout)
    const head = rejected === undefined ? [] : [...wrapDetail(`This variant is rejected by a check, as resolve rejects it: ${rejected}`, width), '']
    if (names.length) {
        const body = explanations.map((e, i) => renderExplanation(e, width) + (changes[i] ? `\n${renderWhatIf(changes[i]!, width)}` : '')).join('\n\n')
        printText(`${[...head, body].join('\n')}\n`)
        return
    }
    const found = decisions(explanations)
    const decided = decisionRows(model, found, width)
    if (flags.all || flags.pruned) {
        const listed = flags.pruned ? explanations.filter(e => e.verdict === 'pruned') : explanations
        // continued rows under the element's display, past the verdict; an empty list says so rather than print a blank line
        const rows = listed.length
            ? listed.flatMap(e => wrapLine(renderSummaryLine(e), width, {hang: LISTED_HANG}))
            : [flags.pruned ? 'no element is pruned' : 'the template has no elements']
        printLines([...head, ...decided, ...(decided.length ? [''] : []), ...rows])
        return
    }
    const counted = countLines(model).flatMap(line => wrapDetail(line, width))
    printLines([...head, ...counted, '', ...decided, ...(decided.length ? [''] : []), ...furtherRows(found, explanations, width)])
}

/** Where the display starts in a listed element's line (`- pruned   Node "db"  …`). */
const LISTED_HANG = '- pruned   '.length

function renderWhatIf(w: WhatIf, width: number): string {
    return whatIfLines(w)
        .flatMap(line => wrapDetail(line, width))
        .join('\n')
}

function whatIfLines(w: WhatIf): string[] {
    const target = w.verdict === 'present' ? 'pruned' : 'present'
    if (w.suggestions.length === 0)
        return [
            w.impossible
                ? `  what would make it ${target}: no change of inputs can make it ${target} (its verdict reads no variability input)`
                : `  what would make it ${target}: no change among the ${w.tried} tried (single inputs, presets, pairs of inputs)`,
        ]
    const lines = [`  what would make it ${target} (each verified by resolving again):`]
    for (const s of w.suggestions) {
        // flags to paste: each one shell word, a value as --set reads it back (a template's names may hold anything)
        const parts = s.changes.map(c => `--set ${shellWord(`${c.input}=${typedText(c.to)}`)} (now ${renderExpression(c.from)})`)
        if (s.preset) parts.push(`--preset ${shellWord(s.preset)}`)
        lines.push(`    - ${parts.join(' ')}`)
    }
    return lines
}

function printConflict({error, failure, conflict}: Extract<Outcome, {kind: 'unsatisfiable'}>, json: boolean, repairs: readonly string[]): void {
    if (json) {
        const documented = documentedConflict(failure)
        printJson(`${JSON.stringify({error: error.message, inputs: {}, elements: [], conflict: documented, elementCount: failure.prepared.graph.elements.length}, null, 2)}\n`)
        return
    }
    const width = terminalWidth(process.stdout)
    printLines([...plainLines(conflictLines(conflict)), ...repairs.map(r => `  = help: ${r}`)].flatMap(line => wrapDetail(line, width)))
}

function printAmbiguity({error, failure, differences}: Extract<Outcome, {kind: 'ambiguous'}>, json: boolean): void {
    if (json) {
        printJson(`${JSON.stringify({error: error.message, differences}, null, 2)}\n`)
        return
    }
    const lines = ['Two variants satisfy every condition equally well; they differ in:']
    for (const d of differences) lines.push(`  - ${d.element}: ${d.first} in one, ${d.second} in the other`)
    if (failure.failure.kind === 'ambiguous') lines.push(ambiguityAdvice(failure.failure.subject, failure.failure.optimized))
    const width = terminalWidth(process.stdout)
    printLines(lines.flatMap(line => wrapDetail(line, width)))
}

/** An identifier (node.db), a display form (Node "db") or a node name. */
function find(graph: Graph, name: string): Element {
    const element = graph.element(name) ?? graph.node(name) ?? graph.elements.find(e => e.display === name || e.display.toLowerCase() === name.toLowerCase())
    if (element) return element
    const close = graph.elements.filter(e => e.id.includes(name)).slice(0, 5)
    throw new TrellisError('undefined-reference', `no element "${name}"`, undefined, {help: close.length ? [`did you mean ${close.map(e => e.id).join(', ')}?`] : []})
}

function* withFinalNewline(chunks: Iterable<string>): Generator<string> {
    yield* chunks
    yield '\n'
}
