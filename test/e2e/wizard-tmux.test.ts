// End to end in a real terminal: the wizard runs in tmux, is driven with
// send-keys and read with capture-pane, and writes the resolved template.
// Every step waits for what the screen shows, never for a fixed time (keys
// typed ahead are handled one by one, so they are sent together).
import {execFileSync, spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {skipNamed} from '../helpers/skip.js'

const ROOT = path.resolve(__dirname, '../..')
const SAMPLE = path.join(ROOT, 'sample-templates/web-shop/variable-service-template.yaml')
const HAS_TMUX = spawnSync('tmux', ['-V']).status === 0
const tmux = (...args: string[]) => execFileSync('tmux', args, {encoding: 'utf8'})

let sessions: string[] = []
let dirs: string[] = []
// after all: the tests run at once, so one test's end must not end another's session
afterAll(() => {
    for (const s of sessions) spawnSync('tmux', ['kill-session', '-t', s])
    for (const d of dirs) fs.rmSync(d, {recursive: true, force: true})
    sessions = []
    dirs = []
})

/** A terminal of the given size running `args` (trellis) in a folder with the web-shop sample as shop.yaml; prints EXIT=<status> when it ends. */
function terminal(args: string, size = {columns: 100, rows: 30}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-tmux-'))
    dirs.push(dir)
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    const session = `trellis-e2e-${process.pid}-${sessions.length}`
    sessions.push(session)
    // Ink renders only a final frame when it thinks it runs in CI; this terminal is real
    const command = `cd ${dir} && echo BEFORE-THE-WIZARD && env -u CI -u CONTINUOUS_INTEGRATION -u FORCE_COLOR NO_COLOR=1 TRELLIS_CONFIG_DIR=${dir}/config node ${path.join(ROOT, 'bin/trellis.js')} ${args}; echo "EXIT=$?"; sleep 30`
    tmux('new-session', '-d', '-s', session, '-x', String(size.columns), '-y', String(size.rows), command)
    const screen = (escapes = false) => tmux('capture-pane', '-t', session, '-p', ...(escapes ? ['-e'] : []))
    /** Waits until the screen shows the text (generous: CI machines are slow and busy). */
    const until = async (text: string | RegExp, timeout = 60_000): Promise<string> => {
        const end = Date.now() + timeout
        for (;;) {
            const s = screen()
            if (typeof text === 'string' ? s.includes(text) : text.test(s)) return s
            if (Date.now() > end) throw new Error(`the screen never showed ${String(text)}:\n${s}`)
            await new Promise(resolve => setTimeout(resolve, 50))
        }
    }
    const keys = (...list: string[]) => void tmux('send-keys', '-t', session, ...list)
    return {dir, screen, until, keys}
}

// the tests run at once, each in its own session and folder: most of their time is waiting for the screen
describe.skipIf(!HAS_TMUX)(skipNamed('the wizard in a real terminal', !HAS_TMUX && 'tmux not found'), {concurrent: true}, () => {
    it('walks from presets through inputs, topology and why to a written template and report', async () => {
        const {dir, screen, until, keys} = terminal('shop.yaml')
        await until('present')
        // presets: choose prod; the keys arrive in one read, as typed-ahead keys do
        keys('p', 'j', 'Enter')
        await until('applied in order: 1 prod')
        keys('Escape')
        await until('presets 1 prod')
        // inputs: turn monitoring off again, with the preview shown first
        keys('j')
        await until('⏎ off →')
        keys('Enter')
        await until('monitoring ☐ off set here (was true)')
        // topology: only what is pruned, then why the monitor is gone
        keys('Tab', 'f', 'f')
        await until('Topology (pruned)')
        keys('/', ...'monitor', 'Enter', 'Enter')
        await until('Node "monitor" is pruned')
        // no colour with NO_COLOR: capture the escapes too, and find no foreground colour
        expect(screen(true)).not.toMatch(/\u001B\[[0-9;]*3[1-7]m/)
        // write the template and the report beside it, skip the profile
        keys('Escape')
        await until(/Why\s/)
        keys('W')
        await until('Write the resolved template')
        keys('Enter')
        await until('save these choices as profile')
        // the wizard's own outputs land beside the template: that is no edit of it
        expect(await until('wrote shop.resolved.yaml and shop.report.md')).not.toContain('the template changed')
        keys('Escape')
        await until('? keys')
        keys('q')
        await until('EXIT=0')
        const written = parse(fs.readFileSync(path.join(dir, 'shop.resolved.yaml'), 'utf8'))
        expect(written.tosca_definitions_version).toBe('tosca_simple_yaml_1_3')
        expect(Object.keys(written.topology_template.node_templates)).toEqual(expect.arrayContaining(['shop', 'platform_runtime', 'backup_job']))
        expect(Object.keys(written.topology_template.node_templates)).not.toContain('monitor')
        expect(Object.keys(written.topology_template.node_templates)).not.toContain('vm')
        expect(fs.readFileSync(path.join(dir, 'shop.report.md'), 'utf8')).toContain('--preset prod --set monitoring=false')
    })

    it('at 80×24 keeps the header and the key line, and a key typed right after Tab is not lost', async () => {
        const {until, keys} = terminal('shop.yaml', {columns: 80, rows: 24})
        await until('tab/esc on to the inputs')
        keys('Tab')
        await until(/✔ \d+ present/)
        keys('W')
        await until('Write the resolved template')
        // Tab, Ctrl-U and a letter sent at once: the path is cleared, then "X" typed
        keys('Tab', 'C-u', 'X')
        const shown = await until('template X▌')
        const lines = shown.trimEnd().split('\n')
        expect(lines[0]).toMatch(/^trellis shop\.yaml .*✔ \d+ present ✘ \d+ pruned/)
        // a path edited: the key line shows that dialog's keys
        expect(lines[lines.length - 1]).toContain('⏎/esc done · tab next path')
    })

    it('ctrl-c leaves at once with exit status 130 and gives back the screen as it was', async () => {
        const {until, keys} = terminal('shop.yaml')
        expect(await until('present')).not.toContain('BEFORE-THE-WIZARD') // drawn on the alternate screen
        keys('C-c')
        const after = await until('EXIT=')
        expect(after).toContain('EXIT=130')
        expect(after).toContain('BEFORE-THE-WIZARD')
        expect(after).not.toContain('Topology')
    })

    it('ctrl-c in a --prompt question exits 130, writing nothing', async () => {
        const {dir, until, keys} = terminal('shop.yaml --prompt')
        await until('Presets to apply')
        keys('C-c')
        const after = await until('EXIT=')
        expect(after).toContain('EXIT=130')
        expect(after).toContain('interrupted; nothing was written')
        expect(fs.readdirSync(dir).filter(f => f !== 'config')).toEqual(['shop.yaml'])
    })
})
