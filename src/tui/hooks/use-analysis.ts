// Dead and core elements for the topology and the why pane: the template is
// analyzed once by the resolver, within a short budget, once it resolved
// (analysis reads the template alone, not the user's choices).
import {useEffect, useRef, useState} from 'react'
import type {Analysis, ReasonLine} from '../../engine/index.js'
import type {Resolver} from '../resolver/client.js'
import type {TemplateOutline} from '../resolver/protocol.js'

/** `elements`: how many the template has, once it resolved (undefined before). */
export function useAnalysis(resolver: Resolver, outline: TemplateOutline, elements: number | undefined): Analysis | undefined {
    const [analysis, setAnalysis] = useState<{outline: TemplateOutline; analysis?: Analysis} | undefined>(undefined)
    // asked once per version of the template, once it resolved: the analysis blocks the resolver for up to its budget
    const asked = useRef<TemplateOutline | undefined>(undefined)
    useEffect(() => {
        if (elements === undefined || asked.current === outline) return
        asked.current = outline
        const id = resolver.nextId()
        const stop = resolver.listen(response => {
            if (response.type !== 'analyzed' || response.id !== id) return
            stop()
            setAnalysis({outline, analysis: response.analysis})
        })
        resolver.send({type: 'analyze', id, elements})
    }, [resolver, outline, elements])
    return analysis?.outline === outline ? analysis.analysis : undefined
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
