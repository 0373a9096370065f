// The live verdict, always visible: counts, or that no variant exists.
import {Box, Text} from 'ink'
import type {Outcome} from '../state/session.js'

export interface HeaderProps {
    readonly file: string
    readonly version: string
    readonly outcome?: Outcome
    readonly busy: boolean
}

export function Header({file, version, outcome, busy}: HeaderProps) {
    return (
        <Box justifyContent="space-between">
            <Text>
                <Text bold>trellis</Text> {file} · {version}
            </Text>
            {busy || !outcome ? (
                <Text>resolving…</Text>
            ) : outcome.ok ? (
                <Text>
                    <Text color="green">✔ {outcome.present} present</Text> <Text color="red">✘ {outcome.pruned} pruned</Text>
                </Text>
            ) : (
                <Text color="red">✘ no variant: {outcome.conflict.length ? `${outcome.conflict.length} conditions conflict` : outcome.error.message}</Text>
            )}
        </Box>
    )
}
