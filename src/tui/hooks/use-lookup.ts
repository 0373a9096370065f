// Runs a what-if or repairs search in slices of a few milliseconds between
// renders, so keys keep working while it runs; a new lookup (or none) drops
// the old one. Reports progress, then the verified suggestions.
import {useEffect, useState} from 'react'
import {type InputChange, type LoadedTemplate, renderExpression, type ResolveRequest, startRepairs, startWhatIf} from '../../engine/index.js'
import {requestOf, type Choices} from '../state/session.js'
import type {Lookup, Suggestion} from '../state/wizard.js'

const SLICE_MS = 8

export interface LookupProgress {
    readonly tried: number
    readonly total: number
}

export function useLookup(
    template: LoadedTemplate,
    base: ResolveRequest | undefined,
    lookup: Lookup | undefined,
    land: (lookup: Lookup, items: Suggestion[], note: string) => void,
): LookupProgress | undefined {
    const [progress, setProgress] = useState<LookupProgress | undefined>()
    useEffect(() => {
        if (!lookup) {
            setProgress(undefined)
            return
        }
        let timer: NodeJS.Immediate | undefined
        let cancelled = false
        const request = requestOf(lookup.choices, base)
        let run: () => void
        try {
            if (lookup.kind === 'what-if') {
                const search = startWhatIf(template, request, lookup.target!)
                run = () => {
                    const done = search.step(SLICE_MS)
                    setProgress(search.progress)
                    if (!done) return void (timer = setImmediate(() => !cancelled && run()))
                    const result = search.result()
                    const flip = result.verdict === 'present' ? 'pruned' : 'present'
                    const items = result.suggestions.map(s => suggestion(lookup.choices, s.changes, s.preset, `makes it ${s.verdict}`))
                    const note = items.length
                        ? `what would make it ${flip} (each verified by resolving again):`
                        : result.impossible
                          ? `no change of inputs can make it ${flip}: its verdict reads no input`
                          : `none of the ${result.tried} changes tried makes it ${flip}`
                    setProgress(undefined)
                    land(lookup, items, note)
                }
            } else {
                const search = startRepairs(template, request)
                run = () => {
                    const done = search.step(SLICE_MS)
                    setProgress(search.progress)
                    if (!done) return void (timer = setImmediate(() => !cancelled && run()))
                    const result = search.result()
                    const items = result.suggestions.map(s => suggestion(lookup.choices, s.changes, s.preset, `${s.present} present, ${s.pruned} pruned`))
                    const note = items.length
                        ? 'these changes make a variant exist (each verified by resolving again):'
                        : `none of the ${result.tried} changes tried makes a variant exist`
                    setProgress(undefined)
                    land(lookup, items, note)
                }
            }
        } catch (e) {
            land(lookup, [], `cannot search: ${(e as Error).message}`)
            return
        }
        timer = setImmediate(run)
        return () => {
            cancelled = true
            if (timer) clearImmediate(timer)
        }
    }, [lookup, template, base, land])
    return progress
}

/** A suggestion as a change of the wizard's choices, with one line to show. */
export function suggestion(choices: Choices, changes: readonly InputChange[], preset: string | undefined, effect: string): Suggestion {
    // entries, not assignments: an input named __proto__ is a key like any other
    const values = Object.fromEntries([...Object.entries(choices.values), ...changes.map(c => [c.input, c.to] as const)])
    const parts = [...changes.map(c => `${c.input} = ${renderExpression(c.to)}`), ...(preset ? [`preset ${preset}`] : [])]
    // a preset suggested is applied after the chosen ones, as the search tried it
    return {text: `${parts.join(', ')}  → ${effect}`, choices: {presets: preset ? [...choices.presets.filter(p => p !== preset), preset] : choices.presets, values}}
}
