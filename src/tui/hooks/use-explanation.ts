// The why pane's explanation comes from the resolver, which holds the model:
// asked for whenever the resolution or the element shown changes.
import {useEffect} from 'react'
import type {ExplanationLine} from '../../engine/index.js'
import type {Resolver} from '../resolver/client.js'
import type {Outcome} from '../state/wizard.js'

export function useExplanation(
    resolver: Resolver,
    outcome: Outcome | undefined,
    element: string | undefined,
    known: boolean,
    land: (resolution: number, element: string, lines: readonly ExplanationLine[]) => void,
): void {
    useEffect(
        () =>
            resolver.listen(response => {
                if (response.type === 'explained' && response.lines) land(response.resolution, response.element, response.lines)
            }),
        [resolver, land],
    )
    const resolution = outcome?.ok ? outcome.id : undefined
    useEffect(() => {
        if (resolution === undefined || element === undefined || known) return
        resolver.send({type: 'explain', id: resolver.nextId(), resolution, element})
    }, [resolver, resolution, element])
}
