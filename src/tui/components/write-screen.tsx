// Write: what changes, where it goes (both paths editable), a confirmation
// before overwriting, and afterwards the offer to keep the choices as a profile.
// Paths are shown relative to the current folder and, when still too long, cut
// from the left: the file name always shows.
import {paint} from './paint.js'
import {Box} from 'ink'
import type {ProfilesState, WriteField, WriteState} from '../state/wizard.js'
import {NamingLine} from './profiles-screen.js'
import {fromLeft, shortPath, Text} from './text.js'

export interface WriteScreenProps {
    readonly summary: string
    readonly write: WriteState
    readonly exists: (file: string) => boolean
    readonly naming?: ProfilesState['naming']
    /** The terminal's columns. */
    readonly width: number
}

/** The border and padding around the screen's text. */
const FRAME = 4
const EXISTS = ' (exists: will be replaced)'

export function WriteScreen({summary, write, exists, naming, width}: WriteScreenProps) {
    const path = (field: WriteField, label: string) => {
        const file = write[field] ?? ''
        const editing = write.field === field
        const replaced = file !== '' && exists(file)
        // what the path may take: the line less its label, the cursor and the note beside it
        const room = width - FRAME - label.length - 1 - (editing ? 1 : 0) - (replaced ? EXISTS.length : 0)
        // while it is edited the text is shown as typed, its end in view; else as the user reads paths
        const shown = editing ? fromLeft(file, room) : shortPath(file, room)
        return (
            <Text wrap="truncate">
                {label}{' '}
                <Text bold inverse={editing}>
                    {shown || ' '}
                </Text>
                {editing ? '▌' : ''}
                {replaced ? <Text color={paint('yellow')}>{EXISTS}</Text> : null}
            </Text>
        )
    }
    const existing = [write.output, write.report, write.csar].filter((f): f is string => f !== undefined && f !== '' && exists(f)).map(f => shortPath(f))
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Write the resolved template</Text>
            <Text wrap="wrap">{summary}</Text>
            {path('output', 'template')}
            {path('report', 'report  ')}
            {write.csar !== undefined ? path('csar', 'CSAR    ') : null}
            {write.offering && naming ? (
                <NamingLine naming={naming} />
            ) : write.confirming ? (
                <Text color={paint('yellow')} wrap="wrap">
                    {existing.join(' and ')} {existing.length > 1 ? 'exist' : 'exists'}. Overwrite? y / n
                </Text>
            ) : (
                <Text dimColor wrap="wrap">
                    enter writes · tab edits the paths (an empty report{write.csar !== undefined ? ' or CSAR' : ''} path writes none) · esc back
                </Text>
            )}
        </Box>
    )
}
