// What the screens show, derived from the state and the latest resolution.
// Each selector remembers its last answer, so keys that do not change its
// inputs (moving a cursor) cost nothing on large templates. The reducer asks
// them too, outside any component, so no hook can hold what they remember: it
// is kept beside the wizard's own data (a resolution's rows, its definition),
// and goes with it.
import type {ExplanationLine, InputValue, ResolveRequest, VariabilityDefinition} from '../../engine/index.js'
import {removedAssignments, withoutValue, type Choices, type ElementRow} from '../resolver/protocol.js'
import {definedValues, inputRows, type InputRow} from './inputs.js'
import type {InputRules} from './rules.js'
import type {Filter, Outcome, WizardState} from './wizard.js'

/** Remembers, for each first argument, the result for the last other arguments (compared by identity); kept as long as the first argument. */
function lastPer<K extends object, A extends unknown[], R>(fn: (key: K, ...args: A) => R): (key: K, ...args: A) => R {
    const remembered = new WeakMap<K, {readonly args: A; readonly result: R}>()
    return (key: K, ...args: A) => {
        const known = remembered.get(key)
        if (known && known.args.length === args.length && known.args.every((a, i) => a === args[i])) return known.result
        const result = fn(key, ...args)
        remembered.set(key, {args, result})
        return result
    }
}

/** A row of the topology: an element of the template, present or pruned in the resolution shown. */
export interface TopologyRow {
    readonly element: ElementRow
    readonly present: boolean
}

const NO_ROWS: readonly TopologyRow[] = []

const allTopology = lastPer((outcome: Outcome): readonly TopologyRow[] =>
    outcome.ok ? outcome.rows.map(element => ({element, present: outcome.presence[element.seq] === 1})) : NO_ROWS,
)

const filteredTopology = lastPer((rows: readonly TopologyRow[], filter: Filter, search: string | undefined): readonly TopologyRow[] => {
    const needle = search?.toLowerCase()
    if (filter === 'all' && !needle) return rows
    return rows.filter(r => (filter === 'all' || (filter === 'present') === r.present) && (!needle || r.element.display.toLowerCase().includes(needle)))
})

/** The topology rows the filter and search leave. */
export function topologyView(state: WizardState): readonly TopologyRow[] {
    const rows = state.outcome ? allTopology(state.outcome) : NO_ROWS
    return rows.length === 0 ? rows : filteredTopology(rows, state.filter, state.search?.text || undefined)
}

/** The element under the topology cursor. */
export function selectedElement(state: WizardState): string | undefined {
    const rows = topologyView(state)
    return rows[Math.min(state.topologyCursor, rows.length - 1)]?.element.id
}

/** The element the why pane explains: the last one followed, else the selected one. */
export function explainedElement(state: WizardState): string | undefined {
    return state.why.stack[state.why.stack.length - 1] ?? selectedElement(state)
}

const NO_LINES: readonly ExplanationLine[] = []

/** The explanation of the element in the why pane, as lines that may refer to other elements; none until the resolver sent it. */
export function whyView(state: WizardState): readonly ExplanationLine[] {
    const {explained, outcome} = state
    return (outcome?.ok && explained?.get(`${outcome.id}:${explainedElement(state)}`)) || NO_LINES
}

const displays = lastPer((rows: readonly ElementRow[]): ReadonlyMap<string, string> => new Map(rows.map(r => [r.id, r.display])))

/** An element's display (`Node "vm"`) by its identifier. */
export function displayOf(state: WizardState, id: string): string {
    return (state.outcome ? displays(state.outcome.rows).get(id) : undefined) ?? id
}

const inputsOf = lastPer(
    (
        definition: VariabilityDefinition,
        rules: InputRules,
        choices: Choices,
        base: ResolveRequest | undefined,
        decisive: ReadonlySet<string> | undefined,
        resolved: readonly InputValue[] | undefined,
    ): InputRow[] => inputRows(rules, definition, resolved ?? definedValues(rules, definition, choices, base), decisive, removedAssignments(choices, base)),
)

/** What the inputs' values are worked out from: the template's inputs and presets, the command line's request, the engine's rules. */
type InputsContext = {readonly definition: VariabilityDefinition; readonly base?: ResolveRequest; readonly rules: InputRules}

/** The inputs as the current choices set them; shown at once, before the resolution lands. */
export function inputsView(ctx: InputsContext, state: WizardState): InputRow[] {
    const current = state.outcome?.choices === state.choices ? state.outcome : undefined
    // which inputs decide something is known for the resolution of the current choices only
    const decisive = state.decisive && state.decisive.choices === state.choices ? state.decisive.inputs : undefined
    // the resolver's values once its resolution of these choices landed: they can name any expression of
    // the template (the definition the wizard holds has only those its inputs and presets name)
    return inputsOf(ctx.definition, ctx.rules, state.choices, ctx.base, decisive, current?.inputs)
}

/** The input's value once the value given for it is removed: a preset's, the template's default, or none. */
export function valueWithout(ctx: InputsContext, choices: Choices, name: string): InputValue | undefined {
    return definedValues(ctx.rules, ctx.definition, withoutValue(choices, name, ctx.base), ctx.base).find(v => v.name === name)
}

/** The inputs' values the current choices give, with their sources (what a profile saved now keeps). */
export function valuesView(ctx: InputsContext, state: WizardState): readonly InputValue[] {
    const current = state.outcome?.choices === state.choices ? state.outcome : undefined
    return current?.inputs ?? definedValues(ctx.rules, ctx.definition, state.choices, ctx.base)
}
