// Locations in the why pane: kept whole on a line cut to fit, the text before them cut first
// (how they name their file is the engine's one rule: test/engine/shown-paths.test.ts).
import {describe, expect, it} from 'vitest'
import {fitLocated} from '../../src/tui/components/locations.js'

describe('a line with a location, cut to fit', () => {
    const location = 'sample-templates/web-shop/variable-service-template.yaml:251:19'
    const text = `    Relation "host@0" of node "shop": {logic_expression: on_vm} is false  (${location})`

    it('is left alone when it fits', () => {
        expect(fitLocated(text, location, 200)).toBe(text)
    })

    it('keeps a long location whole, the text before it cut', () => {
        const fitted = fitLocated(text, location, 94)
        expect([...fitted].length).toBe(94)
        expect(fitted).toBe(`    Relation "host@0" of n…  (${location})`)
    })

    it('cuts the path from the left only when the text before it would keep too little, its folders first, never its line and column', () => {
        const fitted = fitLocated(text, location, 74)
        expect([...fitted].length).toBe(74)
        // the folders give way before the text does: the file name, line and column whole
        expect(fitted).toBe('    Relation "host@0" of node …  (…/variable-service-template.yaml:251:19)')
        // more room goes to the text, as much as it needs, then to the path, a folder at a time
        expect(fitLocated(text, location, 86)).toBe('    Relation "host@0" of node "shop": {log…  (…/variable-service-template.yaml:251:19)')
        const absolute = `/tmp/examples/a-folder-of-the-shop/${location}`
        const short = `    Relation "host@0" is false  (${absolute})`
        expect(fitLocated(short, absolute, 82)).toBe('    Relation "host@0" is false  (…/web-shop/variable-service-template.yaml:251:19)')
    })

    it('cuts the file name too only when even the text kept to its least leaves no room', () => {
        const fitted = fitLocated(text, location, 40)
        expect(fitted).toBe('    Relation "host@…  (…ate.yaml:251:19)')
    })

    it('is cut at its end as any line when it has no location', () => {
        expect(fitLocated('a long line without one', undefined, 10)).toBe('a long line without one')
    })
})
