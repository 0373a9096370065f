// Renders a condition the way a modeller writes it, in YAML flow style:
// `{equal: [{variability_input: mode}, prod]}`.
const PLAIN = /^[A-Za-z_][\w.\-/]*$/

export function renderExpression(value: unknown, max = 160): string {
    const text = render(value)
    return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

const KEYWORDS = new Set(['true', 'false', 'null', 'yes', 'no'])

// plain loops: every condition of a large template is rendered when all are explained
function render(value: unknown): string {
    if (value === null || value === undefined) return 'null'
    if (typeof value === 'string') return PLAIN.test(value) && !KEYWORDS.has(value) ? value : JSON.stringify(value)
    if (typeof value !== 'object') return String(value)
    let text = ''
    if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ', ') + render(value[i])
        return `[${text}]`
    }
    for (const key of Object.keys(value)) text += `${text === '' ? '' : ', '}${key}: ${render((value as Record<string, unknown>)[key])}`
    return `{${text}}`
}
