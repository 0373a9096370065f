// trellis resolve on the command line: exit codes, one-line errors on stderr with file:line:col
// where the problem is in a file and no stack trace, nothing written on failure, the precedence
// of input sources, and atomic output. Most cases run main() in this process (runHere); those
// where the process matters (its stack, plugins, a full standard output) run node bin/trellis.js.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {skipNamed} from '../helpers/skip.js'
import {CLOUDS} from '../helpers/templates.js'
import {unwrapped, withoutExcerpts} from '../helpers/stderr.js'
import {removeWorkspaces, run, runHere, workspace, type Run} from './run.js'

afterAll(removeWorkspaces)

/** Inputs of several types, presets, an expression, and a node that only the preset "large" keeps. */
const BASE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            mode: {type: string, default: dev}
            replicas: {type: integer, default: 1}
            region: {type: string, default: eu}
            n: {default: 0}
        presets:
            small: {inputs: {mode: small, region: us}}
            large: {inputs: {mode: large, replicas: 5}}
            broken: {inputs: {replicas: lots}}
        options: {type_default_condition: true}
        expressions:
            is_large: {equal: [{variability_input: mode}, large]}
    node_templates:
        app:
            type: app
            properties:
                - mode: {expression: {variability_input: mode}}
                - replicas: {expression: {variability_input: replicas}}
                - region: {expression: {variability_input: region}}
                - n: {expression: {variability_input: n}}
        cache:
            type: cache
            conditions: {logic_expression: is_large}
`

/** BASE resolved without any choice: the defaults, and "cache" pruned. */
const BASE_RESOLVED = {
    tosca_definitions_version: 'tosca_simple_yaml_1_3',
    topology_template: {node_templates: {app: {type: 'app', properties: {mode: 'dev', replicas: 1, region: 'eu', n: 0}}}},
}

/** BASE with a condition on node "app". */
const appCondition = (condition: string) => BASE.replace('            type: app\n', `            type: app\n            conditions: ${condition}\n`)

/** BASE with more entries under `variability`. */
const variability = (entries: string) => BASE.replace('        expressions:\n', `${entries}        expressions:\n`)

/** `line:column` (1-based) of needle in text, inside the one occurrence of context (needle itself by default). */
function at(text: string, needle: string, context = needle): string {
    const start = text.indexOf(context)
    expect(start, `"${context}" occurs in the template`).toBeGreaterThanOrEqual(0)
    expect(text.indexOf(context, start + 1), `"${context}" occurs once`).toBe(-1)
    const offset = context.indexOf(needle)
    expect(offset, `"${needle}" lies in "${context}"`).toBeGreaterThanOrEqual(0)
    const before = text.slice(0, start + offset).split('\n')
    return `${before.length}:${before[before.length - 1]!.length + 1}`
}

const STACK_LINE = /^\s+at /m

/**
 * The run failed with `code`, printed exactly one message line on stderr — `trellis: `, the
 * error's kind (`error[CODE]: `, always there for a located one), then `where: ` when given, then the message; for a location, the source line and a caret under it;
 * then exactly `details` (the other places, notes and help) — without a stack trace, and printed
 * nothing on stdout.
 */
function expectFailure(r: Run, code: number, message: string | RegExp, where?: string, details: readonly string[] = []): void {
    expect(r.code, r.stderr).toBe(code)
    expect(r.stdout).toBe('')
    const stderr = withoutExcerpts(r.stderr)
    expect(stderr).toMatch(/^trellis: [^\n]*\n$/)
    expect(r.stderr).not.toMatch(STACK_LINE)
    expect(r.stderr).not.toContain('internal error')
    // every line below within 80 columns (no terminal), a wrapped note read as one
    for (const row of r.stderr.split('\n').slice(1)) if (!/^ +\d* \| /.test(row) && !/^ +\| /.test(row)) expect(row.length, row).toBeLessThanOrEqual(80)
    const below = unwrapped(r.stderr.split('\n').slice(1, -1))
    const excerpt = below[0] !== undefined && /^ +\d+ \| /.test(below[0]) ? below.slice(0, 2) : []
    expect(excerpt.length === 0 || /^ +\| +\^+$/.test(excerpt[1]!), r.stderr).toBe(true)
    expect(below.slice(excerpt.length), r.stderr).toEqual(details)
    // an error of the engine's names its kind first (`error[unknown-operator]: `), a usage error does not
    const kind = /^trellis: error\[([a-z-]+)\]: /.exec(stderr)
    if (where) expect(kind?.[1], stderr).toBeTruthy()
    const prefix = `trellis: ${where ? `${where}: ` : ''}`
    const line = stderr.slice(0, -1).replace(/^trellis: error\[[a-z-]+\]: /, 'trellis: ')
    expect(line.startsWith(prefix), `"${line}" starts with "${prefix}"`).toBe(true)
    if (typeof message === 'string') expect(line.slice(prefix.length)).toBe(message)
    else expect(line.slice(prefix.length)).toMatch(message)
}

/** Entries of dir (hidden ones too), sorted. */
const listing = (dir: string) => fs.readdirSync(dir).sort()

interface FailureCase {
    readonly files: Record<string, string>
    readonly args?: readonly string[]
    readonly env?: Record<string, string>
    readonly code: 1 | 2
    readonly message: string | RegExp
    /** The file and the text the location points at (inside the one occurrence of context, when given). */
    readonly where?: readonly [file: string, needle: string, context?: string]
    /** The lines after the excerpt: other places, notes, help. */
    readonly details?: readonly string[]
}

/** Runs `resolve t.yaml ARGS --output out.yaml` and checks the one line, the exit code and that nothing was written. */
async function expectCase(c: FailureCase): Promise<void> {
    const dir = workspace(c.files)
    const before = listing(dir)
    const r = await runHere(['resolve', 't.yaml', ...(c.args ?? []), '--output', 'out.yaml'], {cwd: dir, env: c.env})
    const where = c.where ? `${c.where[0]}:${at(c.files[c.where[0]]!, c.where[1], c.where[2])}` : undefined
    expectFailure(r, c.code, c.message, where, c.details)
    expect(listing(dir)).toEqual(before)
}

/** The resolved template printed on stdout by a successful run. */
function resolved(r: Run): {tosca_definitions_version: string; topology_template: {node_templates: Record<string, {properties?: Record<string, unknown>}>}} {
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    return parse(r.stdout)
}

describe.concurrent('trellis resolve: success', () => {
    it('prints the resolved template on stdout by default', async () => {
        const dir = workspace({'t.yaml': BASE})
        const r = await runHere(['resolve', 't.yaml'], {cwd: dir})
        expect(resolved(r)).toEqual(BASE_RESOLVED)
        expect(listing(dir)).toEqual(['t.yaml'])
    })

    it('writes the resolved template to --output FILE and nothing on stdout', async () => {
        const dir = workspace({'t.yaml': BASE})
        const r = await runHere(['resolve', 't.yaml', '--output', 'out.yaml'], {cwd: dir})
        expect(r).toEqual({code: 0, stdout: '', stderr: ''})
        expect(parse(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8'))).toEqual(BASE_RESOLVED)
        expect(listing(dir)).toEqual(['out.yaml', 't.yaml'])
    })

    it('prints on stdout with --output -, and writes the same text as --output FILE', async () => {
        const dir = workspace({'t.yaml': BASE})
        const dash = await runHere(['resolve', 't.yaml', '--output', '-'], {cwd: dir})
        expect(resolved(dash)).toEqual(BASE_RESOLVED)
        expect(listing(dir)).toEqual(['t.yaml'])
        const file = await runHere(['resolve', 't.yaml', '-o', 'out.yaml'], {cwd: dir})
        expect(file.code).toBe(0)
        expect(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).toBe(dash.stdout)
    })

    it('passes a plain tosca_simple_yaml_1_3 template through unchanged', async () => {
        const plain = `tosca_definitions_version: tosca_simple_yaml_1_3
