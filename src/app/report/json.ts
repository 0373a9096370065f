// The report as JSON (schema/report.schema.json describes it).
import type {ReportData} from '../../engine/index.js'

export function renderJson(report: ReportData): string {
    return `${JSON.stringify(report, null, 2)}\n`
}

/**
 * The same text as renderJson, in pieces: one per top-level field and one per pruned element, so a
 * report of a large template (whose text would pass the longest string JavaScript can hold) is
 * written piece by piece.
 */
export function renderJsonChunks(report: ReportData): string[] {
    const fields = Object.entries(report).filter(([, v]) => v !== undefined && typeof v !== 'function')
    const chunks: string[] = ['{']
    fields.forEach(([key, value], i) => {
        const comma = i < fields.length - 1 ? ',' : ''
        const head = `\n  ${JSON.stringify(key)}: `
        if (Array.isArray(value) && value.length > 0) {
            chunks.push(`${head}[`)
            value.forEach((item, j) => chunks.push(`\n    ${nested(item, 2)}${j < value.length - 1 ? ',' : ''}`))
            chunks.push(`\n  ]${comma}`)
        } else chunks.push(`${head}${nested(value, 1)}${comma}`)
    })
    chunks.push('\n}\n')
    return chunks
}

/** A value as JSON.stringify(…, null, 2) writes it `depth` levels in (it indents the value itself). */
function nested(value: unknown, depth: number): string {
    let wrapped: unknown = value
    for (let i = 0; i < depth; i++) wrapped = [wrapped]
    const text = JSON.stringify(wrapped, null, 2)
    const lead = Array.from({length: depth}, (_, i) => `[\n${'  '.repeat(i + 1)}`).join('')
    const tail = Array.from({length: depth}, (_, i) => `\n${'  '.repeat(depth - 1 - i)}]`).join('')
    return text.slice(lead.length, text.length - tail.length)
}
