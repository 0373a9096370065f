// Property-based tests of the folder beside a template (fast-check): random trees of folders, files
// and symbolic links below lib/ and where the template names its rules — links back up, in
// circles, out of the folder, to the root, to nothing. Whatever the tree, loading ends, reads only
// files inside the template's folder (links resolved), and shows nothing of a file outside it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'
import {isTrellisError} from '../../src/engine/errors.js'
import {isBelow, loadTemplate} from '../../src/engine/load/index.js'
import {resolve} from '../../src/engine/pipeline.js'

const RUNS = 60
const SECRET = 'foreign-secret-7f3a'
const made: string[] = []
afterAll(() => {
    for (const dir of made) fs.rmSync(dir, {recursive: true, force: true})
})

/** Outside every template folder: a type library and a rules file whose content must never be shown. */
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-outside-'))
made.push(outside)
fs.writeFileSync(path.join(outside, 'types.yaml'), `tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types: {${SECRET}: {derived_from: tosca.nodes.Root}}\n`)
fs.writeFileSync(path.join(outside, 'rules.yaml'), `${SECRET}: [\n`)

const TYPES = 'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types: {own.Type: {derived_from: tosca.nodes.Root}}\n'

/** One entry of the tree: a folder, a file, or a link to somewhere. */
type Entry = {kind: 'dir'} | {kind: 'file'; text: string} | {kind: 'link'; to: string}

const linkTarget = fc.constantFrom('.', '..', '../..', '../../..', 'lib', '/', outside, path.join(outside, 'types.yaml'), 'nowhere', 'a', 'a/b', '../lib')
const entry: fc.Arbitrary<Entry> = fc.oneof(
    fc.constant<Entry>({kind: 'dir'}),
    fc.constantFrom<Entry>({kind: 'file', text: TYPES}, {kind: 'file', text: 'not: [closed\n'}, {kind: 'file', text: 'a: 1\n'}),
    linkTarget.map<Entry>(to => ({kind: 'link', to})),
)
/** Paths below lib/ (and `lib` itself), each with what is there. */
const tree = fc.array(fc.tuple(fc.constantFrom('lib', 'lib/a', 'lib/b', 'lib/a/b', 'lib/a/c.yaml', 'lib/b/d.yaml', 'lib/e.yaml', 'r', 'r/rules.yaml'), entry), {maxLength: 12})

function build(entries: readonly (readonly [string, Entry])[], rules: boolean): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-tree-'))
    made.push(dir)
    const variability = rules ? '    variability:\n        technology_rules: r/rules.yaml\n' : ''
    fs.writeFileSync(
        path.join(dir, 't.yaml'),
        `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n${variability}    node_templates:\n        app: {type: tosca.nodes.Root}\n`,
    )
    for (const [name, e] of entries) {
        const at = path.join(dir, name)
        if (fs.existsSync(at) || isLink(at)) continue // the first entry for a path wins
        try {
            fs.mkdirSync(path.dirname(at), {recursive: true})
            if (e.kind === 'dir') fs.mkdirSync(at)
            else if (e.kind === 'file') fs.writeFileSync(at, e.text)
            else fs.symlinkSync(e.to, at)
        } catch {
            // a parent is a file or a link: the entry is left out
        }
    }
    return dir
}

function isLink(file: string): boolean {
    try {
        return fs.lstatSync(file).isSymbolicLink()
    } catch {
        return false
    }
}

describe('template folders with links', () => {
    it('loading ends, reads only files inside the folder, and shows nothing of a file outside it', () => {
        fc.assert(
            fc.property(tree, fc.boolean(), (entries, rules) => {
                const dir = build(entries, rules)
                const real = fs.realpathSync(dir)
                const template = loadTemplate(path.join(dir, 't.yaml'))
                try {
                    for (const file of template.library()) expect(isBelow(fs.realpathSync(file.file), real)).toBe(true)
                    resolve(template, {})
                } catch (e) {
                    if (!isTrellisError(e)) throw e
                    expect(JSON.stringify([e.message, e.diagnostics()])).not.toContain(SECRET)
                    expect(e.location === undefined || isBelow(fs.realpathSync(path.resolve(e.location.file)), real)).toBe(true)
                }
            }),
            {numRuns: RUNS, seed: 20_251_125},
        )
    })
})
