// Elements named on one line: the words they share said once.
import {describe, expect, it} from 'vitest'
import {names} from '../../src/app/report/reasons.js'

const as = (...displays: string[]) => displays.map(display => ({display}))
const same = (text: string) => text

describe('names of several elements', () => {
    it('say the container once for siblings in one container', () => {
        expect(names(as('Technology "ansible@3" of node "a"', 'Technology "terraform@4" of node "a"', 'Technology "ansible@0" of node "b"'), same)).toBe(
            'Technologies "ansible@3", "terraform@4" of node "a"; "ansible@0" of node "b"',
        )
    })

    it('say the name once for elements of one name in containers of one kind', () => {
        expect(names(as('Property "level@4" of node "a"', 'Property "level@4" of node "b"', 'Property "level@2" of node "c"'), same)).toBe(
            'Properties "level@4" of nodes "a", "b"; "level@2" of node "c"',
        )
    })

    it('keep containers of containers as they are', () => {
        expect(names(as('Property "p@0" of relation "r@0" of node "a"', 'Property "p@0" of relation "r@0" of node "b"'), same)).toBe(
            'Properties "p@0" of relation "r@0" of node "a"; "p@0" of relation "r@0" of node "b"',
        )
    })
})
