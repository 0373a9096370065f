// The key line fitted to a width: the pinned keys (write, help) at any width, the others in order
// of importance until one does not fit, each whole; the help lists every key the line shows.
import type {Key} from 'ink'
import {describe, expect, it} from 'vitest'
import {templateFromText} from '../../src/engine/load/index.js'
import {readDefinitionOf} from '../../src/engine/resolve/index.js'
import {inputRules} from '../../src/tui/input-rules.js'
import {reducer} from '../../src/tui/state/reduce.js'
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
            for (const text of keyLine({...main, pane}, 0, Infinity, true).split(' · ')) {
                const keys = text === 'o s profiles' ? ['o', 's'] : [text.split(' ')[0]!]
                for (const key of keys) expect(helped, `${key} (${text})`).toContain(spelt[key] ?? key)
            }
    })
})

describe('every screen’s key line at 80 columns', () => {
    const at80 = (state: typeof main) => keyLine(state, 0, 80)

    it('shows how to write where writing is possible, and how to get help', () => {
        for (const screen of ['main', 'presets'] as const) expect(at80({...main, screen}), screen).toContain('W write')
        expect(at80({...main, screen: 'write'})).toContain('⏎ write')
        for (const screen of ['main', 'presets', 'profiles', 'write', 'conflict'] as const) expect(at80({...main, screen}), screen).toContain('? keys')
    })

    it('shows the keys of the dialog open, not those of the screen under it', () => {
        const naming = {...main, screen: 'write' as const, write: {...main.write, offering: true}, profiles: {...main.profiles, naming: {text: 'staging', confirming: false}}}
        expect(at80(naming)).toBe('⏎ save the profile · esc skip')
        expect(at80({...naming, profiles: {...naming.profiles, naming: {text: 'staging', confirming: true}}})).toBe('y replace profile "staging" · n/esc keep it')
        expect(at80({...main, screen: 'profiles', profiles: {...main.profiles, naming: {text: '', confirming: false}}})).toBe('⏎ save the profile · esc cancel')
        expect(at80({...main, screen: 'write', write: {...main.write, confirming: true}})).toBe('y overwrite · n/esc cancel')
        expect(at80({...main, screen: 'write', write: {...main.write, field: 'output'}})).toBe('⏎/esc done · tab next path')
        const editor = {name: 'env', choices: ['a', 'b'], cursor: 0, typing: false, text: ''}
        expect(at80({...main, editor})).toBe('⏎ set · esc cancel · ↑↓ move')
        expect(at80({...main, editor: {...editor, typing: true}})).toBe('⏎ set · esc back to the list')
    })
})

it('W on the presets screen opens the write screen, as the key line says', () => {
    const definition = readDefinitionOf(templateFromText('tosca_definitions_version: tosca_variability_1_0\ntopology_template: {}\n'))
    const reduce = reducer({definition, choicesFor: () => [], exists: () => false, page: 10, rules: inputRules})
    const state = reduce({...main, screen: 'presets'}, {type: 'key', input: 'W', key: {} as Key})
    expect(state.screen).toBe('write')
})
