// Renders a condition the way a modeller writes it, in YAML flow style:
// `{equal: [{variability_input: mode}, prod]}`.
const PLAIN = /^[A-Za-z_][\w.\-/]*$/

export function renderExpression(value: unknown, max = 160): string {
    const text = render(value)
    return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function render(value: unknown): string {
    if (value === null || value === undefined) return 'null'
    if (typeof value === 'string') return PLAIN.test(value) && !['true', 'false', 'null', 'yes', 'no'].includes(value) ? value : JSON.stringify(value)
    if (typeof value !== 'object') return String(value)
    if (Array.isArray(value)) return `[${value.map(render).join(', ')}]`
    return `{${Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${render(v)}`)
        .join(', ')}}`
}
