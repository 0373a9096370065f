// The report's prose is wrapped for reading as plain text, and renders as before:
// a row never starts with what would open a block, and code spans, links and
// anchors are never broken. `marked` (GitHub-flavoured Markdown; it comes with
// mermaid) is the reader.
import {marked} from 'marked'
import {describe, expect, it} from 'vitest'
import {ProseWrapper, wrapProse} from '../../src/app/report/prose.js'

/** The HTML a Markdown reader makes of `markdown`, white space collapsed (a soft line break is a space). */
function rendered(markdown: string): string {
    return (marked.parse(markdown, {gfm: true, async: false}) as string).replace(/\s+/g, ' ').replace(/> </g, '><').trim()
}

/** Words that would start a block (a list item, a heading, a quote, a table, a fence, HTML, a heading's underline) were a row to begin with them. */
const STARTERS = ['-', '- x', '+ y', '* z', '1. one', '2) two', '# h', '> q', '| t', '```', '~~~', '===', '---', '<div>']

describe('wrapping the report’s prose', () => {
    it('leaves a line that fits alone', () => {
        expect(wrapProse('- short line', 100)).toEqual(['- short line'])
    })

    it('continues a list item’s rows where its text starts, each row as full as it can be', () => {
        const rows = wrapProse(`  - ${'word '.repeat(30).trim()}`, 40)
        expect(rows.every(r => r.length <= 40)).toBe(true)
        expect(rows.slice(1).every(r => r.startsWith('    word'))).toBe(true)
        expect(rows.join(' ').replace(/\s+/g, ' ').trim()).toBe(`- ${'word '.repeat(30).trim()}`)
    })

    it('never starts a row with what would open a block, and renders the same', () => {
        for (const starter of STARTERS) {
            const line = `- text ${`filler ${starter} `.repeat(12)}end`
            const rows = wrapProse(line, 24)
            for (const row of rows.slice(1)) expect(row.trimStart().startsWith(starter.split(' ')[0]!)).toBe(false)
            expect(rendered(rows.join('\n'))).toBe(rendered(line))
        }
    })

    it('keeps code spans, links and anchors whole, and a word longer than the width', () => {
        const line =
            '- <a id="node.a"></a>Node "a" (`some/very long/path to a/template.yaml:12:5`): its condition `{equal: [{variability_input: env}, STATIC]}` is false; see [Node "b c d"](#node.b) and ``a `tick` here`` and a_very_long_word_that_does_not_fit_anywhere_at_all.'
        const rows = wrapProse(line, 20)
        expect(rows.length).toBeGreaterThan(5)
        for (const whole of [
            '`some/very long/path to a/template.yaml:12:5`',
            '`{equal: [{variability_input: env}, STATIC]}`',
            '[Node "b c d"](#node.b)',
            '``a `tick` here``',
            '<a id="node.a"></a>Node',
        ])
            expect(rows.some(r => r.includes(whole))).toBe(true)
        expect(rendered(rows.join('\n'))).toBe(rendered(line))
    })

    it('does not break at an escaped character or between two spaces', () => {
        const line = `- a\\  b${' c'.repeat(40)}`
        const rows = wrapProse(line, 10)
        expect(rows[0]).toBe('- a\\  b c')
        expect(rendered(rows.join('\n'))).toBe(rendered(line))
    })

    it('leaves headings, table rows and fenced blocks whole', () => {
        const long = 'x '.repeat(80).trim()
        const wrapper = new ProseWrapper(40)
        expect(wrapper.rows(`### ${long}`)).toEqual([`### ${long}`])
        expect(wrapper.rows(`| ${long} |`)).toEqual([`| ${long} |`])
        expect(wrapper.rows('````sh')).toEqual(['````sh'])
        expect(wrapper.rows(long)).toEqual([long])
        // a shorter fence does not close a longer one
        expect(wrapper.rows('```')).toEqual(['```'])
        expect(wrapper.rows(long)).toEqual([long])
        expect(wrapper.rows('````')).toEqual(['````'])
        expect(wrapper.rows(long).length).toBeGreaterThan(1)
    })
})
