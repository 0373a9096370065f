// No variant exists: the smallest set of conflicting conditions, in plain
// words with locations, and repairs verified by resolving again. When inputs
// still need a value, nothing was weighed yet: they are listed, and enter
// walks through them.
import {paint} from './paint.js'
import {Box} from 'ink'
import {Text, wrapText} from './text.js'
import {failureLines} from '../../app/conflict-text.js'
import type {LookupProgress} from '../hooks/use-lookup.js'
import type {Outcome, Suggestion} from '../state/wizard.js'
import {Spinner} from './spinner.js'

export interface ConflictScreenProps {
    readonly outcome?: Outcome
    /** Inputs that need a value (none given, no default). */
    readonly missing: readonly string[]
    readonly suggestions?: {readonly note: string; readonly items: readonly Suggestion[]}
    readonly progress?: LookupProgress
    readonly width: number
    /** Rows the screen may take, borders included. */
    readonly height: number
    /** The first line shown (scrolled with ↑↓); clamped here. */
    readonly offset: number
}

export function ConflictScreen({outcome, missing, suggestions, progress, width, height, offset}: ConflictScreenProps) {
    if (!outcome || outcome.ok)
        return (
            <Box borderStyle="single" paddingX={1}>
                <Text>A variant exists again. esc back</Text>
            </Box>
        )
    const rows = outcome.error.code === 'input-missing' && missing.length > 0 ? missingRows(missing, width - 4) : conflictRows(outcome, suggestions, width - 4)
    // the borders take two rows, the spinner or the scroll line one: a taller list would push the
    // screen past the terminal, where Ink draws it over itself
    const room = Math.max(1, height - 3)
    const start = Math.max(0, Math.min(offset, rows.length - room))
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1} width={width}>
            {rows.slice(start, start + room).map((row, i) => (
                <Text
                    key={start + i}
                    bold={row.kind === 'headline'}
                    color={row.kind === 'headline' ? paint('red') : row.kind === 'repair' ? paint('cyan') : undefined}
                    wrap="truncate"
                >
                    {row.text}
                </Text>
            ))}
            {progress ? (
                <Spinner label={`looking for repairs… ${progress.tried}/${progress.total}`} />
            ) : rows.length > room ? (
                <Text dimColor wrap="truncate">
                    {start + 1}–{Math.min(rows.length, start + room)} of {rows.length} lines, ↑↓ to scroll
                </Text>
            ) : null}
        </Box>
    )
}

/** A line of the conflict screen as drawn: already wrapped to the screen's width. */
interface Row {
    readonly text: string
    readonly kind: 'headline' | 'line' | 'repair'
}

/** Inputs without a value, nothing weighed yet: they are listed, and enter walks through them. */
function missingRows(missing: readonly string[], width: number): Row[] {
    const what = missing.length === 1 ? 'this input needs a value' : `these ${missing.length} inputs need a value`
    return [
        ...wrapText(`✘ Nothing resolves yet: ${what} (none is given and the template has no default)`, width).map(text => ({text, kind: 'headline' as const})),
        ...missing.map(name => ({text: `  - ${name}`, kind: 'line' as const})),
        ...wrapText(`enter: set ${missing[0]} now; each value set moves on to the next input that needs one`, width).map(text => ({text, kind: 'repair' as const})),
    ]
}

/** The conflict, its details and the repairs, wrapped to `width`: a line continues under its own text, an excerpt is never wrapped. */
function conflictRows(outcome: Extract<Outcome, {ok: false}>, suggestions: ConflictScreenProps['suggestions'], width: number): Row[] {
    const [headline, ...rest] = failureLines(outcome.error, outcome.conflict)
    const wrapped = (text: string, indent: number, kind: Row['kind']): Row[] =>
        wrapText(text, Math.max(10, width - indent)).map(line => ({text: `${' '.repeat(indent)}${line}`, kind}))
    const rows: Row[] = wrapped(`✘ ${headline!.text}`, 0, 'headline')
    for (const line of rest) {
        // the excerpt's underline lines up with its line: never wrapped
        if (line.below) rows.push({text: line.text, kind: 'line'})
        else {
            const text = line.text.trimStart()
            rows.push(...wrapped(`${text}${line.location ? `  (${line.location})` : ''}`, line.text.length - text.length, 'line'))
        }
    }
    if (suggestions) {
        rows.push(...wrapped(suggestions.note, 0, 'repair'))
        suggestions.items.forEach((s, i) => rows.push(...wrapped(`${i + 1}) ${s.text}  verified ✔`, 2, 'repair')))
    }
    return rows
}
