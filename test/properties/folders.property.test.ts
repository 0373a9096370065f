// Property-based tests of the folder beside a template (fast-check): random trees of folders, files
// and symbolic links below lib/ and where the template names its rules — links back up, in
// circles, out of the folder, to the root, to nothing. Whatever the tree, loading ends, reads only
// files inside the template's folder (links resolved), and shows nothing of a file outside it.
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import {beforeAll, describe, expect, it} from 'vitest'
import {tempDir} from '../helpers/temp.js'
import {isTrellisError} from '../../src/engine/errors.js'
import {isBelow, loadTemplate} from '../../src/engine/load/index.js'
import {resolved} from '../helpers/v4t.js'

const RUNS = 60
const SECRET = 'foreign-secret-7f3a'

/** Outside every template folder: a type library and a rules file whose content must never be shown (made when the tests start). */
let outside = ''
beforeAll(() => {
    outside = tempDir('trellis-outside-')
    fs.writeFileSync(path.join(outside, 'types.yaml'), `tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types: {${SECRET}: {derived_from: tosca.nodes.Root}}\n`)
    fs.writeFileSync(path.join(outside, 'rules.yaml'), `${SECRET}: [\n`)
})
/** Link targets naming the folder outside, which exists only once the tests start. */
const OUTSIDE = '<outside>'
const OUTSIDE_TYPES = '<outside>/types.yaml'

const TYPES = 'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types: {own.Type: {derived_from: tosca.nodes.Root}}\n'

/** One entry of the tree: a folder, a file, or a link to somewhere. */
type Entry = {kind: 'dir'} | {kind: 'file'; text: string} | {kind: 'link'; to: string}

const linkTarget = fc.constantFrom('.', '..', '../..', '../../..', 'lib', '/', OUTSIDE, OUTSIDE_TYPES, 'nowhere', 'a', 'a/b', '../lib')
const entry: fc.Arbitrary<Entry> = fc.oneof(
    fc.constant<Entry>({kind: 'dir'}),
    fc.constantFrom<Entry>({kind: 'file', text: TYPES}, {kind: 'file', text: 'not: [closed\n'}, {kind: 'file', text: 'a: 1\n'}),
    linkTarget.map<Entry>(to => ({kind: 'link', to})),
)
/** Paths below lib/ (and `lib` itself), each with what is there. */
const tree = fc.array(fc.tuple(fc.constantFrom('lib', 'lib/a', 'lib/b', 'lib/a/b', 'lib/a/c.yaml', 'lib/b/d.yaml', 'lib/e.yaml', 'r', 'r/rules.yaml'), entry), {maxLength: 12})

function build(entries: readonly (readonly [string, Entry])[], rules: boolean): string {
    const dir = tempDir('trellis-tree-')
    const variability = rules ? '    variability:\n        technology_rules: r/rules.yaml\n' : ''
    fs.writeFileSync(
        path.join(dir, 't.yaml'),
        `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n${variability}    node_templates:\n        app: {type: tosca.nodes.Root}\n`,
    )
    for (const [name, e] of entries) {
        const at = path.join(dir, name)
        // the first entry for a path wins; one below a link or a file is left out: the tree is
        // made inside its folder only, never through a link it holds (lib -> / must not make /b)
        if (exists(at) || !makeFolders(dir, path.dirname(name))) continue
        if (e.kind === 'dir') fs.mkdirSync(at)
        else if (e.kind === 'file') fs.writeFileSync(at, e.text, {flag: 'wx'})
        else fs.symlinkSync(e.to === OUTSIDE ? outside : e.to === OUTSIDE_TYPES ? path.join(outside, 'types.yaml') : e.to, at)
    }
    return dir
}

/** Makes the folders of `relative` below `dir` one by one; false when one on the way is a link or a file. */
function makeFolders(dir: string, relative: string): boolean {
    let at = dir
    for (const part of relative.split('/').filter(p => p !== '' && p !== '.')) {
        at = path.join(at, part)
        if (!exists(at)) fs.mkdirSync(at)
        else if (!fs.lstatSync(at).isDirectory()) return false
    }
    return true
}

/** Whether there is an entry at `file`, a link to nowhere included. */
function exists(file: string): boolean {
    try {
        fs.lstatSync(file)
        return true
    } catch {
        return false
    }
}

describe('template folders with links', () => {
    it('loading ends, reads only files inside the folder, and shows nothing of a file outside it', async () => {
        await fc.assert(
            fc.asyncProperty(tree, fc.boolean(), async (entries, rules) => {
                const dir = build(entries, rules)
                const real = fs.realpathSync(dir)
                const template = await loadTemplate(path.join(dir, 't.yaml'))
                try {
                    for (const file of template.library()) expect(isBelow(fs.realpathSync(file.file), real)).toBe(true)
                    resolved(template, {})
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
