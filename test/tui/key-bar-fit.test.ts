// The key line fitted to a width: the pinned keys (write, help) at any width, the others in order
// of importance until one does not fit, each whole; the help lists every key the line shows.
import {describe, expect, it} from 'vitest'
import {KEY_GROUPS} from '../../src/tui/components/help.js'
import {fitHints, keyLine} from '../../src/tui/components/key-bar.js'
import {initialState} from '../../src/tui/state/wizard.js'

const main = initialState({presets: [], values: {}}, 'shop.resolved.yaml', 'shop.report.md', 'main')

describe('the key line', () => {
    it('drops whole the keys that do not fit, keeping the pinned ones at any width', () => {
        const hints = [{text: 'W write', pinned: true}, {text: 'a rather long key'}, {text: 'b short'}, {text: '? keys', pinned: true}]
        expect(fitHints(hints, 80)).toBe('W write · a rather long key · b short · ? keys')
        expect(fitHints(hints, 46)).toBe('W write · a rather long key · b short · ? keys')
        expect(fitHints(hints, 45)).toBe('W write · a rather long key · ? keys')
        // one that matters less never shows while one that matters more is left out
        expect(fitHints(hints, 30)).toBe('W write · ? keys')
        // below what the pinned ones need, they are all that is left
        expect(fitHints(hints, 10)).toBe('W write · ? keys')
    })

    it('keeps the most important keys first as the terminal narrows', () => {
        const at = (columns: number) => keyLine(main, 0, columns)
        for (const columns of [40, 60, 80, 100, 120, 200]) {
            const line = at(columns)
            expect(line.startsWith('W write · ? keys · ⏎ edit')).toBe(true)
            if (columns >= 30) expect([...line].length).toBeLessThanOrEqual(columns)
            // each narrower line is the wider one with keys left out
            const wide = at(columns + 40).split(' · ')
            expect(line.split(' · ').every(key => wide.includes(key))).toBe(true)
        }
        expect(at(200)).toContain('↑↓ move')
    })

    it('shows only keys the help lists', () => {
        const helped = new Set(KEY_GROUPS.flatMap(([, keys]) => keys.flatMap(([key]) => key.split(/\s+/))))
        // the key line's short forms of keys the help spells out
        const spelt: Record<string, string> = {'⏎': 'enter', '↑↓': '↑'}
        for (const pane of ['inputs', 'topology', 'why'] as const)
            for (const text of keyLine({...main, pane}, 0, Infinity).split(' · ')) {
                const keys = text === 'o s profiles' ? ['o', 's'] : [text.split(' ')[0]!]
                for (const key of keys) expect(helped, `${key} (${text})`).toContain(spelt[key] ?? key)
            }
    })
})
