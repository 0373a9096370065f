// Why is an element present or pruned? Built from the records the solver used:
// each condition's value under the chosen variant, the parts of it that decided
// (value expressions with the inputs they read, presence operators with the
// elements they read), followed into those elements down to the user's inputs.
import type {ConstraintRecord} from '../conditions/index.js'
import type {Element, GroupElement} from '../model/index.js'
import type {ResolvedModel} from '../pipeline.js'
import {DecidingConstraints} from './deciding.js'
import {Facts, variabilityGroupOf, verdictOf, type RecordFacts} from './facts.js'
import {formatSourceLocation, type Because, type Explanation, type InputCitation, type Term, type Verdict} from './types.js'
import {lowerFirst} from '../text.js'

export {variabilityGroupOf, verdictOf}

export interface ExplainOptions {
    /** How deep to follow referenced elements (default 8). */
    readonly depth?: number
}

export function explainElement(model: ResolvedModel, element: Element, options: ExplainOptions = {}): Explanation {
    return explainerFor(model, options.depth ?? 8).explain(element)
}

// per model: what explanations say about each element and record, and the solver parts replayed for
// deciding constraints, built once and shared by every explanation of the model, at any depth
const explainers = new WeakMap<ResolvedModel, {readonly facts: Facts; readonly deciding: DecidingConstraints; readonly byDepth: Map<number, Explainer>}>()

function explainerFor(model: ResolvedModel, depth: number): Explainer {
    const shared = sharedOf(model)
    let explainer = shared.byDepth.get(depth)
    if (!explainer) shared.byDepth.set(depth, (explainer = new Explainer(model, depth, shared.facts, shared.deciding)))
    return explainer
}

function sharedOf(model: ResolvedModel) {
    let shared = explainers.get(model)
    if (!shared) explainers.set(model, (shared = {facts: new Facts(model), deciding: new DecidingConstraints(model), byDepth: new Map()}))
    return shared
}

/**
 * An explainer for explaining every element once (the explanation document): its facts are its
 * own, dropped with it, so a model kept alive does not keep what was said about all its elements;
 * the deciding constraints searched are the model's.
 */
export function explainerForAll(model: ResolvedModel, depth: number): Explainer {
    return new Explainer(model, depth, new Facts(model), sharedOf(model).deciding)
}

export class Explainer {
    constructor(
        private readonly model: ResolvedModel,
        private readonly depth: number,
        private readonly facts: Facts,
        private readonly deciding: DecidingConstraints,
    ) {}

    /** `conditions: false` leaves the root-cause conditions empty, for callers that read only the inputs. */
    explain(element: Element, conditions = true): Explanation {
        const group = variabilityGroupOf(element)
        if (group) return this.removedWithGroup(element, group)
        const facts = this.facts.element(element)
        const verdict = facts.ref.verdict
        const state = this.model.solution.state[element.seq]
        const deciding = this.constraints(element)
        const constraints = deciding.length ? deciding.map(d => d.because) : NO_REASONS
        const reasons = this.reasons(element, new Shown(element), 0)
        const records = facts.records
        const decidedBy = state === 'optimized' ? 'optimization' : state === 'solved' ? 'solver' : 'conditions'
        // a constraint that forces the verdict is its first reason: without it the verdict could flip
        const because = constraints.length ? [...constraints, ...reasons] : reasons
        let code = reasons[0]?.code ?? facts.fallback
        if (verdict === 'present' && records > 0) code = 'all-conditions-hold'
        if (constraints[0]) code = constraints[0].code
        if (decidedBy === 'optimization') code = verdict === 'present' ? 'optimization-chosen' : 'optimization-not-chosen'
        return {
            element: {id: facts.ref.id, display: facts.ref.display, verdict, kind: element.kind, location: facts.location},
            verdict,
            code,
            summary: this.summary(element, verdict, decidedBy, reasons, deciding.length ? deciding.map(d => d.name) : NO_NAMES, records),
            decidedBy,
            rootCauses: rootCauses(because, conditions),
            because,
        }
    }