description: a plain TOSCA template
topology_template:
  inputs:
    port: {type: integer, default: 80}
  node_templates:
    web:
      type: tosca.nodes.WebServer
      properties:
        port: {get_input: port}
        conditions: kept as a property
      requirements:
        - host: vm
    vm:
      type: tosca.nodes.Compute
`
        const dir = workspace({'t.yaml': plain})
        const r = await runHere(['resolve', 't.yaml'], {cwd: dir})
        expect(resolved(r)).toEqual(parse(plain))
        const file = await runHere(['resolve', 't.yaml', '--output', 'out.yaml'], {cwd: dir})
        expect(file.code).toBe(0)
        expect(parse(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8'))).toEqual(parse(plain))
    })

    it('rejects presets and inputs for a plain template, which defines none', async () => {
        const plain = 'tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    vm: {type: tosca.nodes.Compute}\n'
        await expectCase({
            files: {'t.yaml': plain},
            args: ['--preset', 'prod'],
            code: 2,
            message: 'Did not find variability preset "prod"',
            details: ['  = note: the template defines no presets'],
        })
        const none = ['  = note: the template declares no variability inputs']
        await expectCase({files: {'t.yaml': plain}, args: ['--set', 'mode=prod'], code: 2, message: 'Variability input "mode" is not defined', details: none})
    })
})

describe.concurrent('trellis resolve: bad input exits 2 with one located line and writes nothing', () => {
    it('a YAML syntax error', async () => {
        const text = BASE.replace('            type: cache\n', '            type: cache: yes\n')
        await expectCase({files: {'t.yaml': text}, code: 2, message: /^YAML syntax error: \S.*/, where: ['t.yaml', 'cache: yes']})
    })

    it('a duplicate key, with its first definition below as a related place', async () => {
        const text = BASE.replace('            type: cache\n', '            type: cache\n            type: store\n')
        expect(at(text, 'type: cache')).toBe('25:13')
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'duplicate key "type"',
            where: ['t.yaml', 'type: store'],
            details: [' 25 |             type: cache', '    |             ---- first defined here'],
        })
    })

    it('a missing template file', async () => {
        const dir = workspace()
        const r = await runHere(['resolve', 'missing.yaml', '--output', 'out.yaml'], {cwd: dir})
        expectFailure(r, 2, 'cannot read "missing.yaml": no such file')
        expect(listing(dir)).toEqual([])
    })

    it('a wrong tosca_definitions_version', async () => {
        const text = `description: not a version we know\n${BASE.replace('tosca_variability_1_0', 'tosca_variability_2_0')}`
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'unsupported tosca_definitions_version "tosca_variability_2_0"',
            where: ['t.yaml', 'tosca_definitions_version'],
            details: ['   = help: Trellis reads tosca_variability_1_0, tosca_variability_1_0_rc_2, tosca_variability_1_0_rc_3, tosca_simple_yaml_1_3'],
        })
    })

    it('a template that is not a map', async () => {
        const list = '- tosca_definitions_version: tosca_variability_1_0\n- topology_template: {}\n'
        await expectCase({files: {'t.yaml': list}, code: 2, message: 'a service template must be a YAML map', where: ['t.yaml', '- tosca_definitions_version']})
        await expectCase({files: {'t.yaml': 'just some text\n'}, code: 2, message: 'a service template must be a YAML map', where: ['t.yaml', 'just']})
    })

    it('a flag of one value given twice, rather than the first dropped without a word', async () => {
        await expectCase({
            files: {'t.yaml': BASE, 'a.yaml': 'mode: dev\n', 'b.yaml': 'mode: prod\n'},
            args: ['-i', 'a.yaml', '--inputs', 'b.yaml'],
            code: 2,
            message: /--inputs was given twice \(a\.yaml, then b\.yaml\): give it once$/,
        })
        await expectCase({files: {'t.yaml': BASE}, args: ['--report', 'r.md', '--report', 's.md'], code: 2, message: /--report was given twice \(r\.md, then s\.md\)/})
    })

    it('an unknown operator, with a suggestion', async () => {
        const text = appCondition('{equals: [{variability_input: mode}, dev]}')
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'unknown operator "equals"',
            where: ['t.yaml', '{equals:'],
            details: ['    = help: did you mean "equal"?'],
        })
    })

    it('a wrong number of operands', async () => {
        const text = appCondition('{implies: [true, true, false]}')
        await expectCase({files: {'t.yaml': text}, code: 2, message: 'operator "implies" expects 2 operands, got 3', where: ['t.yaml', '{implies:']})
    })

    it('an operand of the wrong type', async () => {
        const text = appCondition('{greater: [{add: [1, true]}, 0]}')
        await expectCase({files: {'t.yaml': text}, code: 2, message: 'operator "add" expects numbers, got true', where: ['t.yaml', '{add:']})
        const notList = appCondition('{and: true}')
        await expectCase({files: {'t.yaml': notList}, code: 2, message: 'operator "and" expects a list of operands', where: ['t.yaml', '{and:']})
    })

    it('an undefined variability input', async () => {
        const text = appCondition('{variability_input: mdoe}')
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'Variability input "mdoe" is not defined',
            where: ['t.yaml', '{variability_input: mdoe}'],
            details: ['    = help: did you mean "mode"?'],
        })
    })

    it('an undefined logic expression', async () => {
        const text = appCondition('{logic_expression: is_lrage}')
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'Did not find logic expression "is_lrage"',
            where: ['t.yaml', '{logic_expression: is_lrage}'],
            details: ['    = help: did you mean "is_large"?'],
        })
    })

    it('an undefined value expression', async () => {
        const text = BASE.replace('                - n: {expression: {variability_input: n}}\n', '                - n: {expression: {value_expression: size}}\n')
        await expectCase({files: {'t.yaml': text}, code: 2, message: 'Did not find value expression "size"', where: ['t.yaml', '{value_expression: size}']})
    })

    it('an undefined preset', async () => {
        const presets = ["  = help: the template's presets are small, large, broken"]
        await expectCase({files: {'t.yaml': BASE}, args: ['--preset', 'nope'], code: 2, message: 'Did not find variability preset "nope"', details: presets})
        const close = ['  = help: did you mean "small"?']
        await expectCase({files: {'t.yaml': BASE}, args: ['--preset', 'smal'], code: 2, message: 'Did not find variability preset "smal"', details: close})
    })

    it('an undefined node', async () => {
        const text = appCondition('{node_presence: ghost}')
        await expectCase({files: {'t.yaml': text}, code: 2, message: 'Node "ghost" not found', where: ['t.yaml', '{node_presence: ghost}']})
    })

    it('inputs that violate the input constraints: the constraint, the inputs, and where the input is defined', async () => {
        const text = variability('').replace(
            '            n: {default: 0}\n',
            '            n: {default: 0}\n            cache: {type: boolean, default: true, requires: redis}\n            redis: {type: boolean, default: false}\n',
        )
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'Variability inputs constraints are violated: input "cache" holds and requires "redis", but "redis" does not hold (false)',
            where: ['t.yaml', 'cache', 'cache: {type: boolean'],
        })
    })

    it('an input the template does not declare, given with --set', async () => {
        const help = ['  = help: did you mean "mode"?']
        await expectCase({files: {'t.yaml': BASE}, args: ['--set', 'mdoe=prod'], code: 2, message: 'Variability input "mdoe" is not defined', details: help})
    })

    it('an input the template does not declare, in an inputs file: ignored as the reference ignores it, with a located warning', async () => {
        const dir = workspace({'t.yaml': BASE, 'in.yaml': 'mode: prod\nregoin: us\n'})
        const r = await runHere(['resolve', 't.yaml', '--inputs', 'in.yaml', '-o', 'out.yaml'], {cwd: dir})
        expect(r.code, r.stderr).toBe(0)
        expect(r.stderr.split('\n')).toEqual([
            'trellis: warning[input-unknown]: in.yaml:2:1: Variability input "regoin" is not defined; ignored',
            ' 2 | regoin: us',
            '   | ^^^^^^',
            '   = help: did you mean "region"?',
            '',
        ])
        expect(fs.existsSync(path.join(dir, 'out.yaml'))).toBe(true)
    })
})

describe.concurrent('trellis resolve: cycles are named, without overflowing the stack', () => {
    it('between two expressions', async () => {
        const text = appCondition('{logic_expression: a}').replace(
            '        expressions:\n',
            '        expressions:\n            a: {not: {logic_expression: b}}\n            b: {not: {logic_expression: a}}\n',
        )
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'cycle among variability expressions: expression "a" -> expression "b" -> expression "a"',
            where: ['t.yaml', '{logic_expression: a}', 'b: {not: {logic_expression: a}'],
        })
    })

    it('between value expressions', async () => {
        const text = appCondition('{greater: [{value_expression: a}, 1]}').replace(
            '        expressions:\n',
            '        expressions:\n            a: {add: [{value_expression: b}, 1]}\n            b: {add: [{value_expression: a}, 1]}\n',
        )
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'cycle among variability expressions: expression "a" -> expression "b" -> expression "a"',
            where: ['t.yaml', '{value_expression: a}', 'b: {add: [{value_expression: a}'],
        })
    })

    it('around 100 expressions', async () => {
        const count = 100
        const names = Array.from({length: count}, (_, i) => `e${i}`)
        const entries = names.map((name, i) => `            ${name}: {not: {logic_expression: ${names[(i + 1) % count]}}}\n`).join('')
        const text = appCondition('{logic_expression: e0}').replace('        expressions:\n', `        expressions:\n${entries}`)
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: `cycle among variability expressions: ${[...names, 'e0'].map(n => `expression "${n}"`).join(' -> ')}`,
            where: ['t.yaml', '{logic_expression: e0}', 'e99: {not: {logic_expression: e0}'],
        })
    })

    it('between the default expressions of two inputs', async () => {
        const text = appCondition('{greater: [{variability_input: x}, 1]}').replace(
            '        presets:\n',
            '            x: {type: integer, default_expression: {add: [{variability_input: y}, 1]}}\n' +
                '            y: {type: integer, default_expression: {add: [{variability_input: x}, 1]}}\n' +
                '        presets:\n',
        )
        await expectCase({
            files: {'t.yaml': text},
            code: 2,
            message: 'cycle among variability expressions: input "x" -> input "y" -> input "x"',
            where: ['t.yaml', '{variability_input: x}', 'y: {type: integer, default_expression: {add: [{variability_input: x}'],
        })
    })
})

describe.concurrent('trellis resolve: deep nesting is refused where it crosses the limit, without overflowing the stack', () => {
    const YAML_MESSAGE = 'maps and lists nested deeper than 500 levels'
    const EXPRESSION_MESSAGE = "expression nested deeper than 500 levels (each operator and each reference to an expression or an input's default expression is a level)"
    /** `t.yaml:line:col` of an offset into text. */
    const where = (text: string, offset: number) => {
        const before = text.slice(0, offset).split('\n')
        return `t.yaml:${before.length}:${before[before.length - 1]!.length + 1}`
    }
    const expectDeep = async (text: string, message: string, offset: number, args: readonly string[] = []) => {
        const dir = workspace({'t.yaml': text})
        const r = await run(['resolve', 't.yaml', ...args, '--output', 'out.yaml'], {cwd: dir})
        expectFailure(r, 2, message, where(text, offset))
        expect(listing(dir)).toEqual(['t.yaml'])
    }
    // app's condition is the fifth map level (document, topology_template, node_templates, app)
    const conditionAt = (text: string) => text.indexOf('conditions: ') + 'conditions: '.length

    it('2,000 nested "not": at the operator on level 501', async () => {
        const text = appCondition(`${'{not: '.repeat(2000)}true${'}'.repeat(2000)}`)
        await expectDeep(text, YAML_MESSAGE, conditionAt(text) + 496 * '{not: '.length)
    })

    it('2,000 nested "and" and "or": at the map or list on level 501', async () => {
        const levels = Array.from({length: 2000}, (_, i) => (i % 2 ? '{or: [' : '{and: ['))
        const text = appCondition(`${levels.join('')}true${']}'.repeat(2000)}`)
        // levels alternate map, list: level 501 is the map of the 249th operator
        await expectDeep(text, YAML_MESSAGE, conditionAt(text) + levels.slice(0, 248).join('').length)
    })

    it('a chain of 2,000 logic expressions: at the reference on level 501', async () => {
        const entries = Array.from({length: 2000}, (_, i) => `            e${i + 1}: {logic_expression: e${i}}\n`).join('')
        const text = appCondition('{logic_expression: e2000}').replace('        expressions:\n', `        expressions:\n            e0: true\n${entries}`)
        // the condition is level 0 and e2000 level 1: e1500's definition is level 501
        await expectDeep(text, EXPRESSION_MESSAGE, text.indexOf('e1500: ') + 'e1500: '.length)
    })

    it('a chain of 2,000 input default expressions: at the default on level 501', async () => {
        const inputs = Array.from({length: 2000}, (_, i) => `            i${i + 1}: {type: integer, default_expression: {variability_input: i${i}}}\n`).join('')
        const text = appCondition('{equal: [{variability_input: i2000}, 1]}').replace(
            '        presets:\n',
            `            i0: {type: integer, default: 1}\n${inputs}        presets:\n`,
        )
        // equal is level 1, reading i2000 level 2, its default level 3: i1502's default is level 501
        const line = text.indexOf('i1502: ')
        await expectDeep(text, EXPRESSION_MESSAGE, text.indexOf('{variability_input: i1501}', line))
    })

    it('maps nested 2,000 deep in a property value: at the map on level 501', async () => {
        const keys = Array.from({length: 2000}, (_, i) => `${' '.repeat(24 + 2 * i)}k:`).join('\n')
        const text = BASE.replace('                - mode:', `                - deep:\n${keys} 1\n                - mode:`)
        // app's properties list is level 5, the "- deep:" map 6, the first "k:" map 7: level 501 is the 495th "k:"
        const offsets = [...text.matchAll(/^ +k:/gm)].map(m => m.index! + m[0].indexOf('k'))
        await expectDeep(text, YAML_MESSAGE, offsets[494]!)
    })

    it('a --set value nested 2,000 deep', async () => {
        const dir = workspace({'t.yaml': BASE})
        const r = await run(['resolve', 't.yaml', '--set', `mode=${'['.repeat(2000)}${']'.repeat(2000)}`], {cwd: dir})
        expectFailure(r, 2, `--set mode: the value has ${YAML_MESSAGE} at line 1, column 501`)
    })

    it('trellis explain says the same', async () => {
        const text = appCondition(`${'{not: '.repeat(2000)}true${'}'.repeat(2000)}`)
        const dir = workspace({'t.yaml': text})
        expectFailure(await run(['explain', 't.yaml'], {cwd: dir}), 2, YAML_MESSAGE, where(text, conditionAt(text) + 496 * '{not: '.length))
    })
})

describe.concurrent('trellis resolve: an input value of the wrong type is used as given, with a located warning', () => {
    const warns = async (args: readonly string[], message: string, options: {files?: Record<string, string>; env?: Record<string, string>; at?: RegExp} = {}) => {
        const dir = workspace(options.files ?? {'t.yaml': BASE})
        const result = await runHere(['resolve', 't.yaml', ...args], {cwd: dir, env: options.env ?? {}})
        expect(result.code).toBe(0)
        expect(result.stdout).toContain('tosca_simple_yaml_1_3')
        const warning = result.stderr.split('\n').find(line => line.startsWith('trellis: warning[input-type]: '))
        expect(warning).toContain(message)
        expect(warning).toContain('used as given')
        if (options.at) expect(warning).toMatch(options.at)
    }

    it('from --set', async () => {
        await warns(['--set', 'replicas=many'], 'Variability input "replicas" is of type integer and expects an integer, got "many" (from --set)')
    })

    it('from --inputs FILE, located in that file', async () => {
        await warns(['--inputs', 'in.yaml'], 'got "many"', {files: {'t.yaml': BASE, 'in.yaml': 'mode: prod\nreplicas: many\n'}, at: /in\.yaml:2:\d+: /})
    })

    it('is shown as an error is: the value in the inputs file underlined, then the declared type in the template', async () => {
        const dir = workspace({'t.yaml': BASE, 'in.yaml': 'mode: prod\nreplicas: many\n'})
        const result = await runHere(['resolve', 't.yaml', '--inputs', 'in.yaml', '--output', 'out.yaml'], {cwd: dir})
        expect(result.code).toBe(0)
        expect(result.stderr.split('\n')).toEqual([
            'trellis: warning[input-type]: in.yaml:2:1: Variability input "replicas" is of type integer and expects an integer, got "many"; used as given',
            ' 2 | replicas: many',
            '   | ^^^^^^^^',
            '  ::: t.yaml:6:24',
            ' 6 |             replicas: {type: integer, default: 1}',
            '   |                        ---- type integer declared here',
            '',
        ])
    })

    it('from a preset, located in the template', async () => {
        await warns(['--preset', 'broken'], 'got "lots"', {at: /t\.yaml:\d+:\d+: /})
    })

    it('from the environment', async () => {
        await warns([], '(from TRELLIS_INPUT_REPLICAS)', {env: {TRELLIS_INPUT_REPLICAS: 'many'}})
    })
})

describe.concurrent('trellis resolve: precedence of input sources', () => {
    const files = {'t.yaml': BASE, 'in.yaml': 'mode: file\nregion: ap\n'}
    const resolveIn = async (dir: string, args: readonly string[], env: Record<string, string> = {}) => {
        const out = resolved(await runHere(['resolve', 't.yaml', ...args], {cwd: dir, env}))
        return {properties: out.topology_template.node_templates.app!.properties, nodes: Object.keys(out.topology_template.node_templates)}
    }

    it('later presets win over earlier ones, and keep what the later ones do not set', async () => {
        const dir = workspace(files)
        expect(await resolveIn(dir, ['--preset', 'small', '--preset', 'large'])).toEqual({properties: {mode: 'large', replicas: 5, region: 'us', n: 0}, nodes: ['app', 'cache']})
        expect(await resolveIn(dir, ['--preset', 'large', '--preset', 'small'])).toEqual({properties: {mode: 'small', replicas: 5, region: 'us', n: 0}, nodes: ['app']})
    })

    it('preset < --inputs < --set < TRELLIS_INPUT_<NAME>', async () => {
        const dir = workspace(files)
        expect((await resolveIn(dir, ['--preset', 'large', '--inputs', 'in.yaml'])).properties).toEqual({mode: 'file', replicas: 5, region: 'ap', n: 0})
        expect((await resolveIn(dir, ['--set', 'mode=cli', '--inputs', 'in.yaml', '--preset', 'large'])).properties).toEqual({mode: 'cli', replicas: 5, region: 'ap', n: 0})
        expect((await resolveIn(dir, ['--preset', 'large', '--inputs', 'in.yaml', '--set', 'mode=cli'], {TRELLIS_INPUT_mode: 'env'})).properties).toEqual({
            mode: 'env',
            replicas: 5,
            region: 'ap',
            n: 0,
        })
    })

    it('TRELLIS_INPUT_<NAME> works with the name in upper case, and the environment decides presence too', async () => {
        const dir = workspace(files)
        expect(await resolveIn(dir, ['--set', 'mode=cli'], {TRELLIS_INPUT_MODE: 'large', TRELLIS_INPUT_REGION: 'sa'})).toEqual({
            properties: {mode: 'large', replicas: 1, region: 'sa', n: 0},
            nodes: ['app', 'cache'],
        })
    })

    it('the last --set of an input wins', async () => {
        const dir = workspace(files)
        expect((await resolveIn(dir, ['--set', 'mode=a', '--set', 'mode=b'])).properties).toMatchObject({mode: 'b'})
    })

    it('--set values are read as YAML', async () => {
        const dir = workspace(files)
        const three = (await resolveIn(dir, ['--set', 'n=3'])).properties
        expect(three).toMatchObject({n: 3})
        expect(typeof three!.n).toBe('number')
        expect((await resolveIn(dir, ['--set', 'n=[eu, us]', '--set', 'replicas=7', '--set', 'mode=42'])).properties).toEqual({
            mode: '42',
            replicas: 7,
            region: 'eu',
            n: ['eu', 'us'],
        })
    })
})

describe.concurrent('trellis resolve: resolving or a check fails with exit 1', () => {
    it('a constraint that cannot hold: Could not solve, at the constraint, and which constraint below it', async () => {
        const text = variability('        constraints: [false]\n')
        const where = at(text, 'false]')
        await expectCase({
            files: {'t.yaml': text},
            code: 1,
            message: 'Could not solve: this constraint cannot hold (removing it makes the template resolvable)',
            where: ['t.yaml', 'false]'],
            details: [`${' '.repeat(String(where.split(':')[0]).length + 1)} = note: topology constraint: false (t.yaml:${where})`],
        })
    })

    it('contradicting node conditions: Could not solve', async () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        a:
            type: a
            conditions: {node_presence: b}
        b:
            type: b
            conditions: {not: {node_presence: a}}
`
        // "Could not solve" never stands alone: the minimal conflict follows, each condition with its place on a line of its own;
        // the line is located at the conflict's first item (no item reads an input here)
        await expectCase({
            files: {'t.yaml': text},
            code: 1,
            message: 'Could not solve: these 2 conditions cannot both hold (removing either of them makes the template resolvable)',
            where: ['t.yaml', 'conditions: {node_presence: b}'],
            details: [
                '   = note: Node "a" is present only if its condition holds: {node_presence: b} (t.yaml:6:13)',
                '   = note: Node "b" is present only if its condition holds: {not: {node_presence: a}} (t.yaml:9:13)',
            ],
        })
    })

    it('an ambiguous result', async () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        a:
            type: a
            conditions: {node_presence: b}
        b:
            type: b
            conditions: {node_presence: a}
`
        await expectCase({
            files: {'t.yaml': text},
            code: 1,
            message:
                'The result is ambiguous considering nodes (without optimization): two variants are equally good and differ in Node "a", Node "b"; a condition or an optimization option can decide between them',
        })
    })

    it('a failing consistency check: a present relation whose source node is absent', async () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        a:
            type: a
            conditions: false
            requirements:
                - r:
                    node: b
                    conditions: true
        b:
            type: b
`
        await expectCase({files: {'t.yaml': text}, code: 1, message: 'Relation source "a" of relation "r@0" of node "a" does not exist', where: ['t.yaml', 'r:', '- r:']})
    })
})

