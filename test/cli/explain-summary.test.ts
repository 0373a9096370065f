// `trellis explain T` without an element: a summary a user acts on — the elements present and
// pruned by kind, the input values that decided with where each came from (an inputs file named
// once), and where to look further — every row fitted to the terminal's width; `--all` lists every
// element. The JSON stays the whole document, an inputs file in it as the user gave it.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, afterEach, describe, expect, it} from 'vitest'
import {removeWorkspaces, runHere, workspace} from './run.js'

afterAll(removeWorkspaces)

const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
node_types: {x: {derived_from: tosca.nodes.Root}}
topology_template:
    variability:
        inputs:
            env: {type: string}
            ha: {type: boolean, default: true}
        options: {type_default_condition: true}
        constraints:
            - {or: [{node_presence: vm}, {node_presence: cloud}]}
    node_templates:
        vm: {type: x, conditions: {equal: [{variability_input: env}, vm]}}
        vm_disk: {type: x, conditions: {equal: [{variability_input: env}, vm]}}
        cloud: {type: x, conditions: {equal: [{variability_input: env}, cloud]}}
        replica: {type: x, conditions: {variability_input: ha}}
        spare: {type: x, conditions: false}
`
const INPUTS = path.join('tests', 'cloud', 'inputs.yaml')

/** The template and its inputs file (env and ha from it) in a fresh folder. */
function folder(): string {
    return workspace({'t.yaml': TEMPLATE, [INPUTS]: 'env: cloud\nha: false\n'})
}

interface Document {
    readonly inputs: Record<string, {source: string; overrides: {source: string}[]}>
    readonly elements: {id: string; kind: string; present: boolean}[]
    readonly conflict: {inputs: string[]}[] | null
}

describe('trellis explain without an element', () => {
    it('counts the elements present and pruned by kind, as the JSON lists them', async () => {
        const dir = folder()
        const r = await runHere(['explain', 't.yaml', '-i', INPUTS], {cwd: dir})
        expect(r.code, r.stderr).toBe(0)
        const {elements} = JSON.parse((await runHere(['explain', 't.yaml', '-i', INPUTS, '--json'], {cwd: dir})).stdout) as Document
        const present = elements.filter(e => e.present)
        const pruned = elements.filter(e => !e.present)
        expect(present.filter(e => e.kind === 'node').length).toBe(1)
        expect(r.stdout.split('\n').slice(0, 2)).toEqual([`${present.length} elements present: 1 node, 1 type`, `${pruned.length} elements pruned: 4 nodes, 4 types`])
    })

    it('gives the deciding input values with where each came from, the inputs file named once, the one that prunes most first', async () => {
        const dir = folder()
        const r = await runHere(['explain', 't.yaml', '-i', path.join(dir, INPUTS)], {cwd: dir})
        const decided = r.stdout.split('\n\n')[1]!.split('\n')
        expect(decided).toEqual([
            'pruned  decided by',
            '     4  env: cloud — inputs file',
            '     2  ha: false — inputs file',
            '     2  the template alone (no input)',
            // given by its absolute path, named relative to the working directory
            `  inputs file: ${INPUTS}`,
        ])
        expect(r.stdout.split(INPUTS).length).toBe(2)
    })

    it('says where to look further: an element the decision that prunes most prunes, which explain then explains in full', async () => {
        const dir = folder()
        const r = await runHere(['explain', 't.yaml', '-i', INPUTS], {cwd: dir})
        const further = r.stdout.trimEnd().split('\n\n').at(-1)!
        expect(further.split('\n')[0]).toBe('to look further, add to this command:')
        expect(further).toMatch(/^ {2}vm {5}why Node "vm" is pruned, in full/m)
        expect(further).toMatch(/^ {2}--all {2}every element, one line each/m)
        expect(further.replace(/\n +/g, ' ')).toContain('trellis resolve with the same choices and --report report.md')
        const element = await runHere(['explain', 't.yaml', '-i', INPUTS, 'vm'], {cwd: dir})
        expect(element.code).toBe(0)
        expect(element.stdout.split('\n')[0]).toBe('Node "vm" is pruned: its condition does not hold')
        expect(element.stdout).toContain(`input env: cloud — inputs file ${INPUTS}`)
    })

    it('lists every element with --all, after the decisions', async () => {
        const dir = folder()
        const r = await runHere(['explain', 't.yaml', '-i', INPUTS, '--all'], {cwd: dir})
        const {elements} = JSON.parse((await runHere(['explain', 't.yaml', '-i', INPUTS, '--json'], {cwd: dir})).stdout) as Document
        const [decided, listed] = r.stdout.trimEnd().split('\n\n') as [string, string]
        expect(decided.split('\n')[0]).toBe('pruned  decided by')
        expect(listed.split('\n').filter(l => /^[+-] /.test(l)).length).toBe(elements.length)
        expect(listed).toContain('- pruned   Node "spare"  [manual-condition-false]  its condition does not hold')
    })
})

describe("trellis explain fits the terminal's width", () => {
    const columns = Object.getOwnPropertyDescriptor(process.stdout, 'columns')
    afterEach(() => {
        if (columns) Object.defineProperty(process.stdout, 'columns', columns)
        else delete (process.stdout as {columns?: number}).columns
    })
    const at = (width: number | undefined) => Object.defineProperty(process.stdout, 'columns', {value: width, configurable: true, writable: true})

    for (const args of [[], ['--all'], ['cloud'], ['vm', '--what-if']])
        it(`explain ${args.join(' ') || 'without an element'}: at 50 columns, at 120, and at 80 off a terminal`, async () => {
            const dir = folder()
            const rows = async (width: number | undefined) => {
                at(width)
                const r = await runHere(['explain', 't.yaml', '-i', INPUTS, ...args], {cwd: dir})
                expect(r.code, r.stderr).toBe(0)
                return r.stdout.trimEnd().split('\n')
            }
            const narrow = await rows(50)
            for (const line of narrow) expect(line.length, line).toBeLessThanOrEqual(50)
            for (const line of await rows(undefined)) expect(line.length, line).toBeLessThanOrEqual(80)
            const wide = await rows(120)
            for (const line of wide) expect(line.length, line).toBeLessThanOrEqual(120)
            // the same words, on fewer rows where there is room
            expect(wide.join(' ').split(/\s+/)).toEqual(narrow.join(' ').split(/\s+/))
            expect(wide.length).toBeLessThan(narrow.length)
        })
})

describe('an inputs file given by its absolute path', () => {
    it('is named relative to the working directory in text, and as given in the JSON', async () => {
        const dir = folder()
        const inputs = path.join(dir, INPUTS)
        const json = JSON.parse((await runHere(['explain', 't.yaml', '-i', inputs, '--json'], {cwd: dir})).stdout) as Document
        expect(json.inputs.env!.source).toBe(`inputs file ${inputs}`)
        // a conflict: --set env=none overrides the file's value
        const text = await runHere(['explain', 't.yaml', '-i', inputs, '--set', 'env=none'], {cwd: dir})
        expect(text.code).toBe(1)
        expect(text.stdout.replace(/\n +/g, ' ')).toContain(`input env: none — --set, overriding inputs file ${INPUTS} (cloud)`)
        const conflict = JSON.parse((await runHere(['explain', 't.yaml', '-i', inputs, '--set', 'env=none', '--json'], {cwd: dir})).stdout) as Document
        expect(conflict.conflict!.flatMap(c => c.inputs)).toContain(`env: none — --set, overriding inputs file ${inputs} (cloud)`)
        expect(fs.existsSync(inputs)).toBe(true)
    })
})

describe('the element explain suggests adding', () => {
    /** A template whose one pruned node is named `name`. */
    const named = (name: string) =>
        workspace({
            't.yaml': `tosca_definitions_version: tosca_variability_1_0
