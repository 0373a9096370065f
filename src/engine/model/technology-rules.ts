// Technology rules: which deployment technology can deploy which component
// type, optionally requiring a hosting stack, an artifact type and conditions.
import {TrellisError, type SourceLocation} from '../errors.js'
import type {SourceMap} from '../load/index.js'
import {isMap, toList} from './collections.js'

export interface TechnologyRule {
    readonly index: number
    readonly technology: string
    readonly component: string
    /** Host types from the component down its hosting stack; `*` matches any number of hosts. */
    readonly hosting: readonly string[]
    readonly artifact?: string
    readonly conditions: readonly unknown[]
    readonly weight: number
    readonly assign?: string
    readonly location?: SourceLocation
}

/** Reads the list form (`- technology: t, component: c`) and the map form (`t: [{component: c}]`). */
export function readRules(value: unknown, sourceMap: SourceMap): TechnologyRule[] {
    const rules: TechnologyRule[] = []
    const add = (raw: unknown, technology: unknown, location: SourceLocation | undefined) => {
        if (!isMap(raw)) throw new TrellisError('invalid-template', 'a technology rule must be a map with "technology" and "component"', location)
        const name = Array.isArray(technology) && technology.length === 1 ? technology[0] : technology
        if (typeof name !== 'string') throw new TrellisError('invalid-template', 'a technology rule needs "technology": the name of a deployment technology', location)
        if (typeof raw.component !== 'string') throw new TrellisError('invalid-template', `the technology rule for "${name}" needs "component": a node type`, location)
        const weight = raw.weight ?? 1
        if (typeof weight !== 'number' || weight < 0)
            throw new TrellisError(
                'invalid-template',
                `the weight of the technology rule for "${name}" on "${raw.component}" must be a non-negative number, got ${JSON.stringify(weight)}`,
                sourceMap.locate(raw, 'weight') ?? location,
            )
        rules.push({
            index: rules.length,
            technology: name.toLowerCase(),
            component: raw.component,
            hosting: toList(raw.hosting).map(String),
            artifact: typeof raw.artifact === 'string' ? raw.artifact : undefined,
            conditions: toList(raw.conditions),
            weight,
            assign: typeof raw.assign === 'string' ? raw.assign : undefined,
            location,
        })
    }
    if (Array.isArray(value)) value.forEach((raw, i) => add(raw, isMap(raw) ? raw.technology : undefined, sourceMap.locate(value, i)))
    else if (isMap(value))
        for (const [technology, list] of Object.entries(value))
            toList(list).forEach((raw, i) => add(raw, technology, sourceMap.locate(list, i) ?? sourceMap.locate(value, technology)))
    else if (value !== undefined && value !== null)
        throw new TrellisError('invalid-template', '"technology_rules" must be a list of rules, a map of technologies to rules, or a file name', undefined)
    return rules
}