    /**
     * The names of the inputs some explanation of the model cites as a root cause: the union of
     * every element's root-cause inputs, read from the deciding records and constraints without
     * building the explanations. An element of a variability group cites its records only where
     * another element's chain shows it; when that could add an input, every element is explained.
     */
    decisiveInputs(): Set<string> {
        const names = new Set<string>()
        const add = (terms: readonly Term[]) => {
            for (const t of terms) for (const i of t.inputs) names.add(i.name)
        }
        const elements = this.model.graph.elements
        const grouped: Element[] = []
        // once every input is cited, no element can add one: a large template with a few inputs stops early
        const inputs = this.model.inputs.all().map(i => i.name)
        let cited = 0
        for (const element of elements)
            if (variabilityGroupOf(element)) grouped.push(element)
            else {
                this.facts.decidingInputs(element, names)
                if (names.size !== cited && inputs.every(name => names.has(name))) return names
                cited = names.size
            }
        // deciding constraints are searched only when one could cite an input not cited yet
        if (this.model.constraints.some(c => this.facts.constraint(c).terms.some(t => t.inputs.some(i => !names.has(i.name)))))
            for (const element of elements) if (!variabilityGroupOf(element)) for (const c of this.deciding.of(element)) add(this.facts.constraint(c).terms)
        const uncited = grouped.some(g => {
            const cited = new Set<string>()
            this.facts.decidingInputs(g, cited)
            return [...cited].some(name => !names.has(name))
        })
        if (uncited) for (const element of elements) for (const i of this.explain(element, false).rootCauses.inputs) names.add(i.name)
        return names
    }

    private summary(element: Element, verdict: Verdict, decidedBy: Explanation['decidedBy'], reasons: readonly Because[], constraints: readonly string[], records: number): string {
        const what = element.display
        if (decidedBy === 'optimization')
            return `${what} is ${verdict}: several variants satisfy every condition and the optimizer (${this.optimizerName()}) chose one where it is ${verdict}`
        const conditions =
            verdict === 'present'
                ? records === 0
                    ? 'it has no conditions'
                    : records === 1
                      ? 'its only condition holds'
                      : `all ${records} of its conditions hold`
                : (reasons[0]?.text ?? 'its conditions do not hold')
        if (constraints.length === 0) return `${what} is ${verdict}: ${conditions}`
        const verb = verdict === 'present' ? 'require' : 'exclude'
        const forcing = constraints.length === 1 ? `${constraints[0]} ${verb}s it` : `together, ${constraints.join(' and ')} ${verb} it`
        return `${what} is ${verdict}: ${forcing} (its conditions alone would allow either verdict; ${conditions})`
    }

    /** A variability group, or a type or property of one: removed when resolving; the group's conditions went to its members. */
    private removedWithGroup(element: Element, group: GroupElement): Explanation {
        const type = group.types[0]?.name ?? 'variability.groups.ConditionalMembers'
        const groupText =
            `${element === group ? 'it is' : `${lowerFirst(group.display)} is`} a variability group (type ${type}), always removed when resolving; ` +
            (group.conditions.length ? `its conditions apply to its ${group.members.length === 1 ? 'member' : 'members'} instead` : 'it has no conditions for its members')
        const because: Because[] =
            element === group
                ? [
                      {
                          kind: 'variability-group',
                          code: 'variability-group',
                          text: groupText,
                          location: formatSourceLocation(group.conditionsLocation ?? group.location),
                          terms: [],
                          because: group.members.map(m => this.memberOf(group, m)),
                          element: this.facts.ref(group),
                      },
                  ]
                : [
                      {
                          kind: 'variability-group',
                          code: 'in-variability-group',
                          text: `its container ${groupText}`,
                          location: formatSourceLocation(group.location),
                          terms: [],
                          because: [],
                          element: this.facts.ref(element),
                      },
                  ]
        const shown = group.members.slice(0, 3).map(m => lowerFirst(m.display))
        const more = group.members.length > shown.length ? ` and ${group.members.length - shown.length} more` : ''
        const applies = group.members.length === 0 ? 'it has no members' : `its conditions apply to ${shown.join(', ')}${more}`
        const summary =
            element === group
                ? `${element.display} is pruned: it is a variability group (type ${type}), always removed when resolving; ${applies}`
                : `${element.display} is pruned: its container ${lowerFirst(group.display)} is a variability group, always removed when resolving`
        return {
            element: {...this.facts.ref(element), kind: element.kind, location: formatSourceLocation(element.location)},
            verdict: 'pruned',
            code: element === group ? 'variability-group' : 'in-variability-group',
            summary,
            decidedBy: 'specification',
            rootCauses: {inputs: [], conditions: []},
            because,
        }
    }

