// Why is an element present or pruned? Built from the records the solver used:
// each condition's value under the chosen variant, the parts of it that decided
// (value expressions with the inputs they read, presence operators with the
// elements they read), followed into those elements down to the user's inputs.
import type {ConstraintRecord} from '../conditions/index.js'
import {variabilityGroupOf, type Element, type GroupElement} from '../model/index.js'
import type {ResolvedModel} from '../resolve/index.js'
import {DecidingConstraints, type Decision} from './deciding.js'
import {cite, Facts, verdictOf, type ElementFacts, type RecordFacts} from './facts.js'
import {freeChoiceBecause, freeChoiceOf, freeChoiceSummary} from './free-choice.js'
import {
    formatSourceLocation,
    type Because,
    type BecauseKind,
    type ElementRef,
    type Explanation,
    type InputCitation,
    type ReasonCode,
    type Role,
    type Term,
    type Verdict,
} from './types.js'
import {lowerFirst} from '../text.js'

export {verdictOf}

/** How deep explanations follow referenced elements unless told otherwise. */
export const EXPLAIN_DEPTH = 8

export interface ExplainOptions {
    /** How deep to follow referenced elements (default EXPLAIN_DEPTH). */
    readonly depth?: number
}

export function explainElement(model: ResolvedModel, element: Element, options: ExplainOptions = {}): Explanation {
    return explainerFor(model, options.depth ?? EXPLAIN_DEPTH).explain(element)
}

