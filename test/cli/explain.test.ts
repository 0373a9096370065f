// trellis explain as a process: output fitted to 80 columns off a terminal (a location never
// broken at its spaces), a conflict is counted in proper words and names the input values it
// reads, and a variability group is reported removed.
import {afterAll, describe, expect, it} from 'vitest'
import {CHAIN, CLOUDS} from '../helpers/templates.js'
import {removeWorkspaces, run, workspace} from './run.js'

afterAll(removeWorkspaces)

describe.concurrent('trellis explain', () => {
    it('wraps piped output to 80 columns, every location whole on its row', async () => {
        const file = 'a-rather-long-template-file-name-so-that-every-location-is-long-too.yaml'
        const dir = workspace({[file]: CHAIN})
        const r = await run(['explain', file, 'property.port@0.node.dbms'], {cwd: dir})
        expect(r.stderr).toBe('')
        expect(r.code).toBe(0)
        const lines = r.stdout.trimEnd().split('\n')
        // the headline, continued four further in
        expect(lines.slice(0, 2)).toEqual(['Property "port@0" of node "dbms" is pruned: its container node "dbms" is absent', '    (default condition: container, consistency)'])
        // a row longer than 80 columns is a location alone, longer than the room itself
        for (const l of lines) if (l.length > 80) expect(l).toMatch(new RegExp(`^ +\\(?${file.replace(/\./g, '\\.')}:\\d+:\\d+\\)?$`))
        // every location is a whole file:line:col, and every row that mentions the file carries one
        const located = lines.filter(l => l.includes(file.slice(0, 20)))
        expect(located.length).toBeGreaterThan(3)
        for (const l of located) expect(l).toMatch(new RegExp(`${file.replace(/\./g, '\\.')}:\\d+:\\d+`))
    })

    it('--json prints a duplicate key as data with both places: where it is repeated, and its first definition', async () => {
        const text = 'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: x}\n        a: {type: y}\n'
        const r = await run(['explain', 't.yaml', '--json'], {cwd: workspace({'t.yaml': text})})
        expect(r.code).toBe(2)
        const {diagnostics} = JSON.parse(r.stdout)
        expect(diagnostics).toEqual([
            {
                code: 'yaml-duplicate-key',
                severity: 'error',
                message: 'duplicate key "a"',
                location: {file: 't.yaml', line: 5, column: 9, endLine: 5, endColumn: 10},
                range: {file: 't.yaml', start: {line: 5, column: 9}, end: {line: 5, column: 10}},
                excerpt: '        a: {type: y}',
                related: [
                    {
                        location: {file: 't.yaml', line: 4, column: 9, endLine: 4, endColumn: 10},
                        label: 'first defined here',
                        range: {file: 't.yaml', start: {line: 4, column: 9}, end: {line: 4, column: 10}},
                        excerpt: '        a: {type: x}',
                    },
                ],
                notes: [],
                help: [],
            },
        ])
        // and as text on stderr, the same two places
        expect(r.stderr.split('\n')).toEqual([
            'trellis: error[yaml-duplicate-key]: t.yaml:5:9: duplicate key "a"',
            ' 5 |         a: {type: y}',
            '   |         ^',
            ' 4 |         a: {type: x}',
            '   |         - first defined here',
            '',
        ])
    })

    it('counts a one-item conflict in the singular', async () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        constraints:
            - {node_presence: ghost}
    node_templates:
        ghost: {type: x, conditions: false}
`
        const dir = workspace({'t.yaml': text})
        const r = await run(['explain', 't.yaml'], {cwd: dir})
        expect(r.code).toBe(1)
        expect(r.stdout).not.toMatch(/these 1 /)
        // the headline, wrapped to 80 columns off a terminal, read as one line
        expect(r.stdout.split('\n\n')[0]!.replace(/\n +/g, ' ')).toMatch(
            /^No variant exists: (this condition and this constraint cannot both hold \(removing either of them|this constraint cannot hold \(removing it)/,
        )
    })

    it('names the input values a conflict takes part in once, with where each came from and what it overrode', async () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            ha: {type: boolean, default: false}
        presets:
            safe: {inputs: {ha: false}}
        constraints:
            - {implies: [{node_presence: replica}, {node_presence: primary}]}
        options: {type_default_condition: true, expected_incoming_relation_check: false}
    node_templates:
        primary: {type: db, conditions: {not: {variability_input: ha}}}
        replica: {type: db, conditions: {variability_input: ha}}
`
        const dir = workspace({'t.yaml': text})
        const r = await run(['explain', 't.yaml', '--preset', 'safe', '--set', 'ha=true'], {cwd: dir})
        expect(r.code).toBe(1)
        expect(r.stdout).toContain('\n  with the input value:\n    input ha: true — --set, overriding preset safe (false)\n')
        // the conflict once: standard error has its headline alone, the choice in words
        expect(r.stderr).toBe('trellis: error[unsatisfiable]: ha = true (from --set) leaves no variant\n')
    })

    it('reports a variability group as removed, in the list and in JSON', async () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options:
            mode: semantic-loose
    node_templates:
        b: {type: b}
    groups:
        on: {type: variability.groups.ConditionalMembers, members: [b], conditions: true}
`
        const dir = workspace({'t.yaml': text})
        const list = await run(['explain', 't.yaml', '--all'], {cwd: dir})
        expect(list.stdout).toContain('- pruned   Group "on"  [variability-group]  it is a variability group')
        const json = await run(['explain', 't.yaml', 'group.on', '--json'], {cwd: dir})
        const document = JSON.parse(json.stdout) as {elements: {id: string; present: boolean; code: string; decidedBy: string}[]}
        expect(document.elements).toEqual([expect.objectContaining({id: 'group.on', present: false, code: 'variability-group', decidedBy: 'specification'})])
    })

    it('--pruned lists only pruned elements, as text and as JSON', async () => {
        const dir = workspace({'t.yaml': CHAIN})
        const list = await run(['explain', 't.yaml', '--pruned'], {cwd: dir})
        expect(list.code).toBe(0)
        // the decisions first (the inputs each pruned element's explanation leads back to), then a line per element
        const [decided, lines] = list.stdout
            .trimEnd()
            .split('\n\n')
            .map(part => part.split('\n')) as [string[], string[]]
        expect(decided).toEqual(['pruned  decided by', '     7  mode: dev — default'])
        // one item per element, its continued rows under its display
        const items = lines.filter(l => !l.startsWith(' '.repeat('- pruned   '.length)))
        expect(items.length).toBeGreaterThan(2)
        for (const l of items) expect(l).toMatch(/^- pruned /)
        expect(list.stdout).toContain('Node "db"')
        expect(list.stdout).not.toContain('Node "app"')
        const json = await run(['explain', 't.yaml', '--pruned', '--json'], {cwd: dir})
        const document = JSON.parse(json.stdout) as {elements: {id: string; present: boolean}[]}
        expect(document.elements.length).toBe(items.length)
        for (const e of document.elements) expect(e.present).toBe(false)
        expect(document.elements.map(e => e.id)).toContain('node.db')
    })
})

describe('trellis explain when no variant exists', () => {
    it('prints the conflict and offers the repairs resolve offers', async () => {
        const r = await run(['explain', 't.yaml', '--set', 'env=gcp'], {cwd: workspace({'t.yaml': CLOUDS})})
        expect(r.code).toBe(1)
        expect(r.stdout).toMatch(/^No variant exists: /)
        expect(r.stdout).toMatch(/ {2}= help: --set env=GCP resolves it \(verified: \d+ elements present, \d+ pruned\)\n/)
        expect(r.stderr).toBe('trellis: error[unsatisfiable]: env = gcp (from --set) leaves no variant\n')
        // no line longer than 80 columns off a terminal
        for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80)
    })
})
