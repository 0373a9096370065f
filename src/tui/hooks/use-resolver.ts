// The resolver for the wizard's lifetime: started with the first render, told
// when the template is read again, ended when the wizard leaves.
import {useEffect, useRef, useState} from 'react'
import type {LoadedTemplate, ResolveRequest} from '../../engine/index.js'
import {startResolver, type Resolver, type ResolverThread} from '../resolver/client.js'

export function useResolver(template: LoadedTemplate, base: ResolveRequest | undefined, thread?: ResolverThread): Resolver {
    const [resolver] = useState(() => startResolver(template, base ?? {}, thread))
    useEffect(() => () => resolver.close(), [resolver])
    const shown = useRef(template)
    useEffect(() => {
        if (shown.current === template) return
        shown.current = template
        resolver.reload(template)
    }, [resolver, template])
    return resolver
}

/** Request identifiers, unique in the process: a response names the request it answers. */
let last = 0
export const nextId = (): number => ++last
