// The active variant's topology as the report draws it (app/report's Mermaid: present and pruned
// nodes drawn apart), for the `trellis.showTopology` command; and the variant count `analyze`
// found, as a code lens on the template's first line.
import path from 'node:path'
import type {CodeLens} from 'vscode-languageserver'
import {reportStream} from '../engine/index.js'
import {renderMermaid} from '../app/report/index.js'
import type {OpenTemplate} from './documents.js'

/** The Mermaid flowchart of the last good resolution; undefined before there is one. */
export function topologyDiagram(open: OpenTemplate): {mermaid: string; stale: boolean} | undefined {
    const evaluation = open.good
    if (!evaluation?.model || !evaluation.template) return undefined
    const report = reportStream(
        {
            template: evaluation.template,
            templateName: path.basename(evaluation.template.file),
            presets: evaluation.request?.presets ?? [],
            argv: ['trellis', 'lsp'],
            now: new Date(),
        },
        {model: evaluation.model},
    )
    return {mermaid: renderMermaid(report.topology).text, stale: open.staleNote() !== undefined}
}

/** "N variants" on the first line, once the background analysis of this version has counted them. */
export function variantLens(open: OpenTemplate): CodeLens[] {
    const variants = open.analysis?.version === open.document.version ? open.analysis.result?.variants : undefined
    if (!variants) return []
    const count = `${variants.more ? 'more than ' : ''}${variants.count} ${variants.count === 1 && !variants.more ? 'variant' : 'variants'}`
    const how = variants.exact ? `every one of ${variants.combinations} input combinations resolved` : `${variants.explored} of ${variants.combinations} combinations explored`
    const title = `${count} (trellis analyze: ${how})`
    return [{range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}}, command: {title, command: ''}}]
}
