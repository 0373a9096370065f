// Write: what changes, where it goes, and a confirmation before overwriting.
import {Box, Text} from 'ink'

export interface WriteScreenProps {
    readonly summary: string
    readonly output: string
    readonly report: string
    readonly exists: boolean
    readonly confirming: boolean
    readonly message?: string
}

export function WriteScreen({summary, output, report, exists, confirming, message}: WriteScreenProps) {
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Write the resolved template</Text>
            <Text>{summary}</Text>
            <Text>
                output <Text bold>{output}</Text>
                {exists ? <Text color="yellow"> (exists)</Text> : null}
            </Text>
            <Text>
                report <Text bold>{report}</Text>
            </Text>
            {message ? <Text>{message}</Text> : confirming ? <Text color="yellow">{output} exists. Overwrite it? y / n</Text> : <Text dimColor>enter writes · esc back</Text>}
        </Box>
    )
}
