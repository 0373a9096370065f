export {buildReport, reportStream, type ReportOutcome, type ReportRequest} from './build.js'
export {PrunedElements, type ReportStream} from './pruned.js'
export {commandLine, shellQuote} from './command.js'
export {differingOptions, effectiveOptions} from './options.js'
export {
    REPORT_FORMAT,
    type ReportCheck,
    type ReportConflict,
    type ReportDiagnostic,
    type ReportData,
    type ReportElement,
    type ReportInput,
    type ReportOption,
    type ReportStatus,
    type ReportSummary,
    type ReportTopology,
} from './types.js'
