// `analyze` off the server's thread: the template's text analyzed over every input assignment, the
// findings posted back as plain data. The server ends the worker when the text changes again.
import {parentPort, workerData} from 'node:worker_threads'
import {analyzeTemplate, setMaxYamlSize, templateFromText} from '../engine/index.js'

export interface AnalysisJob {
    readonly text: string
    readonly file: string
    readonly budget: number
    readonly maxYamlMB: number
}

const job = workerData as AnalysisJob
setMaxYamlSize(job.maxYamlMB)
let reply: unknown
try {
    const analysis = analyzeTemplate(templateFromText(job.text, job.file), {budget: job.budget})
    reply = {findings: JSON.parse(JSON.stringify(analysis.findings)), variants: analysis.variants}
} catch {
    // a template that does not read has its diagnostics from resolving already
    reply = {findings: [], variants: undefined}
}
parentPort!.postMessage(reply)
