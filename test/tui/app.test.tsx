// The wizard, rendered with ink-testing-library: presets → inputs → topology →
// why → write, and the overwrite confirmation.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {render} from 'ink-testing-library'
import {afterEach, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {loadTemplate} from '../../src/engine/load/index.js'
import {App} from '../../src/tui/app.js'
import {ProfileStore} from '../../src/profiles/index.js'

const SAMPLE = path.resolve(__dirname, '../../sample-templates/web-shop/variable-service-template.yaml')
const tick = () => new Promise(resolve => setTimeout(resolve, 30))

async function until(frame: () => string | undefined, text: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
        const f = frame() ?? ''
        if (f.includes(text)) return f
        await tick()
    }
    throw new Error(`never showed "${text}":\n${frame()}`)
}

async function press(stdin: {write(data: string): void}, ...keys: string[]) {
    for (const key of keys) {
        stdin.write(key)
        await tick()
    }
}

const ENTER = '\r'
const ESC = '\u001B'
const TAB = '\t'
const DOWN = '\u001B[B'

let dirs: string[] = []
afterEach(() => {
    for (const d of dirs) fs.rmSync(d, {recursive: true, force: true})
    dirs = []
})

function workspace(): {template: ReturnType<typeof loadTemplate>; output: string} {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-wizard-'))
    dirs.push(dir)
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    return {template: loadTemplate(path.join(dir, 'shop.yaml')), output: path.join(dir, 'shop.resolved.yaml')}
}

describe('the wizard', () => {
    it('shows the live verdict, inputs with their sources, and the topology with reasons', async () => {
        const {template} = workspace()
        const app = render(<App template={template} />)
        const frame = await until(app.lastFrame, 'present')
        expect(frame).toMatch(/✔ \d+ present +✘ \d+ pruned/)
        expect(frame).toContain('platform vm default')
        expect(frame).toContain('✔ present Node "shop"')
        expect(frame).toContain('Node "shop" is present: it has no conditions')
        app.unmount()
    })

    it('applies a preset and re-resolves', async () => {
        const {template} = workspace()
        const app = render(<App template={template} />)
        await until(app.lastFrame, 'present')
        await press(app.stdin, 'p')
        expect(await until(app.lastFrame, 'Presets')).toContain('prod — Production')
        await press(app.stdin, 'j', ENTER, ESC)
        const frame = await until(app.lastFrame, 'presets 1 prod')
        expect(frame).toContain('platform managed preset prod')
        app.unmount()
    })

    it('toggles a boolean input and edits a value with a preview before committing', async () => {
        const {template} = workspace()
        const app = render(<App template={template} />)
        await until(app.lastFrame, 'present')
        await press(app.stdin, DOWN, ENTER)
        expect(await until(app.lastFrame, 'monitoring ☑ on set here')).toBeTruthy()
        await press(app.stdin, 'k', ENTER)
        await press(app.stdin, ...'\u007F\u007F'.split(''), ...'managed'.split(''))
        const editing = await until(app.lastFrame, '= managed')
        expect(editing).toMatch(/[+−]\d+ present/)
        await press(app.stdin, ENTER)
        expect(await until(app.lastFrame, 'platform managed set here')).toBeTruthy()
        app.unmount()
    })

    it('filters the topology and explains the selected element', async () => {
        const {template} = workspace()
        const app = render(<App template={template} />)
        await until(app.lastFrame, 'present')
        await press(app.stdin, TAB, 'f', 'f')
        const frame = await until(app.lastFrame, 'Topology (pruned)')
        expect(frame).not.toContain('✔ present Node "shop"')
        expect(frame).toContain('decided by:')
        app.unmount()
    })

    it('writes the resolved template, asking before it overwrites', async () => {
        const {template, output} = workspace()
        fs.writeFileSync(output, 'old\n')
        const app = render(<App template={template} output={output} />)
        await until(app.lastFrame, 'present')
        await press(app.stdin, 'W')
        expect(await until(app.lastFrame, 'Write the resolved template')).toMatch(/removes \d+/)
        await press(app.stdin, ENTER)
        await until(app.lastFrame, 'Overwrite it? y / n')
        await press(app.stdin, 'n')
        expect(fs.readFileSync(output, 'utf8')).toBe('old\n')
        await press(app.stdin, ENTER, 'y')
        await until(app.lastFrame, `wrote ${output}`)
        expect(parse(fs.readFileSync(output, 'utf8'))).toMatchObject({tosca_definitions_version: 'tosca_simple_yaml_1_3'})
        const report = fs.readFileSync(output.replace(/\.resolved\.yaml$/, '.report.md'), 'utf8')
        expect(report).toContain('# Resolution report')
        expect(report).toContain('trellis resolve')
        app.unmount()
    })

    it('asks before quitting with unwritten choices', async () => {
        const {template} = workspace()
        const app = render(<App template={template} />)
        await until(app.lastFrame, 'present')
        await press(app.stdin, DOWN, ENTER, 'q')
        expect(await until(app.lastFrame, 'Quit anyway? y / n')).toBeTruthy()
        await press(app.stdin, 'n')
        expect(app.lastFrame()).not.toContain('Quit anyway')
        app.unmount()
    })

    it('saves the current choices as a profile, asks before replacing one, and loads it back', async () => {
        const {template} = workspace()
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-wizard-profiles-'))
        dirs.push(dir)
        const store = new ProfileStore({dir})
        const app = render(<App template={template} store={store} />)
        await until(app.lastFrame, 'present')
        await press(app.stdin, DOWN, ENTER) // monitoring on
        await until(app.lastFrame, 'monitoring ☑ on set here')
        await press(app.stdin, 'o')
        await until(app.lastFrame, 'No profile for this template yet.')
        await press(app.stdin, 's', ...'watched'.split(''), ENTER)
        await until(app.lastFrame, 'saved profile watched')
        expect(store.get('watched')).toMatchObject({presets: [], inputs: {monitoring: true}, template: {path: template.file}})
        await press(app.stdin, 's', ...'watched'.split(''), ENTER)
        await until(app.lastFrame, 'Profile "watched" exists. Replace it? y / n')
        await press(app.stdin, 'n', ESC, ESC)
        await press(app.stdin, ENTER) // monitoring off again
        await until(app.lastFrame, 'monitoring ☐ off set here')
        await press(app.stdin, 'o', ENTER)
        expect(await until(app.lastFrame, 'loaded profile watched')).toContain('monitoring ☑ on set here')
        app.unmount()
    })

    it('shows every key on ?', async () => {
        const {template} = workspace()
        const app = render(<App template={template} />)
        await until(app.lastFrame, 'present')
        await press(app.stdin, '?')
        const frame = await until(app.lastFrame, 'Keys')
        for (const word of ['move', 'presets', 'filter', 'search', 'what would flip', 'write', 'quit']) expect(frame).toContain(word)
        app.unmount()
    })
})
