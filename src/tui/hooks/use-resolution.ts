// Each change of the choices is resolved by the resolver, off the render path:
// the keys that made it are drawn at once, results for older choices are
// dropped, and "busy" turns on only past 150 ms, so quick resolutions never
// flash a spinner. Which inputs decide something follows each resolution.
import {useEffect, useRef, useState} from 'react'
import type {Resolver} from '../resolver/client.js'
import type {TemplateOutline} from '../resolver/protocol.js'
import {tableRows, type Choices, type ElementRow} from '../resolver/protocol.js'
import type {Outcome} from '../state/wizard.js'

/** Requests remembered for their choices: the latest and a few before it, whose answers may still come. */
const REMEMBERED = 8

export interface ResolutionEvents {
    readonly outcome: (outcome: Outcome) => void
    readonly decisive: (choices: Choices, inputs: ReadonlySet<string>) => void
}

/** `outline`: the template as read last; one read again is resolved again. */
export function useResolution(resolver: Resolver, outline: TemplateOutline, choices: Choices, land: ResolutionEvents): boolean {
    const [busy, setBusy] = useState(false)
    const latest = useRef(0)
    // the choices of each request, by id: what comes back is a copy, the state keeps the original
    const sent = useRef(new Map<number, Choices>())
    const rows = useRef<{template: number; rows: readonly ElementRow[]}>({template: -1, rows: []})
    const spinner = useRef<NodeJS.Timeout | undefined>(undefined)
    useEffect(
        () =>
            resolver.listen(response => {
                if (response.type === 'decisive') {
                    const asked = sent.current.get(response.resolution)
                    if (asked) land.decisive(asked, new Set(response.inputs))
                    return
                }
                if (response.type !== 'resolved') return
                if (response.rows) rows.current = {template: response.template, rows: tableRows(response.rows)}
                const {resolution} = response
                if (resolution.id !== latest.current) return
                clearTimeout(spinner.current)
                setBusy(false)
                const own = rows.current.template === response.template ? rows.current.rows : []
                land.outcome({...resolution, choices: sent.current.get(resolution.id) ?? resolution.choices, rows: own})
            }),
        [resolver, land],
    )
    useEffect(() => {
        const id = resolver.nextId()
        latest.current = id
        sent.current.set(id, choices)
        for (const old of sent.current.keys()) if (sent.current.size > REMEMBERED) sent.current.delete(old)
        clearTimeout(spinner.current)
        spinner.current = setTimeout(() => latest.current === id && setBusy(true), 150)
        resolver.send({type: 'resolve', id, choices})
    }, [resolver, outline, choices])
    useEffect(() => () => clearTimeout(spinner.current), [])
    return busy
}