describe.concurrent('trellis resolve: atomic output', () => {
    const failing = appCondition('{equals: [1, 1]}')

    it('a failing run leaves an existing output file byte-identical', async () => {
        const before = Buffer.from('# not even YAML: \u00e9\u0000\r\n\tkeep me\n', 'utf8')
        const dir = workspace({'t.yaml': failing, 'unsolvable.yaml': variability('        constraints: [false]\n'), 'out.yaml': before})
        const badInput = await runHere(['resolve', 't.yaml', '--output', 'out.yaml'], {cwd: dir})
        expect(badInput.code).toBe(2)
        expect(fs.readFileSync(path.join(dir, 'out.yaml')).equals(before)).toBe(true)
        const noVariant = await runHere(['resolve', 'unsolvable.yaml', '--output', 'out.yaml'], {cwd: dir})
        expect(noVariant.code).toBe(1)
        expect(fs.readFileSync(path.join(dir, 'out.yaml')).equals(before)).toBe(true)
        expect(listing(dir)).toEqual(['out.yaml', 't.yaml', 'unsolvable.yaml'])
    })

    it('a failing run with a new path leaves no file and no temporary file', async () => {
        const dir = workspace({'t.yaml': failing})
        fs.mkdirSync(path.join(dir, 'sub'))
        const r = await runHere(['resolve', 't.yaml', '--output', 'sub/out.yaml'], {cwd: dir})
        expect(r.code).toBe(2)
        expect(listing(path.join(dir, 'sub'))).toEqual([])
        expect(listing(dir)).toEqual(['sub', 't.yaml'])
    })

    it('an output path in a missing directory exits 2 naming that path, and creates nothing', async () => {
        const dir = workspace({'t.yaml': BASE})
        const r = await runHere(['resolve', 't.yaml', '--output', 'nowhere/out.yaml'], {cwd: dir})
        expectFailure(r, 2, '--output nowhere/out.yaml: the folder nowhere does not exist')
        expect(listing(dir)).toEqual(['t.yaml'])
    })

    it('refuses, before resolving, outputs that would destroy something, and leaves every file as it was', async () => {
        const cases: [readonly string[], string][] = [
            [['--output', 't.yaml'], '--output t.yaml is an input of this run (t.yaml): it would be overwritten'],
            [['--inputs', 'in.yaml', '--output', 'in.yaml'], '--output in.yaml is an input of this run (in.yaml): it would be overwritten'],
            [['--output', 'same.md', '--report', 'same.md'], '--output and --report name the same file (same.md)'],
            [['--output', 'sub'], '--output sub is not a regular file'],
            [['--output', 'link.yaml'], '--output link.yaml is a symbolic link: name the file it points to instead'],
            [['--output', ''], '--output expects a file name'],
            [['--output', 'out.yaml', '--report', 'nowhere/r.md'], '--report nowhere/r.md: the folder nowhere does not exist'],
        ]
        for (const [args, message] of cases) {
            const dir = workspace({'t.yaml': BASE, 'in.yaml': 'mode: prod\n', 'sub/keep.txt': 'x'})
            fs.symlinkSync('t.yaml', path.join(dir, 'link.yaml'))
            const before = listing(dir)
            const r = await runHere(['resolve', 't.yaml', ...args], {cwd: dir})
            expectFailure(r, 2, message)
            expect(listing(dir)).toEqual(before)
            expect(fs.readFileSync(path.join(dir, 't.yaml'), 'utf8')).toBe(BASE)
        }
    })

    it('a device is not an output', async () => {
        const dir = workspace({'t.yaml': BASE})
        expectFailure(await runHere(['resolve', 't.yaml', '--output', '/dev/null'], {cwd: dir}), 2, '--output /dev/null is not a regular file')
    })

    it('a successful run replaces an existing file by renaming a complete one into place', async () => {
        const dir = workspace({'t.yaml': BASE, 'out.yaml': 'old: content\n'})
        const out = path.join(dir, 'out.yaml')
        const inode = fs.statSync(out).ino
        const r = await runHere(['resolve', 't.yaml', '--output', 'out.yaml', '--preset', 'large'], {cwd: dir})
        expect(r).toEqual({code: 0, stdout: '', stderr: ''})
        const written = parse(fs.readFileSync(out, 'utf8'))
        expect(written.topology_template.node_templates.app.properties).toEqual({mode: 'large', replicas: 5, region: 'eu', n: 0})
        expect(Object.keys(written.topology_template.node_templates)).toEqual(['app', 'cache'])
        expect(fs.statSync(out).ino).not.toBe(inode)
        expect(listing(dir)).toEqual(['out.yaml', 't.yaml'])
        expect(listing(dir).filter(name => /^\..*\.trellis-tmp-/.test(name))).toEqual([])
    })
})

