// Re-resolves off the render path: the result of the latest choices lands on
// the next tick, stale ones are dropped, and a spinner shows only past 150 ms.
import {useEffect, useRef, useState} from 'react'
import type {LoadedTemplate} from '../../engine/load/index.js'
import type {ResolveRequest} from '../../engine/pipeline.js'
import {evaluateChoices, type Choices, type Outcome} from './session.js'

export function useOutcome(template: LoadedTemplate, choices: Choices, base?: ResolveRequest): {outcome?: Outcome; busy: boolean; ms?: number} {
    const [state, setState] = useState<{outcome?: Outcome; busy: boolean; ms?: number}>({busy: true})
    const generation = useRef(0)
    useEffect(() => {
        const mine = ++generation.current
        const spinner = setTimeout(() => generation.current === mine && setState(s => ({...s, busy: true})), 150)
        const work = setImmediate(() => {
            const started = performance.now()
            const outcome = evaluateChoices(template, choices, base)
            if (generation.current !== mine) return
            clearTimeout(spinner)
            setState({outcome, busy: false, ms: performance.now() - started})
        })
        return () => {
            clearTimeout(spinner)
            clearImmediate(work)
        }
    }, [template, choices, base])
    return state
}
