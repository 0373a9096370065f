// The live verdict, always visible: counts, or that no variant exists.
import {paint} from './paint.js'
import {Box, Text} from 'ink'
import type {Outcome} from '../state/session.js'
import {Spinner} from './spinner.js'

export interface HeaderProps {
    readonly file: string
    readonly version: string
    readonly mode?: string
    readonly outcome?: Outcome
    readonly busy: boolean
}

export function Header({file, version, mode, outcome, busy}: HeaderProps) {
    return (
        <Box justifyContent="space-between">
            <Box flexShrink={1} marginRight={1}>
                <Text wrap="truncate">
                    <Text bold>trellis</Text> {file}{' '}
                    <Text dimColor>
                        {version}
                        {mode ? ` · mode ${mode}` : ''}
                    </Text>
                </Text>
            </Box>
            <Box flexShrink={0}>
                <Verdict outcome={outcome} busy={busy} />
            </Box>
        </Box>
    )
}

function Verdict({outcome, busy}: {readonly outcome?: Outcome; readonly busy: boolean}) {
    if (busy || !outcome) return <Spinner label="resolving…" />
    if (outcome.ok)
        return (
            <Text>
                <Text color={paint('green')}>✔ {outcome.present} present</Text> <Text color={paint('red')}>✘ {outcome.pruned} pruned</Text>
            </Text>
        )
    const n = outcome.conflict.length
    return <Text color={paint('red')}>✘ no variant{n ? `: ${n} ${n === 1 ? 'condition conflicts' : 'conditions conflict'}` : ''} (c to see)</Text>
}