// per model: what explanations say about each element and record, and the solver parts replayed for
// deciding constraints, built once and shared by every explanation of the model, at any depth; keyed
// by the model, they go with it (a ResolvedModel is plain data resolving spreads: no field of its own)
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
        const decision = this.deciding.decision(element)
        const shown = new Shown(element)
        // a constraint that forces the verdict is its first reason: without it the verdict could flip
        const constraints = decision.kind === 'constraints' ? decision.constraints.map(c => this.constraint(c, element, shown)) : NO_REASONS
        const reasons = this.reasons(element, shown, 0, true)
        // a free choice comes first: the conditions below hold in the chosen variant and in the other one alike
        const free = decision.kind === 'free' ? freeChoiceOf(this.model, element) : undefined
        const first = free ? [freeChoiceBecause(element, verdict, free)] : NO_REASONS
        const because = [...first, ...constraints, ...reasons]
        return {
            element: {id: facts.ref.id, display: facts.ref.display, verdict, kind: element.kind, location: facts.location},
            verdict,
            code: this.code(element),
            summary: free ? freeChoiceSummary(element, verdict, free) : this.summary(element, verdict, decision, facts),
            decidedBy: facts.time < Infinity ? 'conditions' : decision.kind === 'optimizer' ? 'optimization' : decision.kind === 'free' ? 'preference' : 'solver',
            rootCauses: {inputs: this.inputs(element, decision), conditions: conditions ? [...rootConditions(facts.ref, because).values()] : NO_CONDITIONS},
            because,
        }
    }

    /**
     * The inputs an explanation cites, in the order it shows them, and those of the whole chain behind
     * each element it shows, at any depth: the deciding constraints', then each deciding record's.
     */
    private inputs(element: Element, decision: Decision): InputCitation[] {
        const inputs: InputCitation[] = []
        const terms = (list: readonly Term[]) => {
            for (const t of list) for (const i of t.inputs) cite(inputs, i)
        }
        const follow = (e: Element) => {
            if (e !== element) for (const i of this.facts.chainInputs(e)) cite(inputs, i)
        }
        if (decision.kind === 'constraints')
            for (const c of decision.constraints) {
                const facts = this.facts.constraint(c)
                terms(facts.terms)
                const owner = c.origin.kind === 'constraint' ? undefined : c.origin.element
                if (owner && !facts.read.includes(owner)) follow(owner)
                for (const e of facts.read) follow(e)
            }
        const facts = this.facts.element(element)
        const present = facts.ref.verdict === 'present'
        for (let i = 0; i < facts.deciding.length; i++) {
            const r = facts.deciding[i]!
            terms(r.terms)
            if (i < facts.causes && (present || i === 0)) for (const b of r.blamed) follow(b)
        }
        return inputs
    }

    /** The element's reason code, the same wherever it is shown: what decided it, else the first cause among its conditions. */
    code(element: Element): ReasonCode {
        const group = variabilityGroupOf(element)
        if (group) return element === group ? 'variability-group' : 'in-variability-group'
        const decision = this.deciding.decision(element)
        const present = this.model.present(element)
        switch (decision.kind) {
            case 'constraints':
                return present ? 'constraint-requires' : 'constraint-excludes'
            case 'optimizer':
                return present ? 'optimization-chosen' : 'optimization-not-chosen'
            case 'free':
                return present ? 'free-choice-present' : 'free-choice-pruned'
            case 'conditions':
                return this.facts.element(element).code
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
        for (const _ of this.citing(names));
        return names
    }

    /** decisiveInputs a step at a time: adds to `names`, stopping after each element it reads (a caller can cut the work into slices). */
    *citing(names: Set<string>): Generator<void, void, undefined> {
        const elements = this.model.graph.elements
        const grouped: Element[] = []
        // once every input is cited, no element can add one: a large template with a few inputs stops early
        const inputs = [...this.model.inputs.definition.inputs.keys()]
        const everyInput = () => names.size >= inputs.length && inputs.every(name => names.has(name))
        for (const element of elements)
            if (variabilityGroupOf(element)) grouped.push(element)
            else {
                this.facts.decidingInputs(element, names)
                if (everyInput()) return
                yield
            }
        // deciding constraints are searched only when one could cite an input not cited yet
        if (this.model.constraints.some(c => this.facts.constraint(c).terms.some(t => t.inputs.some(i => !names.has(i.name)))))
            for (const element of elements) {
                if (variabilityGroupOf(element)) continue
                for (const c of this.deciding.of(element)) for (const t of this.facts.constraint(c).terms) for (const i of t.inputs) names.add(i.name)
                if (everyInput()) return
                yield
            }
        const uncited = grouped.some(g => {
            const cited = new Set<string>()
            this.facts.decidingInputs(g, cited)
            return [...cited].some(name => !names.has(name))
        })
        if (uncited)
            for (const element of elements) {
                for (const i of this.explain(element, false).rootCauses.inputs) names.add(i.name)
                if (everyInput()) return
                yield
            }
    }

    private summary(element: Element, verdict: Verdict, decision: Decision, facts: ElementFacts): string {
        const what = element.display
        if (decision.kind === 'optimizer')
            return `${what} is ${verdict}: several variants satisfy every condition and the optimizer (${this.optimizerName()}) chose one where it is ${verdict}`
        const records = facts.records
        const conditions =
            verdict === 'present'
                ? records === 0
                    ? 'it has no conditions'
                    : records === 1
                      ? 'its only condition holds'
                      : `all ${records} of its conditions hold`
                : (facts.deciding[0]?.text ?? 'its conditions do not hold')
        if (decision.kind === 'conditions' || decision.kind === 'free') return `${what} is ${verdict}: ${conditions}`
        const names = decision.constraints.map(c => this.facts.constraint(c).name)
        const verb = verdict === 'present' ? 'require' : 'exclude'
        // a chain of constraints (implied relations down to a property) is listed by the explanation's
        // causes: beyond two, the one line names the first and counts the rest
        const named = names.length > MOST_NAMED ? [...names.slice(0, MOST_NAMED - 1), `${names.length - MOST_NAMED + 1} more constraints`] : names
        const forcing = names.length === 1 ? `${names[0]} ${verb}s it` : `together, ${named.join(' and ')} ${verb} it`
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

    /** A member of a variability group with the group's conditions as the member got them, and its own code (as everywhere). */
    private memberOf(group: GroupElement, member: Element): Because {
        const records = this.model.conditions.of(member.seq).records.filter(r => r.origin.kind === 'group' && r.origin.group === group)
        const shown = new Shown(member)
        shown.add(group)
        const sub = records.map(r => this.because(this.facts.record(r), shown, this.depth, 'cause'))
        const facts = this.facts.element(member)
        return {
            kind: 'element',
            code: this.code(member),
            text: facts.is,
            terms: [],
            because: sub,
            element: facts.ref,
            location: facts.location,
        }
    }

    /** The objectives the optimizer applied, in order: `min weight of node templates, then max weight-count of technologies`. */
    private optimizerName(): string {
        const o = this.model.options
        const nodes = o.optimizationTopology().value
        const technologies = o.optimizationTechnologies().value
        const names = [
            ...(nodes ? [`${nodes} ${o.optimizationTopologyMode().value} of node templates`] : []),
            ...(technologies && this.model.graph.technologies.length ? [`${technologies} ${o.optimizationTechnologiesMode().value} of technologies`] : []),
        ]
        return names.length ? names.join(', then ') : 'no optimization'
    }

    /**
     * A constraint that forces the verdict, with the elements it reads: those propagation decided are
     * followed to their causes; those the solver decided with this element are named with their codes.
     */
    private constraint(c: ConstraintRecord, self: Element, shown: Shown): Because {
        const facts = this.facts.constraint(c)
        const present = this.model.present(self)
        const owner = c.origin.kind === 'constraint' ? undefined : c.origin.element
        const read = owner && !facts.read.includes(owner) ? [owner, ...facts.read] : facts.read
        const chain: Because[] = []
        for (const e of read) if (e !== self) chain.push(this.link(e, shown, 0))
        return {
            kind: 'constraint',
            code: present ? 'constraint-requires' : 'constraint-excludes',
            text: `${facts.name} ${present ? 'requires' : 'excludes'} it`,
            condition: facts.condition,
            value: true,
            location: facts.location,
            terms: facts.terms,
            because: chain,
            element: this.facts.ref(self),
        }
    }

    /**
     * The records of an element as reasons: at the top of an explanation every deciding record, each
     * with its role; further down the causes only — every one of a present element (all must hold), the
     * first of a pruned one (it alone prunes it).
     */
    private reasons(element: Element, shown: Shown, level: number, top: boolean): Because[] {
        if (!top) return this.facts.element(element).followed.map(r => this.because(r, shown, level, 'cause'))
        const facts = this.facts.element(element)
        const present = facts.ref.verdict === 'present'
        return facts.deciding.map((r, i) => this.because(r, shown, level, i >= facts.causes ? 'consequence' : present || i === 0 ? 'cause' : 'also'))
    }

    /** One record; a cause with the chain behind it: each element it blames, followed to the depth limit, or referenced when shown above. */
    private because(record: RecordFacts, shown: Shown, level: number, role: Role): Because {
        const cause = role === 'cause'
        if (cause && record.leaf) return record.leaf
        const chain: Because[] = []
        if (cause) for (const other of record.blamed) if (other !== record.record.element) chain.push(this.link(other, shown, level))
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
        if (!cause) return {...because, role, reads: record.blamed.filter(e => e !== record.record.element).map(e => this.facts.ref(e))}
        // a cause that reads no other element has the same reason in every chain: shown as one object
        if (cause && chain.length === 0) record.leaf = because
        return because
    }

    /**
     * An element a reason leads to, with its own code. Shown once per explanation (met again, it is
     * referred to); followed into its causes when propagation decided it and the depth allows; an
     * element the solver decided is named without them (its reasons are its decision: explain it).
     */
    private link(other: Element, shown: Shown, level: number): Because {
        const facts = this.facts.element(other)
        const code = this.code(other)
        if (shown.has(other)) return {kind: 'reference', code, text: `${facts.is} (see above)`, terms: [], because: [], seeAbove: facts.ref.id, element: facts.ref}
        shown.add(other)
        // an element a free choice decided has the choice as its reason (within the same choice, a reference to the first reason)
        const free = this.deciding.decision(other).kind === 'free' ? freeChoiceOf(this.model, other) : undefined
        const sub = free ? [freeChoiceBecause(other, facts.ref.verdict, free, shown.root)] : level + 1 < this.depth ? this.reasons(other, shown, level + 1, false) : NO_REASONS
        return {kind: 'element', code, text: facts.is, terms: [], because: sub, element: facts.ref, location: facts.location}
    }
}

/** The elements shown in full in one explanation, the explained element first: met again, they are referred to. */
class Shown {
    private others?: Set<Element>

    constructor(readonly root: Element) {}

    has(element: Element): boolean {
        return element === this.root || (this.others !== undefined && this.others.has(element))
    }

    add(element: Element): void {
        ;(this.others ??= new Set()).add(element)
    }
}

/** The constraints an explanation's one line names; more are counted. */
const MOST_NAMED = 2
const NO_REASONS: readonly Because[] = []
const NO_CONDITIONS: Explanation['rootCauses']['conditions'] = []

type RootCondition = Explanation['rootCauses']['conditions'][number]

/** The written conditions found in the chain as far as it is shown, the element's own as "its own condition". */
function rootConditions(self: ElementRef, list: readonly Because[], conditions: Map<string, RootCondition> = new Map()): Map<string, RootCondition> {
    for (const b of list) {
        if (b.role === undefined && isWritten(b.kind) && b.condition && b.element) {
            // a group's condition is written on the group, not on the member it applies to; the element
            // explained is named once, in the first line
            const on = b.writtenOn ? `${b.writtenOn.display}, for its member ${lowerFirst(b.element.display)}` : b.element.id === self.id ? 'its own condition' : b.element.display
            conditions.set(`${b.writtenOn?.id ?? ''}|${b.element.id}|${b.condition}`, {
                text: `${on}: ${b.condition} is ${b.value}`,
                location: b.location,
                element: b.writtenOn?.id ?? b.element.id,
            })
        }
        if (b.because.length) rootConditions(self, b.because, conditions)
    }
    return conditions
}

/** A condition the template's author wrote (on the element, its group, its input, a technology rule): a root cause an explanation names. */
function isWritten(kind: BecauseKind): boolean {
    switch (kind) {
        case 'manual':
        case 'group':
        case 'input':
        case 'technology-rule':
            return true
        case 'default':
        case 'pruning':
        case 'type-specific':
        case 'default-alternative':
        case 'constraint':
        case 'free-choice':
        case 'variability-group':
        case 'element':
        case 'reference':
            return false
    }
}
