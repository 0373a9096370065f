// A template compiled once for an analysis: the model over every input value (its
// value conditions as free atoms), and the decider that answers combinations from
// it. Every combination, preset and input value the analysis resolves goes through
// this one object, so the type library, the conditions and the solvers are made
// once; it is the analysis's own and dies with it.
import {createHash} from 'node:crypto'
import {TrellisError} from '../errors.js'
import {evaluateValue} from '../expressions/index.js'
import {inputConstraintViolations, VariabilityInputs, type InputAssignment, type VariabilityDefinition} from '../inputs/index.js'
import type {LoadedPlugin, LoadedTemplate} from '../load/index.js'
import type {PropertyElement} from '../model/index.js'
import {checkResolution, finishResolution, prepare, readDefinitionOf, type PreparedModel, type Resolution, type ResolvedModel} from '../resolve/index.js'
import {AtomVariables, type Atom} from './atoms.js'
import {dataText} from './data-text.js'
import {CombinationDecider} from './decide.js'

/** One request resolved: how it failed, or the presence of every element with the inputs it was resolved with. */
export type Resolved =
    | {readonly kind: 'failed'; readonly failure: string}
    | {
          readonly kind: 'resolved'
          readonly inputs: VariabilityInputs
          readonly values: Int8Array
          /** The elements' presence, hashed: two requests with the same topology give the same variant. */
          readonly topology: string
          /** The topology and the values of present properties computed from inputs: equal keys, equal resolved templates. */
          readonly key: string
      }

export class CompiledTemplate {
    readonly definition: VariabilityDefinition
    readonly prepared: PreparedModel
    readonly atoms: readonly Atom[]
    readonly decider: CombinationDecider
    /** Properties whose value an expression computes from inputs. */
    private readonly computed: readonly PropertyElement[]
    /** Per resolved key: how checking and writing went (undefined: it would be written). */
    private readonly finished = new Map<string, string | undefined>()
    /** Per atom: its value by the values of the inputs it reads (see truthOf). */
    private readonly truths = new Map<Atom, [byValue: Map<unknown, unknown>, byWritten: Map<unknown, unknown>]>()
    /** Per resolved key: the resolved template's data, hashed. */
    private readonly outputs = new Map<string, string>()

    constructor(
        readonly template: LoadedTemplate,
        readonly plugins: readonly LoadedPlugin[],
    ) {
        const definition = (this.definition = readDefinitionOf(template))
        this.prepared = prepare(template, {plugins}, {variables: graph => new AtomVariables(graph, definition.expressions), checkInputs: false})
        this.atoms = (this.prepared.variables as AtomVariables).atoms
        this.decider = new CombinationDecider(this.prepared.problem, this.atoms)
        this.computed = this.prepared.graph.properties.filter(p => p.expression !== undefined)
    }

    /**
     * Decides a request as resolving would, checked as resolving checks it and its writing tried
     * without writing (a check or the output itself may still fail); the failure is the kind of
     * outcome resolving would have.
     */
    resolve(presets: readonly string[], assignments: readonly InputAssignment[]): Resolved {
        const decided = this.decide(presets, assignments)
        if (decided.kind === 'failed') return decided
        let finished = this.finished.get(decided.key)
        if (!this.finished.has(decided.key)) {
            finished = failureOf(() => checkResolution(this.template, this.model(decided)))
            // which failure comes first is writing's order: the variant is written to know it
            if (finished !== undefined) finished = failureOf(() => this.finish(decided)) ?? finished
            this.finished.set(decided.key, finished)
        }
        return finished === undefined ? decided : {kind: 'failed', failure: finished}
    }

    /** The resolved template of a request `resolve` resolved. */
    finish(resolved: Resolved & {kind: 'resolved'}): Resolution {
        return finishResolution(this.template, this.model(resolved))
    }

    private model(resolved: Resolved & {kind: 'resolved'}): ResolvedModel {
        const {values, inputs} = resolved
        // nothing is explained from it: no propagation steps to cite
        const solution = {values, state: [], order: new Int32Array(0), components: []}
        return {...this.prepared, inputs, solution, present: e => values[e.seq] === 1}
    }

    /** The resolved template's data (equal when the YAML written is), hashed (made once per key). */
    outputHash(resolved: Resolved & {kind: 'resolved'}): string {
        let hash = this.outputs.get(resolved.key)
        if (hash === undefined) {
            hash = createHash('sha1')
                .update(dataText(this.finish(resolved).output))
                .digest('base64')
            this.outputs.set(resolved.key, hash)
        }
        return hash
    }

