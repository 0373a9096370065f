// Load a saved profile, or save the current choices as one.
import {paint} from './paint.js'
import {Box} from 'ink'
import {Text} from './text.js'
import {renderExpression} from '../../engine/index.js'
import type {ProfilesState} from '../state/wizard.js'
import {window} from './window.js'

export interface ProfilesScreenProps {
    readonly profiles: ProfilesState
    readonly height: number
}

export function ProfilesScreen({profiles: {list, cursor, naming}, height}: ProfilesScreenProps) {
    const {start, end} = window(cursor, list.length, Math.max(1, height - 4))
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Profiles</Text>
            <Text dimColor>enter loads · s saves the current choices as a profile · esc back</Text>
            {list.length === 0 ? <Text>No profile for this template yet.</Text> : null}
            {list.slice(start, end).map((p, i) => (
                <Text key={p.name} inverse={start + i === cursor && !naming} wrap="truncate">
                    {p.name}{' '}
                    <Text dimColor>
                        presets {p.presets.join(', ') || 'none'} ·{' '}
                        {Object.entries(p.inputs)
                            .map(([k, v]) => `${k}=${renderExpression(v, 16)}`)
                            .join(', ') || 'no inputs'}
                        {p.note ? ` · ${p.note}` : ''}
                    </Text>
                </Text>
            ))}
            {naming ? <NamingLine naming={naming} /> : null}
        </Box>
    )
}

export function NamingLine({naming}: {readonly naming: NonNullable<ProfilesState['naming']>}) {
    return naming.confirming ? (
        <Text color={paint('yellow')}>Profile "{naming.text}" exists. Replace it? y / n</Text>
    ) : (
        <Text>
            save these choices as profile: {naming.text}▌ <Text dimColor>enter saves · esc skips</Text>
        </Text>
    )
}
