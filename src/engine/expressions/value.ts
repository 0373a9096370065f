// Evaluates value expressions once variability inputs are known. Literals are
// their own value; a single-key map whose key is an operator is applied.
import {type DiagnosticDetails, TrellisError} from '../errors.js'
import {ownValue, soleKey} from '../keys.js'
import {closestOperator, isLogicOperator, isPresenceOperator, VALUE_OPERATORS} from './catalogue.js'
import {COMPUTED_TOO_LARGE, MAX_COMPUTED_LENGTH, MAX_NESTING, MAX_VALUE_LENGTH, nestedTooDeep, VALUE_TOO_LARGE} from './nesting.js'
import {show} from './operators/checks.js'
import type {FailCode, Nesting, OperatorContext, ValueScope, WarnCode} from './types.js'

/** The operator of a `{operator: args}` map, or undefined for a plain value. */
export function operatorOf(expression: unknown): string | undefined {
    if (expression === null || typeof expression !== 'object' || Array.isArray(expression) || expression instanceof Date) return undefined
    return soleKey(expression)
}

/** Whether the value is a value expression: a single-key map whose key is a value operator. */
export function isValueExpression(value: unknown): boolean {
    const name = operatorOf(value)
    return name !== undefined && (name === 'variability_input' || name === 'value_expression' || ownValue(VALUE_OPERATORS, name) !== undefined)
}

export function evaluateValue(expression: unknown, scope: ValueScope): unknown {
    let evaluator = evaluators.get(scope)
    if (!evaluator) evaluators.set(scope, (evaluator = new Evaluator(scope)))
    return evaluator.run(expression)
}

// An evaluator keeps nothing but its scope, so one per scope serves every expression evaluated in it.
// A side table keyed by the scope shares its lifetime; scopes are plain objects too (compile's, analysis's).
const evaluators = new WeakMap<ValueScope, Evaluator>()

/** One evaluation: the scope, and `evaluate` bound once for the operators to call back. */
class Evaluator {
    readonly evaluate = (e: unknown): unknown => this.apply(e)
    /**
     * Named value expressions already evaluated in this evaluation: a name reused (even in every
     * operand of every level) is evaluated once, so shared names cannot blow up exponentially. Only
     * within one evaluation, whose inputs read the scope records already.
     */
    private named: Map<string, unknown> | undefined
    /** Characters of the texts operators made in this scope (a resolution), against MAX_COMPUTED_LENGTH. */
    private computed = 0

    /** The scope's count of levels under way (see ValueScope.nesting), read once. */
    private readonly nesting: Nesting

    constructor(private readonly scope: ValueScope) {
        this.nesting = scope.nesting
    }

    run(e: unknown): unknown {
        const outer = this.named
        this.named = undefined
        try {
            return this.apply(e)
        } finally {
            this.named = outer
        }
    }

    private apply(e: unknown): unknown {
        const name = operatorOf(e)
        if (name === undefined) return e
        const nesting = this.nesting
        if (nesting.levels >= MAX_NESTING) throw nestedTooDeep(this.scope.locate(e))
        nesting.levels++
        try {
            const value = this.applyOperator(name, e as Record<string, unknown>)
            if (typeof value === 'string' && value.length > MAX_VALUE_LENGTH) fail(this.scope, e as object, VALUE_TOO_LARGE, 'too-large')
            return value
        } finally {
            nesting.levels--
        }
    }

    private applyOperator(name: string, raw: Record<string, unknown>): unknown {
        const args = raw[name]
        const scope = this.scope
        if (name === 'variability_input') {
            if (typeof args !== 'string') fail(scope, raw, `"variability_input" expects the name of a variability input, got ${show(args)}`)
            return scope.input(args, raw)
        }
        if (name === 'value_expression') {
            if (typeof args !== 'string') fail(scope, raw, `"value_expression" expects the name of an expression, got ${show(args)}`)
            const named = (this.named ??= new Map())
            if (named.has(args)) return named.get(args)
            const value = scope.guard(`expression "${args}"`, raw, () => this.apply(scope.expression(args, 'value', raw)))
            named.set(args, value)
            return value
        }
        // a template names operators: never one of Object.prototype's members (toString, __proto__, …)
        const operator = ownValue(VALUE_OPERATORS, name) as (typeof VALUE_OPERATORS)[string] | undefined
        if (!operator) {
            if (isLogicOperator(name) || isPresenceOperator(name) || name === 'logic_expression')
                fail(scope, raw, `operator "${name}" is a logic operator and cannot be used where a value is expected`, 'unknown-operator')
            const hint = closestOperator(name)
            fail(scope, raw, `unknown operator "${name}"`, 'unknown-operator', {help: hint ? [`did you mean "${hint}"?`] : []})
        }
        const value = operator(args, new Context(name, raw, this.evaluate, scope))
        // every text an operator makes is counted, however often it is made again
        if (typeof value === 'string' && (this.computed += value.length) > MAX_COMPUTED_LENGTH) fail(scope, raw, COMPUTED_TOO_LARGE, 'too-large')
        return value
    }
}

/** What an operator sees of its application; failing names where it was written. */
class Context implements OperatorContext {
    constructor(
        readonly name: string,
        readonly raw: Record<string, unknown>,
        readonly evaluate: (expression: unknown) => unknown,
        private readonly scope: ValueScope,
    ) {}

    fail(message: string, code: FailCode = 'operand-type'): never {
        return fail(this.scope, this.raw, message, code)
    }

    warn(message: string, code?: WarnCode): void {
        this.scope.warn?.(message, this.raw, code)
    }
}

function fail(scope: ValueScope, raw: object, message: string, code: FailCode | 'unknown-operator' = 'operand-type', details?: DiagnosticDetails): never {
    throw new TrellisError(code, message, scope.locate(raw), details)
}
