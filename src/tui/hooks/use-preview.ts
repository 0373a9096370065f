// What a change would do, before it is committed: which elements flip, the first few by name
// (`4 elements flip: +monitor, +backup_job, −vm_runtime, … 1 more`); net counts alone would hide a different
// variant with the same numbers. Resolved by the resolver and remembered per candidate, so moving
// the cursor back and forth over values resolves each one once.
import {useEffect, useRef, useState} from 'react'
import type {CountData} from '../resolver/protocol.js'
import type {Resolver} from '../resolver/client.js'
import type {Choices, ElementRow} from '../resolver/protocol.js'
import type {Outcome} from '../state/wizard.js'

/** How many flips are named; the rest are counted. */
const NAMED_FLIPS = 3

/** The elements a change flips, against the current outcome: nodes first, each `+` (becomes present) or `−` (becomes pruned). */
export function describeChange(current: Outcome | undefined, next: CountData): string {
    if (!next.ok) return next.missing ? 'inputs would still need a value' : 'no variant'
    if (!current?.ok) return `${next.present} present, ${next.pruned} pruned`
    const now = current.presence
    const flips: ElementRow[] = []
    for (const row of current.rows) if (now[row.seq] !== next.presence[row.seq]) flips.push(row)
    if (flips.length === 0) return 'no change'
    flips.sort((a, b) => Number(b.kind === 'node') - Number(a.kind === 'node'))
    const named = flips.slice(0, NAMED_FLIPS).map(e => `${next.presence[e.seq] ? '+' : '−'}${e.kind === 'node' ? e.name : e.display}`)
    const rest = flips.length - named.length
    return `${flips.length === 1 ? '1 element flips' : `${flips.length} elements flip`}: ${named.join(', ')}${rest > 0 ? `, … ${rest} more` : ''}`
}

export function usePreview(resolver: Resolver, current: Outcome | undefined, candidate: Choices | undefined): string | undefined {
    const cache = useRef(new Map<string, CountData>())
    const asked = useRef(new Map<number, string>())
    const [shown, setShown] = useState<{key: string; text: string} | undefined>()
    const key = candidate ? JSON.stringify(candidate) : undefined
    const against = useRef(current)
    against.current = current
    useEffect(() => {
        cache.current.clear()
    }, [current])
    useEffect(
        () =>
            resolver.listen(response => {
                if (response.type !== 'counted') return
                const counted = asked.current.get(response.id)
                if (counted === undefined) return
                asked.current.delete(response.id)
                cache.current.set(counted, response.counts)
                setShown({key: counted, text: describeChange(against.current, response.counts)})
            }),
        [resolver],
    )
    useEffect(() => {
        // while the current choices resolve, a preview waits for the outcome it is measured against
        if (!candidate || !key || !current) return
        const known = cache.current.get(key)
        if (known) return setShown({key, text: describeChange(current, known)})
        const id = resolver.nextId()
        asked.current.clear()
        asked.current.set(id, key)
        resolver.send({type: 'count', id, choices: candidate})
    }, [resolver, key, current])
    return shown && shown.key === key ? shown.text : undefined
}
