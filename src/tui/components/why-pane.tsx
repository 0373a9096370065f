// The explanation of the selected element: root causes first, then the chain.
import {Box, Text} from 'ink'

export interface WhyPaneProps {
    readonly lines: readonly string[]
    readonly height: number
    readonly whatIf?: readonly string[]
}

export function WhyPane({lines, height, whatIf}: WhyPaneProps) {
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            {lines.slice(0, height).map((line, i) => (
                <Text key={i} wrap="truncate" bold={i === 0}>
                    {line}
                </Text>
            ))}
            {lines.length > height ? <Text dimColor>… {lines.length - height} more lines (trellis explain shows all)</Text> : null}
            {whatIf?.map((line, i) => (
                <Text key={`w${i}`} wrap="truncate" color="cyan">
                    {line}
                </Text>
            ))}
        </Box>
    )
}
