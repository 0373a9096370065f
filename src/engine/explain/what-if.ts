// What would change an element's verdict? Tries the smallest sets of input
// changes (one input, then pairs) and presets; every suggestion shown was
// verified by resolving again with it.
import {isTrellisError} from '../errors.js'
import type {InputAssignment} from '../inputs/index.js'
import type {LoadedTemplate} from '../load/index.js'
import {isMap} from '../model/index.js'
import {decide, readDefinitionOf, type ResolveRequest} from '../pipeline.js'
import type {Verdict} from './types.js'
import {explainElement} from './why.js'

export interface InputChange {
    readonly input: string
    readonly from: unknown
    readonly to: unknown
}

export interface Suggestion {
    readonly changes: readonly InputChange[]
    /** Set when the suggestion is to apply this preset (after the presets already chosen). */
    readonly preset?: string
    /** The element's verdict after the change, as resolving again gave it. */
    readonly verdict: Verdict
}

export interface WhatIf {
    readonly element: string
    readonly verdict: Verdict
    readonly suggestions: readonly Suggestion[]
    /** True when nothing flipped the verdict and the verdict reads no input at all: no input change can flip it. */
    readonly impossible: boolean
    readonly tried: number
}

export interface WhatIfOptions {
    readonly maxTries?: number
    readonly maxSuggestions?: number
}

export function whatIf(template: LoadedTemplate, request: ResolveRequest, elementId: string, options: WhatIfOptions = {}): WhatIf {
    const maxTries = options.maxTries ?? 400
    const maxSuggestions = options.maxSuggestions ?? 5
    const base = decide(template, request)
    const element = base.graph.element(elementId)
    if (!element) throw new Error(`no element ${elementId}`)
    const verdict: Verdict = base.present(element) ? 'present' : 'pruned'
    const current = new Map(base.inputs.all().map(i => [i.name, i.value]))
    const domains = candidateValues(template, readDefinitionOf(template))
    let tried = 0
    const suggestions: Suggestion[] = []
    const attempt = (changes: InputChange[], preset?: string): boolean => {
        if (tried >= maxTries) return false
        tried++
        const assignments: InputAssignment[] = [...(request.assignments ?? []), ...changes.map(c => ({name: c.input, value: c.to, source: {kind: 'set' as const}}))]
        const presets = preset ? [...(request.presets ?? []), preset] : request.presets
        try {
            const model = decide(template, {...request, presets, assignments})
            const after = model.graph.element(elementId)
            const flipped: Verdict = after && model.present(after) ? 'present' : 'pruned'
            if (flipped === verdict) return false
            suggestions.push({changes, preset, verdict: flipped})
            return true
        } catch (e) {
            if (isTrellisError(e)) return false // that change leaves no valid variant
            throw e
        }
    }
    const singles: InputChange[] = []
    for (const [input, values] of domains)
        for (const to of values) if (!same(to, current.get(input))) singles.push({input, from: current.get(input), to})
    for (const change of singles) if (suggestions.length < maxSuggestions) attempt([change])
    for (const preset of readDefinitionOf(template).presets.keys()) if (suggestions.length < maxSuggestions) attempt([], preset)
    if (suggestions.length === 0)
        for (let i = 0; i < singles.length && suggestions.length < maxSuggestions && tried < maxTries; i++)
            for (let j = i + 1; j < singles.length && suggestions.length < maxSuggestions && tried < maxTries; j++)
                if (singles[i]!.input !== singles[j]!.input) attempt([singles[i]!, singles[j]!])
    // only when the verdict reads no input at all is it certain that no input change can flip it
    const readsInputs = explainElement(base, element).rootCauses.inputs.length > 0
    return {element: elementId, verdict, suggestions, impossible: suggestions.length === 0 && !readsInputs, tried}
}

function same(a: unknown, b: unknown): boolean {
    return JSON.stringify(a) === JSON.stringify(b)
}

/** Values worth trying per input: the other boolean, preset values, the default, and literals the template compares the input with. */
function candidateValues(template: LoadedTemplate, definition: ReturnType<typeof readDefinitionOf>): Map<string, unknown[]> {
    const out = new Map<string, unknown[]>()
    const add = (name: string, value: unknown) => {
        if (!definition.inputs.has(name) || value === undefined || value === null || typeof value === 'object') return
        const list = out.get(name) ?? []
        if (!list.some(v => same(v, value))) list.push(value)
        out.set(name, list)
    }
    for (const input of definition.inputs.values()) {
        if (input.type === 'boolean') {
            add(input.name, true)
            add(input.name, false)
        }
        add(input.name, input.default)
    }
    for (const preset of definition.presets.values()) for (const [name, value] of Object.entries(preset.inputs)) add(name, value)
    const walk = (value: unknown): void => {
        if (Array.isArray(value)) {
            const names = value.filter(v => isMap(v) && typeof v.variability_input === 'string').map(v => (v as {variability_input: string}).variability_input)
            for (const name of names)
                for (const other of value) {
                    if (Array.isArray(other)) other.forEach(o => add(name, o))
                    else if (typeof other === 'number') [other - 1, other, other + 1].forEach(o => add(name, o))
                    else add(name, other)
                }
            value.forEach(walk)
        } else if (isMap(value)) Object.values(value).forEach(walk)
    }
    walk(template.data)
    return out
}
