// The why pane at 80×24: locations relative to the current folder, or to the template's folder when
// the template is read from elsewhere, and never cut before their line number on a line too long
// for the pane (the text before them gives way).
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {App} from '../../src/tui/app.js'
import {ENTER, press, RESOLVED, show, start, tempDir, until} from './wizard-harness.js'

const SMALL = {columns: 80, rows: 24}
const SAMPLE = path.resolve(__dirname, '../../sample-templates/web-shop/variable-service-template.yaml')

/** The pruned vm_runtime explained: its reasons name the relation whose condition is false, with its location. */
async function explainVmRuntime(app: ReturnType<typeof show>): Promise<string[]> {
    await until(app.lastFrame, RESOLVED)
    await press(app.stdin, 'f', 'f', '/', ...'vm_runtime', ENTER, ENTER)
    const frame = await until(app.lastFrame, f => f.includes('Node "vm_runtime" is pruned') && f.includes('Relation "host@0"'))
    const lines = frame.split('\n')
    expect(Math.max(...lines.map(l => [...l].length))).toBeLessThanOrEqual(SMALL.columns)
    return lines
}

describe('the why pane at 80 columns', () => {
    it("shows locations relative to the template's folder when the template is outside the current folder", async () => {
        const {app} = start({initialPresets: ['prod']}, SMALL)
        const lines = await explainVmRuntime(app)
        expect(lines.find(l => l.includes('defined at'))).toMatch(/defined at shop\.yaml:\d+:\d+ /)
        // the relation's line is longer than the pane: its text gives way, its location stays whole
        expect(lines.find(l => l.includes('Relation "host@0"'))).toMatch(/…\s+\(shop\.yaml:\d+:\d+\)\s*│$/)
        // the template's temporary folder is named nowhere
        expect(lines.join('\n')).not.toContain('trellis-wizard-')
        app.unmount()
    })

    it('keeps a long path location whole', async () => {
        const root = tempDir()
        const folder = path.join(root, 'templates-of-the-shop', 'web-shop')
        fs.mkdirSync(folder, {recursive: true})
        fs.writeFileSync(path.join(folder, 'shop.yaml'), fs.readFileSync(SAMPLE, 'utf8'))
        const cwd = process.cwd()
        // run from the folder above the template's: locations name the folders between
        process.chdir(root)
        try {
            const app = show(<App file={path.join(folder, 'shop.yaml')} opening="main" initialPresets={['prod']} />, SMALL)
            const lines = await explainVmRuntime(app)
            expect(lines.find(l => l.includes('defined at'))).toMatch(/defined at templates-of-the-shop\/web-shop\/shop\.yaml:\d+:\d+ /)
            expect(lines.find(l => l.includes('Relation "host@0"'))).toMatch(/\(templates-of-the-shop\/web-shop\/shop\.yaml:\d+:\d+\)\s*│$/)
            app.unmount()
        } finally {
            process.chdir(cwd)
        }
    })
})
