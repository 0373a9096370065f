// The explanation of one element: root causes first, then the chain. Lines
// that name another element can be followed (enter) and come back (esc);
// verified suggestions follow, numbered, and their number applies them.
import {paint} from './paint.js'
import {Box} from 'ink'
import type {ExplanationLine} from '../../engine/index.js'
import type {LookupProgress} from '../hooks/use-lookup.js'
import type {Suggestion} from '../state/wizard.js'
import type {ReactNode} from 'react'
import {Spinner} from './spinner.js'
import {Text, wrapText} from './text.js'
import {fitLocated} from './locations.js'
import {explanationRows} from '../../app/explanation-text.js'
import {window} from './window.js'

/** The columns before each row of the why pane: the mark of the cursor's line (▸) or of a line that names an element (→). */
const MARK = 2
/** What the cursor's line says when it names an element. */
const FOLLOW = ' ⏎ follow'

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
    /** An element is selected and its explanation is on its way from the resolver. */
    readonly waiting?: boolean
    /** Columns inside the pane: a line too long for them is cut before its location, which stays whole. */
    readonly width?: number
}

/** A line of the pane as drawn: the explanation line it belongs to, and its text (a wrapped line continues indented). */
interface Row {
    readonly line: number
    readonly text: string
    readonly first: boolean
}

export function WhyPane({lines, trail, cursor, focused, height, suggestions, progress, wrapWidth, note, waiting, width = Infinity}: WhyPaneProps) {
    const noteRows = note === undefined ? [] : wrapWidth === undefined ? [note] : wrapText(note, Math.max(10, wrapWidth - 4))
    const extra = (progress ? 1 : suggestions ? 1 + suggestions.items.length : 0) + noteRows.length
    const found = <Found suggestions={suggestions} progress={progress} wrapWidth={wrapWidth} />
    if (wrapWidth !== undefined) {
        // the full view wraps the suggestions too: count the rows they take
        const listed = progress ? 1 : suggestions ? [suggestions.note, ...suggestions.items.map(suggestionText)].reduce((n, t) => n + wrapText(t, wrapWidth - 2).length, 0) : 0
        const taken = listed + noteRows.length
        return (
            <FullWhy lines={lines} trail={trail} cursor={cursor} height={Math.max(1, height - taken)} width={wrapWidth} extra={taken} noteRows={noteRows}>
                {found}
            </FullWhy>
        )
    }
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
            {lines.length === 0 ? <Text dimColor>{waiting ? 'explaining…' : 'select an element to see why it is present or pruned'}</Text> : null}
            {lines.slice(start, end).map((line, i) => {
                const at = focused && start + i === cursor
                const follow = at && line.refs.length > 0
                return (
                    <Text key={start + i} wrap="truncate" bold={start + i === 0} inverse={at}>
                        <Text color={paint('cyan')}>{at ? '▸ ' : line.refs.length ? '→ ' : '  '}</Text>
                        {fitLocated(line.text, line.location, width - MARK - (follow ? FOLLOW.length : 0))}
                        {follow ? <Text color={paint('cyan')}>{FOLLOW}</Text> : null}
                    </Text>
                )
            })}
            {found}
        </Box>
    )
}

const suggestionText = (s: Suggestion, i = 0) => `  ${i + 1}) ${s.text} verified ✔ — press ${i + 1} to apply`

/** The verified suggestions (what-if), numbered, or the search's progress; wrapped in the full view, cut in the pane. */
function Found({suggestions, progress, wrapWidth}: Pick<WhyPaneProps, 'suggestions' | 'progress' | 'wrapWidth'>) {
    if (progress) return <Spinner label={`verifying changes… ${progress.tried}/${progress.total}`} />
    if (!suggestions) return null
    const wrap = wrapWidth === undefined ? 'truncate' : 'wrap'
    return (
        <>
            <Text color={paint('cyan')} wrap={wrap}>
                {suggestions.note}
            </Text>
            {suggestions.items.map((s, i) => (
                <Text key={s.text} color={paint('cyan')} wrap={wrap}>
                    {'  '}
                    {i + 1}) {s.text} <Text dimColor>verified ✔ — press {i + 1} to apply</Text>
                </Text>
            ))}
        </>
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
    children,
}: {
    lines: readonly ExplanationLine[]
    trail: readonly string[]
    cursor: number
    height: number
    width: number
    extra: number
    noteRows: readonly string[]
    children?: ReactNode
}) {
    // wrapped as the command line wraps it, in the room beside the mark of the cursor's line
    const rows: Row[] = lines.flatMap((line, i) => explanationRows(line, Math.max(20, width - MARK), 'split').map((text, k) => ({line: i, text, first: k === 0})))
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
            {children}
        </Box>
    )
}
