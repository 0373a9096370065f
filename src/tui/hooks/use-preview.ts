// What a change would do, before it is committed: `+3 present, −1 pruned`.
// Computed off the render path and remembered per candidate, so moving the
// cursor back and forth over values resolves each one once.
import {useEffect, useRef, useState} from 'react'
import type {LoadedTemplate, ResolveRequest} from '../../engine/index.js'
import {countChoices, type Choices, type Counts} from '../state/session.js'
import {afterFrame} from './after-frame.js'

/** The counts a change moves, against the current outcome. */
export function describeChange(current: Counts | undefined, next: Counts): string {
    if (!next.ok) return 'no variant'
    if (!current?.ok) return `${next.present} present, ${next.pruned} pruned`
    const d = next.present - current.present
    if (d === 0 && next.pruned === current.pruned) return 'no change in counts'
    return `${d >= 0 ? '+' : '−'}${Math.abs(d)} present, ${d <= 0 ? '+' : '−'}${Math.abs(d)} pruned`
}

export function usePreview(template: LoadedTemplate, base: ResolveRequest | undefined, current: Counts | undefined, candidate: Choices | undefined): string | undefined {
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
