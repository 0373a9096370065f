// What a change would do, before it is committed: which elements flip, the first few by name
// (`4 elements flip: +monitor, +backup_job, −vm_runtime, … 1 more`); net counts alone would hide a different
// variant with the same numbers. Computed off the render path and remembered per candidate,
// so moving the cursor back and forth over values resolves each one once.
import {useEffect, useRef, useState} from 'react'
import type {Element, LoadedTemplate, ResolveRequest} from '../../engine/index.js'
import {countChoices, presenceOf, type Choices, type Counts, type Outcome} from '../state/session.js'
import {afterFrame} from './after-frame.js'

/** The current model's presence, worked out once however many candidates are previewed against it. */
const presences = new WeakMap<object, Uint8Array>()
function presenceOfModel(model: Extract<Outcome, {ok: true}>['model']): Uint8Array {
    let presence = presences.get(model)
    if (!presence) presences.set(model, (presence = presenceOf(model)))
    return presence
}

/** How many flips are named; the rest are counted. */
const NAMED_FLIPS = 3

/** The elements a change flips, against the current outcome: nodes first, each `+` (becomes present) or `−` (becomes pruned). */
export function describeChange(current: Outcome | undefined, next: Counts): string {
    if (!next.ok) return 'no variant'
    if (!current?.ok) return `${next.present} present, ${next.pruned} pruned`
    const now = presenceOfModel(current.model)
    const elements = current.model.graph.elements
    const flips: Element[] = []
    for (let i = 0; i < now.length; i++) if (now[i] !== next.presence[i]) flips.push(elements[i]!)
    if (flips.length === 0) return 'no change'
    flips.sort((a, b) => Number(b.kind === 'node') - Number(a.kind === 'node'))
    const named = flips.slice(0, NAMED_FLIPS).map(e => `${next.presence[e.seq] ? '+' : '−'}${e.kind === 'node' ? e.name : e.display}`)
    const rest = flips.length - named.length
    return `${flips.length === 1 ? '1 element flips' : `${flips.length} elements flip`}: ${named.join(', ')}${rest > 0 ? `, … ${rest} more` : ''}`
}

export function usePreview(template: LoadedTemplate, base: ResolveRequest | undefined, current: Outcome | undefined, candidate: Choices | undefined): string | undefined {
    const cache = useRef(new Map<string, Counts>())
    const [shown, setShown] = useState<{key: string; text: string} | undefined>()
    const key = candidate ? JSON.stringify(candidate) : undefined
    useEffect(() => {
        cache.current.clear()
    }, [current])
    useEffect(() => {
        // while the current choices resolve, a preview would resolve too, ahead of the frame
        // that shows the new variant; it waits for the outcome it is measured against
        if (!candidate || !key || !current) return
        const known = cache.current.get(key)
        if (known) {
            setShown({key, text: describeChange(current, known)})
            return
        }
        return afterFrame(() => {
            const next = countChoices(template, candidate, base)
            cache.current.set(key, next)
            setShown({key, text: describeChange(current, next)})
        })
    }, [key, current, template, base])
    return shown && shown.key === key ? shown.text : undefined
}
