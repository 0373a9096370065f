// Text fitted to the terminal: lines wrapped between words (a location or a
// path is split across lines only when it is longer than a line), and paths
// named as every shell names them, shortened from the left so their file name
// stays in view where only one line is theirs.
//
// Ink's Text passes the strings it is given to the terminal as they are, escape sequences
// included (its own sanitizing keeps colours and OSC sequences: OSC 52 writes the clipboard).
// Every text of the wizard is shown through this one instead, which applies the control-character
// rule of app/shown-text to each string child; lint forbids Ink's own elsewhere in src/tui.
import {Text as InkText, type TextProps} from 'ink'
import {Children} from 'react'
import {shownPath} from '../../engine/index.js'
import {escapeControls} from '../../app/shown-text.js'
import {wrapLine} from '../../app/wrap.js'

export function Text({children, ...props}: TextProps) {
    return <InkText {...props}>{Children.map(children, child => (typeof child === 'string' ? escapeControls(child) : child))}</InkText>
}

/**
 * Splits `text` into lines of at most `width` characters, between words (the shells' one rule,
 * app/wrap.ts): a word that does not fit on the line goes whole to the next (a location or a path is
 * never split while it fits on a line); only a word longer than a whole line is split, after a "/"
 * where it has one. Nothing is cut.
 */
export function wrapText(text: string, width: number): string[] {
    return wrapLine(text, width, {long: 'split'})
}

/** The end of `text` in `width` characters, "…" first when something was cut. */
export function fromLeft(text: string, width: number): string {
    const chars = [...text]
    return chars.length <= width ? text : `…${chars.slice(chars.length - Math.max(1, width - 1)).join('')}`
}

/** A path as every shell names a file (the engine's shownPath), cut from the left to `width` (the file name kept). */
export function shortPath(file: string, width = Infinity, cwd = process.cwd()): string {
    return fromLeft(file && shownPath(file, cwd), Math.max(2, width))
}
