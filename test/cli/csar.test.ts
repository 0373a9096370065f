// CSARs in and out: a template given as a CSAR folder or archive, and `resolve --csar` writing a
// deployable CSAR that holds every file the resolved template names and none only pruned elements
// needed. Archives are untrusted: no entry lands outside the folder they are unpacked into.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {strToU8, unzipSync, zipSync} from 'fflate'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {run, workspace} from './run.js'

/** A CSAR folder: a conditional import, types with operation scripts (one type no template uses), an artifact and its default alternative. */
const CSAR: Record<string, string> = {
    'service.yaml': `tosca_definitions_version: tosca_variability_1_0
imports:
    - lib/types.yaml
    - file: lib/monitoring.yaml
      conditions: {variability_input: monitored}
topology_template:
    variability:
        inputs:
            monitored: {type: boolean, default: false}
            packaged: {type: boolean, default: true}
        options: {type_default_condition: true}
    node_templates:
        app:
            type: shop.App
            artifacts:
                - bundle: {type: tosca.artifacts.File, file: files/app.zip, conditions: {variability_input: packaged}}
                - bundle: {type: tosca.artifacts.File, file: files/source.tar, default_alternative: true}
`,
    'lib/types.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3
imports: [base.yaml]
node_types:
    shop.App:
        derived_from: shop.Base
        interfaces: {Standard: {create: scripts/create.sh, configure: {implementation: {primary: scripts/configure.sh, dependencies: [scripts/lib.sh]}}}}
    shop.Unused:
        derived_from: tosca.nodes.Root
        interfaces: {Standard: {create: scripts/unused.sh}}
`,
    'lib/base.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
    shop.Base:
        derived_from: tosca.nodes.Root
        interfaces: {Standard: {delete: ../scripts/delete.sh, start: Terraform}}
`,
    'lib/monitoring.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\n',
    'lib/scripts/create.sh': 'echo create\n',
    'lib/scripts/configure.sh': 'echo configure\n',
    'lib/scripts/lib.sh': 'echo lib\n',
    'lib/scripts/unused.sh': 'echo unused\n',
    'scripts/delete.sh': 'echo delete\n',
    'files/app.zip': 'zip bytes',
    'files/source.tar': 'tar bytes',
    'README.md': 'not a template\n',
}

/** The files of a CSAR folder or archive, by path inside it. */
function csarFiles(out: string): Record<string, string> {
    if (fs.statSync(out).isDirectory()) {
        const files: Record<string, string> = {}
        const walk = (dir: string) => {
            for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
                const full = path.join(dir, entry.name)
                if (entry.isDirectory()) walk(full)
                else files[path.relative(out, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8')
            }
        }
        walk(out)
        return files
    }
    return Object.fromEntries(Object.entries(unzipSync(fs.readFileSync(out))).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]))
}

/** The files the entry definitions name: their imports, and those imports' (relative to each), and the artifact files of their node templates. */
function namedFiles(files: Record<string, string>, entry: string): string[] {
    const named: string[] = []
    const visit = (file: string) => {
        const data = parse(files[file]!) as {imports?: unknown[]; topology_template?: {node_templates?: Record<string, {artifacts?: Record<string, {file: string}>}>}}
        const dir = path.posix.dirname(file)
        for (const i of data.imports ?? []) {
            const target = path.posix.normalize(path.posix.join(dir, typeof i === 'string' ? i : (i as {file: string}).file))
            named.push(target)
            visit(target)
        }
        for (const node of Object.values(data.topology_template?.node_templates ?? {}))
            for (const artifact of Object.values(node.artifacts ?? {})) named.push(path.posix.join(dir, artifact.file))
    }
    visit(entry)
    return named
}

