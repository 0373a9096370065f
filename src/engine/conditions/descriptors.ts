// The descriptors of default conditions (which one, its origins, how the spec writes it), shared by
// the elements they apply to: a few per mode token, however many elements there are. They belong to
// one walk over one template's elements and go with it, so no template sees another's.
import type {ConditionOrigin, DefaultWrapper} from './records.js'

/** A wrapper descriptor with its two origins. */
export function makeWrapper(fields: Omit<DefaultWrapper, 'origins'>): DefaultWrapper {
    const origins = {} as {default: ConditionOrigin; pruning: ConditionOrigin}
    const made: DefaultWrapper = {...fields, origins}
    origins.default = {kind: 'default', wrapper: made}
    origins.pruning = {kind: 'pruning', wrapper: made}
    return made
}

export class DefaultDescriptors {
    /** Keyed operator → token → argument (consistency follows from the token), without building a key string per element. */
    private readonly generic = new Map<string, Map<string, Map<string, DefaultWrapper>>>()
    /** One per type-specific definition (the template's entry for a type), shared by the elements of that type (see type-specific.ts). */
    readonly typeSpecific = new Map<object, DefaultWrapper>()
    /** Each mode's tokens, by the tokens its element kind allows and the mode (see defaults.ts `tokens`). */
    readonly modes = new Map<readonly string[], Map<string, readonly string[]>>()

    /** The descriptor of the element-generic default condition `{operator: argument}` of the given token. */
    wrapper(token: string, consistency: boolean, operator: string, argument: string = 'SELF'): DefaultWrapper {
        let byToken = this.generic.get(operator)
        if (!byToken) this.generic.set(operator, (byToken = new Map()))
        let byArgument = byToken.get(token)
        if (!byArgument) byToken.set(token, (byArgument = new Map()))
        let made = byArgument.get(argument)
        if (!made) byArgument.set(argument, (made = makeWrapper({token, consistency, semantic: !consistency, expression: Object.freeze({[operator]: argument})})))
        return made
    }
}
