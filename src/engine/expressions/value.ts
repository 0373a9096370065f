// Evaluates value expressions once variability inputs are known. Literals are
// their own value; a single-key map whose key is an operator is applied.
import {TrellisError} from '../errors.js'
import {closestOperator, isLogicOperator, isPresenceOperator, VALUE_OPERATORS} from './catalogue.js'
import {show} from './operators/checks.js'
import type {OperatorContext, ValueScope} from './types.js'

/** The operator of a `{operator: args}` map, or undefined for a plain value. */
export function operatorOf(expression: unknown): string | undefined {
    if (expression === null || typeof expression !== 'object' || Array.isArray(expression) || expression instanceof Date) return undefined
    const keys = Object.keys(expression)
    return keys.length === 1 ? keys[0] : undefined
}

export function evaluateValue(expression: unknown, scope: ValueScope): unknown {
    const evaluate = (e: unknown): unknown => {
        const name = operatorOf(e)
        if (name === undefined) return e
        const raw = e as Record<string, unknown>
        const args = raw[name]
        const fail = (message: string, code: 'operand-count' | 'operand-type' | 'unknown-operator' = 'operand-type'): never => {
            throw new TrellisError(code, message, scope.locate(raw))
        }
        if (name === 'variability_input') {
            if (typeof args !== 'string') fail(`"variability_input" expects the name of a variability input, got ${show(args)}`)
            return scope.input(args as string, raw)
        }
        if (name === 'value_expression') {
            if (typeof args !== 'string') fail(`"value_expression" expects the name of an expression, got ${show(args)}`)
            return scope.guard(`expression "${args as string}"`, raw, () => evaluate(scope.expression(args as string, 'value', raw)))
        }
        const operator = VALUE_OPERATORS[name]
        if (!operator) {
            if (isLogicOperator(name) || isPresenceOperator(name) || name === 'logic_expression')
                fail(`operator "${name}" is a logic operator and cannot be used where a value is expected`, 'unknown-operator')
            const hint = closestOperator(name)
            fail(`unknown operator "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}`, 'unknown-operator')
        }
        const context: OperatorContext = {name, raw, evaluate, fail}
        return operator!(args, context)
    }
    return evaluate(expression)
}

