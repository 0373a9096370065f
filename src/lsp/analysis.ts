// Analysis in the background: after each evaluation, `analyze` runs in a worker thread of its own
// (analysis-worker.ts) with a budget; a new version of the text ends the worker that is still
// running. Its findings become diagnostics beside resolving's: dead elements and inputs that decide
// nothing as hints with the Unnecessary tag (editors fade them), the rest by their severity; core
// elements (present in every variant) are left to `trellis analyze`, they would mark most of a
// template.
import {Worker} from 'node:worker_threads'
import type {Diagnostic, DiagnosticSeverity} from 'vscode-languageserver'
import {type Analysis, type Finding, maxYamlBytes} from '../engine/index.js'
import type {AnalysisJob} from './analysis-worker.js'
import {HINT, UNNECESSARY, type FileDiagnostic, type LineSource} from './diagnostics.js'
import {parseLocation, rangeOf, uriOf} from './ranges.js'

/** The CPU budget of one background analysis. */
const BUDGET_MS = 3000
const WORKER = new URL('./analysis-worker.js', import.meta.url)

export interface Analyzed {
    readonly diagnostics: readonly FileDiagnostic[]
    readonly variants?: Analysis['variants']
}

/** Starts an analysis; `cancel` ends it (its promise then never settles). */
export function startAnalysis(text: string, file: string, lines: LineSource): {done: Promise<Analyzed>; cancel: () => void} {
    const job: AnalysisJob = {text, file, budget: BUDGET_MS, maxYamlMB: maxYamlBytes() / (1024 * 1024)}
    const worker = new Worker(WORKER, {workerData: job})
    const done = new Promise<Analyzed>((resolve, reject) => {
        worker.once('message', (reply: {findings: Finding[]; variants?: Analysis['variants']}) => {
            resolve({diagnostics: reply.findings.flatMap(f => findingDiagnostic(f, file, lines)), variants: reply.variants})
            void worker.terminate()
        })
        worker.once('error', reject)
    })
    return {done, cancel: () => void worker.terminate()}
}

const SEVERITY: Record<Finding['severity'], DiagnosticSeverity> = {error: 1, warning: 2, info: 3}
const FADED = new Set(['dead-element', 'input-decides-nothing'])

function findingDiagnostic(f: Finding, file: string, lines: LineSource): FileDiagnostic[] {
    if (f.code === 'core-element') return []
    const at = parseLocation(f.location)
    const faded = FADED.has(f.code)
    const related = (f.members ?? []).flatMap(m => {
        const where = parseLocation(m.location)
        return where ? [{location: {uri: uriOf(where.file), range: rangeOf(where, lines(where.file, where.line))}, message: m.element}] : []
    })
    const diagnostic: Diagnostic = {
        range: at ? rangeOf(at, lines(at.file, at.line)) : {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
        severity: faded ? HINT : SEVERITY[f.severity],
        code: f.code,
        source: 'trellis analyze',
        message: [f.message, ...(f.reason ?? []).map(r => r.text)].join('\n'),
        ...(faded ? {tags: [UNNECESSARY]} : {}),
        ...(related.length ? {relatedInformation: related} : {}),
    }
    return [{uri: uriOf(at?.file ?? file), diagnostic}]
}
