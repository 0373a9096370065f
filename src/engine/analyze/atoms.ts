// The atoms of the input space: each value condition that reads variability inputs
// (`equal: [{variability_input: env}, prod]`, `{variability_input: ha}`, …) becomes a
// free variable when analysis compiles the template, so one SAT problem speaks of every
// assignment at once. What is known about an atom — which input it reads, which constants
// it compares with — is kept so the input domains can be split where the atoms change.
import {TrellisError} from '../errors.js'
import {evaluateValue, operatorOf, type ValueScope} from '../expressions/index.js'
import {ownValue} from '../keys.js'
import {variable, type Formula} from '../conditions/index.js'
import {PresenceVariables} from '../conditions/index.js'
import type {Graph} from '../model/index.js'

export type Scalar = string | number | boolean | null

/** How an atom reads its one input; `opaque`: anything else (several inputs, computed operands). */
type AtomShape = 'boolean' | 'equality' | 'ordering' | 'opaque'

export interface Atom {
    readonly v: number
    readonly raw: unknown
    /** The inputs it reads, through named value expressions. */
    readonly inputs: readonly string[]
    readonly shape: AtomShape
    /** The constants it compares its input with (for equality and ordering shapes). */
    readonly constants: readonly Scalar[]
}

const EQUALITY = new Set(['equal', 'valid_values'])
const ORDERING = new Set(['greater', 'greater_or_equal', 'less', 'less_or_equal', 'in_range'])

/** Presence variables that also stand an atom for every value condition reading inputs. */
export class AtomVariables extends PresenceVariables {
    readonly atoms: Atom[] = []
    private readonly byKey = new Map<string, Atom>()
    private readonly base: number

    constructor(
        graph: Graph,
        private readonly expressions: Readonly<Record<string, unknown>>,
    ) {
        super(graph)
        this.base = graph.elements.length * 2
    }

    override get count(): number {
        return this.base + this.atoms.length
    }

    atom(raw: unknown): {formula: Formula; inputs: readonly string[]} | undefined {
        const inputs = inputsRead(raw, this.expressions)
        if (inputs.length === 0) return undefined
        const key = JSON.stringify(raw)
        let atom = this.byKey.get(key)
        if (!atom) {
            const {shape, constants} = shapeOf(raw, inputs, this.expressions)
            atom = {v: this.base + this.atoms.length, raw, inputs, shape, constants}
            this.atoms.push(atom)
            this.byKey.set(key, atom)
        }
        return {formula: variable(atom.v), inputs}
    }
}

/** The variability inputs an expression reads, directly or through named value expressions. */
export function inputsRead(raw: unknown, expressions: Readonly<Record<string, unknown>>): string[] {
    const found = new Set<string>()
    const seen = new Set<string>()
    const walk = (e: unknown): void => {
        if (e === null || typeof e !== 'object') return
        if (Array.isArray(e)) return e.forEach(walk)
        const name = operatorOf(e)
        const args = name === undefined ? undefined : (e as Record<string, unknown>)[name]
        if (name === 'variability_input' && typeof args === 'string') found.add(args)
        else if (name === 'value_expression' && typeof args === 'string') {
            if (seen.has(args)) return
            seen.add(args)
            walk(ownValue(expressions, args))
        } else for (const value of Object.values(e)) walk(value)
    }
    walk(raw)
    return [...found]
}

type Operand = {readonly input: string} | {readonly constant: Scalar} | undefined

/** An operand as an input or a constant, following named value expressions; undefined when it is computed from inputs. */
function operand(e: unknown, expressions: Readonly<Record<string, unknown>>, depth = 0): Operand {
    if (e === null || typeof e === 'string' || typeof e === 'number' || typeof e === 'boolean') return {constant: e}
    const name = operatorOf(e)
    const args = name === undefined ? undefined : (e as Record<string, unknown>)[name]
    if (name === 'variability_input' && typeof args === 'string') return {input: args}
    if (name === 'value_expression' && typeof args === 'string' && depth < 50) return operand(ownValue(expressions, args), expressions, depth + 1)
    if (inputsRead(e, expressions).length > 0) return undefined
    const value = constantValue(e, expressions)
    return value === undefined ? undefined : {constant: value}
}

/** A value expression that reads no input, evaluated (undefined when it fails or is not a scalar). */
function constantValue(e: unknown, expressions: Readonly<Record<string, unknown>>): Scalar | undefined {
    try {
        const value = evaluateValue(
            e,
            singleInputScope(expressions, () => undefined),
        )
        return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined
    } catch {
        return undefined
    }
}

function shapeOf(raw: unknown, inputs: readonly string[], expressions: Readonly<Record<string, unknown>>): {shape: AtomShape; constants: Scalar[]} {
    const opaque = {shape: 'opaque' as const, constants: []}
    if (inputs.length !== 1) return opaque
    const whole = operand(raw, expressions)
    if (whole && 'input' in whole) return {shape: 'boolean', constants: []}
    const name = operatorOf(raw)
    const args = name === undefined ? undefined : (raw as Record<string, unknown>)[name]
    if (name === undefined || !Array.isArray(args)) return opaque
    const flat = name === 'valid_values' || name === 'in_range' ? [args[0], ...(Array.isArray(args[1]) ? args[1] : [undefined])] : args
    const operands = flat.map(a => operand(a, expressions))
    if (operands.some(o => o === undefined) || operands.filter(o => o && 'input' in o).length !== 1) return opaque
    const constants = operands.flatMap(o => (o && 'constant' in o ? [o.constant] : []))
    if (EQUALITY.has(name)) return {shape: 'equality', constants}
    if (ORDERING.has(name)) return {shape: 'ordering', constants}
    return opaque
}

/**
 * A scope in which every input has the value `value(name)` and named expressions are read from
 * the template; a cycle among named expressions fails as it would when resolving.
 */
function singleInputScope(expressions: Readonly<Record<string, unknown>>, value: (name: string) => unknown): ValueScope {
    const stack: string[] = []
    return {
        input: name => value(name),
        expression: name => ownValue(expressions, name),
        guard: (what, _reference, fn) => {
            if (stack.includes(what)) throw new TrellisError('expression-cycle', `${what} refers to itself`)
            stack.push(what)
            try {
                return fn()
            } finally {
                stack.pop()
            }
        },
        locate: () => undefined,
        nesting: {levels: 0},
    }
}

/** The atom's truth when its one input has `value`; undefined where the condition fails (no variant there). */
export function atomTruth(atom: Atom, value: unknown, expressions: Readonly<Record<string, unknown>>): boolean | undefined {
    try {
        const result = evaluateValue(
            atom.raw,
            singleInputScope(expressions, () => value),
        )
        return typeof result === 'boolean' ? result : undefined
    } catch {
        return undefined
    }
}
