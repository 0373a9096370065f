// The wizard's key line at 80 and 100 columns: how to write and how to get help show first, what
// enter does in the focused pane after them, each key whole (key-bar-fit.test.ts: at any width).
import {describe, expect, it} from 'vitest'
import {press, RESOLVED, start, TAB, until} from './wizard-harness.js'

/** The last line of the frame: the key line. */
const last = (frame: string) => frame.split('\n').at(-1)!

describe('the key line', () => {
    for (const columns of [80, 100]) {
        it(`shows how to write and how to get help at ${columns} columns, each key whole`, async () => {
            const {app, frame} = start({}, {columns, rows: 24})
            const line = last(await until(frame, RESOLVED))
            expect([...line].length).toBeLessThanOrEqual(columns)
            expect(line).toMatch(/^W write · \? keys · /)
            expect(line).not.toContain('…')
            // what enter does, in the focused pane
            expect(line).toContain('⏎ edit')
            await press(app.stdin, TAB)
            expect(last(await until(frame, f => last(f).includes('⏎ explain')))).toMatch(/^W write · \? keys · ⏎ explain · tab pane · \/ search/)
            app.unmount()
        })
    }
})
