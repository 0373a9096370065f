// Reads `variability.inputs`, `presets` and `expressions` of a template.
import type {SourceMap} from '../load/index.js'
import {TrellisError, type SourceLocation} from '../errors.js'

export interface VariabilityInputDefinition {
    readonly name: string
    readonly type?: string
    readonly default?: unknown
    readonly defaultExpression?: unknown
    readonly raw: Record<string, unknown>
    readonly location?: SourceLocation
}

export interface PresetDefinition {
    readonly name: string
    readonly displayName?: string
    readonly description?: string
    readonly inputs: Record<string, unknown>
    readonly location?: SourceLocation
}

export interface VariabilityDefinition {
    readonly inputs: ReadonlyMap<string, VariabilityInputDefinition>
    readonly presets: ReadonlyMap<string, PresetDefinition>
    readonly expressions: Readonly<Record<string, unknown>>
    readonly raw: Record<string, unknown>
}

function asMap(value: unknown, what: string, sourceMap: SourceMap, owner: unknown, key: string): Record<string, unknown> {
    if (value === undefined || value === null) return {}
    if (typeof value !== 'object' || Array.isArray(value)) throw new TrellisError('invalid-template', `${what} must be a map`, sourceMap.locate(owner, key))
    return value as Record<string, unknown>
}

export function readVariabilityDefinition(template: Record<string, unknown>, sourceMap: SourceMap): VariabilityDefinition {
    const topology = asMap(template.topology_template, '"topology_template"', sourceMap, template, 'topology_template')
    const variability = asMap(topology.variability, '"variability"', sourceMap, topology, 'variability')
    const inputs = new Map<string, VariabilityInputDefinition>()
    const rawInputs = asMap(variability.inputs, '"variability.inputs"', sourceMap, variability, 'inputs')
    for (const [name, raw] of Object.entries(rawInputs)) {
        const definition = asMap(raw, `variability input "${name}"`, sourceMap, rawInputs, name)
        inputs.set(name, {
            name,
            type: typeof definition.type === 'string' ? definition.type : undefined,
            default: definition.default ?? undefined,
            defaultExpression: definition.default_expression ?? undefined,
            raw: definition,
            // looked up when shown: finding where a map is in a large file walks the file's data
            get location() {
                return sourceMap.locate(rawInputs, name)
            },
        })
    }
    const presets = new Map<string, PresetDefinition>()
    const rawPresets = asMap(variability.presets, '"variability.presets"', sourceMap, variability, 'presets')
    for (const [name, raw] of Object.entries(rawPresets)) {
        const preset = asMap(raw, `variability preset "${name}"`, sourceMap, rawPresets, name)
        presets.set(name, {
            name,
            displayName: typeof preset.name === 'string' ? preset.name : undefined,
            description: typeof preset.description === 'string' ? preset.description : undefined,
            inputs: asMap(preset.inputs, `the inputs of variability preset "${name}"`, sourceMap, preset, 'inputs'),
            get location() {
                return sourceMap.locate(rawPresets, name)
            },
        })
    }
    const expressions = asMap(variability.expressions, '"variability.expressions"', sourceMap, variability, 'expressions')
    return {inputs, presets, expressions, raw: variability}
}