describe.concurrent('trellis resolve: usage', () => {
    it('--help exits 0 and mentions every flag', async () => {
        const r = await runHere(['resolve', '--help'])
        expect(r.code).toBe(0)
        expect(r.stderr).toBe('')
        for (const flag of ['--preset', '--inputs', '--set', '--output', '--profile', '--report', '--help', 'TRELLIS_INPUT_']) expect(r.stdout).toContain(flag)
        // --debug is a flag of every command, listed by trellis --help
        const top = await runHere(['--help'])
        expect(top.code).toBe(0)
        expect(top.stdout).toContain('--debug')
    })

    it('an unknown flag exits 2 with one line, writing nothing', async () => {
        const dir = workspace({'t.yaml': BASE})
        const r = await runHere(['resolve', 't.yaml', '--outptu', 'out.yaml'], {cwd: dir})
        expectFailure(r, 2, "unknown option '--outptu' (Did you mean --output?)")
        expect(listing(dir)).toEqual(['t.yaml'])
    })

    it('a mistyped command is named, with the command meant, instead of opening the wizard', async () => {
        const dir = workspace({'t.yaml': BASE})
        expectFailure(await runHere(['resovle', 't.yaml'], {cwd: dir}), 2, "unknown command 'resovle' (did you mean resolve?)")
        expectFailure(await runHere(['--debug', 'explian', 't.yaml'], {cwd: dir}), 2, "unknown command 'explian' (did you mean explain?)")
        expectFailure(
            await runHere(['frobnicate', 't.yaml'], {cwd: dir}),
            2,
            "unknown command 'frobnicate' (commands: resolve, explain, analyze, profile, test, wizard, completion, lsp, help)",
        )
        // a flag's value is no second argument: a missing template is said to be missing
        const missing = await runHere(['app.tosca', '-p', 'prod'], {cwd: dir})
        expect(missing.stderr).not.toContain('unknown command')
        const help = await runHere(['help'], {cwd: dir})
        expect(help.code).toBe(0)
        expect(help.stdout).toContain('Commands:')
    })

    it('a missing template argument exits 2 with one line', async () => {
        const dir = workspace()
        const r = await runHere(['resolve', '--output', 'out.yaml'], {cwd: dir})
        expectFailure(r, 2, "missing required argument 'template'")
        expect(listing(dir)).toEqual([])
    })

    it('--debug adds the stack trace that is otherwise left out', async () => {
        const dir = workspace({'t.yaml': BASE})
        const plain = await runHere(['resolve', 't.yaml', '--set', 'nope=1'], {cwd: dir})
        expect(plain.stderr).not.toMatch(STACK_LINE)
        const debug = await runHere(['resolve', 't.yaml', '--set', 'nope=1', '--debug'], {cwd: dir})
        expect(debug.code).toBe(2)
        expect(debug.stderr.split('\n').slice(0, 2)).toEqual(plain.stderr.trimEnd().split('\n'))
        expect(debug.stderr).toMatch(STACK_LINE)
    })
})

