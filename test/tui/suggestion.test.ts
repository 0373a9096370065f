// A what-if suggestion in the wizard is a change of its choices: inputs named after JavaScript
// built-ins (__proto__, constructor, toString) are changed like any other.
import {describe, expect, it} from 'vitest'
import {suggestion} from '../../src/tui/resolver/service.js'

describe('a wizard suggestion', () => {
    it('sets every input it changes, whatever its name, and keeps the other choices', () => {
        const names = ['__proto__', 'constructor', 'toString']
        const s = suggestion(
            {presets: [], values: {kept: 1}},
            names.map((input, i) => ({input, from: i, to: i + 10})),
            undefined,
            'present',
        )
        expect(Object.keys(s.choices.values)).toEqual(['kept', ...names])
        for (const [i, name] of names.entries()) expect(Object.getOwnPropertyDescriptor(s.choices.values, name)?.value).toBe(i + 10)
        expect(Object.getPrototypeOf(s.choices.values)).toBe(Object.prototype)
    })
})
