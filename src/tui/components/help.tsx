// Every key, grouped by where it works.
import {Box, Text} from 'ink'

export const KEY_GROUPS: readonly (readonly [string, readonly (readonly [string, string])[]])[] = [
    [
        'everywhere',
        [
            ['↑ ↓  j k', 'move (page up/down, home/end or g/G jump)'],
            ['tab', 'next pane: inputs → topology → why (shift-tab back)'],
            ['esc', 'back: cancel an edit, leave a screen, return from a followed element'],
            ['?', 'this help'],
            ['q', 'quit (asks first when choices are not written)'],
            ['ctrl-c', 'leave at once; the terminal is restored'],
            ['ctrl-u / w', 'in a text field: clear it / delete the last word'],
        ],
    ],
    [
        'inputs',
        [
            ['enter', 'toggle a boolean; choose a value from a list (each previewed) or type one'],
            ['space', 'toggle a boolean'],
        ],
    ],
    [
        'topology and why',
        [
            ['enter', 'topology: explain the element · why: follow the element a line names'],
            ['f', 'filter: all, present, pruned'],
            ['/', 'search elements by name'],
            ['w', 'what would flip the element (suggestions verified by resolving again)'],
            ['z', 'the why pane on the whole screen, every line in full (z or esc back)'],
            ['1–9', 'apply a numbered suggestion'],
        ],
    ],
    [
        'screens',
        [
            ['p', 'presets: choose and order them'],
            ['o', 'profiles: load one'],
            ['s', 'save the current choices as a profile'],
            ['c', 'when no variant exists: the conflict and verified repairs'],
            ['W', 'write the resolved template and its report'],
        ],
    ],
]

export function Help() {
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Keys</Text>
            {KEY_GROUPS.map(([group, keys]) => (
                <Box key={group} flexDirection="column">
                    <Text underline>{group}</Text>
                    {keys.map(([key, what]) => (
                        <Text key={key} wrap="truncate">
                            {'  '}
                            <Text bold>{key.padEnd(10)}</Text> {what}
                        </Text>
                    ))}
                </Box>
            ))}
            <Text dimColor>esc, ? or q to go back</Text>
        </Box>
    )
}
