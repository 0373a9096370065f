export {buildReport, elementSummary, reportStream, type ReportOutcome, type ReportRequest} from './build.js'
export {PrunedElements, type ReportStream} from './pruned.js'
export {differingOptions, effectiveOptions} from './options.js'
export {type ReportData, type ReportDiagnostic, type ReportElement, type ReportOption, type ReportTopology} from './types.js'
