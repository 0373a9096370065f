// What the value evaluator needs from its surroundings. Value expressions read
// variability inputs and named expressions, never element presence.
import type {SourceLocation} from '../errors.js'

export interface ValueScope {
    /** The final value of a variability input (assigned, default or default expression). */
    input(name: string, reference: unknown): unknown
    /** The raw definition of a named expression under `variability.expressions`. */
    expression(name: string, kind: 'value' | 'logic', reference: unknown): unknown
    /**
     * Runs `fn` while `what` (an expression or input being computed) is on the
     * evaluation stack; re-entering it is a cycle and fails with the cycle named.
     */
    guard<T>(what: string, reference: unknown, fn: () => T): T
    /** Where a raw expression object was written, for error messages. */
    locate(raw: unknown): SourceLocation | undefined
    /** Notes something a user should hear about that does not stop resolving (e.g. `token` past the last token). */
    warn?(message: string, reference: unknown, code?: WarnCode): void
    /**
     * The levels under way, shared by every scope one evaluation passes through: an input's default
     * expression is evaluated in the inputs' scope inside a condition's, its levels on top of the condition's.
     */
    readonly nesting: Nesting
}

/** Operators and references under way in an evaluation (MAX_NESTING at most); each is undone on the way out. */
export interface Nesting {
    levels: number
}

type Evaluate = (expression: unknown) => unknown

/** Context handed to every operator implementation. */
export interface OperatorContext {
    readonly name: string
    /** The whole `{operator: args}` map, for locating errors. */
    readonly raw: object
    readonly evaluate: Evaluate
    fail(message: string, code?: FailCode): never
    /** A warning about this application, located where it was written. */
    warn(message: string, code?: WarnCode): void
}

/** What an evaluation warns of: an operand it used as it could (`token` past the end), or an input compared with a text that differs from it only in letter case. */
export type WarnCode = 'operand-type' | 'input-case'

/** Why an operator fails: its operands (their number, their type), or a result too large to compute. */
export type FailCode = 'operand-count' | 'operand-type' | 'too-large'

export type Operator = (args: unknown, context: OperatorContext) => unknown
