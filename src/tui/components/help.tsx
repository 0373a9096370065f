// Every key, grouped by where it works.
import {Box} from 'ink'
import {Text, wrapText} from './text.js'

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
            ['enter', 'toggle a boolean; choose a value from a list (each previewed) or type one; each value set moves on to the next input that needs one'],
            ['space', 'toggle a boolean'],
            ['x / delete', "remove a value given (a profile's, --set, set here): the preset's value or the default applies again"],
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
            ['c', 'when nothing resolves (also on the presets): the conflict and verified repairs, or the inputs that need a value'],
            ['W', 'write the resolved template and its report (also on the presets)'],
        ],
    ],
]

/** The help as rows: group titles and keys, each description wrapped to the width. */
function helpRows(width: number): {readonly text: string; readonly title: boolean}[] {
    const rows: {text: string; title: boolean}[] = []
    for (const [group, keys] of KEY_GROUPS) {
        rows.push({text: group, title: true})
        for (const [key, what] of keys)
            wrapText(what, Math.max(10, width - 15)).forEach((piece, i) => rows.push({text: `  ${(i === 0 ? key : '').padEnd(10)}   ${piece}`, title: false}))
    }
    return rows
}

/** Every key; scrolled with ↑↓ when the terminal is shorter than the list. */
export function Help({height, width, offset}: {readonly height: number; readonly width: number; readonly offset: number}) {
    const rows = helpRows(width - 4)
    // the borders and the title line take three rows: a fourth key row would push the title under the first
    const visible = Math.max(1, height - 3)
    const start = Math.max(0, Math.min(offset, rows.length - visible))
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold wrap="truncate">
                Keys{' '}
                <Text dimColor>
                    {rows.length > visible ? `${start + 1}–${Math.min(rows.length, start + visible)} of ${rows.length}, ↑↓ to scroll · ` : ''}esc, ? or q to go back
                </Text>
            </Text>
            {rows.slice(start, start + visible).map((row, i) => (
                <Text key={start + i} underline={row.title} wrap="truncate">
                    {row.text}
                </Text>
            ))}
        </Box>
    )
}
