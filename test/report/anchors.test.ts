// The anchors of the report: only for the elements links land on, each named once.
import {describe, expect, it} from 'vitest'
import {Anchors} from '../../src/app/report/anchors.js'

describe('anchors', () => {
    it('are named after the identifier, made safe for HTML and links, and told apart when two come out alike', () => {
        const anchors = new Anchors(['node.a b', 'node.a_b', 'node.a"><script>', 'node.a_b-2'])
        expect(anchors.tag('node.a b')).toBe('<a id="node.a_b"></a>')
        expect(anchors.tag('node.a_b')).toBe('<a id="node.a_b-2"></a>')
        expect(anchors.tag('node.a"><script>')).toBe('<a id="node.a___script_"></a>')
        expect(anchors.tag('node.a_b-2')).toBe('<a id="node.a_b-2-2"></a>')
        expect(anchors.link('node.a_b', 'B')).toBe('[B](#node.a_b-2)')
    })

    it('are none for an element no link lands on: its text is not linked', () => {
        const anchors = new Anchors(['node.x'])
        expect(anchors.has('node.y')).toBe(false)
        expect(anchors.tag('node.y')).toBe('')
        expect(anchors.link('node.y', 'Y')).toBe('Y')
    })
})
