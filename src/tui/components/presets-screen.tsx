// Choose presets: each with its name, description and the inputs it sets; the
// apply order is numbered because later presets override earlier ones.
import {Box, Text} from 'ink'
import {renderExpression} from '../../engine/explain/index.js'
import type {PresetDefinition} from '../../engine/inputs/index.js'

export interface PresetsScreenProps {
    readonly presets: readonly PresetDefinition[]
    readonly chosen: readonly string[]
    readonly cursor: number
}

export function PresetsScreen({presets, chosen, cursor}: PresetsScreenProps) {
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Presets</Text>
            <Text dimColor>space or enter selects (in order: later presets override earlier ones) · esc back</Text>
            {presets.length === 0 ? <Text>The template defines no presets.</Text> : null}
            {presets.map((p, i) => {
                const order = chosen.indexOf(p.name)
                return (
                    <Box key={p.name} flexDirection="column">
                        <Text inverse={i === cursor}>
                            {order >= 0 ? `[${order + 1}]` : '[ ]'} {p.name}
                            {p.displayName ? ` — ${p.displayName}` : ''}
                        </Text>
                        {p.description ? <Text dimColor>{`      ${p.description}`}</Text> : null}
                        <Text dimColor wrap="truncate">{`      sets ${Object.entries(p.inputs).map(([k, v]) => `${k}=${renderExpression(v, 20)}`).join(', ')}`}</Text>
                    </Box>
                )
            })}
        </Box>
    )
}
