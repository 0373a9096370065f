// What the screens show, derived from the state and the latest resolution.
// Each selector remembers its last answer, so keys that do not change its
// inputs (moving a cursor) cost nothing on large templates.
import {type ExplanationLine, explanationLines, type LoadedTemplate, type ResolveRequest} from '../../engine/index.js'
import {explanationOf, inputRows, topologyRows, type Choices, type InputRow, type Outcome, type TopologyRow} from './session.js'
import type {Filter, WizardState} from './wizard.js'

/** Remembers the result for the last arguments (compared by identity). */
function last<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    let args: A | undefined
    let result: R
    return (...next: A) => {
        if (!args || next.length !== args.length || next.some((a, i) => a !== args![i])) {
            result = fn(...next)
            args = next
        }
        return result
    }
}

const allTopology = last((outcome: Outcome | undefined): TopologyRow[] => (outcome?.ok ? topologyRows(outcome.model) : []))

const filteredTopology = last((rows: TopologyRow[], filter: Filter, search: string | undefined): TopologyRow[] => {
    const needle = search?.toLowerCase()
    return rows.filter(r => (filter === 'all' || (filter === 'present') === r.present) && (!needle || r.element.display.toLowerCase().includes(needle)))
})

/** The topology rows the filter and search leave. */
export function topologyView(state: WizardState): TopologyRow[] {
    return filteredTopology(allTopology(state.outcome), state.filter, state.search?.text || undefined)
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

const whyOf = last((outcome: Outcome | undefined, id: string | undefined): ExplanationLine[] => {
    if (!outcome?.ok || !id) return []
    const element = outcome.model.graph.element(id)
    return element ? explanationLines(explanationOf(outcome.model, element)) : []
})

/** The explanation of the element in the why pane, as lines that may refer to other elements. */
export function whyView(state: WizardState): ExplanationLine[] {
    return whyOf(state.outcome, explainedElement(state))
}

const inputsOf = last((template: LoadedTemplate, choices: Choices, base: ResolveRequest | undefined, decisive: ReadonlySet<string> | undefined): InputRow[] =>
    inputRows(template, choices, base, decisive),
)

/** The inputs as the current choices set them; shown at once, before the resolution lands. */
export function inputsView(ctx: {readonly template: LoadedTemplate; readonly base?: ResolveRequest}, state: WizardState): InputRow[] {
    // which inputs decide something is known for the resolution of the current choices only
    const decisive = state.decisive && state.decisive.choices === state.choices ? state.decisive.inputs : undefined
    return inputsOf(ctx.template, state.choices, ctx.base, decisive)
}
