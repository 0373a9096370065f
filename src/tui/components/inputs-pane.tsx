// Variability inputs with value and source; inputs that decide nothing are marked.
import {Box, Text} from 'ink'
import {renderExpression} from '../../engine/explain/index.js'
import type {InputRow} from '../state/session.js'

export interface InputsPaneProps {
    readonly rows: readonly InputRow[]
    readonly presets: readonly string[]
    readonly cursor: number
    readonly focused: boolean
    readonly editing?: {readonly text: string; readonly preview?: string; readonly error?: string}
    readonly height: number
}

export function InputsPane({rows, presets, cursor, focused, editing, height}: InputsPaneProps) {
    const start = Math.max(0, Math.min(cursor - Math.floor(height / 2), rows.length - height))
    return (
        <Box flexDirection="column" borderStyle="single" borderColor={focused ? 'cyan' : undefined} paddingX={1} width="40%">
            <Text bold>Inputs</Text>
            <Text dimColor>presets {presets.length ? presets.map((p, i) => `${i + 1} ${p}`).join('  ') : 'none'}</Text>
            {rows.slice(start, start + height).map((row, i) => {
                const selected = start + i === cursor
                const value = row.type === 'boolean' ? (row.value === true ? '☑ on' : '☐ off') : row.value === undefined ? '(unset)' : renderExpression(row.value, 24)
                return (
                    <Box key={row.name} flexDirection="column">
                        <Text inverse={selected && focused} wrap="truncate">
                            {selected ? '▸ ' : '  '}
                            {row.name} {value} <Text dimColor>{row.source}</Text>
                            {row.decidesSomething ? '' : <Text dimColor> · decides nothing</Text>}
                        </Text>
                        {selected && editing ? (
                            <Text>
                                {'    '}= {editing.text}▌ {editing.error ? <Text color="red">{editing.error}</Text> : <Text dimColor>{editing.preview ?? ''}</Text>}
                            </Text>
                        ) : null}
                    </Box>
                )
            })}
        </Box>
    )
}
