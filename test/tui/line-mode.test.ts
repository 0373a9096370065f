// Line mode (--prompt): the same flow as questions, answered here on stdin.
import {tempDir} from '../helpers/temp.js'
import {spawn, spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {expect, it} from 'vitest'
import {parse} from 'yaml'
import {ProfileStore} from '../../src/profiles/index.js'
import {MISSPELT_INPUT} from '../helpers/templates.js'
import {UNSAT} from '../report/fixtures.js'

const ROOT = path.resolve(__dirname, '../..')
const SAMPLE = path.join(ROOT, 'sample-templates/web-shop/variable-service-template.yaml')

/** The web-shop sample's questions up to the output paths, each answered by keeping what it offers. */
const SAMPLE_DEFAULTS: [string, string][] = [
    ['q stops: ', '\n'],
    ['platform (string)', '\n'],
    ['monitoring (boolean)', '\n'],
    ['backups (boolean)', '\n'],
    ['replicas (integer)', '\n'],
    ['List the', '\n'],
]

/** Runs the command and answers each question once its text appears on stdout. */
function converse(args: string[], cwd: string, script: [string, string][], env: Record<string, string> = {}): Promise<{code: number | null; stdout: string; stderr: string}> {
    return new Promise(resolve => {
        const child = spawn(process.execPath, [path.join(ROOT, 'bin/trellis.js'), ...args], {cwd, env: {...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env}})
        let stdout = ''
        let stderr = ''
        let step = 0
        let seen = 0
        child.stdout.on('data', chunk => {
            stdout += chunk
            while (step < script.length) {
                const at = stdout.indexOf(script[step]![0], seen)
                if (at < 0) break
                seen = at + script[step]![0].length
                child.stdin.write(script[step]![1])
                step++
            }
        })
        child.stderr.on('data', chunk => (stderr += chunk))
        child.on('close', code => resolve({code, stdout, stderr}))
    })
}

it('asks for presets, inputs and the output paths, lists the pruned elements with reasons, writes, and keeps the choices as a profile', async () => {
    const dir = tempDir('trellis-prompt-')
    const config = tempDir('trellis-prompt-config-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    const result = await converse(
        ['shop.yaml', '--prompt'],
        dir,
        [
            ['q stops: ', 'prod\n'], // no preset chosen before: a name or a number picks one
            ['platform (string)', '\n'],
            ['monitoring (boolean)', 'n\n'],
            ['backups (boolean)', '\n'],
            // the values the template uses as a list, then "type a value…", which starts empty
            ['replicas (integer)', '3\n'],
            // a number that would be written changed, refused in the words of --set; then not a number: asked again each time
            ['replicas = (empty keeps the value): ', '1e400\n'],
            ['! the number 1e400 is too large to be kept (it would be written as .inf);', 'three\n'],
            ['! expects an integer', '\n'],
            ['List the', 'y\n'],
            ['Write the resolved template to', '\n'],
            ['Write the explanation report to', '\n'],
            ['Save these choices as a profile named', 'lined\n'],
        ],
        {TRELLIS_CONFIG_DIR: config},
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/\d+ present, \d+ pruned — removes/)
    // each pruned element as `trellis explain` lists it
    expect(result.stdout.split(/\s+/).join(' ')).toContain(' - pruned Node "monitor" [manual-condition-false] its condition does not hold')
    // wrapped to 80 columns off a terminal (a pipe, a log)
    for (const line of result.stdout.split('\n')) expect(line.trimEnd().length, line).toBeLessThanOrEqual(80)
    const written = parse(fs.readFileSync(path.join(dir, 'shop.resolved.yaml'), 'utf8'))
    expect(Object.keys(written.topology_template.node_templates)).toContain('platform_runtime')
    expect(Object.keys(written.topology_template.node_templates)).not.toContain('monitor')
    expect(fs.readFileSync(path.join(dir, 'shop.report.md'), 'utf8')).toContain('# Resolution report')
    expect(result.stdout).toContain('Saved profile lined')
    expect(new ProfileStore({dir: config}).get('lined')).toMatchObject({presets: ['prod'], inputs: {monitoring: false}})
    fs.rmSync(dir, {recursive: true, force: true})
    fs.rmSync(config, {recursive: true, force: true})
})

it('stops cleanly when the answers run out', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/trellis.js'), 'shop.yaml', '--prompt'], {cwd: dir})
    let stderr = ''
    child.stderr.on('data', chunk => (stderr += chunk))
    child.stdin.end()
    const code = await new Promise(resolve => child.on('close', resolve))
    expect(code).toBe(2)
    expect(stderr).toBe('trellis: cancelled; nothing was written\n')
    expect(fs.readdirSync(dir)).toEqual(['shop.yaml'])
    fs.rmSync(dir, {recursive: true, force: true})
})

