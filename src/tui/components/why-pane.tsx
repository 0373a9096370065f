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
}

export function WhyPane({lines, trail, cursor, focused, height, suggestions, progress}: WhyPaneProps) {
    const extra = progress ? 1 : suggestions ? 1 + suggestions.items.length : 0
    const {start, end} = window(cursor, lines.length, Math.max(1, height - extra))
    return (
        <Box flexDirection="column" borderStyle="single" borderColor={focused ? paint('cyan') : undefined} paddingX={1} height={height + 3} overflowY="hidden">
            <Text bold wrap="truncate">
                Why{trail.length > 1 ? <Text dimColor> {trail.join(' → ')} (esc back)</Text> : null}
            </Text>
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
