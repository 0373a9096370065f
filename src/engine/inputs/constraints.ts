// Constraints among variability inputs (requires, excludes, alternatives,
// choices, mandatory, optional), checked before resolving: an input "holds"
// when its value is set and not false or 0. Every input's value is known by
// then, so each constraint is evaluated directly, and a violation names the
// constraint, the inputs it relates with their values, and where it is written.
import {formatLocation, TrellisError, type SourceLocation} from '../errors.js'
import {toList} from '../model/index.js'
import type {VariabilityInputDefinition} from './definitions.js'
import type {VariabilityInputs} from './values.js'
import {textOf} from '../text.js'

/** The keywords that relate inputs to each other. */
export const INPUT_CONSTRAINT_KEYS = ['mandatory', 'optional', 'choices', 'alternatives', 'requires', 'excludes'] as const
const KEYS = INPUT_CONSTRAINT_KEYS
type Key = (typeof KEYS)[number]

/** The start of the message, as the conformance suite expects it. */
const INPUT_CONSTRAINTS_VIOLATED = 'Variability inputs constraints are violated'

export interface InputConstraintViolation {
    readonly input: string
    readonly constraint: Key
    /** The inputs the constraint relates: the one it is written on first. */
    readonly inputs: readonly string[]
    /** One clause: `"cache" requires "redis", which does not hold (false)`. */
    readonly text: string
    /** Where the input carrying the constraint is defined. */
    readonly location?: SourceLocation
}

export function checkInputConstraints(inputs: VariabilityInputs): void {
    const violations = inputConstraintViolations(inputs)
    if (violations.length === 0) return
    const [first, ...rest] = violations
    const clauses = [first!.text, ...rest.map(v => (v.location ? `${v.text} (${formatLocation(v.location)})` : v.text))]
    throw new TrellisError('inputs-constraints-violated', `${INPUT_CONSTRAINTS_VIOLATED}: ${clauses.join('; ')}`, first!.location)
}

/** Every violated input constraint, in the order the inputs and their keywords are written. */
export function inputConstraintViolations(inputs: VariabilityInputs): InputConstraintViolation[] {
    const definitions = [...inputs.definition.inputs.values()]
    if (!definitions.some(d => KEYS.some(k => d.raw[k] !== undefined && d.raw[k] !== null))) return []
    const value = (name: string) => inputs.assignedOrDefault(name)
    const holds = (name: string) => {
        const v = value(name)
        return !(v === undefined || v === null || v === false || v === 0)
    }
    const shown = (name: string) => {
        const v = value(name)
        return v === undefined || v === null ? 'not set' : JSON.stringify(v)
    }
    const state = (name: string) => `"${name}" ${holds(name) ? 'holds' : 'does not hold'} (${shown(name)})`
    const out: InputConstraintViolation[] = []
    for (const d of definitions) {
        const self = d.name
        const add = (constraint: Key, related: readonly string[], text: string) => out.push({input: self, constraint, inputs: [self, ...related], text, location: d.location})
        const targets = (key: Key) => toList(d.raw[key]).map(t => targetOf(inputs, d, t))
        const own = `input "${self}"`
        for (const t of targets('mandatory'))
            if (holds(self) !== holds(t)) add('mandatory', [t], `${own} and its mandatory input "${t}" must hold together, but ${state(self)} and ${state(t)}`)
        for (const t of targets('optional'))
            if (holds(t) && !holds(self)) add('optional', [t], `input "${t}", an optional input of "${self}", holds and needs "${self}", but ${state(self)}`)
        const choices = targets('choices')
        if (choices.length && holds(self) && !choices.some(holds)) add('choices', choices, `${own} holds and needs one of its choices ${list(choices)} to hold, but none does`)
        const alternatives = targets('alternatives')
        const held = alternatives.filter(holds)
        if (alternatives.length && holds(self) && held.length !== 1)
            add(
                'alternatives',
                alternatives,
                `${own} holds and needs exactly one of its alternatives ${list(alternatives)} to hold, but ${held.length === 0 ? 'none does' : `${held.length} do (${list(held)})`}`,
            )
        for (const t of targets('requires')) if (holds(self) && !holds(t)) add('requires', [t], `${own} holds and requires "${t}", but ${state(t)}`)
        for (const t of targets('excludes')) if (holds(self) && holds(t)) add('excludes', [t], `${own} holds and excludes "${t}", but ${state(t)}`)
    }
    return out
}

function targetOf(inputs: VariabilityInputs, from: VariabilityInputDefinition, target: unknown): string {
    if (typeof target !== 'string' || !inputs.has(target))
        throw new TrellisError('undefined-reference', `Variability input "${from.name}" refers to "${textOf(target)}", which is not a variability input`, from.location)
    return target
}

function list(names: readonly string[]): string {
    return names.map(n => `"${n}"`).join(', ')
}
