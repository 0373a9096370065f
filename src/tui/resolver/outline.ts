// The template as the wizard's thread sees it (see TemplateOutline), made by
// the resolver from the template it read: the inputs, presets and values to
// offer as plain data, never the template's data or its source positions.
import {inputChoices, type LoadedTemplate, readDefinitionOf, type VariabilityDefinition} from '../../engine/index.js'
import type {TemplateOutline} from './protocol.js'

export function outlineOf(template: LoadedTemplate, warnings: readonly string[]): TemplateOutline {
    const definition = readDefinitionOf(template)
    return {file: template.file, origin: template.origin, version: template.version, definition: plainDefinition(definition), choices: inputChoices(template), warnings}
}

/** The definition without its getters (each would look its position up in the template) and with only the expressions the inputs' values may name. */
function plainDefinition(definition: VariabilityDefinition): VariabilityDefinition {
    const inputs = [...definition.inputs.values()].map(d => ({name: d.name, type: d.type, default: d.default, defaultExpression: d.defaultExpression, raw: d.raw}))
    const presets = [...definition.presets.values()].map(p => ({name: p.name, displayName: p.displayName, description: p.description, inputs: p.inputs}))
    const roots = [...inputs.flatMap(d => [d.default, d.defaultExpression]), ...presets.map(p => p.inputs)]
    return {
        inputs: new Map(inputs.map(d => [d.name, d])),
        presets: new Map(presets.map(p => [p.name, p])),
        expressions: namedFrom(roots, definition.expressions),
        raw: {},
    }
}

/**
 * The named expressions `roots` refer to, and those they refer to in turn: a large template names
 * thousands of conditions, an input's default expression a few (a value typed in the wizard that
 * names another one shows once the resolver answers).
 */
function namedFrom(roots: readonly unknown[], expressions: Readonly<Record<string, unknown>>): Record<string, unknown> {
    // a Map, then entries: an expression named __proto__ is a name like any other
    const named = new Map<string, unknown>()
    const pending = [...roots]
    while (pending.length > 0) {
        const value = pending.pop()
        if (Array.isArray(value)) pending.push(...value)
        else if (typeof value === 'object' && value !== null) {
            for (const [key, inner] of Object.entries(value)) {
                if ((key === 'value_expression' || key === 'logic_expression') && typeof inner === 'string' && Object.hasOwn(expressions, inner) && !named.has(inner)) {
                    named.set(inner, expressions[inner])
                    pending.push(expressions[inner])
                }
                pending.push(inner)
            }
        }
    }
    return Object.fromEntries(named)
}
