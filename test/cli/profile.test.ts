// trellis profile …, --profile on resolve/explain, and trellis test, through the command line's main()
// (test/cli/run.ts runHere); two processes saving at once are test/cli/profile-*.test.ts.
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, beforeEach, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {tempDir, writeTemplate, removeTempDirs} from './helpers.js'
import {runHere} from './run.js'

afterAll(removeTempDirs)

let env: Record<string, string>
let work: string
let template: string
const run = (...args: string[]) => runHere(args, {cwd: work, env})
const nodes = (yamlText: string) => Object.keys((parse(yamlText) as {topology_template: {node_templates: object}}).topology_template.node_templates)

beforeEach(() => {
    work = tempDir('trellis-profile-')
    env = {TRELLIS_CONFIG_DIR: path.join(work, 'config')}
    template = writeTemplate(work)
})

describe('profile save, list, show, delete, rename', () => {
    it('saves a profile, lists it and shows it', async () => {
        const saved = await run('profile', 'save', 'staging', '--template', 'template.yaml', '--preset', 'prod', '--set', 'debug=yes', '--note', 'for staging')
        expect(saved.code, saved.stderr).toBe(0)
        const list = await run('profile', 'list')
        expect(list.stdout).toContain('staging')
        expect(list.stdout).toContain('for staging')
        const show = await run('profile', 'show', 'staging')
        expect(show.code).toBe(0)
        expect(show.stdout).toContain('presets: prod')
        expect(show.stdout).toContain('debug: true') // typed: yes is the boolean true
        expect(show.stdout).toContain('up to date with its template')
        const stored = JSON.parse(fs.readFileSync(path.join(work, 'config', 'config.json'), 'utf8'))
        expect(stored.profiles.staging).toMatchObject({name: 'staging', presets: ['prod'], inputs: {debug: true}, note: 'for staging', template: {path: template}})
        expect(stored.profiles.staging.template.sha256).toMatch(/^[0-9a-f]{64}$/)
    })

    it('reads presets and inputs from --inputs, and --set beats the file', async () => {
        fs.writeFileSync(path.join(work, 'in.yaml'), 'presets: [dev]\nreplicas: 2\ndebug: true\n')
        expect((await run('profile', 'save', 'p', '--template', 'template.yaml', '--inputs', 'in.yaml', '--set', 'replicas=4')).code).toBe(0)
        const stored = JSON.parse(fs.readFileSync(path.join(work, 'config', 'config.json'), 'utf8')).profiles.p
        expect(stored.presets).toEqual(['dev'])
        expect(stored.inputs).toEqual({replicas: 4, debug: true})
    })

    it('says where a value of the wrong type came from: the inputs file, or --set', async () => {
        fs.writeFileSync(path.join(work, 'in.yaml'), 'replicas: many\n')
        const fromFile = await run('profile', 'save', 'p', '--template', 'template.yaml', '--inputs', 'in.yaml')
        expect(fromFile.code).toBe(2)
        expect(fromFile.stderr).toMatch(/^trellis: error\[input-type\]: in\.yaml:1:\d+: Variability input "replicas" is of type integer and expects an integer, got "many"\n/)
        expect(fromFile.stderr).not.toContain('--set')
        const fromFlag = await run('profile', 'save', 'p', '--template', 'template.yaml', '--set', 'replicas=many')
        expect(fromFlag.stderr).toContain('(from --set)')
    })

    it('refuses to overwrite without --force, and keeps the creation time with it', async () => {
        expect((await run('profile', 'save', 'a', '--template', 'template.yaml', '--preset', 'dev')).code).toBe(0)
        const again = await run('profile', 'save', 'a', '--template', 'template.yaml', '--preset', 'prod')
        expect(again.code).toBe(2)
        expect(again.stderr).toContain('exists already; use --force')
        const before = JSON.parse(fs.readFileSync(path.join(work, 'config', 'config.json'), 'utf8')).profiles.a
        await new Promise(r => setTimeout(r, 10))
        expect((await run('profile', 'save', 'a', '--template', 'template.yaml', '--preset', 'prod', '--force')).code).toBe(0)
        const after = JSON.parse(fs.readFileSync(path.join(work, 'config', 'config.json'), 'utf8')).profiles.a
        expect(after.presets).toEqual(['prod'])
        expect(after.created).toBe(before.created)
        expect(after.updated > before.updated).toBe(true)
    })

    it('validates names, presets and inputs', async () => {
        expect((await run('profile', 'save', '../evil', '--template', 'template.yaml')).stderr).toContain('not a valid profile name')
        expect((await run('profile', 'save', '-x', '--template', 'template.yaml')).code).toBe(2)
        const unknownInput = await run('profile', 'save', 'x', '--template', 'template.yaml', '--set', 'nope=1')
        expect(unknownInput.code).toBe(2)
        expect(unknownInput.stderr).toContain('"nope" is not defined')
        expect((await run('profile', 'save', 'x', '--template', 'template.yaml', '--preset', 'nope')).stderr).toContain('Did not find variability preset "nope"')
        expect((await run('profile', 'save', 'x', '--template', 'template.yaml', '--set', 'replicas=many')).stderr).toContain('type integer')
        expect((await run('profile', 'list')).stdout).toContain('no profiles')
    })

    it('renames and deletes', async () => {
        await run('profile', 'save', 'a', '--template', 'template.yaml', '--preset', 'dev')
        await run('profile', 'save', 'b', '--template', 'template.yaml', '--preset', 'prod')
        expect((await run('profile', 'rename', 'a', 'b')).stderr).toContain('exists already')
        expect((await run('profile', 'rename', 'a', 'c')).code).toBe(0)
        expect((await run('profile', 'show', 'a')).stderr).toContain('no profile "a"')
        expect((await run('profile', 'show', 'c')).stdout).toContain('presets: dev')
        expect((await run('profile', 'delete', 'c')).code).toBe(0)
        expect((await run('profile', 'delete', 'c')).code).toBe(2)
        expect(
            (await run('profile', 'list')).stdout
                .trim()
                .split('\n')
                .map(l => l.split(' ')[0]),
        ).toEqual(['b'])
    })

    it('lists the profiles in aligned columns', async () => {
        await run('profile', 'save', 'a', '--template', 'template.yaml', '--note', 'first')
        await run('profile', 'save', 'longer-name', '--template', 'template.yaml', '--preset', 'prod')
        const lines = (await run('profile', 'list')).stdout.trim().split('\n')
        expect(lines).toHaveLength(2)
        // the template and the choices start in the same column on every row
        expect(new Set(lines.map(l => l.indexOf(template)))).toEqual(new Set([lines[1]!.indexOf(template)]))
        expect(lines[0]!.indexOf('0 inputs')).toBe(lines[1]!.indexOf('presets prod'))
    })

    it('lists only the profiles of a template with --template', async () => {
        const other = writeTemplate(work, fs.readFileSync(template, 'utf8'), 'other.yaml')
        await run('profile', 'save', 'one', '--template', 'template.yaml', '--preset', 'dev')
        await run('profile', 'save', 'two', '--template', other, '--preset', 'dev')
        const list = (await run('profile', 'list', '--template', 'other.yaml')).stdout
        expect(list).toContain('two')
        expect(list).not.toContain('one')
    })
})

