// What the wizard's state needs to know of variability inputs, as the engine decides it: given to
// the reducer and the selectors with the key context (src/tui/input-rules.ts is the engine's), so
// that this folder stays pure data and functions of it, and the list still follows a key at once.
import type {ConflictItem, InputValue, ResolveRequest, TypedText, VariabilityDefinition} from '../../engine/index.js'

export interface InputRules {
    /** Every input's value for this request, from the definition alone; none when the request itself is wrong (an unknown preset or input). */
    values(definition: VariabilityDefinition, request: ResolveRequest): InputValue[]
    /** A typed text read by the rule every shell reads typed text by, and converted to the input's type; or why it is refused (one line). */
    typed(type: string | undefined, text: string): TypedText
    /** Where a value came from, as the input list says it (`--set`, `preset dev`). */
    source(value: Pick<InputValue, 'source'>): string
    /** Whether two values are the same value (as a value offered and one given are compared). */
    same(a: unknown, b: unknown): boolean
    /** A value as a modeller writes it, cut at `max` characters. */
    render(value: unknown, max: number): string
    /** The one line that says why no variant exists. */
    conflictHeadline(conflict: readonly ConflictItem[]): string
}
