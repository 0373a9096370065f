// Boolean formulas over presence variables. Conditions compile into these once
// variability inputs are known (every value operator becomes a constant), so
// the solver, the propagation and the explanations all read the same data.

export type Formula =
    | {readonly op: 'const'; readonly value: boolean}
    | {readonly op: 'var'; readonly v: number}
    | {readonly op: 'not'; readonly arg: Formula}
    | {readonly op: 'and' | 'or' | 'xor' | 'exo' | 'amo'; readonly args: readonly Formula[]}
    | {readonly op: 'implies'; readonly args: readonly [Formula, Formula]}
    /** Transparent for solving: remembers which written expression produced `arg`, for explanations. */
    | NoteFormula

/** A note and the formula it annotates in one object (a compiled expression is kept per use, so each object counts). */
type NoteFormula = {readonly op: 'note'; readonly arg: Formula} & Note

/** Where part of a formula came from. */
type Note =
    /** A value expression evaluated to a constant; `inputs` are the variability inputs it read. */
    | {readonly kind: 'value'; readonly raw: unknown; readonly inputs: readonly string[]}
    /** A presence operator such as `{node_presence: db}`. */
    | {readonly kind: 'presence'; readonly raw: unknown; readonly operator: string}
    /** A named logic expression; `size`: how many nodes a walk of it visits (see expandedSize). */
    | {readonly kind: 'expression'; readonly name: string; readonly raw: unknown; readonly size: number}

export const valueNote = (raw: unknown, inputs: readonly string[], arg: Formula): Formula => ({op: 'note', kind: 'value', raw, inputs, arg})
export const presenceNote = (raw: unknown, operator: string, arg: Formula): Formula => ({op: 'note', kind: 'presence', raw, operator, arg})
/** A named logic expression's note; its size, capped at `cap`, is counted once here and read at every reuse. */
export const expressionNote = (name: string, raw: unknown, arg: Formula, cap: number): Formula => ({
    op: 'note',
    kind: 'expression',
    name,
    raw,
    arg,
    size: Math.min(1 + expandedSize(arg, cap), cap),
})

export const TRUE: Formula = {op: 'const', value: true}
export const FALSE: Formula = {op: 'const', value: false}

export const constant = (value: boolean): Formula => (value ? TRUE : FALSE)
export const variable = (v: number): Formula => ({op: 'var', v})
export const not = (arg: Formula): Formula => (arg.op === 'const' ? constant(!arg.value) : arg.op === 'not' ? arg.arg : {op: 'not', arg})

export function and(args: readonly Formula[]): Formula {
    if (args.length === 1) return args[0]!
    return {op: 'and', args}
}

export function or(args: readonly Formula[]): Formula {
    if (args.length === 1) return args[0]!
    return {op: 'or', args}
}

/** Or of any number: of none, false (no candidate is present). */
export function anyOf(args: readonly Formula[]): Formula {
    return args.length === 0 ? FALSE : or(args)
}

export const implies = (a: Formula, b: Formula): Formula => ({op: 'implies', args: [a, b]})
export const exo = (args: readonly Formula[]): Formula => ({op: 'exo', args})
export const amo = (args: readonly Formula[]): Formula => ({op: 'amo', args})
export const xor = (args: readonly Formula[]): Formula => ({op: 'xor', args})

/** Three-valued (Kleene) evaluation: undefined where a variable is still open. */
export type Lookup = (v: number) => boolean | undefined

export function evaluate(f: Formula, value: Lookup): boolean | undefined {
    switch (f.op) {
        case 'const':
            return f.value
        case 'var':
            return value(f.v)
        case 'not': {
            const a = evaluate(f.arg, value)
            return a === undefined ? undefined : !a
        }
        case 'note':
            return evaluate(f.arg, value)
        case 'and': {
            let open = false
            for (const a of f.args) {
                const r = evaluate(a, value)
                if (r === false) return false
                if (r === undefined) open = true
            }
            return open ? undefined : true
        }
        case 'or': {
            let open = false
            for (const a of f.args) {
                const r = evaluate(a, value)
                if (r === true) return true
                if (r === undefined) open = true
            }
            return open ? undefined : false
        }
        case 'implies': {
            const a = evaluate(f.args[0], value)
            if (a === false) return true
            const b = evaluate(f.args[1], value)
            if (b === true) return true
            return a === true && b === false ? false : undefined
        }
        case 'xor': {
            let parity = false
            for (const a of f.args) {
                const r = evaluate(a, value)
                if (r === undefined) return undefined
                if (r) parity = !parity
            }
            return parity
        }
        case 'exo':
        case 'amo': {
            let count = 0
            let open = false
            for (const a of f.args) {
                const r = evaluate(a, value)
                if (r === true && ++count > 1) return false
                if (r === undefined) open = true
            }
            if (open) return undefined
            return f.op === 'amo' ? true : count === 1
        }
    }
}

/** Calls `visit` for each mention of a variable, in order (a variable mentioned twice is visited twice). */
export function forEachVariable(f: Formula, visit: (v: number) => void): void {
    switch (f.op) {
        case 'const':
            return
        case 'var':
            visit(f.v)
            return
        case 'not':
        case 'note':
            forEachVariable(f.arg, visit)
            return
        default:
            for (let i = 0; i < f.args.length; i++) forEachVariable(f.args[i]!, visit)
    }
}

/** Every variable a formula mentions. */
export function variables(f: Formula, out: number[] = []): number[] {
    forEachVariable(f, v => out.push(v))
    return out
}

/**
 * How many nodes a walk of the formula visits: a shared part (a named logic expression, compiled once)
 * counts at every use. Each shared part carries its size from when it was made, so this is linear in the
 * formula's own size; the count stops at `cap`.
 */
export function expandedSize(f: Formula, cap: number): number {
    if (f.op === 'const' || f.op === 'var') return 1
    if (f.op === 'note' && f.kind === 'expression') return Math.min(f.size, cap)
    let size = 1
    if (f.op === 'not' || f.op === 'note') size += expandedSize(f.arg, cap)
    else for (let i = 0; i < f.args.length && size < cap; i++) size += expandedSize(f.args[i]!, cap - size)
    return Math.min(size, cap)
}
