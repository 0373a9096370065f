// Text from the engine and from templates made safe for the Markdown report, and
// readable raw: a name is a code span (which needs no escapes and holds any
// markup inert), other text is escaped only where Markdown would read it as
// markup. Every character that can start markup is escaped or inside a code span,
// so a template's names and values can add neither Markdown nor HTML.
import {CONTROL_RANGES} from '../../engine/index.js'
import {escapeControls} from '../shown-text.js'

const CONTROL = new RegExp(`[${CONTROL_RANGES}]`, 'u')

/**
 * What Markdown reads as markup inside a line of prose: backslashes, code, emphasis, strikethrough,
 * links, HTML, table cells, an entity (`&amp;`); an underscore only at a word's edge (inside a word,
 * `shop_ingress`, it marks nothing).
 */
const MARKUP = /[\\`*[\]<>|~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|&(?=#?[\p{L}\p{N}]+;)/gu
/** What would begin a block at the start of a list item's or a heading's text: a heading, a list item, a rule (`---`). */
const BLOCK_START = /^(?:#{1,6}(?=[ \t]|$)|[-+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)|-(?=[- \t]*$))/

function escapeInline(text: string): string {
    return escapeControls(text.replace(MARKUP, '\\$&'))
}

function flat(text: string): string {
    return text.includes('\n') ? text.replace(/\r?\n/g, ' ') : text
}

/** Escapes text for Markdown prose and table cells: a line break is a space, other control characters are shown escaped. */
export function escapeMarkdown(text: string): string {
    return escapeInline(flat(text)).replace(BLOCK_START, m => `${m.slice(0, -1)}\\${m.slice(-1)}`)
}

/** A code span that survives backticks in its content; line breaks are spaces, other control characters shown escaped. */
export function code(text: string): string {
    if (text === '') return '""'
    if (!CONTROL.test(text) && !text.includes('`') && !(text.startsWith(' ') && text.endsWith(' '))) return `\`${text}\``
    const flat = escapeControls(text.replace(/\r?\n/g, ' '))
    const runs = flat.match(/`+/g) ?? []
    const fence = '`'.repeat(Math.max(0, ...runs.map(r => r.length)) + 1)
    // Markdown strips one space from each end of a span that has both: a pad keeps the text's own
    const pad = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '') ? ' ' : ''
    return `${fence}${pad}${flat}${pad}${fence}`
}

/**
 * A name the engine quotes in its text (`Node "shop_ingress"`, `its target node "db" is absent`): the
 * quotes open after a space or bracket and close before one or before punctuation, so a quote inside a
 * name (`"say "hi" twice"`) stays in it.
 */
const QUOTED = /(?<=^|[\s([])"(.+?)"(?=$|[\s,.;:!?)\]])/g

/**
 * Text from the engine for Markdown prose: each name it quotes as a code span (`` Node `shop_ingress` ``),
 * the rest escaped (`span`: `cell` inside a table). A name that holds a quote before a space is split
 * there: still all shown, all safe.
 */
export function prose(text: string, span: (text: string) => string = code): string {
    const line = flat(text)
    if (!line.includes('"')) return escapeMarkdown(line)
    let out = ''
    let last = 0
    for (const m of line.matchAll(QUOTED)) {
        // only the text's start can begin a block: the first piece is escaped as the whole would be
        out += (last === 0 ? escapeMarkdown : escapeInline)(line.slice(last, m.index)) + span(m[1]!)
        last = m.index + m[0].length
    }
    return out + escapeInline(line.slice(last))
}

/** A code span inside a table cell, where a pipe would end the cell. */
export function cell(text: string): string {
    return code(text).replace(/\|/g, '\\|')
}
