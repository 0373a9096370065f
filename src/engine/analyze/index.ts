// What a template author needs to know before anyone resolves the template: dead and
// core elements, inputs that decide nothing, presets that fail or agree, and how
// many variants there are. Dead and core are proven over every assignment (SAT over
// the input atoms); the enumeration of input regions adds what only optimization or
// checks decide, and counts variants — exactly when it covers every region.
import {availableParallelism} from 'node:os'
import type {LoadedTemplate} from '../load/index.js'
import {CompiledTemplate} from './compiled.js'
import {inputDomains} from './domains.js'
import {constrainedInputs, decidingInputs, elementFindings, inputFindings, namedValues, presetFindings, reasonLines} from './findings.js'
import {tryPresets} from './presets.js'
import {Backbone, Reasons, symbolicProblem} from './symbolic.js'
import {enumerateVariants, type Enumeration} from './variants.js'
import type {PresetTrials} from './presets.js'

export type {Analysis, AnalysisOptions, Finding, ReasonLine, Severity} from './types.js'
export {DEFAULT_COMBINATIONS, FINDING_SEVERITY} from './types.js'
import {DEFAULT_COMBINATIONS, FINDING_SEVERITY, type Analysis, type AnalysisOptions, type Finding, type ReasonLine, type Severity} from './types.js'
import {grouped} from '../plural.js'

export function analyzeTemplate(template: LoadedTemplate, options: AnalysisOptions = {}): Analysis {
    const start = Date.now()
    const budget = options.budget ?? 10_000
    const spent = cpuBudget(budget)
    const compiled = new CompiledTemplate(template, options.plugins ?? [])
    const {definition, prepared, atoms} = compiled
    const domains = inputDomains(definition, atoms, constrainedInputs(definition))
    const problem = symbolicProblem(prepared, domains, definition.expressions)
    const findings: Finding[] = []

    const deciding = decidingInputs(definition, atoms, domains)
    const enumeration = enumerateVariants(compiled, deciding, {
        spent: cpuBudget(budget * 0.6),
        combinations: options.combinations ?? DEFAULT_COMBINATIONS,
        bound: options.bound ?? 10_000,
    })
    // every variant the enumeration resolved is a model: the backbone asks only about what none showed
    const {presentIn, resolved} = enumeration
    const known = resolved > 0 ? {present: (seq: number) => presentIn[seq]! > 0, absent: (seq: number) => presentIn[seq]! < resolved} : undefined
    const proven = new Backbone(problem).decided(known)
    if (!proven)
        findings.push({
            code: 'no-variant',
            severity: 'error',
            message: 'no assignment of the variability inputs gives a variant: the conditions and constraints contradict each other',
        })
    const trials = tryPresets(compiled, namedValues(definition, prepared, atoms), spent)

    if (proven && enumeration.complete && enumeration.exact && enumeration.resolved === 0) {
        const kinds = [...enumeration.failures].map(([kind, n]) => `${kind} ${n}`).join(', ')
        findings.push({
            code: 'no-variant',
            severity: 'error',
            message: `no assignment of the variability inputs gives a variant: all ${enumeration.explored} combinations of input values fail (${kinds})`,
        })
    }
    let reasonsCut = false
    const dead = new Map<string, ReasonLine[]>()
    const core = new Map<string, ReasonLine[]>()
    if (proven && (enumeration.resolved > 0 || !enumeration.complete)) {
        const settled = enumeration.complete && enumeration.exact && enumeration.resolved > 0
        let made: Reasons | undefined
        const minimalReason = (v: number, value: boolean) => {
            const items = (made ??= new Reasons(problem)).minimal(v, value, spent)
            reasonsCut ||= spent()
            return items
        }
        for (const e of prepared.graph.elements) {
            const seq = e.seq
            if (proven.dead.has(seq)) dead.set(e.id, reasonLines(minimalReason(seq, true)))
            else if (settled && enumeration.presentIn[seq] === 0)
                dead.set(e.id, [{text: `no combination of input values keeps it (all ${enumeration.explored} tried): optimization, a free choice or a check removes it`}])
            else if (e.conditions.length > 0 && proven.core.has(seq)) core.set(e.id, reasonLines(minimalReason(seq, false)))
            else if (e.conditions.length > 0 && settled && enumeration.presentIn[seq] === enumeration.resolved)
                core.set(e.id, [{text: `every combination of input values that resolves keeps it (${enumeration.resolved} of ${enumeration.explored})`}])
        }
        findings.push(...elementFindings(prepared, dead, core))
    }
    findings.push(...inputFindings(definition, prepared, atoms, deciding, enumeration, dead))
    findings.push(...presetFindings(trials, definition))
    const incomplete = incompleteFinding(enumeration, trials, reasonsCut, budget, options.combinations ?? DEFAULT_COMBINATIONS)
    if (incomplete) findings.unshift(incomplete)
    const order: Severity[] = ['error', 'warning', 'info']
    findings.sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity))
    return {
        findings,
        variants: {
            count: enumeration.variants,
            more: enumeration.variants > enumeration.bound,
            exact: enumeration.complete && enumeration.exact && enumeration.variants <= enumeration.bound,
            explored: enumeration.explored,
            combinations: enumeration.combinations,
        },
        inputs: domains.map(d => ({name: d.name, regions: d.regions.map(r => r.label)})),
        presets: trials.presets.map(t => ({name: t.presets[0]!, outcome: t.kind})),
        dead,
        core,
        elapsed: Date.now() - start,
    }
}

