// A free choice: several variants satisfied every condition and constraint and nothing chose
// between them (no optimization, or several equally good at its optimum, and no uniqueness
// check), so the resolver's preference did. Said as what it is — which elements were free, what
// the preference is, and which option would decide instead — never as a reason read from the
// chosen variant itself.
import type {Element} from '../model/index.js'
import type {ResolvedModel} from '../resolve/index.js'
import {ENUMERATE_VARIABLES, type Component} from '../solve/index.js'
import type {Because, ReasonCode} from './types.js'

/**
 * Of two alternatives the one written first is kept, of more the ones written last (where the
 * reference's solver lands, whichever is a default alternative); a part too large to try every
 * variant keeps the first variant the SAT solver finds; a tie at the optimum keeps where the
 * reference's optimizer lands (solve/replay.ts).
 */
export type FreeChoiceRule = 'first-of-two' | 'last-written' | 'solver-first' | 'tie'

const RULE_TEXT: Readonly<Record<FreeChoiceRule, string>> = {
    'first-of-two': 'of the two, Trellis keeps the one written first',
    'last-written': 'Trellis keeps the ones written last',
    'solver-first': 'Trellis keeps the first variant its SAT solver finds',
    tie: "Trellis keeps the variant the reference's optimizer lands on",
}

/** What a free choice is, said of its variants: none chosen between, or tied at the optimum. */
const SITUATION: Readonly<Record<'free' | 'tie', string>> = {
    free: 'several variants satisfy every condition and constraint and nothing chose between them',
    tie: 'several variants satisfy every condition and constraint and are equally good at the optimum, so optimization cannot choose between them',
}

export interface FreeChoice {
    /** Every element of the independent part whose verdict differs among the variants, the element itself included. */
    readonly elements: readonly Element[]
    /** The preference applied (see solve/enumerate.ts#preferred). */
    readonly rule: FreeChoiceRule
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
    const rule = ruleOf(part)
    return {elements, rule, decide: decidingOptions(elements, rule === 'tie')}
}

function ruleOf(part: Component): FreeChoiceRule {
    // optimization ran in this part: the variants left are tied at its optimum
    if (part.chosen) return 'tie'
    if (part.variables.length > ENUMERATE_VARIABLES) return 'solver-first'
    return part.free.length === 2 ? 'first-of-two' : 'last-written'
}

function decidingOptions(elements: readonly Element[], tie: boolean): string {
    const options: string[] = []
    const nodes = elements.some(e => e.kind === 'node')
    const technologies = elements.some(e => e.kind === 'technology')
    if (tie) {
        if (nodes) options.push('optimization_topology_unique: true (which reports the tie)')
        if (technologies) options.push('optimization_technologies_unique: true (which reports the tie)')
        options.push('weights that tell the variants apart')
    } else {
        if (nodes) options.push('optimization_topology (or optimization_topology_unique: true, which reports the tie)')
        if (technologies) options.push('optimization_technologies (or optimization_technologies_unique: true, which reports the tie)')
    }
    options.push('a condition that tells the variants apart')
    return options.join(', or ')
}

/** How the report says which variant was kept. */
export function freeChoiceRuleText(rule: FreeChoiceRule): string {
    return RULE_TEXT[rule]
}

/** How the report says what the free choice was: variants nothing chose between, or tied at the optimum. */
export function freeChoiceSituation(rule: FreeChoiceRule): string {
    return SITUATION[rule === 'tie' ? 'tie' : 'free']
}

/** One sentence: `<Element> is <verdict>: several variants … would decide it`. */
export function freeChoiceSummary(element: Element, verdict: 'present' | 'pruned', choice: FreeChoice): string {
    const others = choice.elements.filter(e => e !== element).map(e => e.display)
    const with_ = others.length ? `, together with ${others.join(', ')}` : ''
    const rule = RULE_TEXT[choice.rule]
    return `${element.display} is ${verdict}: ${freeChoiceSituation(choice.rule)}${with_}; ${rule}. Setting ${choice.decide} would decide it`
}

/**
 * The free choice as a reason: the first of an element's explanation, or where a chain meets an
 * element the choice decided. Met again within the explanation of another element of the same
 * choice (`explained`), it refers back to that first reason.
 */
export function freeChoiceBecause(element: Element, verdict: 'present' | 'pruned', choice: FreeChoice, explained?: Element): Because {
    const code: ReasonCode = verdict === 'present' ? 'free-choice-present' : 'free-choice-pruned'
    const same = explained !== undefined && explained !== element && choice.elements.includes(explained)
    const summary = freeChoiceSummary(element, verdict, choice)
    const text = same ? `the same free choice ${verdict === 'present' ? 'kept it' : 'left it out'} (see the first reason)` : summary.slice(summary.indexOf(': ') + 2)
    return {kind: 'free-choice', code, text, terms: [], because: []}
}
