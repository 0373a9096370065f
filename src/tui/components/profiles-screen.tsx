// Load a saved profile, or save the current choices as one.
import {Box, Text} from 'ink'
import {renderExpression} from '../../engine/explain/index.js'
import type {Profile} from '../../profiles/index.js'

export interface ProfilesScreenProps {
    readonly profiles: readonly Profile[]
    readonly cursor: number
    /** Set while a name is typed for saving. */
    readonly naming?: {readonly text: string; readonly confirming: boolean}
    readonly message?: string
}

export function ProfilesScreen({profiles, cursor, naming, message}: ProfilesScreenProps) {
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Profiles</Text>
            <Text dimColor>enter loads · s saves the current choices as a profile · esc back</Text>
            {profiles.length === 0 ? <Text>No profile for this template yet.</Text> : null}
            {profiles.map((p, i) => (
                <Text key={p.name} inverse={i === cursor} wrap="truncate">
                    {p.name} <Text dimColor>presets {p.presets.join(', ') || 'none'} · {Object.entries(p.inputs).map(([k, v]) => `${k}=${renderExpression(v, 16)}`).join(', ') || 'no inputs'}{p.note ? ` · ${p.note}` : ''}</Text>
                </Text>
            ))}
            {naming ? (
                naming.confirming ? (
                    <Text color="yellow">Profile "{naming.text}" exists. Replace it? y / n</Text>
                ) : (
                    <Text>save as: {naming.text}▌</Text>
                )
            ) : null}
            {message ? <Text>{message}</Text> : null}
        </Box>
    )
}
