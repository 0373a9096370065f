// Resolves what a user is likely to choose: the defaults, each preset alone, the
// pairs of presets whose order matters (both set an input, to different values),
// and each input value a preset or a constraint names with the rest at defaults.
// Each is decided by the analysis's compiled template; one that fails is resolved
// again as resolving does, for the message and conflict it shows.
import {isDeepStrictEqual} from 'node:util'
import type {InputAssignment, VariabilityDefinition} from '../inputs/index.js'
import {resolveTemplate, type ConflictItem, type Outcome} from '../resolve/index.js'
import {stringifyTemplate} from '../transform/index.js'
import type {CompiledTemplate} from './compiled.js'

export interface Trial {
    /** The presets applied, in order (none: defaults or a single value). */
    readonly presets: readonly string[]
    /** A single input value tried with the rest at defaults. */
    readonly value?: {readonly input: string; readonly value: unknown}
    readonly kind: Outcome['kind']
    readonly message?: string
    /** The error's code, when it failed. */
    readonly code?: string
    readonly conflict?: readonly ConflictItem[]
    /** The resolved template as written, to compare variants. */
    readonly output?: string
}

export interface PresetTrials {
    readonly defaults: Trial
    readonly presets: readonly Trial[]
    /** Each order-sensitive pair, both orders. */
    readonly pairs: readonly (readonly [Trial, Trial])[]
    readonly values: readonly Trial[]
    /** Trials left out when the time budget ran out. */
    readonly skipped: number
}

export function tryPresets(compiled: CompiledTemplate, named: readonly {readonly input: string; readonly value: unknown}[], spent: () => boolean): PresetTrials {
    const definition = compiled.definition
    let skipped = 0
    const resolve = (presets: readonly string[], value?: Trial['value']): Trial => {
        const assignments: InputAssignment[] = value ? [{name: value.input, value: value.value, source: {kind: 'wizard'}}] : []
        const resolved = compiled.resolve(presets, assignments)
        if (resolved.kind === 'resolved') return {presets, value, kind: 'resolved', output: stringifyTemplate(compiled.finish(resolved).output)}
        return trial(resolveTemplate(compiled.template, {presets, assignments, plugins: compiled.plugins}), presets, value)
    }
    const attempt = (presets: readonly string[], value?: Trial['value']): Trial | undefined => {
        if (!spent()) return resolve(presets, value)
        skipped++
        return undefined
    }
    const defaults = resolve([])
    const names = [...definition.presets.keys()]
    const presets = names.flatMap(p => attempt([p]) ?? [])
    const pairs: [Trial, Trial][] = []
    names.forEach((a, i) =>
        names.slice(i + 1).forEach(b => {
            if (!orderMatters(definition, a, b)) return
            const ab = attempt([a, b])
            const ba = attempt([b, a])
            if (ab && ba) pairs.push([ab, ba])
        }),
    )
    const values = named.flatMap(v => attempt([], v) ?? [])
    return {defaults, presets, pairs, values, skipped}
}

function trial(outcome: Outcome, presets: readonly string[], value?: Trial['value']): Trial {
    if (outcome.kind === 'resolved') return {presets, value, kind: 'resolved', output: stringifyTemplate(outcome.output)}
    return {presets, value, kind: outcome.kind, message: outcome.error.message, code: outcome.error.code, conflict: outcome.kind === 'unsatisfiable' ? outcome.conflict : undefined}
}

/** Both presets set some input, to different values: which comes last decides. */
function orderMatters(definition: VariabilityDefinition, a: string, b: string): boolean {
    const first = definition.presets.get(a)!.inputs
    const second = definition.presets.get(b)!.inputs
    return Object.keys(first).some(k => Object.hasOwn(second, k) && !isDeepStrictEqual(first[k], second[k]))
}
