// Variability inputs with their value and where it came from; inputs that
// decide nothing are marked. The focused input previews what changing it does.
import {paint} from './paint.js'
import {Box} from 'ink'
import {Text, wrapText} from './text.js'
import {renderExpression} from '../../engine/index.js'
import type {InputRow} from '../state/inputs.js'
import {type Editor, editorEntries} from '../state/wizard.js'
import {window} from './window.js'

export interface InputsPaneProps {
    readonly rows: readonly InputRow[]
    readonly presets: readonly string[]
    readonly cursor: number
    readonly focused: boolean
    readonly editor?: Editor
    /** What committing the focused value would do (`+2 present, −2 pruned`). */
    readonly preview?: string
    readonly height: number
    readonly width?: number | string
    /** Columns inside the pane: a typed value's error is wrapped to them, read whole. */
    readonly room: number
}

/** How far in a typed value's error starts, under the value. */
const ERROR_INDENT = '      '

/** Columns the pane needs to show every row whole (name, value, source), and the entries of a list of values open. */
export function inputsWidth(rows: readonly InputRow[], editor?: Editor): number {
    const entries = editor && !editor.typing ? editorTexts(editor) : []
    return Math.max(
        6 + Math.max(24, ...rows.map(r => `${r.name} ${valueText(r)} ${r.source}${r.decidesSomething === false ? ' · decides nothing' : ''}`.length)),
        // indented under the row, after the cursor's mark
        ...entries.map(text => 10 + [...text].length),
    )
}

/** The entries of a list of values: the values offered, the removal of the value given, typing one. */
function editorTexts(editor: Editor): string[] {
    return [...editor.choices.map(c => renderExpression(c, 30)), ...(editor.removal === undefined ? [] : [editor.removal]), 'type a value…']
}

function valueText(row: InputRow): string {
    // an input with no value at all is never shown as "off": it needs one
    if (row.value === undefined) return row.needed ? '?' : '(unset)'
    if (row.type === 'boolean') return row.value === true ? '☑ on' : '☐ off'
    return renderExpression(row.value, 24)
}

export function InputsPane({rows, presets, cursor, focused, editor, preview, height, width, room}: InputsPaneProps) {
    const error = editor?.typing && editor.error ? wrapText(editor.error, Math.max(10, room - ERROR_INDENT.length)) : []
    const editorRows = editor ? (editor.typing ? 1 + Math.max(1, error.length) : Math.min(editorEntries(editor), 6) + 1) : focused && preview ? 1 : 0
    const {start, end} = window(cursor, rows.length, Math.max(1, height - 1 - editorRows))
    return (
        <Box
            flexDirection="column"
            borderStyle="single"
            borderColor={focused ? paint('cyan') : undefined}
            paddingX={1}
            width={width}
            height={height + 3}
            flexShrink={0}
            overflowY="hidden"
        >
            <Text bold>Inputs</Text>
            <Text dimColor wrap="truncate">
                presets {presets.length ? presets.map((p, i) => `${i + 1} ${p}`).join(' ▸ ') : 'none'}
            </Text>
            {rows.length === 0 ? <Text dimColor>the template declares no variability inputs</Text> : null}
            {rows.slice(start, end).map((row, i) => {
                const selected = start + i === cursor
                return (
                    <Box key={row.name} flexDirection="column">
                        <Text inverse={selected && focused} wrap="truncate">
                            {selected ? '▸ ' : '  '}
                            {row.name} {valueText(row)} <Text dimColor>{row.source}</Text>
                            {row.decidesSomething === false ? <Text dimColor> · decides nothing</Text> : ''}
                        </Text>
                        {selected && focused && !editor && row.type === 'boolean' && row.value !== undefined && preview ? (
                            <Text color={paint('cyan')} wrap="truncate">
                                {'    '}⏎ {row.value === true ? 'off' : 'on'} → {preview}
                            </Text>
                        ) : null}
                        {selected && editor ? <EditorView editor={editor} preview={preview} error={error} /> : null}
                    </Box>
                )
            })}
        </Box>
    )
}

/** `error`: the typed value's error, wrapped: under the value, every word of it shown. */
function EditorView({editor, preview, error}: {readonly editor: Editor; readonly preview?: string; readonly error: readonly string[]}) {
    if (editor.typing)
        return (
            <>
                <Text wrap="truncate">
                    {'    '}= {editor.text}▌ {error.length ? null : <Text color={paint('cyan')}>{preview ?? ''}</Text>}
                </Text>
                {error.map((row, i) => (
                    <Text key={i} color={paint('red')} wrap="truncate">
                        {ERROR_INDENT}
                        {row}
                    </Text>
                ))}
            </>
        )
    const entries = editorTexts(editor)
    const {start, end} = window(editor.cursor, entries.length, 6)
    return (
        <Box flexDirection="column" aria-role="listbox">
            {entries.slice(start, end).map((text, i) => {
                const at = start + i === editor.cursor
                return (
                    <Text key={text} wrap="truncate" inverse={at}>
                        {'    '}
                        {at ? '▸ ' : '  '}
                        {text}
                        {at && start + i < entries.length - 1 && preview ? <Text color={paint('cyan')}> → {preview}</Text> : null}
                    </Text>
                )
            })}
        </Box>
    )
}
