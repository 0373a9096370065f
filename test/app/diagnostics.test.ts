// Diagnostics as a reader sees them: every independent mistake of a template, each with the
// source line it points at and the offending token underlined; as data for `explain --json`.
import {describe, expect, it} from 'vitest'
import {renderDetails, renderExcerpt, shownDiagnostic, shownDiagnostics, type ShownDiagnostic} from '../../src/app/diagnostics.js'
import {type Diagnostic, type SourceLocation, TrellisError} from '../../src/engine/errors.js'
import {rawControls} from '../helpers/hostile.js'
import {failure} from '../helpers/errors.js'
import {run} from '../helpers/v4t.js'

describe('an excerpt', () => {
    const at = (excerpt: string, column: number, end: number): ShownDiagnostic => ({
        code: 'invalid-template',
        severity: 'error',
        message: 'm',
        related: [],
        notes: [],
        help: [],
        location: {file: 'f.yaml', line: 7, column},
        range: {file: 'f.yaml', start: {line: 7, column}, end: {line: 7, column: end}},
        excerpt,
    })

    it('shows the line and a caret under the range', () => {
        expect(renderExcerpt(at('    a: {nope: 1}', 8, 17))).toEqual([' 7 |     a: {nope: 1}', '   |        ^^^^^^^^^'])
    })

    it('shows control characters as spaces, so the caret stays under the token', () => {
        expect(renderExcerpt(at('\ta: \u001b[31m', 5, 10))).toEqual([' 7 |  a:  [31m', '   |     ^^^^^'])
    })

    it('shows a window of a long line around the range', () => {
        const line = `${'x'.repeat(500)} target ${'y'.repeat(500)}`
        const [text, caret] = renderExcerpt(at(line, 502, 508))
        expect(text!.length).toBeLessThan(140)
        expect(text).toContain('…')
        expect(text!.slice(caret!.indexOf('^'), caret!.lastIndexOf('^') + 1)).toBe('target')
    })

    it('is left out when the file cannot be read', () => {
        const d = shownDiagnostics(new TrellisError('invalid-template', 'm', {file: '/nonexistent/f.yaml', line: 1, column: 1}))
        expect(d).toHaveLength(1)
        expect(renderExcerpt(d[0]!)).toEqual([])
    })
})

describe('the lines below a message', () => {
    const FILES: Record<string, string[]> = {
        'a.yaml': ['top:', '    key: 1', '    key: 2'],
        'b.yaml': ['first: 1', 'key: 3'],
    }
    const lines = (file: string, line: number) => FILES[file]?.[line - 1]
    const shown = (details: Partial<Pick<Diagnostic, 'related' | 'notes' | 'help'>>, location: SourceLocation = {file: 'a.yaml', line: 3, column: 5, endLine: 3, endColumn: 8}) =>
        renderDetails(shownDiagnostic({code: 'yaml-duplicate-key', severity: 'error', message: 'm', location, related: [], notes: [], help: [], ...details}, lines))

    it('show a place in the same file with its own line number, underlined with - and labelled', () => {
        expect(shown({related: [{location: {file: 'a.yaml', line: 2, column: 5, endLine: 2, endColumn: 8}, label: 'first defined here'}]})).toEqual([
            ' 3 |     key: 2',
            '   |     ^^^',
            ' 2 |     key: 1',
            '   |     --- first defined here',
        ])
    })

    it('underline the span the reader gave: to the end of the line when it goes on below, one character without one', () => {
        expect(shown({}, {file: 'a.yaml', line: 2, column: 5, endLine: 3, endColumn: 3}).slice(0, 2)).toEqual([' 2 |     key: 1', '   |     ^^^^^^'])
        expect(shown({}, {file: 'a.yaml', line: 3, column: 5}).slice(0, 2)).toEqual([' 3 |     key: 2', '   |     ^'])
    })

    it('name a place in another file with ::: before its line, on the same gutter', () => {
        expect(
            shown(
                {related: [{location: {file: 'b.yaml', line: 2, column: 1, endLine: 2, endColumn: 4}, label: 'first defined here'}]},
                {file: 'a.yaml', line: 3, column: 5, endLine: 3, endColumn: 8},
            ),
        ).toEqual([' 3 |     key: 2', '   |     ^^^', '  ::: b.yaml:2:1', ' 2 | key: 3', '   | --- first defined here'])
    })

    it('name a place whose file cannot be read with its location and label on the ::: line', () => {
        expect(shown({related: [{location: {file: 'gone.yaml', line: 9, column: 1}, label: 'first defined here'}]})).toEqual([
            ' 3 |     key: 2',
            '   |     ^^^',
            '  ::: gone.yaml:9:1: first defined here',
        ])
    })

    it('end with the notes, then the help, lined up with the excerpt', () => {
        expect(shown({notes: ['a fact'], help: ['a fix', 'another fix']})).toEqual([
            ' 3 |     key: 2',
            '   |     ^^^',
            '   = note: a fact',
            '   = help: a fix',
            '   = help: another fix',
        ])
        const unlocated = shownDiagnostic({code: 'unknown-preset', severity: 'error', message: 'm', related: [], notes: [], help: ['a fix']}, lines)
        expect(renderDetails(unlocated)).toEqual(['  = help: a fix'])
    })

    it('escape control characters in labels, notes and help, and in the file a place names', () => {
        const out = shown({
            related: [{location: {file: 'x\u001b[2J.yaml', line: 1, column: 1}, label: 'label \u001b]52;c;evil\u0007'}],
            notes: ['note \u009b31m'],
            help: ['help \u202e'],
        }).join('\n')
        expect(rawControls(out)).toEqual([])
        expect(out).toContain('\\x1b')
        expect(out).toContain('help \\u202e')
    })
})

