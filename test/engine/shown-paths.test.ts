// How every shell names a file to a user — in a location (file:line:col) and as an input value's
// source: relative to the working directory when it lies below it, else as it was given. The
// explanation JSON and the report keep an inputs file as the user gave it (their contract).
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {describeSource, inputText, shownPath} from '../../src/engine/index.js'

const cwd = path.resolve('/work/here')

describe('a file shown to a user', () => {
    it('is relative to the working directory when it lies below it, however it was given', () => {
        expect(shownPath(path.join(cwd, 'sub', 'shop.yaml'), cwd)).toBe(path.join('sub', 'shop.yaml'))
        expect(shownPath('./sub/../sub/shop.yaml', cwd)).toBe(path.join('sub', 'shop.yaml'))
        expect(shownPath('..here-too/x.yaml', cwd)).toBe('..here-too/x.yaml')
    })

    it('is as it was given when it lies outside: absolute when given so, relative when given so', () => {
        expect(shownPath('/elsewhere/shop/shop.yaml', cwd)).toBe('/elsewhere/shop/shop.yaml')
        expect(shownPath('../elsewhere/shop.yaml', cwd)).toBe('../elsewhere/shop.yaml')
        // the working directory itself is no file below it
        expect(shownPath(cwd, cwd)).toBe(cwd)
    })
})

describe("an inputs file as an input value's source", () => {
    const inside = path.join(process.cwd(), 'tests', 'gcp', 'inputs.yaml')
    const source = {kind: 'file', file: inside} as const

    it('is named as locations name files in the text of every shell', () => {
        expect(describeSource(source)).toBe(`inputs file ${path.join('tests', 'gcp', 'inputs.yaml')}`)
        expect(inputText('env', {value: 'GCP', source, overridden: [{value: 'OS', source: {kind: 'file', file: '/elsewhere/in.yaml'}}]})).toBe(
            `env: GCP — inputs file ${path.join('tests', 'gcp', 'inputs.yaml')}, overriding inputs file /elsewhere/in.yaml (OS)`,
        )
    })

    it('is as the user gave it in a document, and left to be named once by text that names it elsewhere', () => {
        expect(describeSource(source, 'as given')).toBe(`inputs file ${inside}`)
        expect(inputText('env', {value: 'GCP', source, overridden: []}, 'once')).toBe('env: GCP — inputs file')
    })
})
