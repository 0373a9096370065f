// A resolved template written outside its template's folder names files (imports, artifacts,
// scripts) relative to that folder: beside the output they are not there, and an orchestrator
// handed it fails. Said once, with the paths, pointing to --csar, which takes them along.
import fs from 'node:fs'
import path from 'node:path'
import {realpath, type LoadedTemplate} from '../../engine/index.js'
import {fileReferences} from './references.js'

/** Shown at most, of the paths that will not resolve. */
const SHOWN = 5

/** The warning for `output` (the resolved template) written to `file`, or undefined when every path it names resolves from there. */
export function outsideWarning(template: LoadedTemplate, output: unknown, file: string): string | undefined {
    const from = path.dirname(path.resolve(file))
    if ((realpath(from) ?? from) === (realpath(template.dir) ?? template.dir)) return undefined
    const lost = [...new Set(fileReferences(output).map(r => r.path))].filter(p => fs.existsSync(path.join(template.dir, p)) && !fs.existsSync(path.join(from, p)))
    if (lost.length === 0) return undefined
    const named = `${lost.slice(0, SHOWN).join(', ')}${lost.length > SHOWN ? ` and ${lost.length - SHOWN} more` : ''}`
    return `${file} names files relative to the template's folder that are not beside it (${named}): an orchestrator reading it there will not find them; --csar DIR writes a CSAR that takes them along`
}
