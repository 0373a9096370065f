// Dead and core elements for the topology and the why pane: the template is
// analyzed once, after the first frame, within a short budget (analysis reads
// the template alone, not the user's choices, so it never runs again for them).
import {useEffect, useState} from 'react'
import {analyzeTemplate, type Analysis, type LoadedTemplate, type ReasonLine, type ResolveRequest} from '../../engine/index.js'
import {afterFrame} from './after-frame.js'

/** Beyond this many elements the wizard does not analyze: the budget would block key presses too long. */
const MOST_ELEMENTS = 5_000
const BUDGET_MS = 1_500

export function useAnalysis(template: LoadedTemplate, base: ResolveRequest | undefined, elements: number | undefined): Analysis | undefined {
    const [analysis, setAnalysis] = useState<Analysis | undefined>(undefined)
    useEffect(() => {
        setAnalysis(undefined)
        if (elements === undefined || elements > MOST_ELEMENTS) return
        return afterFrame(() => {
            try {
                setAnalysis(analyzeTemplate(template, {plugins: base?.plugins, budget: BUDGET_MS}))
            } catch {
                // a template that does not resolve at all shows its error elsewhere; no marks then
            }
        })
    }, [template, base, elements === undefined])
    return analysis
}

/** The words a topology row and the why pane add for a dead or core element. */
export function analysisMark(analysis: Analysis | undefined, id: string): {short: string; note: string} | undefined {
    const dead = analysis?.dead.get(id)
    if (dead) return {short: '· dead', note: `dead — no input can make this present: ${reasonText(dead)}`}
    const core = analysis?.core.get(id)
    if (core) return {short: '· core', note: `core — present in every variant, its conditions decide nothing: ${reasonText(core)}`}
    return undefined
}

function reasonText(lines: readonly ReasonLine[]): string {
    return lines.map(l => (l.condition ? `${l.text}: ${l.condition}` : l.text)).join('; ')
}
