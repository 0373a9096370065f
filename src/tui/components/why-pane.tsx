// The explanation of one element: root causes first, then the chain. Lines
// that name another element can be followed (enter) and come back (esc);
// verified suggestions follow, numbered, and their number applies them.
import {paint} from './paint.js'
import {Box, Text} from 'ink'
import type {ExplanationLine} from '../../engine/index.js'
import type {LookupProgress} from '../hooks/use-lookup.js'
import type {Suggestion} from '../state/wizard.js'
import {Spinner} from './spinner.js'
import {window} from './window.js'

export interface WhyPaneProps {
    readonly lines: readonly ExplanationLine[]
    /** Displays of the elements followed so far, the one shown last. */
    readonly trail: readonly string[]
    readonly cursor: number
    readonly focused: boolean
    readonly height: number
    readonly suggestions?: {readonly note: string; readonly items: readonly Suggestion[]}
    readonly progress?: LookupProgress
    /** Wrap each line to this width (the full-screen view) instead of cutting it. */
    readonly wrapWidth?: number
    /** What analysis knows of the element for every input (dead or core), under the title. */
    readonly note?: string
}

/** A line of the pane as drawn: the explanation line it belongs to, and its text (a wrapped line continues indented). */
interface Row {
    readonly line: number
    readonly text: string
    readonly first: boolean
}

/** Splits `text` into pieces of at most `width` characters, at spaces where there are some. */
export function wrapText(text: string, width: number): string[] {
    const out: string[] = []
    let rest = text
    while (rest.length > width) {
        const space = rest.lastIndexOf(' ', width)
        const cut = space > width / 2 ? space : width
        out.push(rest.slice(0, cut))
        rest = rest.slice(cut).replace(/^ /, '')
    }
    out.push(rest)
    return out
}

export function WhyPane({lines, trail, cursor, focused, height, suggestions, progress, wrapWidth, note}: WhyPaneProps) {
    const noteRows = note === undefined ? [] : wrapWidth === undefined ? [note] : wrapText(note, Math.max(10, wrapWidth - 4))
    const extra = (progress ? 1 : suggestions ? 1 + suggestions.items.length : 0) + noteRows.length
    if (wrapWidth !== undefined)
        return <FullWhy lines={lines} trail={trail} cursor={cursor} height={Math.max(1, height - extra)} width={wrapWidth} extra={extra} noteRows={noteRows} />
    const {start, end} = window(cursor, lines.length, Math.max(1, height - extra))
    return (
        <Box flexDirection="column" borderStyle="single" borderColor={focused ? paint('cyan') : undefined} paddingX={1} height={height + 3} overflowY="hidden">
            <Text bold wrap="truncate">
                Why{trail.length > 1 ? <Text dimColor> {trail.join(' → ')} (esc back)</Text> : null}
            </Text>
            {note ? (
                <Text color={paint('yellow')} wrap="truncate">
                    {note}
                </Text>
            ) : null}
            {lines.length === 0 ? <Text dimColor>select an element to see why it is present or pruned</Text> : null}
            {lines.slice(start, end).map((line, i) => {
                const at = focused && start + i === cursor
                return (
                    <Text key={start + i} wrap="truncate" bold={start + i === 0} inverse={at}>
                        <Text color={paint('cyan')}>{at ? '▸ ' : line.refs.length ? '→ ' : '  '}</Text>
                        {line.text}
                        {at && line.refs.length ? <Text color={paint('cyan')}> ⏎ follow</Text> : null}
                    </Text>
                )
            })}
            {progress ? <Spinner label={`verifying changes… ${progress.tried}/${progress.total}`} /> : null}
            {suggestions && !progress ? (
                <>
                    <Text color={paint('cyan')} wrap="truncate">
                        {suggestions.note}
                    </Text>
                    {suggestions.items.map((s, i) => (
                        <Text key={s.text} color={paint('cyan')} wrap="truncate">
                            {'  '}
                            {i + 1}) {s.text} <Text dimColor>verified ✔ — press {i + 1} to apply</Text>
                        </Text>
                    ))}
                </>
            ) : null}
        </Box>
    )
}

/** The full-screen why: every line wrapped, scrolled so the cursor's line shows. */
function FullWhy({
    lines,
    trail,
    cursor,
    height,
    width,
    extra,
    noteRows,
}: {
    lines: readonly ExplanationLine[]
    trail: readonly string[]
    cursor: number
    height: number
    width: number
    extra: number
    noteRows: readonly string[]
}) {
    // a wrapped line continues under its own text, a little further in
    const rows: Row[] = lines.flatMap((line, i) => {
        const indent = line.text.length - line.text.trimStart().length
        return wrapText(line.text.trimStart(), Math.max(10, width - 4 - indent)).map((text, k) => ({
            line: i,
            text: `${' '.repeat(k === 0 ? indent : indent + 2)}${text}`,
            first: k === 0,
        }))
    })
    const at = Math.max(
        0,
        rows.findIndex(r => r.line === cursor),
    )
    const {start, end} = window(at, rows.length, height)
    return (
        <Box flexDirection="column" borderStyle="single" borderColor={paint('cyan')} paddingX={1} height={height + extra + 3} overflowY="hidden">
            <Text bold wrap="truncate">
                Why{trail.length > 1 ? <Text dimColor> {trail.join(' → ')}</Text> : null} <Text dimColor>(z or esc: back to the panes)</Text>
            </Text>
            {noteRows.map((text, i) => (
                <Text key={`note${i}`} color={paint('yellow')} wrap="truncate">
                    {text}
                </Text>
            ))}
            {rows.slice(start, end).map((row, i) => {
                const selected = row.line === cursor
                const ref = lines[row.line]!.refs.length > 0
                return (
                    <Text key={start + i} wrap="truncate" bold={row.line === 0} inverse={selected}>
                        <Text color={paint('cyan')}>{!row.first ? '  ' : selected ? '▸ ' : ref ? '→ ' : '  '}</Text>
                        {row.text}
                    </Text>
                )
            })}
        </Box>
    )
}
