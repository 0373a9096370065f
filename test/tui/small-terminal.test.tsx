// The wizard at 80×24: the header with the live verdict and the key line always show, the focused
// pane has room (at least 8 rows), a message of several lines is read in full, paths are cut from the
// left, and the full-screen why view keeps locations whole and the what-if list.
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {wrapText} from '../../src/tui/components/text.js'
import {CTRL_U, ENTER, press, RESOLVED, start, TAB, tempDir, until} from './wizard-harness.js'

const SMALL = {columns: 80, rows: 24}

/** Every line inside the terminal, the header first and the key line last. */
function framed(frame: string): string[] {
    const lines = frame.split('\n')
    expect(lines.length).toBeLessThanOrEqual(SMALL.rows)
    expect(Math.max(...lines.map(l => [...l].length))).toBeLessThanOrEqual(SMALL.columns)
    expect(lines[0]).toMatch(/^trellis /)
    return lines
}

describe('at 80×24', () => {
    it('gives the focused pane at least 8 rows', async () => {
        const {app, frame} = start({}, SMALL)
        await until(frame, RESOLVED)
        await press(app.stdin, TAB)
        const rows = (f: string) => f.split('\n').filter(l => /[✔✘] (present|pruned)/.test(l)).length
        framed(await until(frame, f => rows(f) >= 8))
        app.unmount()
    })

    it('keeps the header with the verdict and the key line on screen and shows a long error in full, wrapped', async () => {
        const {app, frame} = start({}, SMALL)
        await until(frame, RESOLVED)
        const missing = path.join(tempDir(), 'no-such-folder', 'and-a-second-level-that-does-not-exist-either', 'variable-service-template.resolved.yaml')
        await press(app.stdin, 'W')
        await until(frame, 'Write the resolved template')
        // the path typed at once, as a paste
        app.stdin.write(`${TAB}${CTRL_U}${missing}${ENTER}${ENTER}`)
        const shown = await until(frame, 'does not exist')
        const lines = framed(shown)
        expect(lines[0]).toMatch(/✔ \d+ present ✘ \d+ pruned/)
        expect(lines[lines.length - 1]).toContain('⏎ write')
        // the message, joined again, names the whole path: nothing of it was cut
        const message = lines
            .slice(lines.findIndex(l => l.startsWith('not written')))
            .slice(0, -1)
            .join(' ')
        expect(message.replace(/\s+/g, '')).toContain(missing.replace(/\s+/g, ''))
        app.unmount()
    })

    it('shows paths on the write screen cut from the left, the file name whole', async () => {
        const deep = path.join(tempDir(), 'a-rather-long-folder-name', 'another-long-folder-name', 'and-one-more-folder', 'shop.resolved.yaml')
        const {app, frame} = start({output: deep}, SMALL)
        await until(frame, RESOLVED)
        await press(app.stdin, 'W')
        const line = framed(await until(frame, 'Write the resolved template')).find(l => l.includes('template …'))
        expect(line).toMatch(/template …\S*\/and-one-more-folder\/shop\.resolved\.yaml/)
        app.unmount()
    })

    it('shows the whole explanation with z, every location on one line, and keeps the what-if list', async () => {
        const {app, frame} = start({initialPresets: ['prod']}, SMALL)
        await until(frame, RESOLVED)
        await press(app.stdin, 'f', 'f', '/', ...'vm_runtime', ENTER, ENTER)
        await until(frame, 'Node "vm_runtime" is pruned')
        await press(app.stdin, 'z', 'w')
        const full = framed(await until(frame, /1\) .*verified ✔/))
        expect(full.join('\n')).toContain('z or esc: back to the panes')
        expect(full.join('\n')).toContain('what would make it present')
        for (const line of full) {
            // a location is never split: no line ends inside one, none starts with its tail
            expect(line).not.toMatch(/\.yaml:\d*\s*│?$/)
            expect(line).not.toMatch(/^│\s*\d+:\d+/)
        }
        app.unmount()
    })

    it('shows the help with its title line whole, as many key rows as it says', async () => {
        const {app, frame} = start({}, SMALL)
        await until(frame, RESOLVED)
        await press(app.stdin, '?')
        const lines = framed(await until(frame, /Keys \d+–\d+ of \d+/))
        const title = lines.find(l => l.includes('Keys'))!
        expect(title).toMatch(/│ Keys 1–\d+ of \d+, ↑↓ to scroll · esc, \? or q to go back\s*│/)
        const [, first, last] = /Keys (\d+)–(\d+)/.exec(title)!
        const inside = lines.slice(lines.indexOf(title) + 1, lines.findIndex(l => l.startsWith('└')))
        expect(inside).toHaveLength(Number(last) - Number(first) + 1)
        expect(inside[0]).toMatch(/│ everywhere\s*│/)
        app.unmount()
    })
})

describe('wrapping text', () => {
    it('moves a location to the next line whole instead of splitting it', () => {
        const text = 'Relation "host@0" of node "shop": {logic_expression: on_vm} is false (sample-templates/web-shop/variable-service-template.yaml:251:19)'
        const lines = wrapText(text, 72)
        expect(lines.every(l => [...l].length <= 72)).toBe(true)
        expect(lines).toContain('(sample-templates/web-shop/variable-service-template.yaml:251:19)')
    })

    it('splits a path longer than a whole line after a slash, losing nothing', () => {
        const long = `${'/very/long'.repeat(10)}/shop.yaml:2:3`
        const lines = wrapText(`at ${long}`, 40)
        expect(lines.every(l => [...l].length <= 40)).toBe(true)
        // the path's pieces end at a slash
        expect(lines.slice(1, -1).every(l => l.endsWith('/'))).toBe(true)
        expect(lines.join(' ').replace('at ', '').replace(/ /g, '')).toBe(long)
    })
})
