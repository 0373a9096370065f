// Which inputs decide something: an input does when some element's verdict
// reads it. That takes an explanation of every element, so it is worked out
// after the resolution lands and is drawn, a slice of elements per tick; until then the
// inputs pane shows no mark rather than a wrong one.
import {useEffect} from 'react'
import type {Outcome} from '../state/session.js'
import {explanationOf, type Choices} from '../state/session.js'
import {afterFrame} from './after-frame.js'

const SLICE_MS = 8

export function useDecisive(outcome: Outcome | undefined, land: (choices: Choices, inputs: ReadonlySet<string>) => void): void {
    useEffect(() => {
        if (!outcome) return
        if (!outcome.ok) {
            // without a variant nothing is decided yet: every input may matter
            land(outcome.choices, new Set(outcome.inputs.map(i => i.name)))
            return
        }
        const {model} = outcome
        const elements = model.graph.elements
        const inputs = new Set<string>()
        let next = 0
        let timer: NodeJS.Immediate | undefined
        const run = () => {
            const until = performance.now() + SLICE_MS
            while (next < elements.length && performance.now() < until) {
                for (const cited of explanationOf(model, elements[next++]!).rootCauses.inputs) inputs.add(cited.name)
            }
            if (next < elements.length) timer = setImmediate(run)
            else land(outcome.choices, inputs)
        }
        const cancel = afterFrame(run)
        return () => {
            cancel()
            if (timer) clearImmediate(timer)
        }
    }, [outcome, land])
}
