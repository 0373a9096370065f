// Every key, grouped.
import {Box, Text} from 'ink'

export const KEYS: readonly [string, string][] = [
    ['↑ ↓  j k', 'move'],
    ['tab', 'switch between inputs and topology'],
    ['enter', 'inputs: toggle a boolean, edit a value · topology: explain the element'],
    ['esc', 'cancel an edit, leave a screen'],
    ['p', 'choose presets'],
    ['o', 'profiles: load one, or s to save the current choices as one'],
    ['f', 'filter the topology: all, present, pruned'],
    ['/', 'search the topology'],
    ['w', 'what would flip the selected element (verified suggestions)'],
    ['W', 'write the resolved template'],
    ['?', 'this help'],
    ['q', 'quit (asks when choices are not written)'],
    ['ctrl-c', 'leave at once'],
]

export function Help() {
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Keys</Text>
            {KEYS.map(([key, what]) => (
                <Text key={key}>
                    <Text bold>{key.padEnd(10)}</Text> {what}
                </Text>
            ))}
            <Text dimColor>esc to go back</Text>
        </Box>
    )
}