describe.concurrent('trellis resolve: technology plugins run only with --allow-plugins', () => {
    const template = `tosca_definitions_version: tosca_variability_1_0_rc_2
node_types:
    web.app: {derived_from: tosca.nodes.SoftwareComponent}
topology_template:
    variability:
        options: {hosting_stack_constraint: false}
    node_templates:
        app: {type: web.app, persistent: true}
`
    const plugin = `import fs from 'node:fs'
fs.writeFileSync('ran.txt', 'plugin code ran')
export default {build() { return {assign() { return [{docker: {}}] }} }}
`
    const files = {'t.yaml': template, 'plugins/technology/docker.mjs': plugin}

    it('without it: the plugin does not run, a warning names it, and resolving goes on without it', async () => {
        const dir = workspace(files)
        const r = await run(['resolve', 't.yaml'], {cwd: dir})
        expect(fs.existsSync(path.join(dir, 'ran.txt'))).toBe(false)
        expect(r.stderr).toContain('trellis: warning: technology plugins not run')
        expect(r.stderr).toContain(path.join('plugins', 'technology', 'docker.mjs'))
        expect(r.stderr).toContain('--allow-plugins')
        // the node needs a technology and nothing else proposes one
        expect(r.stderr).toContain('Node "app" has no technology candidates')
        expect(r.code).toBe(2)
    })

    it('with it: the plugin runs and proposes the technology', async () => {
        const dir = workspace(files)
        const r = await run(['resolve', 't.yaml', '--allow-plugins'], {cwd: dir})
        expect(r.stderr).toBe('')
        expect(r.code).toBe(0)
        expect(fs.readFileSync(path.join(dir, 'ran.txt'), 'utf8')).toBe('plugin code ran')
        expect(parse(r.stdout).topology_template.node_templates.app.type).toBe('web.app~web.app::docker')
    })
})

