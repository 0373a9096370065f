// A free choice: several variants satisfied every condition and constraint and nothing chose
// between them (no optimization, no uniqueness check), so the resolver's preference did. Said
// as what it is — which elements were free, what the preference is, and which option would
// decide instead — never as a reason read from the chosen variant itself.
import type {Element} from '../model/index.js'
import type {ResolvedModel} from '../pipeline.js'
import type {Component} from '../solve/index.js'
import type {Because, ReasonCode} from './types.js'

export interface FreeChoice {
    /** Every element of the independent part whose verdict differs among the variants, the element itself included. */
    readonly elements: readonly Element[]
    /** The preference applied: default alternatives are the fallback, otherwise the first variant found. */
    readonly rule: 'default-alternative-fallback' | 'first-found'
    /** The options that would decide instead: an optimization, or its uniqueness check (which reports the tie). */
    readonly decide: string
}

/** The free choice that decided an element, or undefined when its conditions, the solver or optimization did. */
export function freeChoiceOf(model: ResolvedModel, element: Element): FreeChoice | undefined {
    if (model.solution.state[element.seq] !== 'free') return undefined
    const part = model.solution.components.find(c => c.free.includes(element.seq))
    return part && choiceOf(model, part)
}

/** Every free choice of a resolution, one per independent part, in part order. */
export function freeChoices(model: ResolvedModel): FreeChoice[] {
    return model.solution.components.flatMap(c => {
        const choice = c.free.length ? choiceOf(model, c) : undefined
        return choice ? [choice] : []
    })
}

function choiceOf(model: ResolvedModel, part: Component): FreeChoice | undefined {
    const {graph} = model
    const n = graph.elements.length
    // a manual variable stands for its element's own conditions: the element is what was free
    const elements = [...new Set(part.free.filter(v => v < n))].sort((a, b) => a - b).map(v => graph.elements[v]!)
    if (elements.length === 0) return undefined
    return {elements, rule: elements.some(e => e.defaultAlternative) ? 'default-alternative-fallback' : 'first-found', decide: decidingOptions(elements)}
}

function decidingOptions(elements: readonly Element[]): string {
    const options: string[] = []
    if (elements.some(e => e.kind === 'node')) options.push('optimization_topology (or optimization_topology_unique: true, which reports the tie)')
    if (elements.some(e => e.kind === 'technology')) options.push('optimization_technologies (or optimization_technologies_unique: true, which reports the tie)')
    options.push('a condition that tells the variants apart')
    return options.join(', or ')
}

/** One sentence: `<Element> is <verdict>: several variants … would decide it`. */
export function freeChoiceSummary(element: Element, verdict: 'present' | 'pruned', choice: FreeChoice): string {
    const others = choice.elements.filter(e => e !== element).map(e => e.display)
    const with_ = others.length ? `, together with ${others.join(', ')}` : ''
    const rule =
        choice.rule === 'default-alternative-fallback'
            ? 'Trellis keeps an alternative whose own conditions hold and leaves the default alternative as the fallback'
            : 'Trellis keeps the first variant its solver finds'
    return `${element.display} is ${verdict}: several variants satisfy every condition and constraint and nothing chose between them${with_}; ${rule}. Setting ${choice.decide} would decide it`
}

/** The free choice as the first reason of an element's explanation. */
export function freeChoiceBecause(element: Element, verdict: 'present' | 'pruned', choice: FreeChoice, code: ReasonCode): Because {
    const summary = freeChoiceSummary(element, verdict, choice)
    return {kind: 'free-choice', code, text: summary.slice(summary.indexOf(': ') + 2), terms: [], because: []}
}
