// The wizard watches what the template reads, and never takes its own outputs for an edit:
// writing the resolved template beside it must not say "the template changed".
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {loadTemplate} from '../../src/engine/load/index.js'
import {isTemplateEdit} from '../../src/tui/live.js'
import {recordingReads} from '../../src/tui/resolver/reads.js'
import {evaluateChoices} from '../../src/tui/resolver/session.js'

const RULES = path.resolve(__dirname, '../../sample-templates/technology-rules')

let dirs: string[] = []
afterEach(() => {
    for (const d of dirs) fs.rmSync(d, {recursive: true, force: true})
    dirs = []
})

/** A copy of the technology-rules sample (its rules live in lib/). */
function copy(): {dir: string; file: string} {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-watched-'))
    dirs.push(dir)
    fs.cpSync(RULES, dir, {recursive: true})
    return {dir, file: path.join(dir, 'variable-service-template.yaml')}
}

describe('the files a template reads', () => {
    it('are noted as the engine reads them: the rules files it looks for and the lib/ folder', async () => {
        const {dir, file} = copy()
        const reads = new Set<string>()
        expect(evaluateChoices(recordingReads(await loadTemplate(file), reads), {presets: [], values: {}}).ok).toBe(true)
        expect(reads).toContain(path.join(dir, 'lib') + path.sep)
        expect([...reads].every(f => f.startsWith(dir))).toBe(true)
    })
})

describe('what counts as an edit of the template', () => {
    it('is the template, a file it read or a file below a folder it read; never the outputs beside it or other files', () => {
        const {dir, file} = copy()
        const reads = [path.join(dir, 'lib') + path.sep, path.join(dir, 'type-specific-conditions.yaml')]
        const edit = (name: string) => isTemplateEdit(file, reads, new Map(), path.join(dir, name))
        expect(edit('variable-service-template.yaml')).toBe(true)
        expect(edit('lib/technology-rules.yaml')).toBe(true)
        expect(edit('type-specific-conditions.yaml')).toBe(true)
        expect(edit('variable-service-template.resolved.yaml')).toBe(false)
        expect(edit('variable-service-template.report.md')).toBe(false)
        expect(edit('notes.yaml')).toBe(false)
    })

    it('is not a file the wizard wrote, until someone changes it after', () => {
        const {dir, file} = copy()
        const ours = path.join(dir, 'lib', 'written-here.yaml')
        fs.writeFileSync(ours, 'tosca_definitions_version: tosca_simple_yaml_1_3\n')
        const written = new Map([[ours, fs.statSync(ours).mtimeMs]])
        const reads = [path.join(dir, 'lib') + path.sep]
        expect(isTemplateEdit(file, reads, written, ours)).toBe(false)
        fs.utimesSync(ours, new Date(), new Date(Date.now() + 5_000))
        expect(isTemplateEdit(file, reads, written, ours)).toBe(true)
    })
})