describe('trellis resolve: standard output that cannot be written', () => {
    const noFull = !fs.existsSync('/dev/full')
    it.skipIf(noFull)(skipNamed('a full device: one line, exit 2, no stack trace', noFull && 'no /dev/full here'), () => {
        const dir = workspace({'t.yaml': BASE})
        const full = fs.openSync('/dev/full', 'w')
        try {
            const r = spawnSync(process.execPath, [path.resolve('bin/trellis.js'), 'resolve', 't.yaml'], {cwd: dir, stdio: ['ignore', full, 'pipe'], encoding: 'utf8'})
            expect(r.status).toBe(2)
            expect(r.stderr).toBe('trellis: cannot write to standard output: ENOSPC\n')
        } finally {
            fs.closeSync(full)
        }
    })
})

describe.concurrent('trellis resolve: template text in a message stays one safe line', () => {
    it('control characters are escaped and a huge name is cut with an ellipsis', async () => {
        const evil = 'evil\\x1b[31mred\\nsecond'
        const text = `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: t, conditions: {node_presence: "${evil}"}}\n`
        const r = await runHere(['resolve', 't.yaml'], {cwd: workspace({'t.yaml': text})})
        expectFailure(r, 2, 'Node "evil\\x1b[31mred\\nsecond" not found', 't.yaml:4:34')
        const long = `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: t, conditions: {node_presence: ${'x'.repeat(100_000)}}}\n`
        const cut = await runHere(['resolve', 't.yaml'], {cwd: workspace({'t.yaml': long})})
        expect(cut.stderr.length).toBeLessThan(600)
        expect(cut.stderr).toContain('…')
    })
})