describe('resolve --csar', () => {
    it.each(['out.csar', 'out'])('writes a deployable CSAR (%s): the resolved template, TOSCA.meta, and only the files it still needs', async out => {
        const dir = workspace(CSAR)
        const r = await run(['resolve', 'service.yaml', '--csar', out], {cwd: dir})
        expect(r.code, r.stderr).toBe(0)
        expect(r.stdout).toBe('')
        const files = csarFiles(path.join(dir, out))
        expect(Object.keys(files).sort()).toEqual([
            'TOSCA-Metadata/TOSCA.meta',
            'TOSCA-Metadata/trellis-files.sha256',
            'files/app.zip',
            'lib/base.yaml',
            'lib/scripts/configure.sh',
            'lib/scripts/create.sh',
            'lib/scripts/lib.sh',
            // the library is read whole: the scripts of a type no present template uses are there too
            'lib/scripts/unused.sh',
            'lib/types.yaml',
            'scripts/delete.sh',
            'service.yaml',
        ])
        expect(files['TOSCA-Metadata/TOSCA.meta']).toContain('Entry-Definitions: service.yaml\n')
        expect(parse(files['service.yaml']!)).toMatchObject({tosca_definitions_version: 'tosca_simple_yaml_1_3', imports: ['lib/types.yaml']})
        // the round trip: every file it names is inside
        for (const named of namedFiles(files, 'service.yaml')) expect(Object.keys(files), named).toContain(named)
    })

    it('takes what another variant needs and leaves what it prunes: a conditional import and an artifact', async () => {
        const dir = workspace(CSAR)
        const r = await run(['resolve', '.', '--set', 'monitored=true', '--set', 'packaged=false', '--csar', 'out.zip'], {cwd: dir})
        expect(r.code, r.stderr).toBe(0)
        const files = Object.keys(csarFiles(path.join(dir, 'out.zip')))
        expect(files).toContain('lib/monitoring.yaml')
        expect(files).toContain('files/source.tar')
        expect(files).not.toContain('files/app.zip')
    })

    it('takes along the scripts of a relationship template written inside a requirement', async () => {
        const dir = workspace({
            'service.yaml': `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
    node_templates:
        db: {type: tosca.nodes.Root}
        app:
            type: tosca.nodes.Root
            requirements:
                - dependency:
                      node: db
                      relationship:
                          type: tosca.relationships.ConnectsTo
                          interfaces: {Configure: {pre_configure_source: scripts/connect.sh}}
`,
            'scripts/connect.sh': 'echo connect\n',
        })
        const r = await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})
        expect(r.code, r.stderr).toBe(0)
        expect(Object.keys(csarFiles(path.join(dir, 'out')))).toContain('scripts/connect.sh')
    })

    it('replaces a CSAR folder it wrote before, and refuses a folder that is something else, writing nothing', async () => {
        const dir = workspace({...CSAR, 'docs/keep.txt': 'mine'})
        expect((await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})).code).toBe(0)
        const again = await run(['resolve', 'service.yaml', '--set', 'packaged=false', '--csar', 'out'], {cwd: dir})
        expect(again.code, again.stderr).toBe(0)
        expect(fs.existsSync(path.join(dir, 'out/files/app.zip'))).toBe(false)
        const refused = await run(['resolve', 'service.yaml', '--csar', 'docs'], {cwd: dir})
        expect(refused.code).toBe(2)
        expect(refused.stderr).toMatch(/^trellis: --csar docs: it exists and is not a CSAR folder/)
        expect(fs.readdirSync(path.join(dir, 'docs'))).toEqual(['keep.txt'])
        // nothing staged is left beside the outputs
        expect(fs.readdirSync(dir).filter(name => name.includes('.trellis-'))).toEqual([])
    })

    it('-o outside the template folder says once which paths will not resolve from there, and points to --csar', async () => {
        const dir = workspace({...CSAR, 'elsewhere/.keep': ''})
        const r = await run(['resolve', 'service.yaml', '-o', 'elsewhere/out.yaml'], {cwd: dir})
        expect(r.code, r.stderr).toBe(0)
        expect(r.stderr.trim().split('\n')).toEqual([
            "trellis: warning: elsewhere/out.yaml names files relative to the template's folder that are not beside it (lib/types.yaml, files/app.zip): an orchestrator reading it there will not find them; --csar DIR writes a CSAR that takes them along",
        ])
        // beside the template there is nothing to say
        expect((await run(['resolve', 'service.yaml', '-o', 'out.yaml'], {cwd: dir})).stderr).toBe('')
    })
})

