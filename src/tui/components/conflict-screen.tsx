// No variant exists: the smallest set of conflicting conditions, in plain
// words with locations, and repairs verified by resolving again.
import {paint} from './paint.js'
import {Box, Text} from 'ink'
import type {LookupProgress} from '../hooks/use-lookup.js'
import type {Outcome} from '../state/session.js'
import type {Suggestion} from '../state/wizard.js'
import {Spinner} from './spinner.js'

export interface ConflictScreenProps {
    readonly outcome?: Outcome
    readonly suggestions?: {readonly note: string; readonly items: readonly Suggestion[]}
    readonly progress?: LookupProgress
}

export function ConflictScreen({outcome, suggestions, progress}: ConflictScreenProps) {
    if (!outcome || outcome.ok)
        return (
            <Box borderStyle="single" paddingX={1}>
                <Text>A variant exists again. esc back</Text>
            </Box>
        )
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold color={paint('red')}>
                ✘ No variant exists: {outcome.error.message}
            </Text>
            {outcome.conflict.length ? <Text>These conditions cannot hold together:</Text> : null}
            {outcome.conflict.map((c, i) => (
                <Text key={i} wrap="truncate">
                    {'  '}- {c.text}: {c.condition}
                    {c.location ? <Text dimColor> ({c.location})</Text> : null}
                </Text>
            ))}
            {progress ? <Spinner label={`looking for repairs… ${progress.tried}/${progress.total}`} /> : null}
            {suggestions && !progress ? (
                <>
                    <Text color={paint('cyan')}>{suggestions.note}</Text>
                    {suggestions.items.map((s, i) => (
                        <Text key={s.text} color={paint('cyan')} wrap="truncate">
                            {'  '}
                            {i + 1}) {s.text} <Text dimColor>verified ✔</Text>
                        </Text>
                    ))}
                </>
            ) : null}
            <Text dimColor>1–9 applies a repair · p presets · esc back</Text>
        </Box>
    )
}
