// Line and column of an offset in a text, for positions found from offsets (locator.ts, recorded.ts).

/** Where each line of `text` starts. */
function lineStarts(text: string): Uint32Array {
    let count = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++
    const starts = new Uint32Array(count)
    let line = 1
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1
    return starts
}

/** The lines of a text, indexed on first use. */
export class LineIndex {
    private starts: Uint32Array | undefined
    private last = 0

    constructor(private readonly text: string) {}

    /** How many lines the text has. */
    get count(): number {
        return (this.starts ??= lineStarts(this.text)).length
    }

    linePos(offset: number): {line: number; col: number} {
        const starts = (this.starts ??= lineStarts(this.text))
        // locations are mostly asked for in the order of the text: the line of the last one first
        const last = this.last
        if (starts[last]! <= offset && (last + 1 === starts.length || offset < starts[last + 1]!)) return {line: last + 1, col: offset - starts[last]! + 1}
        let low = 0
        let high = starts.length - 1
        while (low < high) {
            const mid = (low + high + 1) >> 1
            if (starts[mid]! <= offset) low = mid
            else high = mid - 1
        }
        this.last = low
        return {line: low + 1, col: offset - starts[low]! + 1}
    }
}
