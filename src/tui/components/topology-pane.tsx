// Elements as the template nests them, each with a glyph, a word and, when
// pruned, its one-line reason: meaning never rests on colour alone.
import {paint} from './paint.js'
import {Box} from 'ink'
import {Text} from './text.js'
import type {Filter} from '../state/wizard.js'
import type {TopologyRow} from '../state/selectors.js'
import {window} from './window.js'

export interface TopologyPaneProps {
    readonly rows: readonly TopologyRow[]
    readonly cursor: number
    readonly focused: boolean
    readonly filter: Filter
    readonly search?: {readonly text: string; readonly typing: boolean}
    readonly height: number
    /** A few words on why, for rows that need one (pruned, or chosen by the optimizer); empty otherwise. */
    readonly reasonOf: (row: TopologyRow) => string
    /** What the pane says when it lists nothing. */
    readonly empty: string
}

export function TopologyPane({rows, cursor, focused, filter, search, height, reasonOf, empty}: TopologyPaneProps) {
    const {start, end} = window(cursor, rows.length, height)
    return (
        <Box flexDirection="column" borderStyle="single" borderColor={focused ? paint('cyan') : undefined} paddingX={1} flexGrow={1} height={height + 3} overflowY="hidden">
            <Text bold wrap="truncate">
                Topology{' '}
                <Text dimColor>
                    ({filter}
                    {search ? ` · /${search.text}${search.typing ? '▌' : ''}` : ''}) {rows.length ? `${cursor + 1}/${rows.length}` : ''}
                </Text>
            </Text>
            {rows.length === 0 ? (
                <Text dimColor wrap="truncate">
                    {empty}
                </Text>
            ) : null}
            {rows.slice(start, end).map((row, i) => {
                const selected = start + i === cursor
                const reason = reasonOf(row)
                return (
                    <Text key={row.element.seq} inverse={selected && focused} wrap="truncate">
                        {selected ? '▸' : ' '}
                        <Text color={paint(row.present ? 'green' : 'red')}>{row.present ? '✔ present' : '✘ pruned '}</Text>{' '}
                        {row.element.depth ? `${'  '.repeat(row.element.depth - 1)}├ ` : ''}
                        {row.element.label}
                        {reason ? <Text dimColor> {reason}</Text> : null}
                    </Text>
                )
            })}
        </Box>
    )
}
