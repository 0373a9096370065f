// A typed value the wizard refuses at 80×24 — not valid YAML, or a number it would write changed
// (1e400 as .inf), refused in the words `--set` uses — shows its error whole under the value,
// wrapped over as many lines as it needs, nothing of it cut.
import {describe, expect, it} from 'vitest'
import {inputRules} from '../../src/tui/input-rules.js'
import {commandLine, definitionWith} from '../helpers/typed-shells.js'
import {CTRL_U, DOWN, ENTER, press, RESOLVED, start, until} from './wizard-harness.js'

const SMALL = {columns: 80, rows: 24}

describe.each([
    // platform, the first input: a value typed instead of one offered
    {what: 'is not valid YAML', input: 'platform', type: 'string', before: [], typed: '{a: [1, 2'},
    // replicas, the fourth input
    {what: 'is a number too large to be kept', input: 'replicas', type: 'integer', before: [DOWN, DOWN, DOWN], typed: '1e400'},
])('a typed value that $what', ({type, before, typed}) => {
    it('shows its error whole, wrapped under the value, in the words of --set', async () => {
        const expected = inputRules.typed(type, typed)
        if (expected.ok) throw new Error(`${typed} was read`)
        expect(commandLine(definitionWith(type), typed, 'set')).toEqual({refused: expected.error})
        const {app, frame} = start({}, SMALL)
        await until(frame, RESOLVED)
        await press(app.stdin, ...before, ENTER, 'G', ENTER, CTRL_U, ...typed, ENTER)
        const lines = (await until(frame, expected.error.slice(0, 24))).split('\n')
        expect(Math.max(...lines.map(l => [...l].length))).toBeLessThanOrEqual(SMALL.columns)
        const at = lines.findIndex(l => l.includes(`= ${typed}▌`))
        // the rows under the value, further in than the inputs' rows
        const under = lines.slice(at + 1)
        const end = under.findIndex(l => !/^│ {7}\S/.test(l))
        const rows = under.slice(0, end).map(l => l.replace(/^│\s*|\s*│$/g, ''))
        expect(rows.length).toBeGreaterThan(1)
        expect(rows.join(' ')).toBe(expected.error)
        app.unmount()
    })
})
