// A what-if or repairs search, run by the resolver a slice at a time; a new
// lookup (or none) cancels the old one. Reports progress, then the verified
// suggestions.
import {useEffect, useState} from 'react'
import type {Resolver} from '../resolver/client.js'
import type {Lookup, Suggestion} from '../state/wizard.js'

export interface LookupProgress {
    readonly tried: number
    readonly total: number
}

export function useLookup(resolver: Resolver, lookup: Lookup | undefined, land: (lookup: Lookup, items: Suggestion[], note: string) => void): LookupProgress | undefined {
    const [progress, setProgress] = useState<LookupProgress | undefined>()
    useEffect(() => {
        setProgress(undefined)
        if (!lookup) return
        const id = resolver.nextId()
        let done = false
        const stop = resolver.listen(response => {
            if (response.type === 'progress' && response.id === id) setProgress({tried: response.tried, total: response.total})
            if (response.type === 'found' && response.id === id) {
                done = true
                setProgress(undefined)
                land(lookup, [...response.items], response.note)
            }
        })
        resolver.send({type: 'lookup', id, lookup})
        return () => {
            stop()
            if (!done) resolver.send({type: 'cancel', id})
        }
    }, [resolver, lookup, land])
    return progress
}
