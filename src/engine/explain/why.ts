// Why is an element present or pruned? Built from the records the solver used:
// each condition's value under the chosen variant, the parts of it that decided
// (value expressions with the inputs they read, presence operators with the
// elements they read), followed into those elements down to the user's inputs.
import {evaluate, type ConditionRecord, type ConstraintRecord, type Formula} from '../conditions/index.js'
import {describeSource} from '../inputs/index.js'
import type {Element, GroupElement} from '../model/index.js'
import type {ResolvedModel} from '../pipeline.js'
import {describeConstraint, describeRecord, kindOf} from './codes.js'
import {DecidingConstraints} from './deciding.js'
import {renderExpression} from './render-expression.js'
import {formatSourceLocation, type Because, type ElementRef, type Explanation, type InputCitation, type Term, type Verdict} from './types.js'

export interface ExplainOptions {
    /** How deep to follow referenced elements (default 8). */
    readonly depth?: number
}

export function explainElement(model: ResolvedModel, element: Element, options: ExplainOptions = {}): Explanation {
    return explainerFor(model, options.depth ?? 8).explain(element)
}

/** The variability group an element is, or whose type or property it is: removed when resolving, whatever its conditions. */
export function variabilityGroupOf(element: Element): GroupElement | undefined {
    const group = element.kind === 'group' ? element : element.container?.kind === 'group' ? element.container : undefined
    return group?.variability ? group : undefined
}

// one explainer per model and depth, so the solver parts replayed for deciding constraints are built once
const explainers = new WeakMap<ResolvedModel, Map<number, Explainer>>()

function explainerFor(model: ResolvedModel, depth: number): Explainer {
    let byDepth = explainers.get(model)
    if (!byDepth) explainers.set(model, (byDepth = new Map()))
    let explainer = byDepth.get(depth)
    if (!explainer) byDepth.set(depth, (explainer = new Explainer(model, depth)))
    return explainer
}

class Explainer {
    private readonly citations = new Map<string, InputCitation>()
    private readonly deciding: DecidingConstraints

    constructor(
        private readonly model: ResolvedModel,
        private readonly depth: number,
    ) {
        this.deciding = new DecidingConstraints(model)
    }

    private value = (v: number): boolean => this.model.solution.values[v] === 1

    ref(element: Element): ElementRef {
        return {id: element.id, display: element.display, verdict: this.verdict(element)}
    }

    /** Present or pruned in the resolved template: a variability group and its types and properties are always removed. */
    verdict(element: Element): Verdict {
        return !variabilityGroupOf(element) && this.model.present(element) ? 'present' : 'pruned'
    }

