// Locations (file:line:col) in the why pane, named as every shell names them
// (the engine's shownPath), kept whole on a line too long for the pane — the text
// before it gives way first, for a location cut before its line number points
// nowhere; a path too long for that gives way from the left.

/** What the text before a location keeps, at least, of a line cut to fit (its indentation aside). */
const KEPT = 16

/**
 * `text` in `width` columns, its location (when it has one) whole: the text before the location is
 * cut, "…" at the cut. When that would leave it fewer than KEPT characters, the location's path is
 * cut anyway, from the left: its folders give way first (a long absolute path is no more use than
 * its file name, the text before it is), then the text down to KEPT characters, then the file name;
 * its line and column never. A line without a location is left to be cut at the end.
 */
export function fitLocated(text: string, location: string | undefined, width: number): string {
    const chars = [...text]
    const found = location === undefined ? -1 : text.lastIndexOf(location)
    if (chars.length <= width || found < 0) return text
    // the bracket opened before the location (and the spaces before it) stay with it
    const at = found - /\s*\(?$/.exec(text.slice(0, found))![0].length
    const head = [...text.slice(0, at)]
    const tail = [...text.slice(at)]
    const indent = /^\s*/.exec(text)![0].length
    /** The text before the location in `room` columns, but at least KEPT characters. */
    const before = (room: number) => {
        const keep = Math.min(head.length, Math.max(room, indent + KEPT))
        return keep < head.length ? `${head.slice(0, Math.max(0, keep - 1)).join('')}…` : head.join('')
    }
    const whole = before(width - tail.length)
    if (tail.length <= width - [...whole].length) return whole + tail.join('')
    // the location's path cut from the left; its line and column, and what follows them (a bracket), stay
    const position = /:\d+:\d+$/.exec(location!)?.[0] ?? ''
    const file = [...location!.slice(0, location!.length - position.length)]
    const opening = [...text.slice(at, found)].length
    const end = position + text.slice(found + location!.length)
    // the shortest the path is cut to before the text gives way further: "…" and its file name
    const name = file.length - Math.max(0, ...['/', '\\'].map(sep => file.lastIndexOf(sep)))
    const cut = before(width - opening - 1 - name - [...end].length)
    const left = Math.max(1, width - [...cut].length - opening - [...end].length - 1)
    const kept = file.slice(Math.max(0, file.length - left)).join('')
    // cut at a folder when one starts in what is kept, its file name left whole
    const folder = kept.search(/[/\\]/)
    return `${cut}${text.slice(at, found)}…${folder > 0 && folder < kept.length - 1 ? kept.slice(folder) : kept}${end}`
}