/**
 * Whether `ms` of this process's CPU time have passed since the call: a busy machine slows a run
 * without cutting it shorter, as a wall-clock budget would.
 */
function cpuBudget(ms: number): () => boolean {
    const from = process.cpuUsage()
    const start = performance.now()
    // the process cannot have used more CPU time than the wall-clock time passed on every core: the
    // system call (60 µs each while the collector runs beside it) waits until it could have
    const cores = availableParallelism()
    // asked once per combination: then the system call is made at most every few milliseconds
    let next = 0
    let spent = false
    return () => {
        const now = performance.now()
        if (spent || now < next || (now - start) * cores < ms) return spent
        next = now + 4
        const used = process.cpuUsage(from)
        return (spent = (used.user + used.system) / 1000 > ms)
    }
}

/** What the analysis left undone, if anything: it must not look clean when it did not finish. */
function incompleteFinding(enumeration: Enumeration, trials: PresetTrials, reasonsCut: boolean, budget: number, limit: number): Finding | undefined {
    const reason: ReasonLine[] = []
    const {explored, combinations} = enumeration
    const of = `${grouped(explored)} of ${combinations > 1e15 ? 'more than 10^15' : grouped(combinations)} combinations of input values`
    if (enumeration.timedOut) reason.push({text: `${of} resolved when the time ran out`})
    else if (!enumeration.complete) reason.push({text: `${of} resolved (a repeatable sample: the limit is ${grouped(limit)})`})
    if (!enumeration.complete)
        reason.push({
            text: 'elements only optimization, a free choice or a check removes, inputs that decide nothing and the exact variant count are known only when every combination is resolved',
        })
    if (trials.skipped > 0) reason.push({text: `${trials.skipped} preset or input-value trial(s) left out when the time ran out`})
    if (reasonsCut) reason.push({text: 'some reasons were not shrunk to the conditions they need when the time ran out'})
    if (reason.length === 0) return undefined
    const timed = enumeration.timedOut || trials.skipped > 0 || reasonsCut
    const message = timed
        ? `the analysis did not finish: it stopped at its time budget of ${budget / 1000} s of CPU time, so what it reached depends on the machine's speed (raise --budget)`
        : `the analysis did not finish: it resolved ${of} (raise --combinations)`
    return {code: 'analysis-incomplete', severity: FINDING_SEVERITY['analysis-incomplete'], message, reason}
}
