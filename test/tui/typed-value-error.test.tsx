// A typed value the wizard cannot read (not valid YAML) at 80×24: its error is shown whole under
// the value, wrapped over as many lines as it needs, nothing of it cut.
import {describe, expect, it} from 'vitest'
import {typedValue} from '../../src/tui/input-rules.js'
import {CTRL_U, ENTER, press, RESOLVED, start, until} from './wizard-harness.js'

const SMALL = {columns: 80, rows: 24}
const TYPED = '{a: [1, 2'

describe('a typed value that is not valid YAML', () => {
    it('shows its error whole, wrapped under the value', async () => {
        const expected = typedValue('string', TYPED)
        if (expected.ok) throw new Error(`${TYPED} was read`)
        expect(expected.error).toMatch(/^not valid YAML: .* at line 1, column \d+$/)
        const {app, frame} = start({}, SMALL)
        await until(frame, RESOLVED)
        // platform: a value typed instead of one offered
        await press(app.stdin, ENTER, 'G', ENTER, CTRL_U, ...TYPED, ENTER)
        const lines = (await until(frame, 'not valid YAML')).split('\n')
        expect(Math.max(...lines.map(l => [...l].length))).toBeLessThanOrEqual(SMALL.columns)
        const at = lines.findIndex(l => l.includes(`= ${TYPED}▌`))
        // the rows under the value, further in than the inputs' rows
        const under = lines.slice(at + 1)
        const end = under.findIndex(l => !/^│ {7}\S/.test(l))
        const rows = under.slice(0, end).map(l => l.replace(/^│\s*|\s*│$/g, ''))
        expect(rows.length).toBeGreaterThan(1)
        expect(rows.join(' ')).toBe(expected.error)
        app.unmount()
    })
})