describe('--profile on resolve and explain', () => {
    beforeEach(async () => {
        expect((await run('profile', 'save', 'prod-debug', '--template', 'template.yaml', '--preset', 'prod', '--set', 'debug=true')).code).toBe(0)
    })

    it('applies the profile', async () => {
        const r = await run('resolve', 'template.yaml', '--profile', 'prod-debug')
        expect(r.code, r.stderr).toBe(0)
        expect(nodes(r.stdout)).toEqual(['app', 'scaler', 'db', 'debugger'])
        expect(r.stderr).toBe('')
    })

    it('lets flags beside it override it: --set, --preset, --inputs', async () => {
        expect(nodes((await run('resolve', 'template.yaml', '--profile', 'prod-debug', '--set', 'debug=false')).stdout)).toEqual(['app', 'scaler', 'db'])
        // a preset given beside the profile beats the profile's presets and values
        expect(nodes((await run('resolve', 'template.yaml', '--profile', 'prod-debug', '--preset', 'dev')).stdout)).toEqual(['app', 'scaler', 'debugger'])
        fs.writeFileSync(path.join(work, 'in.yaml'), 'replicas: 1\nmode: dev\n')
        expect(nodes((await run('resolve', 'template.yaml', '--profile', 'prod-debug', '--inputs', 'in.yaml')).stdout)).toEqual(['app', 'debugger'])
    })

    it('names the profile as the source of a value in explanations', async () => {
        const r = await run('explain', 'template.yaml', 'debugger', '--profile', 'prod-debug')
        expect(r.code, r.stderr).toBe(0)
        expect(r.stdout).toContain('input debug: true — profile prod-debug')
    })

    it('fails clearly for an unknown profile', async () => {
        const r = await run('resolve', 'template.yaml', '--profile', 'nope')
        expect(r.code).toBe(2)
        expect(r.stderr).toContain('no profile "nope" (profiles: prod-debug)')
    })
})

