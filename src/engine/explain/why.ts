// Why is an element present or pruned? Built from the records the solver used:
// each condition's value under the chosen variant, the parts of it that decided
// (value expressions with the inputs they read, presence operators with the
// elements they read), followed into those elements down to the user's inputs.
import {evaluate, variables, type ConditionRecord, type Formula} from '../conditions/index.js'
import {describeSource} from '../inputs/index.js'
import type {Element} from '../model/index.js'
import type {ResolvedModel} from '../pipeline.js'
import {describeRecord, kindOf} from './codes.js'
import {renderExpression} from './render-expression.js'
import {formatSourceLocation, type Because, type ElementRef, type Explanation, type InputCitation, type Term, type Verdict} from './types.js'

export interface ExplainOptions {
    /** How deep to follow referenced elements (default 8). */
    readonly depth?: number
}

export function explainElement(model: ResolvedModel, element: Element, options: ExplainOptions = {}): Explanation {
    return new Explainer(model, options.depth ?? 8).explain(element)
}

class Explainer {
    private readonly citations = new Map<string, InputCitation>()

    constructor(
        private readonly model: ResolvedModel,
        private readonly depth: number,
    ) {}

    private value = (v: number): boolean => this.model.solution.values[v] === 1

    ref(element: Element): ElementRef {
        return {id: element.id, display: element.display, verdict: this.verdict(element)}
    }

    verdict(element: Element): Verdict {
        return this.model.present(element) ? 'present' : 'pruned'
    }

    explain(element: Element): Explanation {
        const verdict = this.verdict(element)
        const visited = new Set<Element>([element])
        const state = this.model.solution.state[element.seq]
        const because = [...this.reasons(element, visited, 0), ...this.constraints(element)]
        const records = this.model.conditions[element.seq]!.records
        const decidedBy = state === 'optimized' ? 'optimization' : state === 'solved' ? 'solver' : 'conditions'
        let code = because[0]?.code ?? (records.length === 0 ? 'no-conditions' : 'all-conditions-hold')
        if (verdict === 'present' && records.length > 0) code = 'all-conditions-hold'
        if (decidedBy === 'optimization') code = verdict === 'present' ? 'optimization-chosen' : 'optimization-not-chosen'
        const ref = this.ref(element)
        return {
            element: {...ref, kind: element.kind, location: formatSourceLocation(element.location)},
            verdict,
            code,
            summary: this.summary(element, verdict, decidedBy, because, records.length),
            decidedBy,
            rootCauses: this.rootCauses(because),
            because,
        }
    }

    private summary(element: Element, verdict: Verdict, decidedBy: Explanation['decidedBy'], because: readonly Because[], count: number): string {
        const what = element.display
        if (decidedBy === 'optimization')
            return `${what} is ${verdict}: several variants satisfy every condition and the optimizer (${this.optimizerName()}) chose one where it is ${verdict}`
        if (verdict === 'present') return count === 0 ? `${what} is present: it has no conditions` : `${what} is present: all ${count} of its conditions hold`
        return `${what} is pruned: ${because[0]?.text ?? 'its conditions do not hold'}`
    }

    private optimizerName(): string {
        const o = this.model.options
        const direction = o.optimizationTopology().value
        return direction ? `${direction} ${o.optimizationTopologyMode().value} of node templates` : 'no optimization'
    }

    /** Constraints (topology constraints, implications, constraint options) that would break if this element alone flipped. */
    private constraints(element: Element): Because[] {
        if (this.model.solution.state[element.seq] === 'propagated') return []
        const present = this.model.present(element)
        const flipped = (v: number) => (v === element.seq ? !present : this.value(v))
        const out: Because[] = []
        for (const c of this.model.constraints) {
            if (!variables(c.formula).includes(element.seq) || evaluate(c.formula, flipped) !== false) continue
            const terms: Term[] = []
            this.blame(c.formula, terms, [])
            out.push({
                kind: 'constraint',
                code: present ? 'constraint-requires' : 'constraint-excludes',
                text: `${c.description} ${present ? 'requires' : 'excludes'} it`,
                condition: renderExpression(c.expression),
                value: true,
                location: formatSourceLocation(c.location),
                terms,
                because: [],
                element: this.ref(element),
            })
        }
        return out
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
                if (written && b.condition && b.element) conditions.set(`${b.element.id}|${b.condition}`, {text: `${b.element.display}: ${b.condition} is ${b.value}`, location: b.location, element: b.element.id})
                walk(b.because)
            }
        }
        walk(because)
        return {inputs: [...inputs.values()], conditions: [...conditions.values()]}
    }
}