    explain(element: Element): Explanation {
        const group = variabilityGroupOf(element)
        if (group) return this.removedWithGroup(element, group)
        const verdict = this.verdict(element)
        const visited = new Set<Element>([element])
        const state = this.model.solution.state[element.seq]
        const deciding = this.constraints(element)
        const constraints = deciding.map(d => d.because)
        const reasons = this.reasons(element, visited, 0)
        const records = this.model.conditions[element.seq]!.records
        const decidedBy = state === 'optimized' ? 'optimization' : state === 'solved' ? 'solver' : 'conditions'
        // a constraint that forces the verdict is its first reason: without it the verdict could flip
        const because = [...constraints, ...reasons]
        let code = reasons[0]?.code ?? (records.length === 0 ? 'no-conditions' : 'all-conditions-hold')
        if (verdict === 'present' && records.length > 0) code = 'all-conditions-hold'
        if (constraints[0]) code = constraints[0].code
        if (decidedBy === 'optimization') code = verdict === 'present' ? 'optimization-chosen' : 'optimization-not-chosen'
        const ref = this.ref(element)
        return {
            element: {...ref, kind: element.kind, location: formatSourceLocation(element.location)},
            verdict,
            code,
            summary: this.summary(element, verdict, decidedBy, reasons, deciding.map(d => d.name), records.length),
            decidedBy,
            rootCauses: this.rootCauses(because),
            because,
        }
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
        const members = group.members.map(m => this.memberOf(group, m))
        const groupReason: Because = {
            kind: 'variability-group',
            code: 'variability-group',
            text:
                `${element === group ? 'it is' : `${lower(group.display)} is`} a variability group (type ${type}), always removed when resolving; ` +
                (group.conditions.length ? `its conditions apply to its ${group.members.length === 1 ? 'member' : 'members'} instead` : 'it has no conditions for its members'),
            location: formatSourceLocation(group.conditionsLocation ?? group.location),
            terms: [],
            because: members,
            element: this.ref(group),
        }
        const because: Because[] =
            element === group
                ? [groupReason]
                : [{kind: 'variability-group', code: 'in-variability-group', text: `its container ${groupReason.text}`, location: formatSourceLocation(group.location), terms: [], because: [], element: this.ref(element)}]
        const shown = group.members.slice(0, 3).map(m => lower(m.display))
        const more = group.members.length > shown.length ? ` and ${group.members.length - shown.length} more` : ''
        const applies = group.members.length === 0 ? 'it has no members' : `its conditions apply to ${shown.join(', ')}${more}`
        const summary =
            element === group
                ? `${element.display} is pruned: it is a variability group (type ${type}), always removed when resolving; ${applies}`
                : `${element.display} is pruned: its container ${lower(group.display)} is a variability group, always removed when resolving`
        return {
            element: {...this.ref(element), kind: element.kind, location: formatSourceLocation(element.location)},
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
        const records = this.model.conditions[member.seq]!.records.filter(r => r.origin.kind === 'group' && r.origin.group === group)
        const sub = records.map(r => this.because(r, new Set([member, group]), this.depth))
        return {
            kind: 'element',
            code: sub.find(b => b.value === false)?.code ?? sub[0]?.code ?? 'no-conditions',
            text: `${member.display} is ${this.verdict(member)}`,
            terms: [],
            because: sub,
            element: this.ref(member),
            location: formatSourceLocation(member.location),
        }
    }

    private optimizerName(): string {
        const o = this.model.options
        const direction = o.optimizationTopology().value
        return direction ? `${direction} ${o.optimizationTopologyMode().value} of node templates` : 'no optimization'
    }

    /** Constraints (topology constraints, implications, constraint options) that force the verdict: a minimal set without which it could flip. */
    private constraints(element: Element): {readonly because: Because; readonly name: string}[] {
        const present = this.model.present(element)
        return this.deciding.of(element).map(c => {
            const terms: Term[] = []
            const read: Element[] = []
            this.blame(c.formula, terms, read)
            const name = describeConstraint(c)
            const because: Because = {
                kind: 'constraint',
                code: present ? 'constraint-requires' : 'constraint-excludes',
                text: `${name} ${present ? 'requires' : 'excludes'} it`,
                condition: renderExpression(c.expression),
                value: true,
                location: formatSourceLocation(c.location),
                terms,
                because: this.constraintElements(c, read, element),
                element: this.ref(element),
            }
            return {because, name}
        })
    }

    /** The elements a deciding constraint reads, each with its verdict (not followed further: the constraint is the reason). */
    private constraintElements(c: ConstraintRecord, read: readonly Element[], self: Element): Because[] {
        const owner = c.origin.kind === 'constraint' ? undefined : c.origin.element
        const list = owner && !read.includes(owner) ? [owner, ...read] : read
        return list
            .filter(e => e !== self)
            .map(e => {
                const records = this.model.conditions[e.seq]!.records
                return {
                    kind: 'element',
                    code: records.length === 0 ? 'no-conditions' : this.model.present(e) ? 'all-conditions-hold' : (this.reasons(e, new Set([e]), this.depth)[0]?.code ?? 'all-conditions-hold'),
                    text: `${e.display} is ${this.verdict(e)}`,
                    terms: [],
                    because: [],
                    element: this.ref(e),
                    location: formatSourceLocation(e.location),
                }
            })
    }

    /** The deciding records: the false ones of a pruned element (written ones first), every one of a present element. */
    private reasons(element: Element, visited: Set<Element>, level: number): Because[] {
        const records = this.model.conditions[element.seq]!.records
        const present = this.model.present(element)
        const deciding = present ? records : records.filter(r => evaluate(r.formula, this.value) === false)
        const ordered = [...deciding.filter(r => !r.generated), ...deciding.filter(r => r.generated)]
        return ordered.map(r => this.because(r, visited, level))
    }

    private because(record: ConditionRecord, visited: Set<Element>, level: number): Because {
        const value = evaluate(record.formula, this.value) === true
        const {code, text} = describeRecord(record, value)
        const terms: Term[] = []
        const blamed: Element[] = []
        this.blame(record.formula, terms, blamed)
        const chain: Because[] = []
        for (const other of blamed) {
            if (other === record.element) continue
            if (visited.has(other)) {
                chain.push({kind: 'reference', code, text: `${other.display} is ${this.verdict(other)} (see above)`, terms: [], because: [], seeAbove: other.id, element: this.ref(other)})
                continue
            }
            visited.add(other)
            const sub = level + 1 < this.depth ? this.reasons(other, visited, level + 1) : []
            const records = this.model.conditions[other.seq]!.records
            chain.push({
                kind: 'element',
                code: sub[0]?.code ?? (records.length === 0 ? 'no-conditions' : 'all-conditions-hold'),
                text: `${other.display} is ${this.verdict(other)}`,
                terms: [],
                because: sub,
                element: this.ref(other),
                location: formatSourceLocation(other.location),
            })
        }
        return {
            kind: kindOf(record.origin),
            code,
            text,
            condition: renderExpression(record.expression),
            value,
            location: formatSourceLocation(record.location ?? record.element.location),
            terms,
            because: chain,
            element: this.ref(record.element),
            writtenOn: record.origin.kind === 'group' ? this.ref(record.origin.group) : undefined,
        }
    }

    /** Walks the parts of a formula that decide its value, collecting notes as terms and the elements read. */
    private blame(f: Formula, terms: Term[], elements: Element[]): void {
        switch (f.op) {
            case 'const':
                return
            case 'var': {
                const {element} = this.model.variables.owner(f.v)
                if (!elements.includes(element)) elements.push(element)
                return
            }
            case 'not':
                return this.blame(f.arg, terms, elements)
            case 'note': {
                const value = evaluate(f.arg, this.value)
                const inner: Element[] = []
                this.blame(f.arg, [], inner)
                const n = f.note
                const text = n.kind === 'expression' ? `logic expression "${n.name}": ${renderExpression(n.raw)}` : renderExpression(n.raw)
                terms.push({text, value, inputs: n.kind === 'value' ? n.inputs.map(name => this.cite(name)) : [], refers: inner.map(e => this.ref(e))})
                for (const e of inner) if (!elements.includes(e)) elements.push(e)
                if (n.kind === 'expression') this.blame(f.arg, terms, [])
                return
            }
            case 'and':
            case 'or': {
                const value = evaluate(f, this.value)
                // a false "and" is decided by its false parts, a true "or" by its true parts; otherwise by all
                const decisive = (f.op === 'and') === (value === false) ? f.args.filter(a => evaluate(a, this.value) === value) : f.args
                for (const a of decisive) this.blame(a, terms, elements)
                return
            }
            default:
                for (const a of f.args) this.blame(a, terms, elements)
        }
    }

    cite(name: string): InputCitation {
        const known = this.citations.get(name)
        if (known) return known
        const input = this.model.inputs.value(name)
        const overrides = input.overridden.map(o => `${describeSource(o.source)} (${renderExpression(o.value)})`)
        const citation: InputCitation = {
            name,
            value: input.value,
            source: input.source,
            text: `${name}: ${renderExpression(input.value)} — ${describeSource(input.source)}${overrides.length ? `, overriding ${overrides.join(', ')}` : ''}`,
        }
        this.citations.set(name, citation)
        return citation
    }

    /** The user's decisions (inputs) and the written conditions found anywhere in the chain. */
    private rootCauses(because: readonly Because[]): Explanation['rootCauses'] {
        const inputs = new Map<string, InputCitation>()
        const conditions = new Map<string, {text: string; location?: string; element: string}>()
        const walk = (list: readonly Because[]) => {
            for (const b of list) {
                for (const t of b.terms) for (const i of t.inputs) inputs.set(i.name, i)
                const written = b.code.startsWith('manual-') || b.code.startsWith('group-') || b.code.startsWith('input-condition') || b.code.startsWith('technology-rule')
                if (written && b.condition && b.element) {
                    // a group's condition is written on the group, not on the member it applies to
                    const on = b.writtenOn ? `${b.writtenOn.display}, for its member ${lower(b.element.display)}` : b.element.display
                    conditions.set(`${b.writtenOn?.id ?? ''}|${b.element.id}|${b.condition}`, {text: `${on}: ${b.condition} is ${b.value}`, location: b.location, element: b.writtenOn?.id ?? b.element.id})
                }
                walk(b.because)
            }
        }
        walk(because)
        return {inputs: [...inputs.values()], conditions: [...conditions.values()]}
    }
}

function lower(text: string): string {
    return text.charAt(0).toLowerCase() + text.slice(1)
}
