// What explanations say about one element, one condition record or one
// constraint, whatever chain it is shown in: its verdict, the deciding records
// with their codes, sentences, rendered conditions and terms, the elements
// their formulas blame. Worked out once per resolved model and shared by every
// explanation that shows it, so explaining every element of a template costs
// about as much as explaining each once.
//
// Causes come from the order in which propagation decided the elements: a verdict
// propagation reached was decided by values known before it, so a record whose value
// was settled before its element's verdict is a cause, and the elements it blames are
// those decided earlier. A record settled only later (or by the solver) holds or fails
// because of that verdict, or together with it: a consequence, never followed. Each
// step of a chain goes to an element decided earlier, so no chain can come back.
import {evaluate, type ConditionRecord, type ConstraintRecord, type Formula} from '../conditions/index.js'
import {inputText} from '../inputs/index.js'
import {variabilityGroupOf, type Element} from '../model/index.js'
import type {ResolvedModel} from '../resolve/index.js'
import {describeConstraint, kindOf, recordReason} from './codes.js'
import {renderExpression} from '../text.js'
import {formatSourceLocation, type Because, type ConditionKind, type ElementRef, type InputCitation, type ReasonCode, type Term, type Verdict} from './types.js'

/** One condition record of an element, as every explanation shows it. */
export interface RecordFacts {
    readonly record: ConditionRecord
    readonly kind: ConditionKind
    readonly code: ReasonCode
    readonly text: string
    readonly condition: string
    readonly value: boolean
    readonly location: string | undefined
    readonly terms: readonly Term[]
    /**
     * The elements the formula's deciding parts read, in the order found; of a cause, only those
     * decided before the record's element (what a chain follows).
     */
    readonly blamed: readonly Element[]
    readonly element: ElementRef
    readonly writtenOn: ElementRef | undefined
    /** The record's value was settled before its element's verdict: a cause of it, not a consequence. */
    readonly cause: boolean
    /** The record reads no other element: its reason is the same in every chain, one object (set by the explainer). */
    leaf?: Because
}

export interface ElementFacts {
    readonly ref: ElementRef
    readonly location: string | undefined
    /** How many condition records the element has. */
    readonly records: number
    /**
     * The deciding records (the false ones of a pruned element, every one of a present element): the
     * causes first — written conditions, then technology rules, then default conditions, each the
     * earliest settled first — then the consequences.
     */
    readonly deciding: readonly RecordFacts[]
    /** How many of the deciding records are causes. */
    readonly causes: number
    /**
     * The records a chain follows into the element: every cause of a present element (all must hold),
     * the first cause of a pruned one (it alone prunes it); none of an element the solver decided (its
     * reasons are its decision).
     */
    readonly followed: readonly RecordFacts[]
    /** The code its records give: the first cause of a pruned element; a present element's conditions hold (or it has none). */
    readonly code: ReasonCode
    /** `Node "db" is pruned`. */
    readonly is: string
    /** The step of propagation that decided the element; Infinity when the solver did. */
    readonly time: number
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

const NO_RECORDS: readonly RecordFacts[] = []
const NO_INPUTS: readonly InputCitation[] = []

/** Adds an input once, where it is first met; a later citation of the same input replaces it in place. */
export function cite(inputs: InputCitation[], input: InputCitation): void {
    for (let k = 0; k < inputs.length; k++)
        if (inputs[k]!.name === input.name) {
            inputs[k] = input
            return
        }
    inputs.push(input)
}

/** Written conditions are shown first, then technology rules, then default and pruning conditions. */
const RANK: Readonly<Record<ConditionKind, number>> = {
    manual: 0,
    group: 0,
    input: 0,
    'default-alternative': 0,
    'technology-rule': 1,
    default: 2,
    pruning: 2,
    'type-specific': 2,
}

/** Present or pruned in the resolved template: a variability group and its types and properties are always removed. */
export function verdictOf(model: ResolvedModel, element: Element): Verdict {
    return !variabilityGroupOf(element) && model.present(element) ? 'present' : 'pruned'
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
    private readonly chains: (readonly InputCitation[] | undefined)[] = []
    private readonly singles = new Map<InputCitation, readonly InputCitation[]>()

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
        const time = this.time(element.seq)
        let deciding: RecordFacts[] = []
        let settled: number[] | undefined
        // propagation decided a present element once every condition of it held: each is a cause, settled before it
        const allCauses = present && time < Infinity
        for (const r of records)
            if (present || evaluate(r.formula, this.value) === false) {
                const when = allCauses ? 0 : this.when(r.formula)
                deciding.push(this.recordOf(r, when < time ? time : undefined))
                if (!allCauses) (settled ??= []).push(when)
            }
        // causes first, by rank, the earliest settled first; ties keep the written order
        if (deciding.length > 1 && settled) {
            const key = (i: number) => (deciding[i]!.cause ? 0 : 3) + RANK[deciding[i]!.kind]
            const at = settled
            const order = deciding.map((_, i) => i).sort((a, b) => key(a) - key(b) || (deciding[a]!.cause ? at[a]! - at[b]! : 0) || a - b)
            deciding = order.map(i => deciding[i]!)
        }
        let causes = 0
        while (causes < deciding.length && deciding[causes]!.cause) causes++
        const followed = time === Infinity || causes === 0 ? NO_RECORDS : present ? (causes === deciding.length ? deciding : deciding.slice(0, causes)) : deciding.slice(0, 1)
        const facts: ElementFacts = {
            ref,
            location: this.location(element),
            records: records.length,
            deciding,
            causes,
            followed,
            code: present ? (records.length === 0 ? 'no-conditions' : 'all-conditions-hold') : (deciding[0]?.code ?? 'all-conditions-hold'),
            is: `${ref.display} is ${ref.verdict}`,
            time,
        }
        this.elements[element.seq] = facts
        return facts
    }