node_types: {x: {derived_from: tosca.nodes.Root}}
topology_template:
    variability: {options: {type_default_condition: true}}
    node_templates:
        kept: {type: x}
        ${JSON.stringify(name)}: {type: x, conditions: false}
`,
        })
    const suggested = (stdout: string) => /^ {2}(\S.*?) {2,}why /m.exec(stdout)?.[1]

    it.skipIf(spawnSync('bash', ['--version']).status !== 0)('is one word to the shell, whatever the name holds, and explains that element', async () => {
        const name = "$(touch pwned) `id`; it's"
        const dir = named(name)
        const r = await runHere(['explain', 't.yaml'], {cwd: dir})
        const word = suggested(r.stdout)!
        expect(word).toBe(`'$(touch pwned) \`id\`; it'\\''s'`)
        // pasted, the shell hands explain the name itself, and nothing runs
        const pasted = spawnSync('bash', ['-c', `printf '%s' ${word}`], {cwd: dir, encoding: 'utf8'}).stdout
        expect(pasted).toBe(name)
        expect(fs.existsSync(path.join(dir, 'pwned'))).toBe(false)
        expect((await runHere(['explain', 't.yaml', pasted], {cwd: dir})).stdout).toMatch(/^Node "\$\(touch pwned\) `id`; it's" is pruned/)
    })

    it('is the identifier of a node whose name starts with a dash (the command line would take the name for an option)', async () => {
        const dir = named('--all')
        const r = await runHere(['explain', 't.yaml'], {cwd: dir})
        expect(suggested(r.stdout)).toBe('node.--all')
        expect((await runHere(['explain', 't.yaml', 'node.--all'], {cwd: dir})).stdout).toMatch(/^Node "--all" is pruned/)
    })
})

