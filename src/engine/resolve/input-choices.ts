// The values worth offering for each variability input: what the wizard lists
// as choices and what the counterfactual searches (what-if, repairs) try.
import type {LoadedTemplate} from '../load/index.js'
import {isMap, toList} from '../model/index.js'
import {readDefinitionOf} from './definition.js'
import {brokenConstraints, constraintClauses, type VariabilityInputDefinition} from '../inputs/index.js'

/** An `in_range` with at most this many integers offers each of them; a larger one offers its two bounds. */
const SMALL_RANGE = 20

/**
 * The values worth offering per variability input. One entry per declared input, in declaration
 * order (an input with nothing to offer has an empty list). Each list holds scalars only, without
 * duplicates, in this order:
 *
 * 1. for a `boolean` input: `true`, then `false`;
 * 2. its `default`;
 * 3. the values presets assign to it, presets in declaration order;
 * 4. literals the template compares it with, in document order: in an operand list that names the
 *    input (`{equal: [{variability_input: mode}, prod]}`), each other operand; a list operand gives
 *    each of its items; a number `n` gives `n - 1`, `n`, `n + 1`;
 * 5. its TOSCA `constraints`: the items of `valid_values`, then the integers of an `in_range` of at
 *    most 20 integers (a larger range gives its two bounds).
 *
 * Values that cannot be assigned are left out: a non-integer for an `integer` input, a non-number
 * for a `float`, a non-boolean for a `boolean` (such a candidate could only fail, or repeat
 * `true`/`false` in another spelling). When the input declares `valid_values` or `in_range`,
 * values outside them are left out too.
 */
export function inputChoices(template: LoadedTemplate): Map<string, unknown[]> {
    const definition = readDefinitionOf(template)
    const out = new Map<string, unknown[]>()
    for (const name of definition.inputs.keys()) out.set(name, [])
    const add = (name: string, value: unknown) => {
        const list = out.get(name)
        if (!list || value === undefined || value === null || typeof value === 'object' || !fitsType(definition.inputs.get(name)!.type, value)) return
        if (!list.some(v => sameValue(v, value))) list.push(value)
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
    for (const input of definition.inputs.values()) {
        const declared = declaredConstraints(input)
        for (const value of declared.offered) add(input.name, value)
        if (declared.allows) out.set(input.name, out.get(input.name)!.filter(declared.allows))
    }
    return out
}

/** Equal as data (what YAML or JSON would write the same way). */
export function sameValue(a: unknown, b: unknown): boolean {
    return JSON.stringify(a) === JSON.stringify(b)
}

/** Whether a scalar can be assigned to an input of the declared type (the type checks of the inputs stage accept no other spelling for these). */
function fitsType(type: string | undefined, value: unknown): boolean {
    switch (type) {
        case 'integer':
            return Number.isInteger(value)
        case 'float':
            return typeof value === 'number'
        case 'boolean':
            return typeof value === 'boolean'
        default:
            return true
    }
}

export interface DeclaredConstraints {
    /** Values the constraints name, in order. */
    readonly offered: readonly unknown[]
    /** Set when the constraints restrict the values; undefined when they do not. */
    readonly allows?: (value: unknown) => boolean
    /** The constraints allow only values among `offered` (a `valid_values`, or an `in_range` small enough to list): nothing else can be typed. */
    readonly closed: boolean
    /** What the constraints allow, in words (`one of vm, managed`, `from 1 to 1000`), joined by "and"; empty when they do not restrict. */
    readonly words: string
}

/**
 * What an input's TOSCA `constraints` offer (the items of `valid_values`, the integers of a small
 * `in_range`, the bounds of a larger one) and allow (inputs/tosca-constraints.ts: every clause).
 */
export function declaredConstraints(input: VariabilityInputDefinition): DeclaredConstraints {
    const offered: unknown[] = []
    let closed = false
    for (const clause of toList(input.raw.constraints)) {
        if (!isMap(clause)) continue
        const valid = clause.valid_values
        if (Array.isArray(valid)) {
            offered.push(...valid)
            closed = true
        }
        const range = clause.in_range
        if (Array.isArray(range) && range.length === 2 && typeof range[0] === 'number') {
            const low = range[0]
            const high = typeof range[1] === 'number' ? range[1] : range[1] === 'UNBOUNDED' ? Infinity : undefined
            if (high === undefined) continue
            if (Number.isInteger(low) && Number.isInteger(high) && high - low < SMALL_RANGE) {
                for (let i = low; i <= high; i++) offered.push(i)
                closed ||= input.type === 'integer'
            } else offered.push(low, ...(Number.isFinite(high) ? [high] : []))
        }
    }
    const clauses = constraintClauses(input.raw.constraints)
    return {
        offered,
        allows: clauses.length ? value => brokenConstraints(clauses, value) === undefined : undefined,
        closed,
        words: clauses.map(c => c.words).join(' and '),
    }
}