describe('independent mistakes in conditions', () => {
    const template = `topology_template:
    variability:
        inputs:
            env: {type: string, default: dev}
    node_templates:
        app: {type: t, conditions: {nope: [1, 2]}}
        db: {type: t, conditions: {equal: [{variability_input: envv}, prod]}}
        cache: {type: t, conditions: {node_presence: missing}}
        web: {type: t, conditions: {node_presence: app}}
`

    it('are all reported, the first as the error, in the order written', () => {
        const error = failure(() => run(template))
        expect(error.diagnostics().map(d => [d.code, d.message, d.location?.line, d.help])).toEqual([
            ['unknown-operator', 'unknown operator "nope"', 7, ['did you mean "not"?']],
            ['undefined-reference', 'Variability input "envv" is not defined', 8, ['did you mean "env"?']],
            ['undefined-reference', 'Node "missing" not found', 9, []],
        ])
    })

    it('are each reported once, however many elements read the same mistake', () => {
        const nodes = Array.from({length: 25}, (_, i) => `        n${i}: {type: t, conditions: {logic_expression: broken}}`).join('\n')
        const error = failure(() => run(`topology_template:\n    variability:\n        expressions:\n            broken: {nope: 1}\n    node_templates:\n${nodes}\n`))
        expect(error.diagnostics()).toHaveLength(1)
    })

    it('in the topology (a relation target, a group member, a policy target) are all reported', () => {
        const error = failure(() =>
            run(`topology_template:
    node_templates:
        app:
            type: t
            requirements:
                - db: nowhere
    groups:
        g: {type: tosca.groups.Root, members: [ghost]}
    policies:
        - p: {type: tosca.policies.Root, targets: [phantom]}
`),
        )
        expect(error.diagnostics().map(d => [d.message, d.location?.line])).toEqual([
            ['Target "nowhere" of relation "db@0" of node "app" does not exist', 7],
            [expect.stringContaining('ghost'), 9],
            ['Policy target "phantom" of policy "p@0" does not exist', 11],
        ])
    })

    it('stop at twenty', () => {
        const nodes = Array.from({length: 30}, (_, i) => `        n${i}: {type: t, conditions: {nope${i}: 1}}`).join('\n')
        const error = failure(() => run(`topology_template:\n    node_templates:\n${nodes}\n`))
        expect(error.diagnostics()).toHaveLength(20)
    })
})