describe('the summary at 40 columns', () => {
    const columns = Object.getOwnPropertyDescriptor(process.stdout, 'columns')
    afterEach(() => {
        if (columns) Object.defineProperty(process.stdout, 'columns', columns)
        else delete (process.stdout as {columns?: number}).columns
    })

    it('continues a decision under its text', async () => {
        Object.defineProperty(process.stdout, 'columns', {value: 40, configurable: true, writable: true})
        const dir = folder()
        const r = await runHere(['explain', 't.yaml', '-i', INPUTS, '--set', 'env=cloud'], {cwd: dir})
        const decided = r.stdout.split('\n\n')[1]!.split('\n')
        expect(decided.slice(0, 3)).toEqual(['pruned  decided by', '     4  env: cloud — --set, overriding', '        inputs file (cloud)'])
    })
})

describe('an empty list', () => {
    it('says so, with --pruned where nothing is pruned and --all where the template has no elements', async () => {
        const dir = workspace({
            'kept.yaml': 'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: x}\n',
            'empty.yaml': 'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates: {}\n',
        })
        const pruned = await runHere(['explain', 'kept.yaml', '--pruned'], {cwd: dir})
        expect(pruned).toMatchObject({code: 0, stdout: 'no element is pruned\n'})
        expect((await runHere(['explain', 'empty.yaml', '--all'], {cwd: dir})).stdout).toBe('the template has no elements\n')
    })
})

describe('explain --what-if', () => {
    it.skipIf(spawnSync('bash', ['--version']).status !== 0)('suggests flags that are each one shell word, whatever the names hold', async () => {
        const input = 'on`id`|x'
        const dir = workspace({
            't.yaml': `tosca_definitions_version: tosca_variability_1_0
node_types: {x: {derived_from: tosca.nodes.Root}}
topology_template:
    variability:
        inputs: {${JSON.stringify(input)}: {type: boolean, default: false}}
        presets: {"$(touch pwned)": {inputs: {${JSON.stringify(input)}: true}}}
    node_templates:
        a: {type: x, conditions: {variability_input: ${JSON.stringify(input)}}}
`,
        })
        const r = await runHere(['explain', 't.yaml', 'a', '--what-if'], {cwd: dir})
        const flags = r.stdout.split('\n').flatMap(line => /^ {4}- (--\S+ .+?)(?: \(now .*\))?$/.exec(line)?.[1] ?? [])
        expect(flags).toEqual([`--set '${input}=true'`, "--preset '$(touch pwned)'"])
        // pasted, each is the flag and its word
        for (const flag of flags)
            expect(spawnSync('bash', ['-c', `printf '%s\\n' ${flag}`], {cwd: dir, encoding: 'utf8'}).stdout).toMatch(/^--(set|preset)\n(on`id`\|x=true|\$\(touch pwned\))\n$/)
        expect(fs.existsSync(path.join(dir, 'pwned'))).toBe(false)
    })
})
