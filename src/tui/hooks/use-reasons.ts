// A few words on why, for the topology rows on screen: asked of the resolver
// for the rows shown (a large template's rows are never all explained), kept
// per resolution.
import {useEffect, useState} from 'react'
import type {Resolver} from '../resolver/client.js'
import type {Outcome} from '../state/wizard.js'

export function useReasons(resolver: Resolver, outcome: Outcome | undefined, shown: readonly number[]): (seq: number) => string {
    const [known, setKnown] = useState<{resolution: number; reasons: ReadonlyMap<number, string>}>({resolution: -1, reasons: new Map()})
    useEffect(
        () =>
            resolver.listen(response => {
                if (response.type !== 'reasons' || !response.reasons) return
                const reasons = response.reasons
                setKnown(k => ({resolution: response.resolution, reasons: new Map([...(k.resolution === response.resolution ? k.reasons : []), ...reasons])}))
            }),
        [resolver],
    )
    const resolution = outcome?.ok ? outcome.id : undefined
    const current = known.resolution === resolution ? known.reasons : undefined
    const missing = resolution === undefined ? [] : shown.filter(seq => !current?.has(seq))
    const key = missing.join(',')
    useEffect(() => {
        if (resolution === undefined || missing.length === 0) return
        resolver.send({type: 'reasons', id: resolver.nextId(), resolution, seqs: missing})
    }, [resolver, resolution, key])
    return seq => current?.get(seq) ?? ''
}
