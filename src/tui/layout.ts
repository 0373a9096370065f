// How the main screen divides the terminal. Wide terminals put inputs and
// topology side by side with the explanation below; narrow ones (80 columns)
// stack all three. Heights are rows of content inside each bordered pane.
import type {Size} from './hooks/use-terminal-size.js'

export interface Layout {
    readonly stacked: boolean
    readonly width: number
    readonly inputs: number
    readonly topology: number
    readonly why: number
}

/** Rows taken by the header, the message line and the key line; each pane's height counts its content rows (the inputs' presets line included). */
const CHROME = 3
/** A bordered pane: two border rows and a title row. */
const PANE = 3

export function layout({columns, rows}: Size, focus: 'inputs' | 'topology' | 'why' = 'inputs'): Layout {
    const usable = Math.max(12, rows) - CHROME
    if (columns >= 100) {
        // side by side: lists share one band, the explanation takes the rest
        const lists = Math.max(3, Math.floor((usable - 2 * PANE) * 0.55))
        return {stacked: false, width: columns, inputs: lists, topology: lists, why: Math.max(2, usable - 2 * PANE - lists)}
    }
    // stacked: three panes one above another; the focused one gets half the rows
    const content = Math.max(6, usable - 3 * PANE)
    const share = (pane: typeof focus) => Math.max(2, Math.floor(content * (pane === focus ? 0.5 : 0.25)))
    const inputs = share('inputs')
    const topology = share('topology')
    return {stacked: true, width: columns, inputs, topology, why: Math.max(2, content - inputs - topology)}
}