    /** A member of a variability group with the group's conditions as the member got them. */
    private memberOf(group: GroupElement, member: Element): Because {
        const records = this.model.conditions.of(member.seq).records.filter(r => r.origin.kind === 'group' && r.origin.group === group)
        const shown = new Shown(member)
        shown.add(group)
        const sub = records.map(r => this.because(this.facts.record(r), shown, this.depth, [member]))
        const facts = this.facts.element(member)
        return {
            kind: 'element',
            code: sub.find(b => b.value === false)?.code ?? sub[0]?.code ?? 'no-conditions',
            text: facts.is,
            terms: [],
            because: sub,
            element: facts.ref,
            location: facts.location,
        }
    }

    private optimizerName(): string {
        const o = this.model.options
        const direction = o.optimizationTopology().value
        return direction ? `${direction} ${o.optimizationTopologyMode().value} of node templates` : 'no optimization'
    }

    /** Constraints (topology constraints, implications, constraint options) that force the verdict: a minimal set without which it could flip. */
    private constraints(element: Element): readonly {readonly because: Because; readonly name: string}[] {
        const found = this.deciding.of(element)
        if (found.length === 0) return NO_CONSTRAINTS
        const present = this.model.present(element)
        return found.map(c => {
            const facts = this.facts.constraint(c)
            const because: Because = {
                kind: 'constraint',
                code: present ? 'constraint-requires' : 'constraint-excludes',
                text: `${facts.name} ${present ? 'requires' : 'excludes'} it`,
                condition: facts.condition,
                value: true,
                location: facts.location,
                terms: facts.terms,
                because: this.constraintElements(c, facts.read, element),
                element: this.facts.ref(element),
            }
            return {because, name: facts.name}
        })
    }

    /** The elements a deciding constraint reads, each with its verdict (not followed further: the constraint is the reason). */
    private constraintElements(c: ConstraintRecord, read: readonly Element[], self: Element): Because[] {
        const owner = c.origin.kind === 'constraint' ? undefined : c.origin.element
        const list = owner && !read.includes(owner) ? [owner, ...read] : read
        return list
            .filter(e => e !== self)
            .map(e => {
                const facts = this.facts.element(e)
                return {
                    kind: 'element',
                    code: facts.records === 0 ? 'no-conditions' : this.model.present(e) ? 'all-conditions-hold' : (facts.deciding[0]?.code ?? 'all-conditions-hold'),
                    text: facts.is,
                    terms: [],
                    because: [],
                    element: facts.ref,
                    location: facts.location,
                }
            })
    }

    /** The deciding records' reasons; `path`: the elements whose reasons lead here, the explained one first. */
    private reasons(element: Element, shown: Shown, level: number, path: readonly Element[] = [element]): Because[] {
        const deciding = this.facts.element(element).deciding
        const reasons: Because[] = new Array(deciding.length)
        for (let i = 0; i < deciding.length; i++) reasons[i] = this.because(deciding[i]!, shown, level, path)
        // a reason that only restates the absence of an element on the way here ("its target is absent",
        // the target being absent because of this relation) is a consequence: the causes come first
        if (reasons.length < 2) return reasons
        const ids = path.map(e => e.id)
        const restating = reasons.map(r => restatesChain(r, ids, linkedId))
        return restating.includes(true) ? [...reasons.filter((_, i) => !restating[i]), ...reasons.filter((_, i) => restating[i])] : reasons
    }

