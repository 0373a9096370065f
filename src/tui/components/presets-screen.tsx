// Choose presets: each with its name, description and the inputs it sets; the
// apply order is numbered because later presets override earlier ones. The
// focused preset previews what choosing (or dropping) it would do.
import {paint} from './paint.js'
import {Box} from 'ink'
import {Text} from './text.js'
import {type PresetDefinition, renderExpression} from '../../engine/index.js'
import {window} from './window.js'

export interface PresetsScreenProps {
    readonly presets: readonly PresetDefinition[]
    readonly chosen: readonly string[]
    readonly cursor: number
    readonly preview?: string
    readonly height: number
}

export function PresetsScreen({presets, chosen, cursor, preview, height}: PresetsScreenProps) {
    // each preset takes its name line, a description line when it has one, and what it sets; the screen's frame takes 5
    const perPreset = presets.some(p => p.description) ? 3 : 2
    const {start, end} = window(cursor, presets.length, Math.max(1, Math.floor((height - 5) / perPreset)))
    return (
        <Box flexDirection="column" borderStyle="single" paddingX={1}>
            <Text bold>Presets</Text>
            <Text dimColor wrap="truncate">
                space or enter chooses · later presets override earlier ones · o load a profile · esc back
            </Text>
            <Text wrap="truncate">applied in order: {chosen.length ? chosen.map((p, i) => `${i + 1} ${p}`).join(' ▸ ') : 'none'}</Text>
            {presets.length === 0 ? <Text>The template defines no presets.</Text> : null}
            {presets.slice(start, end).map((p, i) => {
                const at = start + i === cursor
                const order = chosen.indexOf(p.name)
                return (
                    <Box key={p.name} flexDirection="column">
                        <Text inverse={at} wrap="truncate">
                            {order >= 0 ? `[${order + 1}]` : '[ ]'} {p.name}
                            {p.displayName ? ` — ${p.displayName}` : ''}
                            {at && preview ? (
                                <Text color={paint('cyan')}>
                                    {' '}
                                    {order >= 0 ? 'drop' : 'choose'} → {preview}
                                </Text>
                            ) : null}
                        </Text>
                        {p.description ? <Text dimColor wrap="truncate">{`      ${p.description}`}</Text> : null}
                        <Text dimColor wrap="truncate">{`      sets ${
                            Object.entries(p.inputs)
                                .map(([k, v]) => `${k} = ${renderExpression(v, 20)}`)
                                .join(', ') || 'nothing'
                        }`}</Text>
                    </Box>
                )
            })}
        </Box>
    )
}
