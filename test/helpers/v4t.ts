// Small helpers for engine tests that resolve inline Variability4TOSCA templates
// and look at what decided an element (the condition records and their provenance).
import {expect} from 'vitest'
import {evaluate} from '../../src/engine/conditions/index.js'
import type {ConditionRecord} from '../../src/engine/conditions/index.js'
import {TrellisError} from '../../src/engine/errors.js'
import {templateFromText, type LoadedTemplate} from '../../src/engine/load/index.js'
import type {Element} from '../../src/engine/model/index.js'
import {resolveTemplate, type Resolution, type ResolvedModel, type ResolveRequest} from '../../src/engine/resolve/index.js'

export type Version = 'tosca_variability_1_0' | 'tosca_variability_1_0_rc_2' | 'tosca_variability_1_0_rc_3'

export interface Run {
    readonly version?: Version
    /** Direct assignments of variability inputs, by name. */
    readonly inputs?: Readonly<Record<string, unknown>>
    readonly presets?: readonly string[]
}

/** Resolves as every shell does (resolveTemplate); a failure throws its error. */
export function resolved(template: LoadedTemplate, request: ResolveRequest = {}): Resolution {
    const outcome = resolveTemplate(template, request)
    if (outcome.kind !== 'resolved') throw outcome.error
    return outcome
}

/** Resolves `body` (everything after the definitions version line); a failure throws its error. */
export function run(body: string, options: Run = {}): Resolution {
    const template = templateFromText(`tosca_definitions_version: ${options.version ?? 'tosca_variability_1_0'}\n${body}`)
    const assignments = Object.entries(options.inputs ?? {}).map(([name, value]) => ({name, value, source: {kind: 'set' as const}}))
    return resolved(template, {presets: options.presets ?? [], assignments})
}

/** Resolves and returns the TrellisError thrown. */
export function runError(body: string, options: Run = {}): TrellisError {
    try {
        run(body, options)
    } catch (e) {
        expect(e).toBeInstanceOf(TrellisError)
        return e as TrellisError
    }
    throw new Error('expected a TrellisError, but the template resolved')
}

export function element(model: ResolvedModel, id: string): Element {
    const e = model.graph.element(id)
    if (!e) throw new Error(`unknown element ${id}; known: ${model.graph.elements.map(x => x.id).join(', ')}`)
    return e
}

export function present(model: ResolvedModel, id: string): boolean {
    return model.present(element(model, id))
}

/** Presence of several elements, for toEqual. */
export function presence(model: ResolvedModel, ids: readonly string[]): Record<string, boolean> {
    return Object.fromEntries(ids.map(id => [id, present(model, id)]))
}

/** `manual`, `group`, `default-alternative`, `input-condition`, or `default:<token>` / `pruning:<token>`. */
export function label(record: ConditionRecord): string {
    return record.origin.kind === 'default' || record.origin.kind === 'pruning' ? `${record.origin.kind}:${record.origin.wrapper.token}` : record.origin.kind
}

export function records(model: ResolvedModel, id: string): readonly ConditionRecord[] {
    return model.conditions.of(element(model, id).seq).records
}

/** Every condition record of the element, labelled by its provenance, in order. */
export function provenance(model: ResolvedModel, id: string): string[] {
    return records(model, id).map(label)
}

/** The records that do not hold in the chosen variant: what made the element absent. */
export function deciding(model: ResolvedModel, id: string): string[] {
    const values = model.solution.values
    const lookup = (v: number) => (values[v] === -1 ? undefined : values[v] === 1)
    return records(model, id)
        .filter(r => evaluate(r.formula, lookup) === false)
        .map(label)
}

/** The output's node templates (an empty map when there are none). */
export function nodes(resolution: Resolution): Record<string, unknown> {
    const topology = resolution.output.topology_template as Record<string, unknown> | undefined
    return (topology?.node_templates as Record<string, unknown> | undefined) ?? {}
}

export function topology(resolution: Resolution): Record<string, unknown> {
    return (resolution.output.topology_template as Record<string, unknown> | undefined) ?? {}
}
