// Constraints among variability inputs (requires, excludes, alternatives,
// choices, mandatory, optional), checked before resolving: an input "holds"
// when its value is set and not false or 0.
import {logic} from '../solve/logic.js'
import {TrellisError} from '../errors.js'
import {toList} from '../model/index.js'
import type {VariabilityInputs} from './values.js'

const KEYS = ['mandatory', 'optional', 'choices', 'alternatives', 'requires', 'excludes'] as const

export function checkInputConstraints(inputs: VariabilityInputs): void {
    const definitions = [...inputs.definition.inputs.values()]
    if (!definitions.some(d => KEYS.some(k => d.raw[k] !== undefined && d.raw[k] !== null))) return
    const Logic = logic()
    const solver = new Logic.Solver()
    const name = (input: string) => `input:${input}`
    const targetOf = (from: string, target: unknown): string => {
        if (typeof target !== 'string' || !inputs.has(target))
            throw new TrellisError('undefined-reference', `Variability input "${from}" refers to "${String(target)}", which is not a variability input`, inputs.definition.inputs.get(from)?.location)
        return name(target)
    }
    for (const d of definitions) {
        const self = name(d.name)
        const targets = (key: (typeof KEYS)[number]) => toList(d.raw[key]).map(t => targetOf(d.name, t))
        for (const t of targets('mandatory')) solver.require(Logic.equiv(self, t))
        for (const t of targets('optional')) solver.require(Logic.implies(t, self))
        const choices = targets('choices')
        if (choices.length) solver.require(Logic.implies(self, Logic.or(choices)))
        const alternatives = targets('alternatives')
        if (alternatives.length) solver.require(Logic.implies(self, Logic.exactlyOne(alternatives)))
        for (const t of targets('requires')) solver.require(Logic.implies(self, t))
        for (const t of targets('excludes')) solver.require(Logic.implies(self, Logic.not(t)))
        const value = inputs.assignedOrDefault(d.name)
        const holds = !(value === undefined || value === null || value === false || value === 0)
        solver.require(holds ? self : Logic.not(self))
    }
    if (!solver.solve()) throw new TrellisError('inputs-constraints-violated', 'Variability inputs constraints are violated')
}
