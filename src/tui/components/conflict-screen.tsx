// No variant exists: the smallest set of conflicting conditions, in plain
// words with locations, and repairs verified by resolving again. When inputs
// still need a value, nothing was weighed yet: they are listed, and enter
// walks through them.
import {paint} from './paint.js'
import {Box} from 'ink'
import {Text} from './text.js'
import {failureLines} from '../../app/conflict-text.js'
import type {LookupProgress} from '../hooks/use-lookup.js'
import type {Outcome, Suggestion} from '../state/wizard.js'
import {Spinner} from './spinner.js'

export interface ConflictScreenProps {
    readonly outcome?: Outcome
    /** Inputs that need a value (none given, no default). */
    readonly missing: readonly string[]
    readonly suggestions?: {readonly note: string; readonly items: readonly Suggestion[]}
    readonly progress?: LookupProgress
    readonly width: number
}

export function ConflictScreen({outcome, missing, suggestions, progress, width}: ConflictScreenProps) {
    if (!outcome || outcome.ok)
        return (
            <Box borderStyle="single" paddingX={1}>
                <Text>A variant exists again. esc back</Text>
            </Box>
        )
    if (outcome.error.code === 'input-missing' && missing.length > 0)
        return (
            <Box flexDirection="column" borderStyle="single" paddingX={1} width={width}>
                <Text bold color={paint('red')} wrap="wrap">
                    ✘ Nothing resolves yet: {missing.length === 1 ? 'this input needs a value' : `these ${missing.length} inputs need a value`} (none is given and the template has
                    no default)
                </Text>
                {missing.map(name => (
                    <Text key={name} wrap="truncate">
                        {'  '}- {name}
                    </Text>
                ))}
                <Text color={paint('cyan')} wrap="wrap">
                    enter: set {missing[0]} now; each value set moves on to the next input that needs one
                </Text>
            </Box>
        )
    const [headline, ...rest] = failureLines(outcome.error, outcome.conflict)
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1} width={width}>
            <Text bold color={paint('red')} wrap="wrap">
                ✘ {headline!.text}
            </Text>
            {rest.map((line, i) => {
                // the excerpt's underline lines up with its line: never wrapped
                if (line.below)
                    return (
                        <Text key={i} wrap="truncate">
                            {line.text}
                        </Text>
                    )
                // a line too long for the screen continues under its own text
                const text = line.text.trimStart()
                return (
                    <Box key={i} paddingLeft={line.text.length - text.length}>
                        <Text wrap="wrap">
                            {text}
                            {line.location ? <Text dimColor>{`  (${line.location})`}</Text> : null}
                        </Text>
                    </Box>
                )
            })}
            {progress ? <Spinner label={`looking for repairs… ${progress.tried}/${progress.total}`} /> : null}
            {suggestions && !progress ? (
                <>
                    <Text color={paint('cyan')} wrap="wrap">
                        {suggestions.note}
                    </Text>
                    {suggestions.items.map((s, i) => (
                        <Text key={s.text} color={paint('cyan')} wrap="wrap">
                            {'  '}
                            {i + 1}) {s.text} <Text dimColor>verified ✔</Text>
                        </Text>
                    ))}
                </>
            ) : null}
        </Box>
    )
}
