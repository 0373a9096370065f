export {evaluateValue, isValueExpression, operatorOf} from './value.js'
export {MAX_NESTING, nestedTooDeep} from './nesting.js'
export {
    closestOperator,
    isLogicOperator,
    isOperator,
    isPresenceOperator,
    LOGIC_OPERATORS,
    PRESENCE_OPERATORS,
    VALUE_OPERATORS,
    type LogicOperator,
    type PresenceOperator,
} from './catalogue.js'
export {show} from './operators/checks.js'
export type {Nesting, ValueScope} from './types.js'