it('through a pipe or on TERM=dumb asks in plain lines: no escape codes, the answers echoed, a profile’s presets chosen', async () => {
    const dir = tempDir('trellis-prompt-')
    const config = tempDir('trellis-prompt-config-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    new ProfileStore({dir: config}).save({name: 'p', template: {path: path.join(dir, 'shop.yaml'), sha256: ''}, presets: ['prod'], inputs: {replicas: 5}})
    const result = await converse(
        ['shop.yaml', '--profile', 'p', '--prompt'],
        dir,
        [
            ['empty keeps prod', '\n'],
            ['platform (string)', '\n'],
            ['monitoring (boolean)', '\n'],
            ['backups (boolean)', '\n'],
            ['replicas (integer)', '\n'],
            ['List the', '\n'],
            ['Write the resolved template to', '\n'],
            ['Write the explanation report to', 'none\n'],
            ['Save these choices as a profile named', '\n'],
        ],
        {TRELLIS_CONFIG_DIR: config, TERM: 'dumb'},
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).not.toContain('\u001b')
    // the profile's preset applied: its values are what the questions start from
    expect(result.stdout).toContain(
        '? platform (string) — now managed from preset prod\n  1. vm\n  2. managed (now)\n  3. type a value…\n  a number from 1 to 3; empty keeps 2; Esc or q leaves: \n',
    )
    expect(result.stdout).toContain(
        '? replicas (integer) — now 5 from profile p\n  1. 1\n  2. 3\n  3. 5 (now; not a value the template uses)\n  4. remove the value: 3 (preset prod)\n  5. type a value…\n  a number from 1 to 5; empty keeps 3; Esc or q leaves: \n',
    )
    const written = parse(fs.readFileSync(path.join(dir, 'shop.resolved.yaml'), 'utf8'))
    expect(Object.keys(written.topology_template.node_templates)).toContain('platform_runtime')
    fs.rmSync(dir, {recursive: true, force: true})
    fs.rmSync(config, {recursive: true, force: true})
})

it('keeps the written files and exits 0 when the input ends at the profile question', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/trellis.js'), 'shop.yaml', '--prompt'], {cwd: dir, env: {...process.env, TERM: 'dumb'}})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    // presets, four inputs, not listing the pruned elements, the two paths; then the input ends
    child.stdin.end('\n\n\n\n\n\n\n\n')
    const code = await new Promise(resolve => child.on('close', resolve))
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toContain('Profile not saved.')
    expect(fs.readdirSync(dir).sort()).toEqual(['shop.report.md', 'shop.resolved.yaml', 'shop.yaml'])
    fs.rmSync(dir, {recursive: true, force: true})
})

