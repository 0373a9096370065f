// Inputs without a value, said once. Resolving a template headless without its inputs stopped at every
// place an input was read ("has no value", nine times for four inputs on the reference's shop
// example) and said nothing of how to give them. One error now lists every such input with its type
// and the values the template uses for it, and says how to give them: --set, --inputs, a preset.
import {TrellisError, type RelatedLocation} from '../errors.js'
import {InputMissingError} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import {readDefinitionOf} from './definition.js'
import {shellWord} from '../shell-word.js'
import {textOf, typedText} from '../text.js'
import {inputChoices} from './input-choices.js'

/** Values shown per input at the most. */
const SHOWN_VALUES = 6

/**
 * The error with every "has no value" among it and its companions (`more`) merged into one, listing
 * the inputs; the error itself when there is none. Other mistakes stay, after it.
 */
export function withMissingInputs(template: LoadedTemplate, error: TrellisError): TrellisError {
    const all = [error, ...error.more]
    const missing = all.filter((e): e is InputMissingError => e instanceof InputMissingError)
    if (missing.length === 0) return error
    const names = [...new Set(missing.map(e => e.input))]
    let definition
    let offered: Map<string, unknown[]>
    try {
        definition = readDefinitionOf(template)
        offered = inputChoices(template)
    } catch {
        return error
    }
    const notes = names.map(name => {
        const input = definition.inputs.get(name)
        const values = (offered.get(name) ?? []).slice(0, SHOWN_VALUES).map(textOf)
        const more = (offered.get(name)?.length ?? 0) > SHOWN_VALUES ? ', …' : ''
        return `"${name}"${input?.type ? ` (${input.type})` : ''}${values.length ? `: the template uses ${values.join(', ')}${more}` : ''}`
    })
    const example = names.map(name => `--set ${shellWord(`${name}=${exampleValue(offered.get(name))}`)}`).join(' ')
    const presets = [...definition.presets.values()].filter(p => names.some(name => name in p.inputs)).map(p => p.name)
    const help = [
        `give each a value, for example ${example}`,
        'or name a YAML file of values with --inputs FILE' +
            (presets.length ? `, or choose a preset that sets them: ${presets.map(p => `--preset ${shellWord(p)}`).join(', ')}` : ''),
    ]
    const related: RelatedLocation[] = names.flatMap(name => {
        const location = definition.inputs.get(name)?.location
        return location ? [{location, label: `"${name}" is declared here`}] : []
    })
    // the first input in the reference's words (test cases written for it match on them), then the others
    const others = names.slice(1).map(n => `"${n}"`)
    const message = `Variability input "${names[0]}" has no value nor default (expression) assigned${others.length ? `, nor ${others.length === 1 ? 'has' : 'have'} ${others.join(', ')}` : ''}`
    const merged = new TrellisError('input-missing', message, missing[0]!.location, {related, notes, help})
    merged.more = all.filter(e => !(e instanceof InputMissingError))
    return merged
}

/** A value to show in the example: the first the template uses, else a placeholder. */
function exampleValue(values: readonly unknown[] | undefined): string {
    const first = values?.[0]
    return first === undefined ? 'VALUE' : typedText(first)
}
