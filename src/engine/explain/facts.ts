// What explanations say about one element, one condition record or one
// constraint, whatever chain it is shown in: its verdict, the deciding records
// with their codes, sentences, rendered conditions and terms, the elements
// their formulas blame. Worked out once per resolved model and shared by every
// explanation that shows it, so explaining every element of a template costs
// about as much as explaining each once.
import {evaluate, type ConditionRecord, type ConstraintRecord, type Formula} from '../conditions/index.js'
import {describeSource} from '../inputs/index.js'
import type {Element, GroupElement} from '../model/index.js'
import type {ResolvedModel} from '../pipeline.js'
import {describeConstraint, describeRecord, kindOf} from './codes.js'
import {renderExpression} from './render-expression.js'
import {formatSourceLocation, type Because, type ElementRef, type InputCitation, type ReasonCode, type Term, type Verdict} from './types.js'

/** One condition record of an element, as every explanation shows it. */
export interface RecordFacts {
    readonly record: ConditionRecord
    readonly kind: string
    readonly code: ReasonCode
    readonly text: string
    readonly condition: string
    readonly value: boolean
    readonly location: string | undefined
    readonly terms: readonly Term[]
    /** The elements the formula's deciding parts read, in the order found. */
    readonly blamed: readonly Element[]
    readonly element: ElementRef
    readonly writtenOn: ElementRef | undefined
    /** The record reads no other element: its reason is the same in every chain, one object (set by the explainer). */
    leaf?: Because
}

export interface ElementFacts {
    readonly ref: ElementRef
    readonly location: string | undefined
    /** How many condition records the element has. */
    readonly records: number
    /** The deciding records: the false ones of a pruned element (written ones first), every one of a present element. */
    readonly deciding: readonly RecordFacts[]
    /** The code of an element shown without its reasons. */
    readonly fallback: ReasonCode
    /** `Node "db" is pruned`. */
    readonly is: string
}

/** A constraint as a reason: the same for every element it forces. */
export interface ConstraintFacts {
    readonly name: string
    readonly condition: string
    readonly location: string | undefined
    readonly terms: readonly Term[]
    /** The elements its deciding parts read. */
    readonly read: readonly Element[]
}

/** The variability group an element is, or whose type or property it is: removed when resolving, whatever its conditions. */
/** Present or pruned in the resolved template: a variability group and its types and properties are always removed. */
export function verdictOf(model: ResolvedModel, element: Element): Verdict {
    return !variabilityGroupOf(element) && model.present(element) ? 'present' : 'pruned'
}

export function variabilityGroupOf(element: Element): GroupElement | undefined {
    const group = element.kind === 'group' ? element : element.container?.kind === 'group' ? element.container : undefined
    return group?.variability ? group : undefined
}

/** What a `note` part of a formula contributes, the same wherever the part is shared. */
interface NoteBlame {
    readonly term: Term
    /** Terms of the parts inside a named logic expression. */
    readonly inner: readonly Term[]
    readonly elements: readonly Element[]
}

export class Facts {
    private readonly refs: (ElementRef | undefined)[] = []
    private readonly elements: (ElementFacts | undefined)[] = []
    private readonly constraints = new Map<ConstraintRecord, ConstraintFacts>()
    private readonly notes = new Map<Formula, NoteBlame>()
    private readonly citations = new Map<string, InputCitation>()
    private readonly rendered = new Map<object, string>()
    private readonly locations: (string | null | undefined)[] = []

    constructor(private readonly model: ResolvedModel) {}

    readonly value = (v: number): boolean => this.model.solution.values[v] === 1

    /** Present or pruned in the resolved template: a variability group and its types and properties are always removed. */
    verdict(element: Element): Verdict {
        return this.ref(element).verdict
    }

    ref(element: Element): ElementRef {
        let ref = this.refs[element.seq]
        if (!ref) {
            this.refs[element.seq] = ref = {id: element.id, display: element.display, verdict: verdictOf(this.model, element)}
        }
        return ref
    }

    element(element: Element): ElementFacts {
        const known = this.elements[element.seq]
        if (known) return known
        const ref = this.ref(element)
        const records = this.model.conditions.of(element.seq).records
        const present = this.model.present(element)
        // written records first, then generated ones, each in their order
        const deciding: RecordFacts[] = []
        for (const generated of [false, true])
            for (const r of records) if (r.generated === generated && (present || evaluate(r.formula, this.value) === false)) deciding.push(this.recordOf(r))
        const facts: ElementFacts = {
            ref,
            location: this.location(element),
            records: records.length,
            deciding,
            fallback: records.length === 0 ? 'no-conditions' : 'all-conditions-hold',
            is: `${ref.display} is ${ref.verdict}`,
        }
        this.elements[element.seq] = facts
        return facts
    }