it('reads "-" as standard output for the resolved template, as resolve -o - does, and writes no file named "-"', async () => {
    const dir = tempDir('trellis-prompt-')
    const config = tempDir('trellis-prompt-config-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    const result = await converse(
        ['shop.yaml', '--prompt'],
        dir,
        [
            ...SAMPLE_DEFAULTS,
            ['Write the resolved template to', '-\n'],
            ['Write the explanation report to', '-\n'], // both cannot go to standard output: asked again
            ['already goes to standard output', 'none\n'],
            ['Save these choices as a profile named', '\n'],
        ],
        {TRELLIS_CONFIG_DIR: config},
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('tosca_definitions_version: tosca_simple_yaml_1_3')
    expect(result.stdout).toContain('Wrote standard output')
    expect(fs.readdirSync(dir)).toEqual(['shop.yaml'])
    fs.rmSync(dir, {recursive: true, force: true})
    fs.rmSync(config, {recursive: true, force: true})
})

it('opens the template of the profile named when no template is given', async () => {
    const dir = tempDir('trellis-prompt-')
    const config = tempDir('trellis-prompt-config-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    new ProfileStore({dir: config}).save({name: 'mine', template: {path: path.join(dir, 'shop.yaml'), sha256: ''}, presets: ['prod'], inputs: {}})
    const elsewhere = tempDir('trellis-prompt-cwd-')
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/trellis.js'), '--profile', 'mine', '--prompt'], {
        cwd: elsewhere,
        env: {...process.env, TRELLIS_CONFIG_DIR: config, TERM: 'dumb'},
    })
    let stdout = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stdin.end()
    await new Promise(resolve => child.on('close', resolve))
    expect(stdout).toContain('trellis — shop.yaml')
    expect(stdout).toContain('empty keeps prod')
    for (const d of [dir, config, elsewhere]) fs.rmSync(d, {recursive: true, force: true})
})

it('shows a mistake the choices reach as the command line does: located, the line it points at, and help', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 't.yaml'), MISSPELT_INPUT)
    const result = await converse(['t.yaml', '--prompt'], dir, [['env (string)', '\n']])
    expect(result.code).toBe(1)
    const lines = result.stdout.split('\n')
    const at = lines.findIndex(l => l.startsWith('The template has a mistake: '))
    expect(lines.slice(at, at + 4)).toEqual([
        'The template has a mistake: t.yaml:7:45: Variability input "envv" is not defined',
        ' 7 |         app: {type: a, conditions: {equal: [{variability_input: envv}, prod]}}',
        '   |                                             ^^^^^^^^^^^^^^^^^^^^^^^^^',
        '   = help: did you mean "env"?',
    ])
})

/** env is given in the wrong case by its default: no variant, and --set env=GCP repairs it. */
const MISCASED = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: gcp}
            region: {type: string}
        constraints:
            - {node_presence: cloud}
    node_templates:
        cloud: {type: tosca.nodes.Root, conditions: {equal: [{variability_input: env}, GCP]}}
        eu: {type: tosca.nodes.Root, conditions: {equal: [{variability_input: region}, EU]}}
`

it('offers the values the template uses, says an input is not set, and on a failure offers the verified repairs and asks again', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 't.yaml'), MISCASED)
    const result = await converse(
        ['t.yaml', '--prompt'],
        dir,
        [
            ['env (string) — now gcp from default\n  1. gcp (now)\n  2. GCP\n  3. type a value…', '\n'],
            // an input not set has nothing to keep: a value must be picked
            ['region (string) — not set\n  1. EU\n  2. type a value…\n  a number from 1 to 2; Esc or q leaves: ', '\n'],
            ['! answer a number from 1 to 2; Esc or q leaves', '1\n'],
            ['1 applies the repair, Enter asks for the inputs again, q stops', '1\n'],
            ['Write the resolved template', 'out.yaml\n'],
            ['Write the explanation report', 'none\n'],
            ['Save these choices as a profile', '\n'],
        ],
        {TERM: 'dumb'},
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/\n {2}1\. --set env=GCP resolves it \(verified: \d+ elements present, 0 pruned\)\n/)
    // what the repair changed, and the summary; not the pruned elements unless asked
    expect(result.stdout).toContain('Applied --set env=GCP:\n  env: gcp (default) → GCP\n')
    expect(result.stdout).toMatch(/\n\d+ present, 0 pruned/)
    expect(result.stdout).not.toContain('null')
    expect(Object.keys(parse(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).topology_template.node_templates)).toEqual(['cloud', 'eu'])
})

it('stops with exit 1, writing nothing, when the user answers q after a failure', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 't.yaml'), MISCASED)
    const result = await converse(
        ['t.yaml', '--prompt'],
        dir,
        [
            ['env (string)', '\n'],
            ['region (string)', '1\n'],
            ['Enter asks for the inputs again, q stops', 'q\n'],
        ],
        {TERM: 'dumb'},
    )
    expect(result.code).toBe(1)
    expect(fs.readdirSync(dir)).toEqual(['t.yaml'])
})

it('shows a conflict as `trellis explain` prints it, and exits 1', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 't.yaml'), UNSAT)
    const result = await converse(
        ['t.yaml', '--prompt'],
        dir,
        [
            ['ha (boolean)', '\n'],
            ['Enter asks for the inputs again, q stops', 'q\n'],
        ],
        {TERM: 'dumb'},
    )
    const explained = await converse(['explain', 't.yaml'], dir, [])
    expect(result.code).toBe(1)
    expect(explained.code).toBe(1)
    expect(explained.stdout).toMatch(/^No variant exists: this condition and this constraint cannot both hold/)
    // the same words; line mode wraps them to its width
    const words = (text: string) => text.split(/\s+/).join(' ')
    expect(words(result.stdout)).toContain(words(explained.stdout))
    fs.rmSync(dir, {recursive: true, force: true})
})

/** An input with valid_values, one the template compares with a large range, a preset with a long description. */
const CONSTRAINED = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            platform: {type: string, default: vm, constraints: [{valid_values: [vm, managed, edge]}]}
            size: {type: integer, default: 10, constraints: [{in_range: [1, 1000]}]}
        presets:
            big:
                description: ${'a preset whose description goes on and on about what it does '.repeat(3)}
                inputs: {size: 500}
    node_templates:
        vm: {type: tosca.nodes.Root, conditions: {equal: [{variability_input: platform}, vm]}}
        large: {type: tosca.nodes.Root, conditions: {greater: [{variability_input: size}, 100]}}
`