    private decide(presets: readonly string[], assignments: readonly InputAssignment[]): Resolved {
        const failed = (failure: string): Resolved => ({kind: 'failed', failure})
        let inputs: VariabilityInputs
        const truths: boolean[] = []
        try {
            inputs = new VariabilityInputs(this.definition, this.template.sourceMap, presets, assignments)
            if (inputConstraintViolations(inputs).length > 0) return failed('inputs-violated')
            for (const atom of this.atoms) {
                const value = this.truthOf(atom, inputs)
                if (typeof value !== 'boolean') return failed('invalid')
                truths.push(value)
            }
        } catch (e) {
            if (e instanceof TrellisError) return failed('invalid')
            throw e
        }
        const decided = this.decider.decide(truths)
        if (decided.kind === 'failed') return decided
        const values = decided.values
        const n = this.prepared.graph.elements.length
        const topology = presenceKey(values, n)
        return {kind: 'resolved', inputs, values, topology, key: `${topology}${this.computedValues(values, inputs)}`}
    }

    /**
     * An atom's value, kept by the values of the inputs it reads: combinations repeat them many times
     * over (an atom reads one input, a combination sets ten).
     */
    private truthOf(atom: Atom, inputs: VariabilityInputs): unknown {
        let key: unknown
        let written = false
        try {
            // one input holding a string or a boolean (nearly every atom): the value itself is the key;
            // otherwise every value read, written so that different values never read the same
            const sole = atom.inputs.length === 1 ? inputs.value(atom.inputs[0]!).value : undefined
            if (typeof sole === 'string' || typeof sole === 'boolean') key = sole
            else {
                written = true
                key = atom.inputs.map(name => typed(inputs.value(name).value)).join(';')
            }
        } catch (e) {
            // an input without a value: the atom may still not read it (or fail in its own words)
            if (e instanceof TrellisError) return evaluateValue(atom.raw, inputs)
            throw e
        }
        let known = this.truths.get(atom)
        if (!known) this.truths.set(atom, (known = [new Map(), new Map()]))
        const map = known[written ? 1 : 0]
        if (map.has(key)) return map.get(key)
        const value = evaluateValue(atom.raw, inputs)
        map.set(key, value)
        return value
    }

    /** The values present computed properties take (what else the output depends on besides presence). */
    private computedValues(values: Int8Array, inputs: VariabilityInputs): string {
        let out = ''
        for (const p of this.computed) {
            if (values[p.seq] !== 1) continue
            let value: unknown
            try {
                value = evaluateValue(p.expression, inputs)
            } catch (e) {
                if (!(e instanceof TrellisError)) throw e
                value = `!${e.code}`
            }
            out += `|${p.seq}=${typed(value)}`
        }
        return out
    }
}

/** Beyond this many elements a presence key is a hash (its text would be longer than a few hundred characters, kept per combination). */
const PACKED_KEY_ELEMENTS = 2048

/**
 * The elements' presence as a key: a bit per element (present or not: every element is decided),
 * packed into text, which costs a tenth of a SHA-1 per combination; a hash of it on large templates.
 * Four elements at a time: each byte of a 32-bit word that is 1 (not 0, not -1) gives one bit.
 */
function presenceKey(values: Int8Array, n: number): string {
    if (n > PACKED_KEY_ELEMENTS) return createHash('sha1').update(values.subarray(0, n)).digest('base64')
    const codes = new Uint16Array(Math.ceil(n / 16))
    const whole = values.byteOffset % 4 === 0 ? n >> 2 : 0
    const words = new Uint32Array(values.buffer, values.byteOffset, whole)
    for (let w = 0; w < whole; w++) {
        const word = words[w]!
        // bit 0 of each byte, where bit 1 is clear; gathered into bits 24-27 by a multiplication without carries
        const ones = word & ~(word >>> 1) & 0x01010101
        codes[w >> 2]! |= ((Math.imul(ones, 0x01020408) >>> 24) & 0xf) << ((w & 3) << 2)
    }
    for (let seq = whole << 2; seq < n; seq++) if (values[seq] === 1) codes[seq >> 4]! |= 1 << (seq & 15)
    return String.fromCharCode.apply(null, codes as unknown as number[])
}

/** The kind of outcome a TrellisError thrown by `run` gives resolving; undefined when it throws none. */
function failureOf(run: () => unknown): string | undefined {
    try {
        run()
        return undefined
    } catch (e) {
        if (!(e instanceof TrellisError)) throw e
        return e.code === 'check-failed' ? 'check-failed' : 'invalid'
    }
}

/** A value written so that values of different types never read the same. */
function typed(value: unknown): string {
    if (value === undefined) return 'u'
    if (typeof value === 'string') return JSON.stringify(value)
    if (value instanceof Date) return `d${value.toISOString()}`
    if (typeof value === 'number') return `n${Object.is(value, -0) ? '-0' : String(value)}`
    if (value === null || typeof value !== 'object') return `${typeof value}${String(value)}`
    if (Array.isArray(value)) return `[${value.map(typed).join(',')}]`
    return `{${Object.keys(value)
        .map(k => `${JSON.stringify(k)}:${typed((value as Record<string, unknown>)[k])}`)
        .join(',')}}`
}
