// What a template author needs to know before anyone resolves the template: dead and
// core elements, inputs that decide nothing, presets that fail or agree, and how
// many variants there are. Dead and core are proven over every assignment (SAT over
// the input atoms); the enumeration of input regions adds what only optimization or
// checks decide, and counts variants — exactly when it covers every region.
import type {LoadedTemplate} from '../load/index.js'
import {prepare, readDefinitionOf} from '../pipeline.js'
import {AtomVariables} from './atoms.js'
import {inputDomains} from './domains.js'
import {constrainedInputs, decidingInputs, elementFindings, inputFindings, namedValues, presetFindings, reasonLines} from './findings.js'
import {tryPresets} from './presets.js'
import {Backbone, Reasons, symbolicProblem} from './symbolic.js'
import {enumerateVariants} from './variants.js'

export type {Analysis, AnalysisOptions, Finding, FindingCode, ReasonLine, Severity} from './types.js'
export {FINDING_SEVERITY} from './types.js'
import type {Analysis, AnalysisOptions, Finding, ReasonLine, Severity} from './types.js'

export function analyzeTemplate(template: LoadedTemplate, options: AnalysisOptions = {}): Analysis {
    const start = Date.now()
    const budget = options.budget ?? 10_000
    const deadline = start + budget
    const plugins = options.plugins ?? []
    const definition = readDefinitionOf(template)
    const prepared = prepare(template, {plugins}, {variables: graph => new AtomVariables(graph, definition.expressions), checkInputs: false})
    const atoms = (prepared.variables as AtomVariables).atoms
    const domains = inputDomains(definition, atoms, constrainedInputs(definition))
    const problem = symbolicProblem(prepared, domains, definition.expressions)
    const findings: Finding[] = []

    const proven = new Backbone(problem).decided()
    if (!proven)
        findings.push({
            code: 'no-variant',
            severity: 'error',
            message: 'no assignment of the variability inputs gives a variant: the conditions and constraints contradict each other',
        })

    const deciding = decidingInputs(definition, atoms, domains)
    const enumeration = enumerateVariants(template, definition, problem, atoms, deciding, {
        deadline: start + budget * 0.6,
        combinations: options.combinations ?? 20_000,
        bound: options.bound ?? 10_000,
    })
    const trials = tryPresets(template, definition, namedValues(definition, prepared, atoms), plugins, deadline)

    if (proven && enumeration.complete && enumeration.exact && enumeration.resolved === 0) {
        const kinds = [...enumeration.failures].map(([kind, n]) => `${kind} ${n}`).join(', ')
        findings.push({
            code: 'no-variant',
            severity: 'error',
            message: `no assignment of the variability inputs gives a variant: all ${enumeration.explored} combinations of input values fail (${kinds})`,
        })
    }
    const dead = new Map<string, ReasonLine[]>()
    const core = new Map<string, ReasonLine[]>()
    if (proven && (enumeration.resolved > 0 || !enumeration.complete)) {
        const settled = enumeration.complete && enumeration.exact && enumeration.resolved > 0
        const reasonDeadline = () => Math.min(deadline, Date.now() + 500)
        let made: Reasons | undefined
        const minimalReason = (v: number, value: boolean) => (made ??= new Reasons(problem)).minimal(v, value, reasonDeadline())
        for (const e of prepared.graph.elements) {
            const seq = e.seq
            if (proven.dead.has(seq)) dead.set(e.id, reasonLines(minimalReason(seq, true)))
            else if (settled && enumeration.presentIn[seq] === 0)
                dead.set(e.id, [{text: `no combination of input values keeps it (all ${enumeration.explored} tried): optimization or a check removes it`}])
            else if (e.conditions.length > 0 && proven.core.has(seq)) core.set(e.id, reasonLines(minimalReason(seq, false)))
            else if (e.conditions.length > 0 && settled && enumeration.presentIn[seq] === enumeration.resolved)
                core.set(e.id, [{text: `every combination of input values that resolves keeps it (${enumeration.resolved} of ${enumeration.explored})`}])
        }
        findings.push(...elementFindings(prepared, dead, core))
    }
    findings.push(...inputFindings(definition, prepared, atoms, deciding, enumeration, dead))
    findings.push(...presetFindings(trials, definition))
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
