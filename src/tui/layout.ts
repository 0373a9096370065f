// How the main screen divides the terminal. The header (the live verdict) and
// the key line are always drawn; the message lines take what their wrapped text
// needs; the panes share the rest. Wide terminals put inputs and topology side
// by side with the explanation below; narrow ones (80 columns) stack all three
// and give the focused pane the room (at least 8 rows at 80×24), the others a
// glimpse. Heights are rows of content inside each bordered pane.
import type {Size} from './hooks/use-terminal-size.js'

export interface Layout {
    readonly stacked: boolean
    readonly width: number
    readonly inputs: number
    readonly topology: number
    readonly why: number
}

/** Rows always taken: the header and the key line. */
export const FIXED_ROWS = 2
/** A bordered pane: two border rows and a title row. */
const PANE = 3
/** The focused pane's rows at 80×24 with one message line. */
const FOCUSED_ROWS = 8

/** `message`: the rows the message lines take (at least one, kept for the message even when empty). */
export function layout({columns, rows}: Size, focus: 'inputs' | 'topology' | 'why', message = 1): Layout {
    const usable = rows - FIXED_ROWS - message
    if (columns >= 100) {
        // side by side: lists share one band, the explanation takes the rest
        const lists = Math.max(3, Math.floor((usable - 2 * PANE) * 0.55))
        return {stacked: false, width: columns, inputs: lists, topology: lists, why: Math.max(2, usable - 2 * PANE - lists)}
    }
    // stacked: the focused pane gets what the others leave, they show a row or a few around their cursor
    const content = Math.max(3, usable - 3 * PANE)
    const others = Math.max(1, Math.min(4, Math.floor((content - FOCUSED_ROWS) / 2)))
    const focused = Math.max(1, content - 2 * others)
    const share = (pane: typeof focus) => (pane === focus ? focused : others)
    return {stacked: true, width: columns, inputs: share('inputs'), topology: share('topology'), why: share('why')}
}

/** The rows a message may take: all it needs (an error is read in full), leaving each pane a row. */
export function messageRows(size: Size, wanted: number): number {
    return Math.max(1, Math.min(wanted, size.rows - FIXED_ROWS - 3 * (PANE + 1)))
}
