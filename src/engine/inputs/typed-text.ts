// A value a user types for one input in the wizard's value editor or a line mode answer: read by the
// rule every shell reads typed text by (readValueText, as `--set` and `TRELLIS_INPUT_` are), then
// converted to the input's type as the engine converts typed text (checkAssigned). The command line
// uses a value that does not fit the type as given, with a warning, as the reference does; the
// wizard and line mode ask again instead, with the same words.
import {readValueText, ValueTextError} from '../load/index.js'
import {checkAssigned} from './typecheck.js'

export type TypedText = {readonly ok: true; readonly value: unknown} | {readonly ok: false; readonly error: string}

/**
 * The value typed for an input of `type`, or why it is refused: one line, as the wizard shows it
 * under the value and line mode under its question. Null (`~`) is no value, as `--set n=~` and an
 * inputs file's `n: ~` are: the input keeps what the presets and defaults give it.
 */
export function readTypedText(type: string | undefined, text: string): TypedText {
    let value: unknown
    try {
        value = readValueText(text)
    } catch (e) {
        if (e instanceof ValueTextError) return {ok: false, error: e.message}
        throw e
    }
    if (value === null) return {ok: true, value}
    const check = checkAssigned(type, value, true)
    return check.ok ? {ok: true, value: check.value} : {ok: false, error: `expects ${check.expected}`}
}
