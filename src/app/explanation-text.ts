// An explanation as text at a width: the lines of the one layout (the engine's
// explanationLines), each wrapped by the one rule (wrap.ts) — continued rows four
// further in than their line, a location never broken at the spaces of its path. The
// command line prints these rows; the wizard's whole-screen why view draws the same.
import {explanationLines, type Explanation, type ExplanationLine} from '../engine/index.js'
import {wrapLine, type WrapOptions} from './wrap.js'

/** How much further in than its line a continued row starts. */
const HANG = 4

/** The rows one explanation line takes at `width` columns; `long` as in WrapOptions. */
export function explanationRows(line: ExplanationLine, width: number, long: WrapOptions['long']): string[] {
    const at = line.location === undefined ? -1 : line.text.lastIndexOf(line.location)
    return wrapLine(line.text, width, {hang: HANG, long, whole: at < 0 ? undefined : [at, at + line.location!.length]})
}

/** The explanation as text: wrapped at `width` columns when given (a terminal), else one line per item (pipes, scripts). */
export function renderExplanation(e: Explanation, width = Infinity): string {
    const lines = explanationLines(e)
    return (Number.isFinite(width) ? lines.flatMap(l => explanationRows(l, width, 'overflow')) : lines.map(l => l.text)).join('\n')
}
