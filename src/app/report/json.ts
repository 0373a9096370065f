// The report as JSON (schema/report.schema.json describes it).
import {nestedJson, PrunedElements, type ReportData, type ReportStream} from '../../engine/index.js'

export function renderJson(report: ReportData): string {
    return `${JSON.stringify(report, null, 2)}\n`
}

/** The same text as renderJson, in pieces (see jsonChunks). */
export function renderJsonChunks(report: ReportData): string[] {
    return [...jsonChunks(report)]
}

/**
 * The report's JSON text, as renderJson writes it, in pieces: one per top-level field and one per
 * pruned element, each pruned element explained as it is written, so a report of a large template
 * (whose text would pass the longest string JavaScript can hold) is never held whole.
 */
export function* jsonChunks(report: ReportData | ReportStream): Generator<string> {
    const fields = Object.entries(report).filter(([, v]) => v !== undefined && typeof v !== 'function')
    yield '{'
    for (const [i, [key, value]] of fields.entries()) {
        const comma = i < fields.length - 1 ? ',' : ''
        const head = `\n  ${JSON.stringify(key)}: `
        const pruned = value instanceof PrunedElements ? value : undefined
        if (pruned ? pruned.count > 0 : Array.isArray(value) && value.length > 0) {
            yield `${head}[`
            let first = true
            for (const item of pruned ? pruned.explain() : (value as unknown[])) {
                yield `${first ? '' : ','}\n    ${nestedJson(item, 2)}`
                first = false
            }
            yield `\n  ]${comma}`
        } else yield `${head}${pruned ? '[]' : nestedJson(value, 1)}${comma}`
    }
    yield '\n}\n'
}