    /** A record's facts: those of a deciding record are kept with its element, any other is worked out when asked. */
    record(record: ConditionRecord): RecordFacts {
        return this.element(record.element).deciding.find(r => r.record === record) ?? this.recordOf(record)
    }

    private recordOf(record: ConditionRecord): RecordFacts {
        const value = evaluate(record.formula, this.value) === true
        const {code, text} = describeRecord(record, value)
        const terms: Term[] = []
        const blamed: Element[] = []
        this.blame(record.formula, terms, blamed)
        return {
            record,
            kind: kindOf(record.origin),
            code,
            text,
            condition: this.render(record.expression),
            value,
            location: record.location ? formatSourceLocation(record.location) : this.location(record.element),
            terms,
            blamed,
            element: this.ref(record.element),
            writtenOn: record.origin.kind === 'group' ? this.ref(record.origin.group) : undefined,
        }
    }

    /** Where an element was written, as explanations show it: looked up once (a generated condition of the element shows it again). */
    location(element: Element): string | undefined {
        let known = this.locations[element.seq]
        if (known === undefined) this.locations[element.seq] = known = formatSourceLocation(element.location) ?? null
        return known ?? undefined
    }

    constraint(c: ConstraintRecord): ConstraintFacts {
        const known = this.constraints.get(c)
        if (known) return known
        const terms: Term[] = []
        const read: Element[] = []
        this.blame(c.formula, terms, read)
        const facts: ConstraintFacts = {name: describeConstraint(c), condition: this.render(c.expression), location: formatSourceLocation(c.location), terms, read}
        this.constraints.set(c, facts)
        return facts
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

    /** An expression as written, rendered once per parsed object (the parsed template is never written to). */
    render(expression: unknown): string {
        if (expression === null || typeof expression !== 'object') return renderExpression(expression)
        let text = this.rendered.get(expression)
        if (text === undefined) this.rendered.set(expression, (text = renderExpression(expression)))
        return text
    }

    /**
     * Adds the inputs the terms of an element's deciding records cite, the same names as
     * `element(e).deciding` has in its terms, without working out the rest of the facts.
     */
    decidingInputs(element: Element, names: Set<string>): void {
        const present = this.model.present(element)
        for (const r of this.model.conditions.of(element.seq).records) if (present || evaluate(r.formula, this.value) === false) this.inputsOf(r.formula, names)
    }

    /** The inputs blame would cite for a formula: those of its value notes, inside named expressions too, not inside other notes. */
    private inputsOf(f: Formula, names: Set<string>): void {
        switch (f.op) {
            case 'const':
            case 'var':
                return
            case 'not':
                return this.inputsOf(f.arg, names)
            case 'note':
                if (f.kind === 'value') for (const name of f.inputs) names.add(name)
                else if (f.kind === 'expression') this.inputsOf(f.arg, names)
                return
            case 'and':
            case 'or': {
                const value = evaluate(f, this.value)
                const decisive = (f.op === 'and') === (value === false) ? f.args.filter(a => evaluate(a, this.value) === value) : f.args
                for (const a of decisive) this.inputsOf(a, names)
                return
            }
            default:
                for (const a of f.args) this.inputsOf(a, names)
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
                const note = this.note(f)
                terms.push(note.term)
                for (const e of note.elements) if (!elements.includes(e)) elements.push(e)
                for (const t of note.inner) terms.push(t)
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

    private note(f: Formula & {op: 'note'}): NoteBlame {
        const known = this.notes.get(f)
        if (known) return known
        const value = evaluate(f.arg, this.value)
        const elements: Element[] = []
        this.blame(f.arg, [], elements)
        const text = f.kind === 'expression' ? `logic expression "${f.name}": ${this.render(f.raw)}` : this.render(f.raw)
        const term: Term = {text, value, inputs: f.kind === 'value' ? f.inputs.map(name => this.cite(name)) : [], refers: elements.map(e => this.ref(e))}
        const inner: Term[] = []
        if (f.kind === 'expression') this.blame(f.arg, inner, [])
        const blame = {term, inner, elements}
        this.notes.set(f, blame)
        return blame
    }
}
