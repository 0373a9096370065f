// The report as JSON (schema/report.schema.json describes it).
import type {ReportData} from '../../engine/index.js'

export function renderJson(report: ReportData): string {
    return `${JSON.stringify(report, null, 2)}\n`
}
