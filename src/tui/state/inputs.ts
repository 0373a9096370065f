// The inputs as the wizard lists them: values from the definition alone, so
// the list follows a key at once while the resolver may still be busy.
import type {InputAssignment, InputValue, ResolveRequest, VariabilityDefinition} from '../../engine/index.js'
import {isGiven, requestOf, type Choices} from '../resolver/protocol.js'
import type {InputRules} from './rules.js'

export interface InputRow {
    readonly name: string
    readonly type?: string
    readonly value: unknown
    /** Where the value came from, and what it overrode or what was removed: `--set (was dev)`, `default (removed: dev from --set)`. */
    readonly source: string
    /** No value is given and the template has no default: resolving stops at the first element that reads it. */
    readonly needed: boolean
    /** The value was given (a profile, an inputs file, --set, the environment, the wizard), so it can be removed. */
    readonly given: boolean
    /** Whether any element's verdict reads it; undefined until that is known (it is worked out after each resolution). */
    readonly decidesSomething?: boolean
}

/**
 * The inputs' values as the choices set them, from the definition alone: the wizard's thread shows
 * them at once after a key, while the resolver may be busy with an earlier resolution. None when the
 * choices themselves are wrong (an unknown preset or input).
 */
export function definedValues(rules: InputRules, definition: VariabilityDefinition, choices: Choices, base: ResolveRequest | undefined): InputValue[] {
    return rules.values(definition, requestOf(choices, base))
}

/**
 * The inputs with their values and where each came from; whether an input decides anything comes from
 * the latest resolution. `removed`: the command line's assignments the choices removed, by input name.
 */
export function inputRows(
    rules: InputRules,
    definition: VariabilityDefinition,
    values: readonly InputValue[],
    decisive: ReadonlySet<string> | undefined,
    removed: ReadonlyMap<string, InputAssignment> = new Map(),
): InputRow[] {
    const byName = new Map(values.map(i => [i.name, i]))
    return [...definition.inputs.values()].map(d => {
        const value = byName.get(d.name)
        const needed = value?.source.kind === 'unset'
        const gone = removed.get(d.name)
        // what this value replaced: an earlier assignment, else the default; or the value removed
        const was = value?.overridden[0] ?? (value && value.source.kind !== 'default' && d.default !== undefined ? {value: d.default} : undefined)
        const note = gone
            ? ` (removed: ${rules.render(gone.value, 12)} from ${rules.source(gone)})`
            : was && value && !needed && !rules.same(was.value, value.value)
              ? ` (was ${rules.render(was.value, 12)})`
              : ''
        const source = `${needed ? 'needs a value' : value ? rules.source(value) : 'not set'}${note}`
        return {name: d.name, type: d.type, value: value?.value, source, needed, given: value !== undefined && isGiven(value.source), decidesSomething: decisive?.has(d.name)}
    })
}

/** The list entry that removes a given value, saying what applies then (`after`: the input's value without it). */
export function removalText(rules: InputRules, after: InputValue | undefined): string {
    if (!after || after.value === undefined) return `remove the value: ${after && after.source.kind !== 'unset' ? rules.source(after) : 'it needs one then'}`
    return `remove the value: ${rules.render(after.value, 24)} (${rules.source(after)})`
}