it('offers exactly the values an input’s constraints allow, refuses a typed value outside them, and wraps its lines to 80 columns off a terminal', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 't.yaml'), CONSTRAINED)
    const result = await converse(
        ['t.yaml', '--prompt'],
        dir,
        [
            ['q stops: ', '\n'],
            // valid_values: those three, nothing to type; a value in another case is questioned
            ['platform (string) — now vm from default\n  1. vm (now)\n  2. managed\n  3. edge\n  a number', 'EDGE\n'],
            ['! did you mean edge? answer 3', '3\n'],
            // a large range offers its bounds and the values the template compares with; typing stays, within the range
            ['type a value…', '0\n'],
            ['! answer a number', 'q\n'],
        ],
        {TERM: 'dumb'},
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('Stopped; nothing written.')
    for (const line of result.stdout.split('\n')) expect(line.trimEnd().length, line).toBeLessThanOrEqual(80)
    expect(fs.readdirSync(dir)).toEqual(['t.yaml'])
    fs.rmSync(dir, {recursive: true, force: true})
})

it('reads a typed value as the type and the constraints allow it, starting empty', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 't.yaml'), CONSTRAINED)
    const result = await converse(
        ['t.yaml', '--prompt'],
        dir,
        [
            ['q stops: ', '\n'],
            ['platform (string)', '\n'],
            ['type a value…', 'type a value…\n'], // the entry's own name picks it too
            ['size = (empty keeps the value): ', '5000\n'],
            ['! its constraints allow from 1 to 1000', '700\n'],
            ['Write the resolved template', 'out.yaml\n'],
            ['Write the explanation report', 'none\n'],
            ['Save these choices as a profile', '\n'],
        ],
        {TERM: 'dumb'},
    )
    expect(result.code, result.stderr).toBe(0)
    expect(Object.keys(parse(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).topology_template.node_templates)).toEqual(['vm', 'large'])
    fs.rmSync(dir, {recursive: true, force: true})
})

it('leaves the preset list with Esc (on, with the presets checked) and stops with q, writing nothing', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 't.yaml'), CONSTRAINED)
    const escaped = await converse(
        ['t.yaml', '--prompt', '--preset', 'big'],
        dir,
        [
            ['q stops: ', '\u001b\n'],
            ['platform (string)', 'q\n'],
        ],
        {TERM: 'dumb'},
    )
    expect(escaped.code, escaped.stderr).toBe(0)
    // the preset kept: size starts at its value
    expect(escaped.stdout).not.toContain('size (integer)')
    const stopped = await converse(['t.yaml', '--prompt'], dir, [['q stops: ', 'q\n']], {TERM: 'dumb'})
    expect(stopped.code, stopped.stderr).toBe(0)
    expect(stopped.stdout).toContain('Stopped; nothing written.')
    expect(stopped.stdout).not.toContain('platform (string)')
    expect(fs.readdirSync(dir)).toEqual(['t.yaml'])
    fs.rmSync(dir, {recursive: true, force: true})
})