    /**
     * The inputs the whole chain behind an element cites, at any depth, in the order a chain shows
     * them: what a verdict depends on, whatever depth an explanation is cut at. Worked out once per
     * element, without recursion (a chain can be as long as the template).
     */
    chainInputs(element: Element): readonly InputCitation[] {
        const known = this.chains[element.seq]
        if (known) return known
        // most elements lead nowhere further (their causes read inputs or nothing): no walk needed
        const own = this.element(element).followed
        if (own.every(r => r.blamed.length === 0 || (r.blamed.length === 1 && r.blamed[0] === element))) {
            const inputs: InputCitation[] = []
            for (const r of own) for (const t of r.terms) for (const i of t.inputs) cite(inputs, i)
            return (this.chains[element.seq] = this.shared(inputs))
        }
        const stack: Element[] = [element]
        const open = new Set<Element>([element])
        while (stack.length) {
            const at = stack[stack.length - 1]!
            const records = this.element(at).followed
            let waiting = false
            for (const r of records)
                for (const b of r.blamed)
                    if (b !== at && !this.chains[b.seq] && !open.has(b)) {
                        open.add(b)
                        stack.push(b)
                        waiting = true
                    }
            if (waiting) continue
            stack.pop()
            const inputs: InputCitation[] = []
            for (const r of records) {
                for (const t of r.terms) for (const i of t.inputs) cite(inputs, i)
                for (const b of r.blamed) if (b !== at) for (const i of this.chains[b.seq] ?? NO_INPUTS) cite(inputs, i)
            }
            this.chains[at.seq] = this.shared(inputs)
        }
        return this.chains[element.seq]!
    }

    /** A list of inputs, one object for every list of one input (what most chains cite). */
    private shared(inputs: readonly InputCitation[]): readonly InputCitation[] {
        if (inputs.length === 0) return NO_INPUTS
        if (inputs.length > 1) return inputs
        let one = this.singles.get(inputs[0]!)
        if (!one) this.singles.set(inputs[0]!, (one = inputs))
        return one
    }

    /** The step of propagation that decided a variable; Infinity when the solver did. */
    time(v: number): number {
        return this.model.solution.order[v] || Infinity
    }

