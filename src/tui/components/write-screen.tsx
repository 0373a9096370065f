// Write: what changes, where it goes (both paths editable), a confirmation
// before overwriting, and afterwards the offer to keep the choices as a profile.
import {paint} from './paint.js'
import {Box, Text} from 'ink'
import type {ProfilesState, WriteState} from '../state/wizard.js'
import {NamingLine} from './profiles-screen.js'

export interface WriteScreenProps {
    readonly summary: string
    readonly write: WriteState
    readonly exists: (file: string) => boolean
    readonly naming?: ProfilesState['naming']
}

export function WriteScreen({summary, write, exists, naming}: WriteScreenProps) {
    const path = (field: 'output' | 'report', label: string) => (
        <Text wrap="truncate">
            {label}{' '}
            <Text bold inverse={write.field === field}>
                {write[field] || ' '}
            </Text>
            {write.field === field ? '▌' : ''}
            {write[field] && exists(write[field]) ? <Text color={paint('yellow')}> (exists: will be replaced)</Text> : null}
        </Text>
    )
    const existing = [write.output, write.report].filter(f => f && exists(f))
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Write the resolved template</Text>
            <Text>{summary}</Text>
            {path('output', 'template')}
            {path('report', 'report  ')}
            {write.offering && naming ? (
                <NamingLine naming={naming} />
            ) : write.confirming ? (
                <Text color={paint('yellow')}>
                    {existing.join(' and ')} {existing.length > 1 ? 'exist' : 'exists'}. Overwrite? y / n
                </Text>
            ) : (
                <Text dimColor>enter writes · tab edits the paths (an empty report path writes none) · esc back</Text>
            )}
        </Box>
    )
}
