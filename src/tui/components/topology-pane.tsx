// Elements as the template nests them, each with a glyph, a word and its reason.
import {Box, Text} from 'ink'
import type {TopologyRow} from '../state/session.js'

export type Filter = 'all' | 'present' | 'pruned'

export interface TopologyPaneProps {
    readonly rows: readonly TopologyRow[]
    readonly cursor: number
    readonly focused: boolean
    readonly filter: Filter
    readonly search?: string
    readonly height: number
}

export function TopologyPane({rows, cursor, focused, filter, search, height}: TopologyPaneProps) {
    const start = Math.max(0, Math.min(cursor - Math.floor(height / 2), rows.length - height))
    return (
        <Box flexDirection="column" borderStyle="single" borderColor={focused ? 'cyan' : undefined} paddingX={1} flexGrow={1}>
            <Text bold>
                Topology <Text dimColor>({filter}{search ? ` · /${search}` : ''})</Text>
            </Text>
            {rows.length === 0 ? <Text dimColor>no element matches</Text> : null}
            {rows.slice(start, start + height).map((row, i) => {
                const e = row.element
                const selected = start + i === cursor
                const reason = e.present ? '' : e.reason.slice(e.reason.indexOf(': ') + 2)
                return (
                    <Text key={e.id} inverse={selected && focused} wrap="truncate">
                        <Text color={e.present ? 'green' : 'red'}>{e.present ? '✔ present' : '✘ pruned '}</Text> {'  '.repeat(row.depth)}
                        {e.display} <Text dimColor>{reason}</Text>
                    </Text>
                )
            })}
        </Box>
    )
}
