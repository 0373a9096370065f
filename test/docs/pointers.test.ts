// The code points to the docs for why it is written as it is (`see docs/performance.md#indexed-loops`):
// every such pointer names a page that exists and a heading on it, so a renamed section cannot
// leave the code pointing nowhere.
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {typescriptFiles} from '../helpers/imports.js'

const ROOT = path.join(import.meta.dirname, '..', '..')
const POINTER = /docs\/([\w-]+\.md)#([\w-]+)/g

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
    heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .trim()
        .replace(/\s/g, '-')

function anchorsOf(page: string): Set<string> {
    const file = path.join(ROOT, 'docs', page)
    if (!fs.existsSync(file)) return new Set()
    const headings = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(line => /^#+ /.test(line))
    return new Set(headings.map(line => anchor(line.replace(/^#+ /, ''))))
}

describe('pointers from the code to the docs', () => {
    const pointers = typescriptFiles(path.join(ROOT, 'src')).flatMap(file =>
        [...fs.readFileSync(file, 'utf8').matchAll(POINTER)].map(m => ({where: path.relative(ROOT, file), page: m[1]!, section: m[2]!})),
    )

    it('are found', () => {
        expect(pointers.length).toBeGreaterThan(0)
    })

    it('each name a heading of an existing page', () => {
        const missing = pointers.filter(p => !anchorsOf(p.page).has(p.section)).map(p => `${p.where} → docs/${p.page}#${p.section}`)
        expect(missing).toEqual([])
    })
})