describe('staleness', () => {
    it('says when the template changed, which inputs it no longer has and which required inputs are unset', async () => {
        await run('profile', 'save', 'old', '--template', 'template.yaml', '--set', 'mode=prod', '--set', 'debug=true')
        const changed = fs
            .readFileSync(template, 'utf8')
            .replace('            debug:\n                type: boolean\n                default: false\n', '            region:\n                type: string\n')
            .replace('conditions: {variability_input: debug}', 'conditions: true')
        fs.writeFileSync(template, changed)
        const show = await run('profile', 'show', 'old')
        expect(show.stdout).toContain('changed since the profile was saved')
        expect(show.stdout).toContain('sets inputs the template no longer declares: debug')
        expect(show.stdout).toContain('does not set inputs the template requires: region')
        expect((await run('profile', 'list')).stdout).toContain('(template changed)')
        const resolved = await run('resolve', 'template.yaml', '--profile', 'old')
        expect(resolved.stderr).toContain('warning: profile "old": the template')
        expect(resolved.stderr).toContain('no longer declares: debug')
    })

    it('says that a profile of another template belongs to that one, not that this one changed', async () => {
        await run('profile', 'save', 'shop', '--template', 'template.yaml', '--set', 'mode=prod', '--set', 'debug=true')
        const other = writeTemplate(work, fs.readFileSync(template, 'utf8').replace(/debug/g, 'tracing'), 'fleet.yaml')
        const resolved = await run('resolve', 'fleet.yaml', '--profile', 'shop')
        expect(resolved.stderr).toContain(`warning: profile "shop" belongs to another template, ${template} (not ${other})`)
        expect(resolved.stderr).toContain('sets inputs this template does not declare: debug (left out)')
        expect(resolved.stderr).not.toContain('changed since')
        expect(resolved.stderr).not.toContain('no longer')
    })

    it('leaves out a preset of another template: the rest of the profile applies, and resolving works', async () => {
        await run('profile', 'save', 'shop', '--template', 'template.yaml', '--preset', 'prod')
        writeTemplate(work, fs.readFileSync(template, 'utf8').replace(/prod/g, 'live'), 'fleet.yaml')
        const resolved = await run('resolve', 'fleet.yaml', '--profile', 'shop', '--set', 'mode=dev')
        expect(resolved.stderr).toContain('applies presets this template does not define: prod (left out)')
        expect(resolved.code, resolved.stderr).toBe(0)
    })

    it('is quiet for a profile that fits its template', async () => {
        await run('profile', 'save', 'fine', '--template', 'template.yaml', '--preset', 'dev')
        expect((await run('resolve', 'template.yaml', '--profile', 'fine')).stderr).toBe('')
    })
})

