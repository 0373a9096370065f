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

    it('cuts the path from the left only when the text before it would keep too little, never its line and column', () => {
        const fitted = fitLocated(text, location, 74)
        expect([...fitted].length).toBeLessThanOrEqual(74)
        // cut at a folder: the file name, line and column whole
        expect(fitted).toBe('    Relation "host@…  (…/web-shop/variable-service-template.yaml:251:19)')
    })

    it('is cut at its end as any line when it has no location', () => {
        expect(fitLocated('a long line without one', undefined, 10)).toBe('a long line without one')
    })
})
