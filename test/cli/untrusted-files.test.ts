// Files that come with a download are untrusted: an exported profile names its template in a
// comment, a test suite's test.yaml holds aliases and replacements, a folder holds links and FIFOs.
// None of them makes trellis read or show a file the user did not name, or hang.
import {execFileSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {removeWorkspaces, run, workspace} from './run.js'

afterAll(removeWorkspaces)

const SECRET = 'SECRET_TOKEN=hunter2'
const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            replicas: {type: integer, default: 1}
    node_templates:
        app: {type: tosca.nodes.Root}
`
const EXPECTED = 'tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    app:\n      type: tosca.nodes.Root\n'
const exported = (template: string) => `# trellis profile: team\n# template: ${template}\nreplicas: 2\n`

const hasFifo = process.platform !== 'win32' && fs.existsSync('/usr/bin/mkfifo')

describe.concurrent('profile import reads no file the user did not name', () => {
    it('refuses a template named outside the exported file’s folder and the working folder', async () => {
        const dir = workspace({'.env': `${SECRET}\n`, 'inbox/team.yaml': exported('../.env')})
        const r = await run(['profile', 'import', 'team.yaml'], {cwd: path.join(dir, 'inbox'), env: {TRELLIS_CONFIG_DIR: path.join(dir, 'config')}})
        expect(r.code).toBe(2)
        expect(r.stderr).toBe(`trellis: team.yaml names its template "../.env" outside its own folder and the working folder; give --template FILE to import it\n`)
    })

    it('shows nothing of a file beside it that is no service template', async () => {
        const dir = workspace({'.env': `${SECRET}\n`, 'team.yaml': exported('.env')})
        const r = await run(['profile', 'import', 'team.yaml'], {cwd: dir, env: {TRELLIS_CONFIG_DIR: path.join(dir, 'config')}})
        expect(r.code).toBe(2)
        expect(r.stderr).toMatch(/^trellis: team\.yaml names its template "\.env", which cannot be read as a variable service template; give --template FILE/)
        expect(r.stdout + r.stderr).not.toContain('hunter2')
    })

    it('still imports with the template it names inside its folder', async () => {
        const dir = workspace({'t.yaml': TEMPLATE, 'team.yaml': exported('t.yaml')})
        const r = await run(['profile', 'import', 'team.yaml'], {cwd: dir, env: {TRELLIS_CONFIG_DIR: path.join(dir, 'config')}})
        expect(r.stderr).toBe('')
        expect(r.code).toBe(0)
    })
})

describe.concurrent('trellis test on a downloaded suite', () => {
    /** A case whose template resolves to EXPECTED, with the given test.yaml. */
    const suite = (test: string) => workspace({'case/template.yaml': TEMPLATE, 'case/expected.yaml': EXPECTED, 'case/test.yaml': test})

    it('bounds the aliases of test.yaml: a merge over an alias graph of 10^9 paths fails the case at once', async () => {
        const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]']
        for (let i = 1; i < 10; i++)
            lines.push(
                `a${i}: &a${i} [${Array(10)
                    .fill(`*a${i - 1}`)
                    .join(', ')}]`,
            )
        lines.push('merge: {topology_template: *a9}')
        const r = await run(['test', '.'], {cwd: suite(lines.join('\n'))})
        expect(r.code).toBe(1)
        expect(r.stdout).toMatch(/^FAIL case: cannot read test\.yaml: case\/test\.yaml:\d+:\d+: YAML aliases expand too far\n0 passed, 1 failed\n$/)
    })

    it('still makes every replacement: each occurrence, and an empty text between every two characters', async () => {
        // the resolved app is a tosca.nodes.Root, the expected one a Compute; "" puts "-" between all characters, "-" removes them again
        const expected = EXPECTED.replace('Root', 'Compute')
        const test = 'replace:\n    - [Root, Compute]\n    - ["", "-"]\n    - ["-", ""]\n'
        const r = await run(['test', '.'], {cwd: workspace({'case/template.yaml': TEMPLATE, 'case/expected.yaml': expected, 'case/test.yaml': test})})
        expect(r.stdout).toBe('1 passed, 0 failed\n')
        expect(r.code).toBe(0)
    })

    it('bounds replacements: a chain that doubles the text fails the case with the limit named', async () => {
        // the limit lowered (TRELLIS_MAX_YAML_MB) keeps the test quick; the default is reached the same way
        const r = await run(['test', '.'], {cwd: suite(`replace:\n${'    - [o, oo]\n'.repeat(40)}`), env: {TRELLIS_MAX_YAML_MB: '1'}})
        expect(r.code).toBe(1)
        expect(r.stdout).toMatch(/^FAIL case: cannot compare: test\.yaml: replace "o" makes the resolved template larger than the 1 MB a YAML file may have\n/)
        expect(r.stderr).toBe('')
    })

    it('bounds the work of replacements, not only the size: many over a large text fail the case at once', async () => {
        // a resolved template of 2 MB (one long property) and 600 replacements: 2.4 billion characters to read
        const big = `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a:\n            type: tosca.nodes.Root\n            properties:\n                - text: ${'x'.repeat(2_000_000)}\n`
        const dir = workspace({'case/template.yaml': big, 'case/expected.yaml': big, 'case/test.yaml': `replace:\n${'    - [y, z]\n'.repeat(600)}`})
        const r = await run(['test', '.'], {cwd: dir})
        expect(r.code).toBe(1)
        expect(r.stdout).toMatch(/^FAIL case: cannot compare: test\.yaml: its 600 replacements read more of the resolved template than a test may \(2 billion characters\)\n/)
        expect(r.stderr).toBe('')
    })

    it('shows nothing of an error in a template named outside the case and the working folder', async () => {
        const outside = workspace({'secret.yaml': 'tosca_definitions_version: hunter2\n'})
        const dir = workspace({'case/expected.yaml': EXPECTED, 'case/test.yaml': `template: ${JSON.stringify(path.join(outside, 'secret.yaml'))}\n`})
        const r = await run(['test', '.'], {cwd: dir})
        expect(r.stdout).toMatch(/^FAIL case: failed: an error \(unsupported-version; not shown: the template lies outside /)
        expect(r.stdout).not.toContain('hunter2')
    })

    it.skipIf(!hasFifo)('reads no FIFO named test.yaml or expected.yaml', async () => {
        const dir = workspace({'a/template.yaml': TEMPLATE, 'a/expected.yaml': EXPECTED, 'b/template.yaml': TEMPLATE, 'b/test.yaml': 'presets: []\n'})
        execFileSync('mkfifo', [path.join(dir, 'a/test.yaml'), path.join(dir, 'b/expected.yaml')])
        const r = await run(['test', '.'], {cwd: dir})
        expect(r.stdout).toMatch(
            /^FAIL a: cannot read test\.yaml: cannot read "a\/test\.yaml": not a regular file.*\nFAIL b: cannot read expected template: cannot read "b\/expected\.yaml": not a regular file/,
        )
    })
})

describe.concurrent('a template folder with links and FIFOs', () => {
    it('lib/ leading out of the folder is not read, so nothing of a foreign file is shown', async () => {
        const outside = workspace({'broken.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3\n${SECRET}: [\n`})
        const dir = workspace({'t.yaml': TEMPLATE})
        fs.symlinkSync(outside, path.join(dir, 'lib'))
        const r = await run(['resolve', 't.yaml'], {cwd: dir})
        expect(r.stderr).toBe('')
        expect(r.code).toBe(0)
    })

    it('lib/ with links back up (lib/a -> ., lib/b -> .) resolves, explains and analyzes', async () => {
        const dir = workspace({'t.yaml': TEMPLATE, 'lib/types.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\n'})
        fs.symlinkSync('.', path.join(dir, 'lib/a'))
        fs.symlinkSync('.', path.join(dir, 'lib/b'))
        for (const command of ['resolve', 'explain', 'analyze']) expect((await run([command, 't.yaml'], {cwd: dir})).code).toBe(0)
    })

    it.skipIf(!hasFifo)('an inputs file or an exported profile that is a FIFO is refused, not waited on', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        execFileSync('mkfifo', [path.join(dir, 'in.yaml')])
        for (const args of [
            ['resolve', 't.yaml', '--inputs', 'in.yaml'],
            ['profile', 'import', 'in.yaml', '--template', 't.yaml'],
        ]) {
            const r = await run(args, {cwd: dir, env: {TRELLIS_CONFIG_DIR: path.join(dir, 'config')}})
            expect(r.code).toBe(2)
            expect(r.stderr).toBe('trellis: error[file-not-found]: cannot read "in.yaml": not a regular file (a FIFO, socket or device is never read)\n')
        }
    })
})