describe('a CSAR as the template', () => {
    it('a folder: TOSCA.meta names the entry definitions; else the one service template at its root', async () => {
        const dir = workspace({
            ...CSAR,
            'TOSCA-Metadata/TOSCA.meta': 'TOSCA-Meta-File-Version: 1.1\nEntry-Definitions: service.yaml\n',
            'other.yaml': 'tosca_definitions_version: tosca_variability_1_0\n',
        })
        const meta = await run(['resolve', dir])
        expect(meta.code, meta.stderr).toBe(0)
        expect(parse(meta.stdout)).toMatchObject({imports: ['lib/types.yaml']})
        fs.rmSync(path.join(dir, 'TOSCA-Metadata'), {recursive: true})
        const several = await run(['resolve', '.'], {cwd: dir})
        expect(several.code).toBe(2)
        expect(several.stderr).toContain('cannot tell which service template of "." to read: other.yaml, service.yaml')
        fs.rmSync(path.join(dir, 'other.yaml'))
        expect((await run(['resolve', '.'], {cwd: dir})).code).toBe(0)
    })

    it('TOSCA.meta naming a file outside the CSAR is refused', async () => {
        const dir = workspace({'csar/TOSCA-Metadata/TOSCA.meta': 'Entry-Definitions: ../outside.yaml\n', 'outside.yaml': CSAR['service.yaml']!})
        const r = await run(['resolve', 'csar'], {cwd: dir})
        expect(r.code).toBe(2)
        expect(r.stderr).toContain('lies outside the CSAR')
    })

    it('an archive is unpacked and read as its folder; messages name files inside it by the archive', async () => {
        const entries = Object.fromEntries(
            Object.entries({...CSAR, 'service.yaml': CSAR['service.yaml']!.replace('variability_input: packaged}', 'variability_inputt: packaged}')}).map(([name, text]) => [
                name,
                strToU8(text),
            ]),
        )
        const dir = workspace({
            'broken.csar': Buffer.from(zipSync(entries)),
            'good.zip': Buffer.from(zipSync(Object.fromEntries(Object.entries(CSAR).map(([n, t]) => [n, strToU8(t)])))),
        })
        const good = await run(['resolve', 'good.zip', '--csar', 'out.csar'], {cwd: dir})
        expect(good.code, good.stderr).toBe(0)
        expect(Object.keys(csarFiles(path.join(dir, 'out.csar')))).toContain('lib/scripts/create.sh')
        // a folder zipped as it is: the CSAR is the one folder the archive holds
        fs.writeFileSync(path.join(dir, 'wrapped.zip'), zipSync(Object.fromEntries(Object.entries(CSAR).map(([n, t]) => [`shop/${n}`, strToU8(t)]))))
        const wrapped = await run(['resolve', 'wrapped.zip'], {cwd: dir})
        expect(wrapped.code, wrapped.stderr).toBe(0)
        expect(parse(wrapped.stdout)).toMatchObject({imports: ['lib/types.yaml']})
        const broken = await run(['resolve', 'broken.csar'], {cwd: dir})
        expect(broken.code).toBe(2)
        expect(broken.stderr.split('\n')[0]).toMatch(/^trellis: error\[unknown-operator\]: broken\.csar\/service\.yaml:\d+:\d+: unknown operator "variability_inputt"/)
    })

    it.each([
        ['a name leading out', {'../evil.yaml': 'x'}, /the entry "\.\.\/evil\.yaml" cannot be read: it would land outside/],
        ['an absolute name', {'/etc/evil': 'x'}, /would land outside/],
        ['an entry twice', {}, /is there twice/],
    ])('refuses a hostile archive: %s, and leaves nothing behind', async (_, hostile, message) => {
        const entries: Record<string, Uint8Array> = {'service.yaml': strToU8(CSAR['service.yaml']!)}
        for (const [name, text] of Object.entries(hostile)) entries[name] = strToU8(text)
        let bytes = Buffer.from(zipSync(entries))
        // fflate writes each name once: a second entry of the same name is made by renaming one in place
        if (Object.keys(hostile).length === 0) {
            const twice = Buffer.from(zipSync({'service.yaml': strToU8('a'), 'service.yamm': strToU8('b')}))
            bytes = Buffer.from(twice.toString('latin1').replaceAll('service.yamm', 'service.yaml'), 'latin1')
        }
        const dir = workspace({'hostile.zip': bytes})
        const r = await run(['resolve', 'hostile.zip'], {cwd: dir})
        expect(r.code).toBe(2)
        expect(r.stderr).toMatch(message)
        expect(fs.readdirSync(dir)).toEqual(['hostile.zip'])
        expect(fs.existsSync(path.join(path.dirname(dir), 'evil.yaml'))).toBe(false)
    })

    it('refuses a file that is no zip archive in one line', async () => {
        const dir = workspace({'not.csar': 'plain text, no zip'})
        const r = await run(['resolve', 'not.csar'], {cwd: dir})
        expect(r.code).toBe(2)
        expect(r.stderr).toMatch(/^trellis: error\[invalid-template\]: "not\.csar" is not a CSAR Trellis reads/)
        expect(r.stderr.trim().split('\n')).toHaveLength(1)
    })
})

