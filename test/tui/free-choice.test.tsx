// The wizard says when a free choice decided an element: several variants satisfy every
// condition and nothing (optimization, a uniqueness check) chose, so the rows say "free
// choice" and the why pane names the other element of the choice and the option that would decide.
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {App} from '../../src/tui/app.js'
import {ENTER, press, show, TAB, tempDir, until} from './wizard-harness.js'
import {FREE_TECHNOLOGY} from '../helpers/templates.js'

describe('a free choice in the wizard', () => {
    it('marks both alternatives as a free choice and explains it by the choice, not by each other', async () => {
        const file = path.join(tempDir(), 'choice.yaml')
        fs.writeFileSync(file, FREE_TECHNOLOGY)
        const app = show(<App file={file} opening="main" />)
        const f = await until(app.lastFrame, 'free choice: left out')
        expect(f).toMatch(/terraform@0.*free choice: kept/)
        expect(f).toMatch(/ansible@1.*free choice: left out/)
        await press(app.stdin, TAB, '/', ...'ansible', ENTER, ENTER)
        const why = await until(app.lastFrame, /Technology "ansible@1" of node "n" is pruned: several variants/)
        // the other alternative's presence is said as decided together with it, not as its cause
        expect(why).toContain('decided together with it by the solver, not causes')
        expect(why).not.toMatch(/Technology "terraform@0" of node "n" is present \[/)
        app.unmount()
    })
})
