// How deep conditions and value expressions may nest, and how much text value
// expressions may compute. Compiling and evaluating them recurse once per operator
// and once per reference to a named expression or to an input's default
// expression; a limit far above anything written by hand turns a runaway nesting
// (or text) into one error where it crosses the limit, before the stack (or the
// memory) runs out.
import {TrellisError, type SourceLocation} from '../errors.js'
import {grouped} from '../plural.js'

/** Operators and references (logic_expression, value_expression, input defaults) nested in one another. */
export const MAX_NESTING = 500

export function nestedTooDeep(location: SourceLocation | undefined): TrellisError {
    return new TrellisError(
        'too-deep',
        `expression nested deeper than ${MAX_NESTING} levels (each operator and each reference to an expression or an input's default expression is a level)`,
        location,
    )
}

/**
 * The longest text a value expression may compute. Each operator's result is checked, so a chain
 * of `concat`s that doubles its text at every level (40 levels would be a terabyte) stops where it
 * crosses the limit instead of running out of memory.
 */
export const MAX_VALUE_LENGTH = 10_000_000

export const VALUE_TOO_LARGE = `value expression computes a text of more than ${grouped(MAX_VALUE_LENGTH)} characters`

/**
 * The characters value expressions may compute in all, in one resolution. A named expression is
 * computed again for every value that reads it, so texts below MAX_VALUE_LENGTH read by many
 * properties (400 of 5,000,000 characters each: 2 GB) would run out of memory, or take hours.
 */
export const MAX_COMPUTED_LENGTH = 100_000_000

export const COMPUTED_TOO_LARGE = `value expressions compute more than ${grouped(MAX_COMPUTED_LENGTH)} characters of text in all (each time a value reads an expression, its text is computed again)`