describe('resolve --csar never destroys what Trellis did not write', () => {
    /** Every file below `dir` with its content: what must be there unchanged after a refused run. */
    const snapshot = (dir: string) => csarFiles(dir)

    it.each([
        ['an empty name (the working folder)', ''],
        ['a plain folder reached through a missing one', 'missing/../victim'],
        ['a file named with a slash', 'notes.txt/'],
        ['the input CSAR folder', '.'],
        ['a folder holding the template', '../'],
    ])('refuses %s, exit 2, and changes nothing', async (_, out) => {
        const dir = workspace({...CSAR, 'victim/keep.txt': 'mine', 'notes.txt': 'my notes'})
        const cwd = out === '../' ? path.join(dir, 'victim') : dir
        const before = snapshot(dir)
        const r = await run(['resolve', path.join(dir, 'service.yaml'), '--csar', out], {cwd})
        expect(r.code, r.stderr).toBe(2)
        expect(r.stderr.trim().split('\n')).toHaveLength(1)
        expect(r.stderr).toMatch(/^trellis: --csar /)
        expect(snapshot(dir)).toEqual(before)
    })

    it('refuses a CSAR folder given as the template, or by the folder of its template', async () => {
        const dir = workspace({'c/TOSCA-Metadata/TOSCA.meta': 'Entry-Definitions: service.yaml\n', ...Object.fromEntries(Object.entries(CSAR).map(([n, t]) => [`c/${n}`, t]))})
        const before = snapshot(dir)
        for (const args of [
            ['resolve', 'c', '--csar', 'c'],
            ['resolve', 'c/service.yaml', '--csar', 'c/'],
        ]) {
            const r = await run(args, {cwd: dir})
            expect(r.code, r.stderr).toBe(2)
            expect(r.stderr).toMatch(/is or holds an input of this run|is an input of this run/)
        }
        expect(snapshot(dir)).toEqual(before)
    })

    it('replaces a CSAR it wrote only while it holds exactly what it wrote: a file added or changed there is never lost', async () => {
        const dir = workspace(CSAR)
        expect((await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})).code).toBe(0)
        // sha256sum -c reads the manifest
        const manifest = fs.readFileSync(path.join(dir, 'out/TOSCA-Metadata/trellis-files.sha256'), 'utf8')
        expect(manifest).toMatch(/^[0-9a-f]{64} {2}TOSCA-Metadata\/TOSCA\.meta$/m)
        fs.writeFileSync(path.join(dir, 'out/deploy-notes.txt'), 'mine')
        const added = await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})
        expect(added.code).toBe(2)
        expect(added.stderr).toContain('it holds the file "deploy-notes.txt" Trellis did not write')
        fs.rmSync(path.join(dir, 'out/deploy-notes.txt'))
        fs.appendFileSync(path.join(dir, 'out/service.yaml'), '# tuned by hand\n')
        const changed = await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})
        expect(changed.code).toBe(2)
        expect(changed.stderr).toContain('it holds the file "service.yaml" changed since Trellis wrote it')
        expect(fs.readFileSync(path.join(dir, 'out/service.yaml'), 'utf8')).toContain('# tuned by hand')
        // a CSAR folder someone else wrote is no more Trellis's to replace
        fs.rmSync(path.join(dir, 'out/TOSCA-Metadata/trellis-files.sha256'))
        expect((await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})).stderr).toContain('is not a CSAR folder Trellis wrote')
    })

    it('is all or none with -o and --report: an output inside the CSAR folder is refused, a failing one leaves the old CSAR', async () => {
        const dir = workspace(CSAR)
        expect((await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})).code).toBe(0)
        const inside = await run(['resolve', 'service.yaml', '--csar', 'out', '-o', 'out/x.yaml'], {cwd: dir})
        expect(inside.code).toBe(2)
        expect(inside.stderr).toContain('--output out/x.yaml lies inside the folder --csar out writes')
        const before = snapshot(path.join(dir, 'out'))
        // the report fails while it is made (a resolution whose report cannot be written: the folder is gone)
        const failing = await run(['resolve', 'service.yaml', '--set', 'packaged=false', '--csar', 'out', '--report', 'gone/r.md'], {cwd: dir})
        expect(failing.code).toBe(2)
        expect(snapshot(path.join(dir, 'out'))).toEqual(before)
        expect(fs.readdirSync(dir).filter(name => name.includes('trellis-tmp'))).toEqual([])
    })

    it('refuses to write a file name it could not read back: a backslash, a line break', async () => {
        for (const [name, written] of [
            ['files/a\\b.zip', 'files/a\\b.zip'],
            ['files/a\nb.zip', '"files/a\\nb.zip"'],
        ]) {
            const dir = workspace({...CSAR, 'service.yaml': CSAR['service.yaml']!.replace('files/app.zip', written!), [name!]: 'zip'})
            const r = await run(['resolve', 'service.yaml', '--csar', 'out.csar'], {cwd: dir})
            expect(r.code, r.stderr).toBe(2)
            expect(r.stderr).toMatch(/--csar: the file "files\/a.{1,2}b\.zip" cannot be put in a CSAR: its name holds a (backslash|control character)/)
            expect(fs.existsSync(path.join(dir, 'out.csar'))).toBe(false)
        }
    })

    it('never takes itself along: OUT inside a folder the CSAR takes; a named FIFO is said as not held, never waited for', async () => {
        const dir = workspace({...CSAR, 'service.yaml': CSAR['service.yaml']!.replace('files/app.zip', 'dist'), 'dist/app.zip': 'zip'})
        for (let i = 0; i < 2; i++) {
            const r = await run(['resolve', 'service.yaml', '--csar', 'dist/csar'], {cwd: dir})
            expect(r.code, r.stderr).toBe(0)
        }
        const files = Object.keys(csarFiles(path.join(dir, 'dist/csar')))
        expect(files).toContain('dist/app.zip')
        expect(files.filter(f => f.startsWith('dist/csar'))).toEqual([])
        fs.rmSync(path.join(dir, 'dist/app.zip'))
        spawnSync('mkfifo', [path.join(dir, 'dist/pipe.zip')])
        fs.writeFileSync(path.join(dir, 'service.yaml'), CSAR['service.yaml']!.replace('files/app.zip', 'dist/pipe.zip'))
        const fifo = await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})
        expect(fifo.code, fifo.stderr).toBe(0)
        expect(fifo.stderr).toContain("names files the template's folder does not hold (dist/pipe.zip)")
    })

    it('refuses, in one line, an artifact folder deeper than a CSAR may be (no internal error)', async () => {
        const deep = `tree/${'d/'.repeat(100)}leaf.txt`
        const dir = workspace({...CSAR, 'service.yaml': CSAR['service.yaml']!.replace('files/app.zip', 'tree'), [deep]: 'x'})
        const r = await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})
        expect(r.code, r.stderr).toBe(2)
        expect(r.stderr).toMatch(/^trellis: --csar: the folder "tree(\/d)+" cannot be put in a CSAR: it lies more than 64 folders deep\n$/)
        expect(fs.existsSync(path.join(dir, 'out'))).toBe(false)
    })

    it('puts a CSAR folder replaced by a process killed half way back, and removes what it staged', async () => {
        const dir = workspace(CSAR)
        expect((await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})).code).toBe(0)
        const gone = spawnSync(process.execPath, ['-e', '']).pid!
        // killed after renaming the old CSAR aside, before the new one was in place
        fs.renameSync(path.join(dir, 'out'), path.join(dir, `.out.trellis-tmp-${gone}-x-0.previous`))
        fs.mkdirSync(path.join(dir, `.out.trellis-tmp-${gone}-x-0`))
        fs.writeFileSync(path.join(dir, `.out.trellis-tmp-${gone}-x-0`, 'half.yaml'), 'half')
        const r = await run(['resolve', 'service.yaml', '--csar', 'out'], {cwd: dir})
        expect(r.code, r.stderr).toBe(0)
        expect(fs.readdirSync(dir).filter(name => name.includes('trellis-tmp'))).toEqual([])
        expect(fs.existsSync(path.join(dir, 'out/service.yaml'))).toBe(true)
    })
})

describe('a CSAR folder read as the template', () => {
    it.each([
        ['TOSCA-Metadata/', (dir: string, outside: string) => fs.symlinkSync(path.join(outside, 'meta'), path.join(dir, 'c/TOSCA-Metadata'))],
        ['TOSCA.meta', (dir: string, outside: string) => fs.symlinkSync(path.join(outside, 'meta/TOSCA.meta'), path.join(dir, 'c/TOSCA-Metadata/TOSCA.meta'))],
    ])('whose %s is a link out of it is refused, and nothing of the file behind the link is shown', async (_, link) => {
        const outside = workspace({'meta/TOSCA.meta': 'SECRET-TOKEN: abc\nEntry-Definitions: ../../secret.yaml\n'})
        const dir = workspace({'c/service.yaml': CSAR['service.yaml']!})
        if (_ === 'TOSCA.meta') fs.mkdirSync(path.join(dir, 'c/TOSCA-Metadata'))
        link(dir, outside)
        const r = await run(['resolve', 'c'], {cwd: dir})
        expect(r.code).toBe(2)
        expect(r.stderr).toContain('lies outside the CSAR')
        expect(r.stderr + r.stdout).not.toContain('SECRET')
    })
})
