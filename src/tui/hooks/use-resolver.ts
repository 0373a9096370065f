// The resolver for the wizard's lifetime: the one the command line opened, or
// one opened here on the template; given the command line's request once, ended
// when the wizard leaves. The outline is what the resolver last read of the
// template: a new one follows each edit on disk.
import {useEffect, useState} from 'react'
import {openResolver, type Resolver, type ResolverThread} from '../resolver/client.js'
import type {BaseRequest, TemplateOutline} from '../resolver/protocol.js'
import type {Choices} from '../resolver/protocol.js'

/** `opening`: the choices the wizard opens with, resolved at once. */
export function useResolver(file: string, base: BaseRequest | undefined, opening: Choices, given?: Resolver, thread?: ResolverThread): Resolver {
    const [resolver] = useState(() => {
        const opened = given ?? openResolver(file, {thread})
        opened.start(base ?? {}, opening)
        return opened
    })
    useEffect(() => () => resolver.close(), [resolver])
    return resolver
}

/** The outline the resolver read last; `failed` says why there is none (a template the wizard cannot open on). */
export function useOutline(resolver: Resolver): {readonly outline?: TemplateOutline; readonly failed?: string} {
    const [outline, setOutline] = useState(resolver.outline)
    const [failed, setFailed] = useState<string | undefined>(undefined)
    useEffect(() => {
        const stop = resolver.listen(response => response.type === 'loaded' && setOutline(response.outline))
        // read meanwhile (before this listened)
        resolver.loaded.then(setOutline, (e: Error) => setFailed(e.message))
        return stop
    }, [resolver])
    return {outline, failed}
}
