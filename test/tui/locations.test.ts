// Locations in the why pane: relative to the current folder, or to the template's folder when the
// file is outside the current one; kept whole on a line cut to fit, the text before them cut first.
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {fitLocated, shownLocation, withShownLocations} from '../../src/tui/components/locations.js'

const cwd = path.resolve('/work/here')
const folder = path.resolve('/elsewhere/shop')

describe('a location shown', () => {
    it('is relative to the current folder when the file lies below it', () => {
        expect(shownLocation(path.join(cwd, 'sub', 'shop.yaml:3:7'), folder, cwd)).toBe(`sub${path.sep}shop.yaml:3:7`)
        expect(shownLocation('sub/shop.yaml:3:7', folder, cwd)).toBe(`sub${path.sep}shop.yaml:3:7`)
    })

    it("is relative to the template's folder when the file lies outside the current one", () => {
        expect(shownLocation(path.join(folder, 'lib', 'types.yaml:12:5'), folder, cwd)).toBe(`lib${path.sep}types.yaml:12:5`)
        // a path the command line gave relative to the current folder, outside it
        expect(shownLocation(`${path.relative(cwd, path.join(folder, 'shop.yaml'))}:251:19`, folder, cwd)).toBe('shop.yaml:251:19')
    })

    it('is left as it is outside both, or without a line and column', () => {
        expect(shownLocation('/other/x.yaml:1:2', folder, cwd)).toBe('/other/x.yaml:1:2')
        expect(shownLocation('somewhere', folder, cwd)).toBe('somewhere')
    })

    it("is replaced in the line's text where the line names it", () => {
        const location = path.join(folder, 'shop.yaml:251:19')
        const [line] = withShownLocations([{text: `  Relation "host@0" is false  (${location})`, refs: [], location}], folder, cwd)
        expect(line).toEqual({text: '  Relation "host@0" is false  (shop.yaml:251:19)', refs: [], location: 'shop.yaml:251:19'})
    })
})

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