describe('export and import', () => {
    beforeEach(async () => {
        expect(
            (await run('profile', 'save', 'team', '--template', 'template.yaml', '--preset', 'prod', '--set', 'debug=true', '--set', 'replicas=2', '--note', 'shared')).code,
        ).toBe(0)
    })

    it('exports plain YAML: presets plus the input values', async () => {
        const r = await run('profile', 'export', 'team')
        expect(r.code).toBe(0)
        expect(parse(r.stdout)).toEqual({presets: ['prod'], debug: true, replicas: 2})
        expect(r.stdout).toContain('# template: template.yaml')
    })

    it('export -o writes under the rules resolve -o writes by: never onto the template, a link, a FIFO or a device', async () => {
        await run('profile', 'save', 'team', '--template', 'template.yaml', '--preset', 'prod')
        const before = fs.readFileSync(template, 'utf8')
        const onTemplate = await run('profile', 'export', 'team', '-o', 'template.yaml')
        expect(onTemplate.code).toBe(2)
        expect(onTemplate.stderr).toMatch(/^trellis: --output template\.yaml is an input of this run/)
        expect(fs.readFileSync(template, 'utf8')).toBe(before)
        fs.symlinkSync('template.yaml', path.join(work, 'link.yaml'))
        expect((await run('profile', 'export', 'team', '-o', 'link.yaml')).stderr).toContain('is a symbolic link')
        expect(fs.readFileSync(template, 'utf8')).toBe(before)
        const device = await run('profile', 'export', 'team', '-o', '/dev/null')
        expect(device.code).toBe(2)
        expect(device.stderr).toContain('is not a regular file')
        expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true)
    })

    it('round-trips through export, delete and import', async () => {
        const before = JSON.parse(fs.readFileSync(path.join(work, 'config', 'config.json'), 'utf8')).profiles.team
        expect((await run('profile', 'export', 'team', '--output', 'team.yaml')).code).toBe(0)
        expect((await run('profile', 'delete', 'team')).code).toBe(0)
        const imported = await run('profile', 'import', 'team.yaml')
        expect(imported.code, imported.stderr).toBe(0)
        const after = JSON.parse(fs.readFileSync(path.join(work, 'config', 'config.json'), 'utf8')).profiles.team
        const {created: _c, updated: _u, ...rest} = before
        expect(after).toMatchObject(rest)
        expect((await run('profile', 'import', 'team.yaml', '--name', 'copy')).code).toBe(0)
        expect((await run('profile', 'import', 'team.yaml')).stderr).toContain('exists already')
    })

    it('export is accepted by resolve --inputs and resolves the same', async () => {
        await run('profile', 'export', 'team', '--output', 'team.yaml')
        const viaProfile = await run('resolve', 'template.yaml', '--profile', 'team')
        const viaFile = await run('resolve', 'template.yaml', '--inputs', 'team.yaml')
        expect(viaFile.code, viaFile.stderr).toBe(0)
        expect(viaFile.stdout).toBe(viaProfile.stdout)
        expect(nodes(viaFile.stdout)).toEqual(['app', 'db', 'debugger'])
    })

    it('a template input named presets stays an input in --inputs files', async () => {
        const withPresetsInput = fs
            .readFileSync(template, 'utf8')
            .replace('        inputs:\n', '        inputs:\n            presets:\n                type: string\n                default: none\n')
        writeTemplate(work, withPresetsInput, 'p.yaml')
        fs.writeFileSync(path.join(work, 'in.yaml'), 'presets: abc\nmode: dev\n')
        const r = await run('explain', 'p.yaml', '--inputs', 'in.yaml', '--json')
        expect(r.code, r.stderr).toBe(0)
        expect(JSON.parse(r.stdout).inputs.presets.value).toBe('abc')
    })
})

describe('profile diff', () => {
    it('lists the elements two profiles resolve differently, with the inputs behind each', async () => {
        await run('profile', 'save', 'a', '--template', 'template.yaml', '--preset', 'dev')
        await run('profile', 'save', 'b', '--template', 'template.yaml', '--preset', 'prod', '--set', 'debug=true')
        const r = await run('profile', 'diff', 'a', 'b')
        // as diff(1): 1 when they differ, 0 when alike
        expect(r.code, r.stderr).toBe(1)
        expect(r.stdout).toContain('6 elements differ (a → b)')
        expect(r.stdout).toMatch(/Node "db": pruned → present\n\s+input mode: "dev" → "prod"/)
        expect(r.stdout).toMatch(/Node "debugger": pruned → present\n\s+input debug: false → true/)
        expect(r.stdout).toMatch(/Node "scaler": pruned → present\n\s+input replicas: 1 → 3/)
        const same = await run('profile', 'diff', 'a', 'a')
        expect(same.code, same.stderr).toBe(0)
        expect(same.stdout).toContain('resolve every element the same way')
    })

    it('refuses profiles of different templates, never calling them the same; --template compares them on one', async () => {
        writeTemplate(work, fs.readFileSync(template, 'utf8'), 'other.yaml')
        await run('profile', 'save', 'here', '--template', 'template.yaml', '--preset', 'dev')
        await run('profile', 'save', 'there', '--template', 'other.yaml', '--preset', 'prod')
        const refused = await run('profile', 'diff', 'here', 'there')
        expect(refused.code).toBe(2)
        expect(refused.stdout).toBe('')
        expect(refused.stderr).toMatch(/^trellis: profiles "here" and "there" are for different templates .*; give --template FILE/)
        const compared = await run('profile', 'diff', 'here', 'there', '--template', 'template.yaml')
        expect(compared.code, compared.stderr).toBe(1)
        expect(compared.stdout).toContain('both resolved on template.yaml')
        expect(compared.stdout).toMatch(/Node "db": pruned → present\n\s+input mode: "dev" → "prod"/)
    })
})

