// trellis resolve as a process: exit codes, one-line errors with file:line:col
// and no stack trace, precedence of input sources, atomic output.
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {tempDir, trellis} from './helpers.js'

const OK = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            mode: {type: string, default: dev}
            replicas: {type: integer, default: 1}
        presets:
            dev: {inputs: {mode: dev}}
            prod: {inputs: {mode: prod}}
        options: {type_default_condition: true}
    node_templates:
        app:
            type: app
            properties:
                - replicas: {expression: {variability_input: replicas}}
                - mode: {expression: {variability_input: mode}}
`

function inDir(files: Record<string, string>): string {
    const dir = tempDir('trellis-resolve-')
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
    return dir
}

/** One line on stderr, prefixed, pointing at a place in a file when given, without a stack trace. */
function expectOneLine(stderr: string, where?: RegExp) {
    const lines = stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^trellis: /)
    if (where) expect(lines[0]).toMatch(where)
    expect(stderr).not.toMatch(/\n\s+at /)
}

const broken: [string, string, RegExp, string][] = [
    ['a YAML syntax error', 'tosca_definitions_version: tosca_variability_1_0\ntopology_template: [\n', /t\.yaml:\d+:\d+: YAML syntax error/, ''],
    ['a duplicate key', OK.replace('        app:\n', '        app:\n            type: x\n            type: y\n'), /t\.yaml:\d+:\d+: duplicate key "type"/, ''],
    ['a wrong version', OK.replace('tosca_variability_1_0', 'tosca_variability_9'), /t\.yaml:1:1: unsupported tosca_definitions_version/, ''],
    ['an unknown operator', OK.replace('            type: app\n', '            type: app\n            conditions: {equals: [1, 1]}\n'), /t\.yaml:\d+:\d+: unknown operator "equals" \(did you mean "equal"\?\)/, ''],
    ['a wrong number of operands', OK.replace('            type: app\n', '            type: app\n            conditions: {implies: [true, true, true]}\n'), /t\.yaml:\d+:\d+: operator "implies" expects 2 operands, got 3/, ''],
    ['an undefined input', OK.replace('            type: app\n', '            type: app\n            conditions: {variability_input: nope}\n'), /t\.yaml:\d+:\d+: Variability input "nope" is not defined/, ''],
    ['an undefined node', OK.replace('            type: app\n', '            type: app\n            conditions: {node_presence: ghost}\n'), /t\.yaml:\d+:\d+: Node "ghost" not found/, ''],
    ['a cycle among expressions', OK.replace('        options:', '        expressions:\n            a: {not: {logic_expression: b}}\n            b: {not: {logic_expression: a}}\n        options:').replace('            type: app\n', '            type: app\n            conditions: {logic_expression: a}\n'), /cycle among variability expressions: expression "a" -> expression "b" -> expression "a"/, ''],
    ['an input of the wrong type', OK, /Variability input "replicas" is of type integer and expects an integer, got "many" \(from --set\)/, 'replicas=many'],
    ['an unknown preset', OK, /Did not find variability preset "stage" \(did you mean "dev"\?\)|Did not find variability preset "stage"/, 'preset:stage'],
]

describe('trellis resolve', () => {
    it.each(broken)('rejects %s with one located line and exit 2', (_, text, where, extra) => {
        const dir = inDir({'t.yaml': text})
        const args = ['resolve', 't.yaml', '--output', 'out.yaml']
        if (extra.startsWith('preset:')) args.push('--preset', extra.slice(7))
        else if (extra) args.push('--set', extra)
        const r = trellis(args, {}, dir)
        expect(r.code).toBe(2)
        expectOneLine(r.stderr, where)
        expect(fs.existsSync(path.join(dir, 'out.yaml'))).toBe(false)
    })

    it('exits 1 when no variant exists, and leaves an existing output file untouched', () => {
        const dir = inDir({'t.yaml': OK.replace('        options:', '        constraints: [false]\n        options:'), 'out.yaml': 'before\n'})
        const r = trellis(['resolve', 't.yaml', '--output', 'out.yaml'], {}, dir)
        expect(r.code).toBe(1)
        expectOneLine(r.stderr, /Could not solve/)
        expect(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).toBe('before\n')
        expect(fs.readdirSync(dir).sort()).toEqual(['out.yaml', 't.yaml'])
    })

    it('applies presets, then --inputs, then --set, then the environment', () => {
        const dir = inDir({'t.yaml': OK, 'in.yaml': 'mode: from-file\nreplicas: 2\n'})
        const value = (args: string[], env: Record<string, string> = {}) => {
            const r = trellis(['resolve', 't.yaml', ...args], env, dir)
            expect(r.stderr).toBe('')
            return parse(r.stdout).topology_template.node_templates.app.properties
        }
        expect(value(['--preset', 'dev', '--preset', 'prod'])).toEqual({replicas: 1, mode: 'prod'})
        expect(value(['--preset', 'prod', '--inputs', 'in.yaml'])).toEqual({replicas: 2, mode: 'from-file'})
        expect(value(['--preset', 'prod', '--inputs', 'in.yaml', '--set', 'replicas=3'])).toEqual({replicas: 3, mode: 'from-file'})
        expect(value(['--set', 'replicas=3'], {TRELLIS_INPUT_REPLICAS: '4'})).toEqual({replicas: 4, mode: 'dev'})
    })

    it('writes the output file atomically and replaces an existing one on success', () => {
        const dir = inDir({'t.yaml': OK, 'out.yaml': 'before\n'})
        const r = trellis(['resolve', 't.yaml', '--output', 'out.yaml'], {}, dir)
        expect(r.code).toBe(0)
        expect(parse(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).tosca_definitions_version).toBe('tosca_simple_yaml_1_3')
        expect(fs.readdirSync(dir).sort()).toEqual(['out.yaml', 't.yaml'])
    })

    it('exits 2 for bad usage', () => {
        expect(trellis(['resolve'], {}).code).toBe(2)
        expect(trellis(['resolve', 'x.yaml', '--no-such-flag'], {}).code).toBe(2)
        expect(trellis(['resolve', '--help'], {}).code).toBe(0)
    })
})