describe.concurrent('trellis resolve: several mistakes', () => {
    const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: dev}
    node_templates:
        app:
            type: t
            conditions: {nope: [1, 2]}
        db:
            type: t
            conditions: {equal: [{variability_input: envv}, prod]}
        cache:
            type: t
            conditions: {node_presence: "missing node"}
`

    it('are each reported with the line they point at and the token underlined, then counted', async () => {
        const r = await runHere(['resolve', 't.yaml', '--output', 'out.yaml'], {cwd: workspace({'t.yaml': text})})
        expect(r.code).toBe(2)
        expect(r.stdout).toBe('')
        expect(r.stderr.split('\n')).toEqual(
            [
                'error[unknown-operator]: t.yaml:9:25: unknown operator "nope"',
                '  9 |             conditions: {nope: [1, 2]}',
                '    |                         ^^^^^^^^^^^^^^',
                '    = help: did you mean "not"?',
                'error[undefined-reference]: t.yaml:12:34: Variability input "envv" is not defined',
                ' 12 |             conditions: {equal: [{variability_input: envv}, prod]}',
                '    |                                  ^^^^^^^^^^^^^^^^^^^^^^^^^',
                '    = help: did you mean "env"?',
                'error[undefined-reference]: t.yaml:15:25: Node "missing node" not found',
                ' 15 |             conditions: {node_presence: "missing node"}',
                '    |                         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
                '3 errors',
                '',
            ].map(l => (l === '' || l.startsWith(' ') ? l : `trellis: ${l}`)),
        )
    })

    it('are data with explain --json', async () => {
        const r = await runHere(['explain', 't.yaml', '--json'], {cwd: workspace({'t.yaml': text})})
        expect(r.code).toBe(2)
        const {diagnostics} = JSON.parse(r.stdout)
        expect(
            diagnostics.map((d: {code: string; range: {start: {line: number}; end: {column: number}}; excerpt: string}) => [
                d.code,
                d.range.start.line,
                d.range.end.column,
                d.excerpt.trim(),
            ]),
        ).toEqual([
            ['unknown-operator', 9, 39, 'conditions: {nope: [1, 2]}'],
            ['undefined-reference', 12, 59, 'conditions: {equal: [{variability_input: envv}, prod]}'],
            ['undefined-reference', 15, 56, 'conditions: {node_presence: "missing node"}'],
        ])
    })
})

describe('trellis resolve: values it would write changed', () => {
    const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            id: {type: integer}
    node_templates:
        a: {type: tosca.nodes.Root, properties: [{id: {expression: {variability_input: id}}}]}
`

    it('refuses them in --set, an inputs file and the template, one located line each, and writes nothing', async () => {
        const dir = workspace({
            't.yaml': TEMPLATE,
            'in.yaml': 'id: 12345678901234567890\n',
            'tag.yaml': TEMPLATE.replace('{type: integer}', '{type: integer, default: !!binary aGk=}'),
        })
        const set = await runHere(['resolve', 't.yaml', '--set', 'id=9007199254740993', '-o', 'out.yaml'], {cwd: dir})
        expect(set.code).toBe(2)
        expect(set.stderr).toBe(
            'trellis: --set id: the integer 9007199254740993 cannot be kept exactly (integers are exact up to 9007199254740991); quote it to keep it as text: "9007199254740993"\n',
        )
        const file = await runHere(['resolve', 't.yaml', '--inputs', 'in.yaml', '-o', 'out.yaml'], {cwd: dir})
        expect(file.code).toBe(2)
        expect(file.stderr).toMatch(/^trellis: error\[invalid-template\]: in\.yaml:1:5: the integer 12345678901234567890 cannot be kept exactly/)
        const tagged = await runHere(['resolve', 'tag.yaml', '-o', 'out.yaml'], {cwd: dir})
        expect(tagged.stderr).toMatch(/^trellis: error\[invalid-template\]: tag\.yaml:5:\d+: the YAML tag !!binary is not read/)
        expect(fs.existsSync(path.join(dir, 'out.yaml'))).toBe(false)
        // the largest exact integer, and the same digits quoted, come out as written
        const kept = await runHere(['resolve', 't.yaml', '--set', 'id=9007199254740991', '-o', '-'], {cwd: dir})
        expect(kept.stdout).toContain('id: 9007199254740991')
    })

    it('refuses an alias in --set or the environment that names nothing or itself, in one line (it stopped on an internal error)', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        const dangling = await runHere(['resolve', 't.yaml', '--set', 'id=*x', '-o', '-'], {cwd: dir})
        expect([dangling.code, dangling.stderr]).toEqual([2, 'trellis: --set id: the value is not valid YAML: alias "*x" cannot be resolved at line 1, column 1\n'])
        const circular = await runHere(['resolve', 't.yaml', '-o', '-'], {cwd: dir, env: {TRELLIS_INPUT_ID: '&a [1, *a]'}})
        expect([circular.code, circular.stderr]).toEqual([2, 'trellis: TRELLIS_INPUT_ID: the value is not valid YAML: alias "*a" cannot be resolved at line 1, column 8\n'])
    })
})

