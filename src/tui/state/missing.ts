// Inputs still without a value (none given, no default): resolving cannot go
// on until each is set, so the wizard names them and walks through them.
import type {InputRow} from './inputs.js'

export function missingInputs(rows: readonly InputRow[]): string[] {
    return rows.filter(r => r.needed).map(r => r.name)
}

/** The next input needing a value after `from` (wrapping round), else undefined. */
export function nextMissing(rows: readonly InputRow[], from: number): number | undefined {
    for (let k = 1; k <= rows.length; k++) {
        const i = (from + k) % rows.length
        if (rows[i]!.needed) return i
    }
    return undefined
}
