// Splits each variability input's values into regions on which the template's
// atoms cannot tell values apart: the constants it compares the input with are
// regions of one value each, the numbers between them (for numeric inputs) and
// "any other" value are the rest. One representative per region then stands for
// all values of the region — exactly so when every atom is constant on it.
import {checkType, type VariabilityDefinition} from '../inputs/index.js'
import {atomTruth, type Atom, type Scalar} from './atoms.js'

interface Region {
    readonly label: string
    /** The value standing for the region (undefined: the input is left to its default expression). */
    readonly value: unknown
    /** A region of exactly one value: every atom is constant on it. */
    readonly point: boolean
}

export interface InputDomain {
    readonly name: string
    readonly type?: string
    /** The input's values, split; each value of its type lies in exactly one region. */
    readonly regions: readonly Region[]
    /** What a user can choose: the regions, and leaving the input to its default expression when it has one. */
    readonly choices: readonly Region[]
    /** Every atom reading this input is constant on each of its regions. */
    readonly exact: boolean
    /** The atoms that read this input. */
    readonly atoms: readonly Atom[]
}

const NUMERIC = new Set(['integer', 'float'])

/** `constrained`: inputs of input constraints, which ask whether a value "holds" (is set and not false or 0). */
export function inputDomains(definition: VariabilityDefinition, atoms: readonly Atom[], constrained: ReadonlySet<string>): InputDomain[] {
    const presetValues = new Map<string, unknown[]>()
    for (const preset of definition.presets.values()) for (const [name, value] of Object.entries(preset.inputs)) presetValues.set(name, [...(presetValues.get(name) ?? []), value])
    return [...definition.inputs.values()].map(d => {
        const over = atoms.filter(a => a.inputs.includes(d.name))
        const holds = constrained.has(d.name) ? [0, false] : []
        const constants: unknown[] = [d.default, ...holds, ...(presetValues.get(d.name) ?? []), ...over.flatMap(a => a.constants)]
        // a default or preset value of another type than declared is used as given (with a warning): a region of its own
        const declared = [d.default, ...(presetValues.get(d.name) ?? [])].filter(isScalar)
        const typed = regionsOf(d.type, constants.filter(isScalar), over)
        const regions = [...typed, ...[...new Set(declared.filter(v => !checkType(d.type, v, false).ok))].map(point)]
        const exact = over.every(a => (a.inputs.length === 1 && regions.every(r => r.point)) || constantOnIntervals(a, d.type))
        const choices = d.defaultExpression === undefined ? regions : [...regions, {label: 'left to its default expression', value: undefined, point: false}]
        return {name: d.name, type: d.type, regions, choices, exact, atoms: over}
    })
}

function isScalar(value: unknown): value is Scalar {
    return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

const point = (value: Scalar): Region => ({label: JSON.stringify(value), value, point: true})

function regionsOf(type: string | undefined, constants: readonly Scalar[], atoms: readonly Atom[]): Region[] {
    if (type === 'boolean') return [point(true), point(false)]
    const distinct = <T extends Scalar>(xs: readonly T[]): T[] => [...new Set(xs)]
    const numbers = distinct(constants.filter((c): c is number => typeof c === 'number'))
    if (type === 'integer' || type === 'float') return numberRegions(numbers, type === 'integer')
    const strings = distinct(constants.filter(c => typeof c === 'string'))
    const other: Region = {label: type === 'string' ? 'any other string' : 'any other value', value: fresh(strings), point: false}
    if (type === 'string') return [...strings.map(point), other]
    // untyped (or a type not checked here): every constant, the numbers between them when compared by order, anything else
    const ordered = atoms.some(a => a.shape === 'ordering')
    const rest = distinct(constants.filter(c => typeof c !== 'number'))
    return [...(ordered ? numberRegions(numbers, false) : numbers.map(point)), ...rest.map(point), other]
}

/** The constants as points, and each open interval around them that holds a value of the type. */
function numberRegions(numbers: readonly number[], integer: boolean): Region[] {
    const sorted = [...numbers].filter(n => Number.isFinite(n)).sort((a, b) => a - b)
    const taken = new Set(sorted)
    const inside = (low: number, high: number): number | undefined => {
        if (!integer) return low === -Infinity ? high - 1 : high === Infinity ? low + 1 : (low + high) / 2
        const first = low === -Infinity ? Math.ceil(high) - 1 : Math.floor(low) + 1
        for (let n = first; n < high && n < first + 3; n++) if (n > low && !taken.has(n)) return n
        return undefined
    }
    if (sorted.length === 0) return [{label: integer ? 'any integer' : 'any number', value: 0, point: false}]
    const out: Region[] = []
    const interval = (low: number, high: number) => {
        const value = inside(low, high)
        if (value === undefined) return
        const label = low === -Infinity ? `below ${high}` : high === Infinity ? `above ${low}` : `between ${low} and ${high}`
        out.push({label, value, point: false})
    }
    interval(-Infinity, sorted[0]!)
    sorted.forEach((n, i) => {
        if (!integer || Number.isInteger(n)) out.push(point(n))
        interval(n, i + 1 < sorted.length ? sorted[i + 1]! : Infinity)
    })
    return out
}

/** A string no constant equals. */
function fresh(taken: readonly Scalar[]): string {
    let candidate = 'other value'
    while (taken.includes(candidate)) candidate += '*'
    return candidate
}

/**
 * Whether an atom over one input is constant on the regions of more than one value: an equality
 * is false on all of them, an ordering compares numbers only with the constants the regions lie between.
 */
function constantOnIntervals(atom: Atom, type: string | undefined): boolean {
    if (atom.inputs.length !== 1) return false
    return atom.shape === 'boolean' || atom.shape === 'equality' || (atom.shape === 'ordering' && NUMERIC.has(type ?? ''))
}

/** Each region's truth for an atom over this input (undefined: not constant on the region, or the condition fails there). */
export function regionTruths(domain: InputDomain, atom: Atom, expressions: Readonly<Record<string, unknown>>): (boolean | undefined)[] {
    if (atom.inputs.length !== 1) return domain.regions.map(() => undefined)
    const intervals = constantOnIntervals(atom, domain.type)
    return domain.regions.map(r => (r.point || intervals ? atomTruth(atom, r.value, expressions) : undefined))
}