describe('trellis resolve: inputs without a value', () => {
    /** Two inputs without defaults, each read in several places; a preset sets one of them. */
    const UNSET = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string}
            premium: {type: boolean}
        presets:
            cloud: {inputs: {env: CLOUD}}
        options: {type_default_condition: true}
    node_templates:
        vm: {type: vm, conditions: {equal: [{variability_input: env}, VMS]}}
        bucket: {type: bucket, conditions: {equal: [{variability_input: env}, CLOUD]}}
        cdn: {type: cdn, conditions: {and: [{variability_input: premium}, {equal: [{variability_input: env}, CLOUD]}]}}
`

    it('are named in one error, with their types, the values the template uses and how to give them', async () => {
        const dir = workspace({'t.yaml': UNSET})
        const r = await runHere(['resolve', 't.yaml', '-o', 'out.yaml'], {cwd: dir})
        expect(r.code).toBe(2)
        const lines = r.stderr.split('\n')
        expect(lines[0]).toBe('trellis: error[input-missing]: t.yaml:11:45: Variability input "env" has no value nor default (expression) assigned, nor has "premium"')
        // one error, not one per place an input is read
        expect(r.stderr).not.toMatch(/trellis: \d+ errors/)
        expect(r.stderr).toContain('"env" is declared here')
        expect(r.stderr).toContain('= note: "env" (string): the template uses CLOUD, VMS')
        expect(r.stderr).toContain('= note: "premium" (boolean): the template uses true, false')
        expect(r.stderr).toContain('= help: give each a value, for example --set env=CLOUD --set premium=true')
        expect(r.stderr).toContain('--preset cloud')
        expect(listing(dir)).toEqual(['t.yaml'])
        // the help's example resolves
        const given = await runHere(['resolve', 't.yaml', '--set', 'env=CLOUD', '--set', 'premium=true'], {cwd: dir})
        expect(Object.keys(resolved(given).topology_template.node_templates)).toEqual(['bucket', 'cdn'])
    })

    it('suggests a preset by a name the shell takes as one word', async () => {
        const dir = workspace({'t.yaml': UNSET.replace('cloud: {inputs', '"cloud; rm -r x": {inputs')})
        const r = await runHere(['resolve', 't.yaml', '-o', 'out.yaml'], {cwd: dir})
        expect(r.stderr.replace(/\n +/g, ' ')).toContain("choose a preset that sets them: --preset 'cloud; rm -r x'")
    })

    it('one input without a value keeps the message of the reference', async () => {
        const dir = workspace({'t.yaml': UNSET})
        const r = await runHere(['resolve', 't.yaml', '--set', 'premium=false'], {cwd: dir})
        expect(r.code).toBe(2)
        expect(r.stderr.split('\n')[0]).toBe('trellis: error[input-missing]: t.yaml:11:45: Variability input "env" has no value nor default (expression) assigned')
    })
})

describe('trellis resolve: no variant', () => {
    it('says which input values the conflict read and offers verified repairs ready to paste, the one differing only in case first', async () => {
        const dir = workspace({'t.yaml': CLOUDS})
        const r = await runHere(['resolve', 't.yaml', '--set', 'env=gcp', '-o', 'out.yaml'], {cwd: dir})
        expect(r.code).toBe(1)
        // the choice first, in words; what conflicts as notes, each located; the repairs as help
        expect(r.stderr.split('\n')[0]).toBe('trellis: error[unsatisfiable]: env = gcp (from --set) leaves no variant')
        expect(r.stderr.split('\n')[1]).toMatch(/^ {2}= note: (this|these) /)
        expect(unwrapped(r.stderr.split('\n')).join('\n')).toMatch(/= note: Node "\w+" is present only if its condition holds: .*\(t\.yaml:\d+:\d+\)/)
        const help = unwrapped(r.stderr.split('\n')).filter(line => line.includes('= help:'))
        expect(help[0]).toMatch(/= help: --set env=GCP resolves it \(verified: \d+ elements present, \d+ pruned\)$/)
        expect(help.some(line => line.includes('--set env=AWS resolves it'))).toBe(true)
        expect(listing(dir)).toEqual(['t.yaml'])
        // the help is what it says: pasted, it resolves
        const pasted = await runHere(['resolve', 't.yaml', '--set', 'env=GCP'], {cwd: dir})
        expect(Object.keys(resolved(pasted).topology_template.node_templates)).toEqual(['gcp'])
        // where no constraint stops it, the value in another case picks another variant: said, located
        fs.writeFileSync(path.join(dir, 'open.yaml'), CLOUDS.replace(/ {8}constraints:\n.*\n/, ''))
        const silent = await runHere(['resolve', 'open.yaml', '--set', 'env=gcp'], {cwd: dir})
        expect(silent.code, silent.stderr).toBe(0)
        expect(parse(silent.stdout).topology_template?.node_templates).toBeUndefined()
        expect(silent.stderr).toMatch(
            /^trellis: warning\[input-case\]: open\.yaml:8:40: Variability input "env" is "gcp", which this condition compares with "GCP": they differ only in letter case, so they are not equal\n/,
        )
    })
})
