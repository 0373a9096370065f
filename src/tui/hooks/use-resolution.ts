// Re-resolves off the render path: the latest choices resolve on the next tick,
// results of older choices are dropped, and "busy" turns on only past 150 ms,
// so quick resolutions never flash a spinner.
import {useEffect, useRef, useState} from 'react'
import type {LoadedTemplate, ResolveRequest} from '../../engine/index.js'
import {evaluateChoices, type Choices, type Outcome} from '../state/session.js'

export function useResolution(template: LoadedTemplate, base: ResolveRequest | undefined, choices: Choices, land: (outcome: Outcome) => void): boolean {
    const [busy, setBusy] = useState(false)
    const generation = useRef(0)
    useEffect(() => {
        const mine = ++generation.current
        const spinner = setTimeout(() => generation.current === mine && setBusy(true), 150)
        const work = setImmediate(() => {
            const outcome = evaluateChoices(template, choices, base)
            if (generation.current !== mine) return
            clearTimeout(spinner)
            setBusy(false)
            land(outcome)
        })
        return () => {
            clearTimeout(spinner)
            clearImmediate(work)
        }
    }, [template, base, choices, land])
    return busy
}