    /** When a formula's value was settled in propagation: the step of the last variable it waited for (0: at once; Infinity: by the solver). */
    when(f: Formula): number {
        switch (f.op) {
            case 'const':
                return 0
            case 'var':
                return this.time(f.v)
            case 'not':
            case 'note':
                return this.when(f.arg)
            case 'and':
            case 'or': {
                const value = evaluate(f, this.value)
                // a false "and" was settled by its first false part, a true "or" by its first true part; otherwise by the last part
                if ((f.op === 'and') === (value === false)) {
                    let first = Infinity
                    for (const a of f.args) if (evaluate(a, this.value) === value) first = Math.min(first, this.when(a))
                    return first
                }
                let last = 0
                for (const a of f.args) last = Math.max(last, this.when(a))
                return last
            }
            default: {
                let last = 0
                for (const a of f.args) last = Math.max(last, this.when(a))
                return last
            }
        }
    }

    /** A record's facts: those of a deciding record are kept with its element, any other is worked out when asked. */
    record(record: ConditionRecord): RecordFacts {
        return this.element(record.element).deciding.find(r => r.record === record) ?? this.recordOf(record)
    }

    /** `before`: the record is a cause of a verdict decided at that step; only parts settled before it are blamed. */
    private recordOf(record: ConditionRecord, before?: number): RecordFacts {
        const value = evaluate(record.formula, this.value) === true
        const {code, text} = recordReason(record, value)
        const terms: Term[] = []
        let blamed: Element[] = []
        this.blame(record.formula, terms, blamed, before)
        if (before !== undefined) blamed = blamed.filter(e => this.time(e.seq) < before)
        return {
            cause: before !== undefined,
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
        const citation: InputCitation = {name, value: input.value, source: input.source, text: inputText(name, input)}
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
        const time = this.time(element.seq)
        const allCauses = present && time < Infinity
        for (const r of this.model.conditions.of(element.seq).records)
            if (present || evaluate(r.formula, this.value) === false) {
                const before = allCauses || this.when(r.formula) < time ? time : undefined
                this.inputsOf(r.formula, names, before)
            }
    }

    /** The inputs blame would cite for a formula: those of its value notes, inside named expressions too, not inside other notes. */
    private inputsOf(f: Formula, names: Set<string>, before: number | undefined): void {
        switch (f.op) {
            case 'const':
            case 'var':
                return
            case 'not':
                return this.inputsOf(f.arg, names, before)
            case 'note':
                if (f.kind === 'value') for (const name of f.inputs) names.add(name)
                else if (f.kind === 'expression') this.inputsOf(f.arg, names, undefined)
                return
            case 'and':
            case 'or':
                for (const a of this.decisive(f, before)) this.inputsOf(a, names, before)
                return
            default:
                for (const a of f.args) this.inputsOf(a, names, before)
        }
    }

    /**
     * The parts that decide an "and" or "or": a false "and" is decided by its false parts, a true "or"
     * by its true parts — of a cause, those settled before `before` — otherwise by all.
     */
    private decisive(f: Formula & {readonly args: readonly Formula[]}, before: number | undefined): readonly Formula[] {
        const value = evaluate(f, this.value)
        if ((f.op === 'and') !== (value === false)) return f.args
        const parts = f.args.filter(a => evaluate(a, this.value) === value)
        if (before === undefined || parts.length < 2) return parts
        const early = parts.filter(a => this.when(a) < before)
        return early.length ? early : parts
    }

    /** Walks the parts of a formula that decide its value, collecting notes as terms and the elements read. */
    private blame(f: Formula, terms: Term[], elements: Element[], before?: number): void {
        switch (f.op) {
            case 'const':
                return
            case 'var': {
                const {element} = this.model.variables.owner(f.v)
                if (!elements.includes(element)) elements.push(element)
                return
            }
            case 'not':
                return this.blame(f.arg, terms, elements, before)
            case 'note': {
                const note = this.note(f)
                terms.push(note.term)
                for (const e of note.elements) if (!elements.includes(e)) elements.push(e)
                for (const t of note.inner) terms.push(t)
                return
            }
            case 'and':
            case 'or':
                for (const a of this.decisive(f, before)) this.blame(a, terms, elements, before)
                return
            default:
                for (const a of f.args) this.blame(a, terms, elements, before)
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
