// End to end in a real terminal: the wizard runs in tmux, is driven with
// send-keys and read with capture-pane, and writes the resolved template.
import {execFileSync, spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'

const ROOT = path.resolve(__dirname, '../..')
const HAS_TMUX = spawnSync('tmux', ['-V']).status === 0
const SESSION = `trellis-e2e-${process.pid}`

const tmux = (...args: string[]) => execFileSync('tmux', args, {encoding: 'utf8'})
const screen = () => tmux('capture-pane', '-t', SESSION, '-p')
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

async function until(text: string, timeout = 10_000): Promise<string> {
    const end = Date.now() + timeout
    while (Date.now() < end) {
        const s = screen()
        if (s.includes(text)) return s
        await sleep(100)
    }
    throw new Error(`the screen never showed "${text}":\n${screen()}`)
}

async function keys(...list: string[]) {
    for (const key of list) {
        tmux('send-keys', '-t', SESSION, key)
        await sleep(120)
    }
}

describe.skipIf(!HAS_TMUX)('the wizard in a real terminal', () => {
    afterAll(() => {
        spawnSync('tmux', ['kill-session', '-t', SESSION])
    })

    it('walks from presets through inputs, topology and why to a written template and report', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-tmux-'))
        fs.copyFileSync(path.join(ROOT, 'sample-templates/web-shop/variable-service-template.yaml'), path.join(dir, 'shop.yaml'))
        // Ink renders only a final frame when it thinks it runs in CI; this terminal is real
        const command = `cd ${dir} && env -u CI -u CONTINUOUS_INTEGRATION -u FORCE_COLOR NO_COLOR=1 TRELLIS_CONFIG_DIR=${dir}/config node ${path.join(ROOT, 'bin/trellis.js')} shop.yaml; sleep 5`
        tmux('new-session', '-d', '-s', SESSION, '-x', '100', '-y', '30', command)
        await until('present')
        // presets: choose prod; the keys arrive in one read, as typed-ahead keys do
        tmux('send-keys', '-t', SESSION, 'p', 'j', 'Enter')
        await until('applied in order: 1 prod')
        await keys('Escape')
        await until('presets 1 prod')
        // inputs: turn monitoring off again, with the preview shown first
        await keys('j')
        await until('⏎ off →')
        await keys('Enter')
        await until('monitoring ☐ off set here (was true)')
        // topology: only what is pruned, then why the monitor is gone
        await keys('Tab', 'f', 'f')
        await until('Topology (pruned)')
        await keys('/', ...'monitor', 'Enter', 'Enter')
        await until('Node "monitor" is pruned')
        // no colour with NO_COLOR: capture the escapes too, and find no foreground colour
        const styled = tmux('capture-pane', '-t', SESSION, '-p', '-e')
        expect(styled).not.toMatch(/\u001B\[[0-9;]*3[1-7]m/)
        // write the template and the report, skip the profile
        await keys('Escape', 'W')
        await until('Write the resolved template')
        await keys('Enter')
        await until('save these choices as profile')
        await keys('Escape', 'q')
        const written = parse(fs.readFileSync(path.join(dir, 'shop.resolved.yaml'), 'utf8'))
        expect(written.tosca_definitions_version).toBe('tosca_simple_yaml_1_3')
        expect(Object.keys(written.topology_template.node_templates)).toEqual(expect.arrayContaining(['shop', 'platform_runtime', 'backup_job']))
        expect(Object.keys(written.topology_template.node_templates)).not.toContain('monitor')
        expect(Object.keys(written.topology_template.node_templates)).not.toContain('vm')
        const report = fs.readFileSync(path.join(dir, 'shop.report.md'), 'utf8')
        expect(report).toContain('--preset prod --set monitoring=false')
        fs.rmSync(dir, {recursive: true, force: true})
    }, 60_000)

    it('ctrl-c leaves at once with exit status 130 and gives back the screen as it was', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-tmux-'))
        fs.copyFileSync(path.join(ROOT, 'sample-templates/web-shop/variable-service-template.yaml'), path.join(dir, 'shop.yaml'))
        const session = `${SESSION}-c`
        const command = `cd ${dir} && echo BEFORE-THE-WIZARD && env -u CI -u CONTINUOUS_INTEGRATION TRELLIS_CONFIG_DIR=${dir}/config node ${path.join(ROOT, 'bin/trellis.js')} shop.yaml; echo "EXIT=$?"; sleep 5`
        tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', command)
        try {
            const shown = () => tmux('capture-pane', '-t', session, '-p')
            const wait = async (text: string) => {
                const end = Date.now() + 10_000
                while (!shown().includes(text) && Date.now() < end) await sleep(100)
                return shown()
            }
            expect(await wait('present')).not.toContain('BEFORE-THE-WIZARD') // drawn on the alternate screen
            tmux('send-keys', '-t', session, 'C-c')
            const after = await wait('EXIT=')
            expect(after).toContain('EXIT=130')
            expect(after).toContain('BEFORE-THE-WIZARD')
            expect(after).not.toContain('Topology')
        } finally {
            spawnSync('tmux', ['kill-session', '-t', session])
            fs.rmSync(dir, {recursive: true, force: true})
        }
    }, 30_000)
})
