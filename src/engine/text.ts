// Template values in messages. A value read from a template can be a map whose
// `toString` is data (`{toString: x}`), which String() and `${}` cannot print:
// messages show such values as JSON instead, cut when long.

/** A value as message text: a string as it is, anything else as (short) JSON. */
export function textOf(value: unknown): string {
    if (typeof value === 'string') return value
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return String(value)
    let json: string | undefined
    try {
        json = JSON.stringify(value)
    } catch {
        json = undefined // a structure that refers to itself (YAML aliases)
    }
    if (json === undefined) return Array.isArray(value) ? '[…]' : '{…}'
    return json.length > 80 ? `${json.slice(0, 77)}...` : json
}

/** `Node "db" is pruned` inside a sentence: `node "db" is pruned`. */
export function lowerFirst(text: string): string {
    return text.charAt(0).toLowerCase() + text.slice(1)
}

/** The bidirectional marks, embeddings, overrides and isolates: printable to YAML, yet they reorder what a terminal shows after them. */
export const BIDI_RANGES = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069'

/**
 * Characters that show as nothing, so that two names differing by one look the same: the soft
 * hyphen, zero-width spaces and joiners, the word joiner and invisible operators, the byte order
 * mark, the Hangul and Mongolian fillers, and the tag characters (U+E0000–E007F) that can spell a
 * hidden text. A character class for a regular expression with the `u` flag.
 */
export const INVISIBLE_RANGES = '\\u00ad\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200d\\u2060-\\u2064\\u3164\\ufeff\\uffa0\\u{e0000}-\\u{e007f}'

/**
 * Characters a terminal acts on instead of showing, or that show as nothing: C0 controls (ESC
 * starts the sequences that write the clipboard, clear the screen, set the title), DEL, C1 controls
 * (U+009B is a CSI of its own on some terminals), the line and paragraph separators, the
 * bidirectional marks, embeddings, overrides and isolates that reorder what follows, and the
 * invisible characters above. The one rule every place that shows template text escapes by (the
 * shells, the Markdown report, a quoted shell word). A character class for a regular expression
 * with the `u` flag (the tag characters lie beyond U+FFFF).
 */
export const CONTROL_RANGES = `\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI_RANGES}${INVISIBLE_RANGES}`

const NAMED_CONTROLS: Readonly<Record<string, string>> = {'\n': '\\n', '\t': '\\t', '\r': '\\r'}

/** One such character as visible text: `\n`, `\x1b`, `\u202e`, `\u{e0041}` (as a shell's $'…' reads them too). */
export function escapedControl(ch: string): string {
    const code = ch.codePointAt(0)!
    if (NAMED_CONTROLS[ch]) return NAMED_CONTROLS[ch]
    if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** A rendered value's plain strings: no quotes needed in YAML flow style. */
const PLAIN = /^[A-Za-z_][\w.\-/]*$/
const KEYWORDS = new Set(['true', 'false', 'null', 'yes', 'no'])

/** A condition or value the way a modeller writes it, in YAML flow style: `{equal: [{variability_input: mode}, prod]}`. */
export function renderExpression(value: unknown, max = 160): string {
    const text = render(value)
    return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * A value as text that `--set`, a `TRELLIS_INPUT_` variable and the wizard read back as that very
 * value (inputs/typed-text.ts): YAML flow style as renderExpression writes it, whole. What a command
 * that reproduces choices sets an input to.
 */
export function typedText(value: unknown): string {
    return render(value)
}

// plain loops: every condition of a large template is rendered when all are explained
function render(value: unknown): string {
    if (value === null || value === undefined) return 'null'
    if (typeof value === 'string') return plain(value) ? value : JSON.stringify(value)
    if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf'
    if (typeof value !== 'object') return String(value)
    let text = ''
    if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ', ') + render(value[i])
        return `[${text}]`
    }
    for (const key of Object.keys(value)) text += `${text === '' ? '' : ', '}${plain(key) ? key : JSON.stringify(key)}: ${render((value as Record<string, unknown>)[key])}`
    return `{${text}}`
}

/** Whether YAML reads the text unquoted as this very string (`True`, `NULL` are a boolean and no value). */
function plain(text: string): boolean {
    return PLAIN.test(text) && !KEYWORDS.has(text.toLowerCase())
}
