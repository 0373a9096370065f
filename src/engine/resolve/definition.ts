// A template's variability definition (inputs, presets, expressions, options), read from its data
// once: a loaded template is never changed.
import {SourceMap, type LoadedTemplate} from '../load/index.js'
import {readVariabilityDefinition, VariabilityInputs, type InputAssignment, type InputValue, type VariabilityDefinition} from '../inputs/index.js'

/** Each loaded template's variability definition, read from its data once (a template is never changed once loaded). */
const definitions = new WeakMap<LoadedTemplate, VariabilityDefinition>()

/** The template's variability definition (inputs, presets, expressions); one that cannot be read throws each time it is asked for. */
export function readDefinitionOf(template: LoadedTemplate): VariabilityDefinition {
    let definition = definitions.get(template)
    if (!definition) definitions.set(template, (definition = readVariabilityDefinition(template.data, template.sourceMap)))
    return definition
}

/** The names of the template's variability inputs (for environment look-ups in the shells). */
export function variabilityInputNames(template: LoadedTemplate): string[] {
    return [...readDefinitionOf(template).inputs.keys()]
}

/**
 * Every input's value for these presets and assignments, from the definition alone (plain data: the
 * wizard's thread holds no template). Sources are not located; an unknown preset or input throws.
 */
export function definedInputValues(definition: VariabilityDefinition, presets: readonly string[], assignments: readonly InputAssignment[]): InputValue[] {
    return new VariabilityInputs(definition, new SourceMap(''), presets, assignments).all()
}