    /** One record with the chain behind it: each element it blames, followed to the depth limit, or referenced when shown above. */
    private because(record: RecordFacts, shown: Shown, level: number, path: readonly Element[]): Because {
        if (record.leaf) return record.leaf
        const chain: Because[] = []
        for (const other of record.blamed) {
            if (other === record.record.element) continue
            const facts = this.facts.element(other)
            if (shown.has(other)) {
                chain.push({kind: 'reference', code: record.code, text: `${facts.is} (see above)`, terms: [], because: [], seeAbove: facts.ref.id, element: facts.ref})
                continue
            }
            shown.add(other)
            const sub = level + 1 < this.depth ? this.reasons(other, shown, level + 1, [...path, other]) : []
            chain.push({
                kind: 'element',
                code: sub[0]?.code ?? facts.fallback,
                text: facts.is,
                terms: [],
                because: sub,
                element: facts.ref,
                location: facts.location,
            })
        }
        const because: Because = {
            kind: record.kind,
            code: record.code,
            text: record.text,
            condition: record.condition,
            value: record.value,
            location: record.location,
            terms: record.terms,
            because: chain,
            element: record.element,
            writtenOn: record.writtenOn,
        }
        // a record that reads no other element has the same reason in every chain: shown as one object
        if (record.blamed.every(e => e === record.record.element)) record.leaf = because
        return because
    }
}

/**
 * Whether a reason's chain only leads back to elements on the path to it (ids): every element it
 * blames is one of them, or pruned only for reasons that lead back the same way. Such a reason
 * restates a consequence of their absence ("its target is absent", the target being absent because
 * of this). `idOf` names the element a link of the chain is about; the explanation model and its
 * JSON document (whose links carry it in `refs`) read the same way.
 */
export function restatesChain<T extends {readonly kind: string; readonly because: readonly T[]}>(
    reason: T,
    path: readonly string[],
    idOf: (link: T) => string | undefined,
): boolean {
    return (
        reason.because.length > 0 &&
        reason.because.every(b => {
            const id = idOf(b)
            if (id === undefined) return false
            if (b.kind === 'reference') return path.includes(id)
            return b.kind === 'element' && b.because.length > 0 && b.because.every(r => restatesChain(r, [...path, id], idOf))
        })
    )
}

const linkedId = (b: Because): string | undefined => (b.kind === 'reference' ? b.seeAbove : b.element?.id)

/** The elements shown in full in one explanation, the explained element first: met again, they are referred to. */
class Shown {
    private others?: Set<Element>

    constructor(private readonly root: Element) {}

    has(element: Element): boolean {
        return element === this.root || (this.others !== undefined && this.others.has(element))
    }

    add(element: Element): void {
        ;(this.others ??= new Set()).add(element)
    }
}

const NO_REASONS: readonly Because[] = []
const NO_NAMES: readonly string[] = []
const NO_CONSTRAINTS: readonly {readonly because: Because; readonly name: string}[] = []

type RootCondition = Explanation['rootCauses']['conditions'][number]

/** The user's decisions (inputs) and the written conditions found anywhere in the chain. */
function rootCauses(because: readonly Because[], withConditions: boolean): Explanation['rootCauses'] {
    const inputs: InputCitation[] = []
    const conditions = withConditions ? new Map<string, RootCondition>() : undefined
    walk(because, inputs, conditions)
    return {inputs, conditions: conditions ? [...conditions.values()] : []}
}

function walk(list: readonly Because[], inputs: InputCitation[], conditions: Map<string, RootCondition> | undefined): void {
    for (const b of list) {
        for (const t of b.terms) for (const i of t.inputs) cite(inputs, i)
        const written = conditions && (b.code.startsWith('manual-') || b.code.startsWith('group-') || b.code.startsWith('input-condition') || b.code.startsWith('technology-rule'))
        if (written && b.condition && b.element) {
            // a group's condition is written on the group, not on the member it applies to
            const on = b.writtenOn ? `${b.writtenOn.display}, for its member ${lowerFirst(b.element.display)}` : b.element.display
            conditions.set(`${b.writtenOn?.id ?? ''}|${b.element.id}|${b.condition}`, {
                text: `${on}: ${b.condition} is ${b.value}`,
                location: b.location,
                element: b.writtenOn?.id ?? b.element.id,
            })
        }
        if (b.because.length) walk(b.because, inputs, conditions)
    }
}

/** Adds an input once, where it is first met; a later citation of the same input replaces it in place. */
function cite(inputs: InputCitation[], input: InputCitation): void {
    for (let k = 0; k < inputs.length; k++)
        if (inputs[k]!.name === input.name) {
            inputs[k] = input
            return
        }
    inputs.push(input)
}