describe('profile diff --template', () => {
    it('compares what the template declares, says what was left out, and exits by the result', async () => {
        // a profile of a template with one more input: the template compared on does not declare it
        writeTemplate(
            work,
            fs.readFileSync(template, 'utf8').replace('        inputs:\n', '        inputs:\n            extra:\n                type: boolean\n                default: false\n'),
            'wider.yaml',
        )
        await run('profile', 'save', 'narrow', '--template', 'template.yaml', '--preset', 'dev')
        await run('profile', 'save', 'wide', '--template', 'wider.yaml', '--preset', 'dev', '--set', 'extra=true')
        const r = await run('profile', 'diff', 'wide', 'narrow', '--template', 'template.yaml')
        expect(r.stderr).toContain('profile "wide" sets inputs this template does not declare: extra (left out)')
        expect(r.stderr).not.toContain('error[')
        expect(r.stdout).toContain('wide and narrow resolve every element the same way')
        expect(r.code).toBe(0)
    })
})

describe('profiles as tests', () => {
    it('profile test writes a variability test that trellis test runs', async () => {
        await run('profile', 'save', 'prod', '--template', 'template.yaml', '--preset', 'prod', '--set', 'debug=true')
        await run('profile', 'save', 'dev', '--template', 'template.yaml', '--preset', 'dev')
        expect((await run('profile', 'test', 'prod', '--into', 'cases')).code).toBe(0)
        expect((await run('profile', 'test', 'dev', '--into', 'cases')).code).toBe(0)
        const config = parse(fs.readFileSync(path.join(work, 'cases/prod/test.yaml'), 'utf8'))
        expect(config).toEqual({template: '../../template.yaml', presets: ['prod']})
        expect(parse(fs.readFileSync(path.join(work, 'cases/prod/inputs.yaml'), 'utf8'))).toEqual({debug: true})
        expect(nodes(fs.readFileSync(path.join(work, 'cases/prod/expected.yaml'), 'utf8'))).toEqual(['app', 'scaler', 'db', 'debugger'])
        const ok = await run('test', 'cases')
        expect(ok.code).toBe(0)
        expect(ok.stdout.trim()).toBe('2 passed, 0 failed')
        // the template changes: the regression test catches it
        fs.writeFileSync(template, fs.readFileSync(template, 'utf8').replace('conditions: {variability_input: debug}', 'conditions: false'))
        const failing = await run('test', 'cases')
        expect(failing.code).toBe(1)
        expect(failing.stdout).toMatch(/^FAIL prod: differs from expected: \/topology_template\/node_templates\/debugger is missing$/m)
        expect(failing.stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed')
    })

    it('a profile that fails to resolve becomes a test expecting that error', async () => {
        await run('profile', 'save', 'broken', '--template', 'template.yaml', '--set', 'debug=true') // mode is required and unset
        expect((await run('profile', 'test', 'broken', '--into', 'cases')).code).toBe(0)
        const config = parse(fs.readFileSync(path.join(work, 'cases/broken/test.yaml'), 'utf8'))
        expect(config.error).toContain('"mode" has no value')
        expect(fs.existsSync(path.join(work, 'cases/broken/expected.yaml'))).toBe(false)
        expect((await run('test', 'cases')).stdout.trim()).toBe('1 passed, 0 failed')
    })

    it('never writes through a case folder that is a link, nor onto a file of the case that is one', async () => {
        await run('profile', 'save', 'prod', '--template', 'template.yaml', '--preset', 'prod')
        const elsewhere = tempDir('trellis-elsewhere-')
        fs.mkdirSync(path.join(work, 'cases'))
        fs.symlinkSync(elsewhere, path.join(work, 'cases', 'prod'))
        const linked = await run('profile', 'test', 'prod', '--into', 'cases')
        expect(linked.code).toBe(2)
        expect(linked.stderr).toMatch(/^trellis: --into: cases\/prod is a symbolic link/)
        expect(fs.readdirSync(elsewhere)).toEqual([])
        // a file of the case that is a link to a file outside
        fs.rmSync(path.join(work, 'cases', 'prod'))
        fs.mkdirSync(path.join(work, 'cases', 'prod'))
        fs.writeFileSync(path.join(elsewhere, 'secret'), 'kept\n')
        fs.symlinkSync(path.join(elsewhere, 'secret'), path.join(work, 'cases', 'prod', 'expected.yaml'))
        const file = await run('profile', 'test', 'prod', '--into', 'cases')
        expect(file.code).toBe(2)
        expect(file.stderr).toContain('is a symbolic link')
        expect(fs.readFileSync(path.join(elsewhere, 'secret'), 'utf8')).toBe('kept\n')
        expect(fs.readdirSync(path.join(work, 'cases', 'prod'))).toEqual(['expected.yaml'])
    })

    it('trellis test on a missing folder is a usage error', async () => {
        expect((await run('test', 'nowhere')).code).toBe(2)
    })
})
