// An analysis as the terminal shows it (grouped by severity, each finding with its
// reason), as JSON, and as the difference between two runs (the watch loop).
import {type Analysis, count, type Finding, grouped, type Severity} from '../engine/index.js'
import {escapeControls} from './shown-text.js'

const HEADINGS: Record<Severity, string> = {error: 'Errors', warning: 'Warnings', info: 'Notes'}

export function renderAnalysis(analysis: Analysis, file: string): string {
    const lines: string[] = []
    const by = (s: Severity) => analysis.findings.filter(f => f.severity === s)
    const counts = (['error', 'warning', 'info'] as const).map(s => count(by(s).length, s === 'info' ? 'note' : s))
    lines.push(`${file}: ${counts.join(', ')}`)
    for (const severity of ['error', 'warning', 'info'] as const) {
        const findings = by(severity)
        if (findings.length === 0) continue
        lines.push('', `${HEADINGS[severity]}:`)
        for (const f of findings) lines.push(...findingLines(f))
    }
    lines.push('', variantLine(analysis))
    // each line one line, whatever the names it quotes hold
    return `${lines.map(escapeControls).join('\n')}\n`
}

function findingLines(f: Finding): string[] {
    const lines = [`  ${f.message}${f.location ? `  (${f.location})` : ''}  [${f.code}]`]
    for (const r of f.reason ?? []) lines.push(`      ${r.text}${r.condition ? `: ${r.condition}` : ''}${r.location ? `  (${r.location})` : ''}`)
    return lines
}

/** "12 variants (exact: all 144 combinations of input values resolved)". */
function variantLine(analysis: Analysis): string {
    const v = analysis.variants
    if (v.more) return `Variants: more than ${grouped(v.count)} (counting stopped there)`
    const what = count(v.count, 'variant')
    if (v.exact) return `Variants: ${what} (exact: all ${count(v.combinations, 'combination')} of input values resolved)`
    const explored = `${grouped(v.explored)} of ${v.combinations > 1e15 ? 'more than 10^15' : grouped(v.combinations)} combinations`
    return `Variants: at least ${what} (${explored} of input values resolved${v.explored < v.combinations ? '' : '; some inputs are compared in ways one value per region cannot stand for'})`
}

/** The analysis as data: findings with stable codes, dead and core elements, presets, inputs and the variant count; the same on every run (no timings). */
export function analysisJson(analysis: Analysis): object {
    return {
        findings: analysis.findings,
        variants: analysis.variants,
        dead: [...analysis.dead.keys()],
        core: [...analysis.core.keys()],
        presets: analysis.presets,
        inputs: analysis.inputs,
    }
}

/** What an edit changed: elements that became or stopped being dead or core, findings that appeared or went. */
export function analysisChanges(before: Analysis, after: Analysis): string[] {
    const out: string[] = []
    const flips = (what: 'dead' | 'core', a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>) => {
        for (const id of b.keys()) if (!a.has(id)) out.push(`${id} is now ${what}`)
        for (const id of a.keys()) if (!b.has(id)) out.push(`${id} is no longer ${what}`)
    }
    flips('dead', before.dead, after.dead)
    flips('core', before.core, after.core)
    const key = (f: Finding) => `${f.code} ${f.message}`
    // element findings (one element or a group of them) are told by the flips above
    const general = (f: Finding) => !f.element && !f.members
    const had = new Set(before.findings.filter(general).map(key))
    const has = new Set(after.findings.filter(general).map(key))
    for (const f of after.findings) if (general(f) && !had.has(key(f))) out.push(`new: ${f.message} [${f.code}]`)
    for (const f of before.findings) if (general(f) && !has.has(key(f))) out.push(`gone: ${f.message} [${f.code}]`)
    if (before.variants.count !== after.variants.count || before.variants.more !== after.variants.more) out.push(`${variantLine(after)} (was ${before.variants.count})`)
    return out
}