it('picks the template among those found in plain lines, and q leaves the picker with exit 0', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 'a.yaml'), CONSTRAINED)
    fs.writeFileSync(path.join(dir, 'b.yaml'), CONSTRAINED)
    const result = await converse(['--prompt'], dir, [['Which variable service template?', 'q\n']], {TERM: 'dumb'})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('  1. a.yaml\n  2. b.yaml\n')
    expect(result.stdout).not.toContain('\u001b')
    fs.rmSync(dir, {recursive: true, force: true})
})

it('leaves the write questions with q or Esc, writing nothing, and writes a file named q when asked for ./q', async () => {
    const dir = tempDir('trellis-prompt-')
    const config = tempDir('trellis-prompt-config-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    const upToWrite = SAMPLE_DEFAULTS
    for (const [question, leave] of [
        ['Write the resolved template to', 'q\n'],
        ['Write the explanation report to', '\u001b\n'],
    ] as const) {
        const script: [string, string][] = [
            ...upToWrite,
            ...(question.includes('report') ? ([['Write the resolved template to', 'out.yaml\n']] as [string, string][]) : []),
            [question, leave],
        ]
        const left = await converse(['shop.yaml', '--prompt'], dir, script, {TRELLIS_CONFIG_DIR: config, TERM: 'dumb'})
        expect(left.code, left.stderr).toBe(0)
        expect(left.stdout).toContain('Nothing written.')
        expect(fs.readdirSync(dir)).toEqual(['shop.yaml'])
    }
    const named = await converse(
        ['shop.yaml', '--prompt'],
        dir,
        [...upToWrite, ['Write the resolved template to', './q\n'], ['Write the explanation report to', 'none\n'], ['Save these choices as a profile named', '\n']],
        {TRELLIS_CONFIG_DIR: config, TERM: 'dumb'},
    )
    expect(named.code, named.stderr).toBe(0)
    expect(fs.readdirSync(dir).sort()).toEqual(['q', 'shop.yaml'])
    fs.rmSync(dir, {recursive: true, force: true})
    fs.rmSync(config, {recursive: true, force: true})
})

it('offers to remove a value given (a profile’s, --set), saying what applies then; what is written and saved leaves it out', async () => {
    const dir = tempDir('trellis-prompt-')
    const config = tempDir('trellis-prompt-config-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    new ProfileStore({dir: config}).save({name: 'p', template: {path: path.join(dir, 'shop.yaml'), sha256: ''}, presets: [], inputs: {platform: 'managed', replicas: 5}})
    const result = await converse(
        ['shop.yaml', '--profile', 'p', '--set', 'monitoring=true', '--prompt'],
        dir,
        [
            ['q stops: ', '\n'],
            ['? platform (string) — now managed from profile p\n  1. vm\n  2. managed (now)\n  3. remove the value: vm (default)\n  4. type a value…\n', '3\n'],
            // a boolean given is a list too: on, off, and the removal
            ['? monitoring (boolean) — now true from --set\n  1. true (now)\n  2. false\n  3. remove the value: false (default)\n  a number', '\n'],
            ['backups (boolean) — now false from default (y/N)', '\n'],
            ['replicas (integer) — now 5 from profile p', '\n'],
            ['List the', '\n'],
            ['Write the resolved template to', '\n'],
            ['Write the explanation report to', '\n'],
            ['Save these choices as a profile named', 'kept\n'],
        ],
        {TRELLIS_CONFIG_DIR: config, TERM: 'dumb'},
    )
    expect(result.code, result.stderr).toBe(0)
    const written = parse(fs.readFileSync(path.join(dir, 'shop.resolved.yaml'), 'utf8'))
    expect(Object.keys(written.topology_template.node_templates)).toContain('vm_runtime')
    // the command that reproduces it: every value given but the one removed
    expect(fs.readFileSync(path.join(dir, 'shop.report.md'), 'utf8')).toContain('trellis resolve shop.yaml --set monitoring=true --set replicas=5 --output shop.resolved.yaml')
    expect(new ProfileStore({dir: config}).get('kept').inputs).toEqual({monitoring: true, replicas: 5})
    fs.rmSync(dir, {recursive: true, force: true})
    fs.rmSync(config, {recursive: true, force: true})
})

it('asks again at once for an input its removed value leaves without one', async () => {
    const dir = tempDir('trellis-prompt-')
    fs.writeFileSync(path.join(dir, 't.yaml'), MISCASED)
    const result = await converse(
        ['t.yaml', '--set', 'region=EU', '--prompt'],
        dir,
        [
            ['env (string)', '\n'],
            ['? region (string) — now EU from --set\n  1. EU (now)\n  2. remove the value: it needs one then\n  3. type a value…\n', '2\n'],
            // Esc leaves it without one: resolving says so, and Enter asks the inputs again
            ['? region (string) — not set\n  1. EU\n  2. type a value…\n  a number from 1 to 2; Esc or q leaves: ', '\x1b\n'],
            ['Enter asks for the inputs again, q stops', '\n'],
            ['env (string)', '\n'],
            ['region (string) — not set', '1\n'],
            ['1 applies the repair', 'q\n'],
        ],
        {TERM: 'dumb'},
    )
    expect(result.stdout.split(/\s+/).join(' ')).toContain('Variability input "region" has no value nor default (expression) assigned')
    expect(result.code, result.stderr).toBe(1)
    fs.rmSync(dir, {recursive: true, force: true})
})

it('writes a command that reproduces the template in the shell it ran in: TRELLIS_INPUT_ variables removed or set again are unset by env -u', async () => {
    const dir = tempDir('trellis-prompt-')
    const config = tempDir('trellis-prompt-config-')
    fs.copyFileSync(SAMPLE, path.join(dir, 'shop.yaml'))
    const env = {TRELLIS_CONFIG_DIR: config, TERM: 'dumb', TRELLIS_INPUT_platform: 'managed', TRELLIS_INPUT_REPLICAS: '5', TRELLIS_INPUT_BACKUPS: 'true'}
    const result = await converse(
        ['shop.yaml', '--prompt'],
        dir,
        [
            ['q stops: ', '\n'],
            ['? platform (string) — now managed from environment TRELLIS_INPUT_platform\n  1. vm\n  2. managed (now)\n  3. remove the value: vm (default)\n', '3\n'],
            ['monitoring (boolean)', '\n'],
            ['backups (boolean) — now true from environment TRELLIS_INPUT_BACKUPS', '\n'],
            ['replicas (integer) — now 5 from environment TRELLIS_INPUT_REPLICAS', '5\n'],
            ['replicas = ', '7\n'],
            ['List the', '\n'],
            ['Write the resolved template to', '\n'],
            ['Write the explanation report to', '\n'],
            ['Save these choices as a profile named', '\n'],
        ],
        env,
    )
    expect(result.code, result.stderr + result.stdout).toBe(0)
    const report = fs.readFileSync(path.join(dir, 'shop.report.md'), 'utf8')
    const command = /^env -u .*$/m.exec(report)?.[0]
    expect(command).toBe(
        'env -u TRELLIS_INPUT_REPLICAS -u TRELLIS_INPUT_platform TRELLIS_INPUT_BACKUPS=true trellis resolve shop.yaml --set replicas=7 --output shop.resolved.yaml --report shop.report.md',
    )
    // run where the wizard ran, with every variable still set: the same template
    const again = spawnSync(
        'sh',
        ['-c', command!.replace(' trellis ', ` ${process.execPath} ${path.join(ROOT, 'bin/trellis.js')} `).replace(/--output \S+ --report \S+$/, '--output again.yaml')],
        {
            cwd: dir,
            env: {...process.env, ...env},
            encoding: 'utf8',
        },
    )
    expect(again.status, again.stderr).toBe(0)
    expect(fs.readFileSync(path.join(dir, 'again.yaml'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'shop.resolved.yaml'), 'utf8'))
    fs.rmSync(dir, {recursive: true, force: true})
    fs.rmSync(config, {recursive: true, force: true})
})
