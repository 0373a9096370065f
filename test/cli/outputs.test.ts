// What a run writes: every output complete or not written at all, with the previous file kept,
// also when the file size limit or the disk stops a write half way, standard output included; a
// replaced file keeps its mode (and owner); one output never replaces another or an input, however
// the paths are spelled (links to folders included).
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {stringify} from 'yaml'
import {benchmarkTemplate} from '../../bench/generate.mjs'
import {removeWorkspaces, runHere, workspace} from './run.js'
import {BIN, TEMPLATE} from './helpers.js'

afterAll(removeWorkspaces)

const listing = (dir: string) => fs.readdirSync(dir).sort()
const temps = (dir: string) => listing(dir).filter(name => name.includes('.trellis-tmp-'))

/** A template whose resolved output (27 KB), report and explanation are each larger than LIMIT_KB. */
const LARGE = stringify(benchmarkTemplate(100))
const LIMIT_KB = 20
const POSIX_SHELL = process.platform !== 'win32' && spawnSync('bash', ['-c', 'ulimit -f 1'], {encoding: 'utf8'}).status === 0

/** Runs trellis in `cwd` under a file size limit of LIMIT_KB, standard output to `stdout` (a file, opened as `flag`) or a pipe. */
function limited(args: readonly string[], cwd: string, stdout?: {file: string; flag: 'w' | 'a'}) {
    const fd = stdout ? fs.openSync(path.join(cwd, stdout.file), stdout.flag) : 'pipe'
    try {
        const r = spawnSync('bash', ['-c', `ulimit -f ${LIMIT_KB} && exec "$0" "$@"`, process.execPath, BIN, ...args], {
            cwd,
            encoding: 'utf8',
            stdio: ['ignore', fd, 'pipe'],
            env: {...process.env, CI: 'true'},
        })
        return {code: r.status, stderr: r.stderr}
    } finally {
        if (typeof fd === 'number') fs.closeSync(fd)
    }
}

describe.skipIf(!POSIX_SHELL)(`outputs under a file size limit${POSIX_SHELL ? '' : ' (skipped: no bash with ulimit)'}`, () => {
    const tooLarge = `the file would be larger than allowed (a file size limit, ulimit -f, or the file system's largest file)`

    it.each([
        [['-o', 'out.yaml'], 'out.yaml'],
        [['-o', 'out.yaml', '--report', 'r.json'], 'out.yaml'],
        [['-o', 'out.yaml', '--report', 'r.md'], 'out.yaml'],
    ])('resolve %j: exit 2 with one line, every previous file kept as it was, no temporary file', (args, named) => {
        const dir = workspace({'t.yaml': LARGE, 'out.yaml': 'previous output\n', 'r.json': 'previous report\n', 'r.md': 'previous report\n'})
        const r = limited(['resolve', 't.yaml', '--set', 'mode=present', ...args], dir)
        expect(r).toEqual({code: 2, stderr: `trellis: cannot write ${named}: ${tooLarge}\n`})
        expect(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).toBe('previous output\n')
        expect(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')).toBe('previous report\n')
        expect(fs.readFileSync(path.join(dir, 'r.md'), 'utf8')).toBe('previous report\n')
        expect(temps(dir)).toEqual([])
    })

    it.each([
        ['resolve', ['resolve', 't.yaml', '--set', 'mode=present']],
        ['explain --json', ['explain', 't.yaml', '--set', 'mode=present', '--json']],
    ])('%s > file: exit 2 with one line, and the file holds none of the document', (_, args) => {
        const dir = workspace({'t.yaml': LARGE})
        const r = limited(args, dir, {file: 'out', flag: 'w'})
        expect(r).toEqual({code: 2, stderr: `trellis: cannot write standard output: ${tooLarge}\n`})
        expect(fs.readFileSync(path.join(dir, 'out'), 'utf8')).toBe('')
    })

    it('resolve >> file: exit 2, and the file holds what it held before', () => {
        const dir = workspace({'t.yaml': LARGE, log: 'earlier lines\n'})
        const r = limited(['resolve', 't.yaml', '--set', 'mode=present'], dir, {file: 'log', flag: 'a'})
        expect(r.code).toBe(2)
        expect(fs.readFileSync(path.join(dir, 'log'), 'utf8')).toBe('earlier lines\n')
    })

    it('outputs within the limit are written in full', () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        expect(limited(['resolve', 't.yaml', '--set', 'mode=dev', '-o', 'out.yaml', '--report', 'r.json'], dir)).toEqual({code: 0, stderr: ''})
        const r = limited(['resolve', 't.yaml', '--set', 'mode=dev'], dir, {file: 'stdout.yaml', flag: 'w'})
        expect(r.code).toBe(0)
        expect(fs.readFileSync(path.join(dir, 'stdout.yaml'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8'))
        expect(JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8'))).toMatchObject({status: 'resolved'})
    })
})

describe('the mode of outputs', () => {
    it('a replaced output keeps its mode; a new one gets the default mode (umask)', async () => {
        const dir = workspace({'t.yaml': TEMPLATE, 'secret.yaml': 'previous\n', 'open.json': '{}\n'})
        fs.chmodSync(path.join(dir, 'secret.yaml'), 0o600)
        fs.chmodSync(path.join(dir, 'open.json'), 0o664)
        // what this process makes with the same umask
        fs.writeFileSync(path.join(dir, 'probe'), '')
        const fresh = fs.statSync(path.join(dir, 'probe')).mode & 0o777
        for (const [output, report] of [
            ['secret.yaml', 'open.json'],
            ['new.yaml', 'new.md'],
        ]) {
            const r = await runHere(['resolve', 't.yaml', '--set', 'mode=dev', '-o', output!, '--report', report!], {cwd: dir})
            expect(r).toEqual({code: 0, stdout: '', stderr: ''})
        }
        const mode = (name: string) => fs.statSync(path.join(dir, name)).mode & 0o7777
        expect(fs.readFileSync(path.join(dir, 'secret.yaml'), 'utf8')).toContain('tosca_simple_yaml_1_3')
        expect([mode('secret.yaml'), mode('open.json'), mode('new.yaml'), mode('new.md')]).toEqual([0o600, 0o664, fresh, fresh])
    })

    const root = process.getuid?.() === 0
    it.skipIf(!root)(`a replaced output keeps its owner and group${root ? '' : ' (skipped: needs root to give a file away)'}`, async () => {
        const dir = workspace({'t.yaml': TEMPLATE, 'out.yaml': 'previous\n'})
        fs.chownSync(path.join(dir, 'out.yaml'), 4321, 8765)
        expect(await runHere(['resolve', 't.yaml', '--set', 'mode=dev', '-o', 'out.yaml'], {cwd: dir})).toMatchObject({code: 0})
        const stat = fs.statSync(path.join(dir, 'out.yaml'))
        expect([stat.uid, stat.gid]).toEqual([4321, 8765])
    })
})

describe('outputs reached through a link to a folder', () => {
    it('two outputs naming one new file through a linked folder are refused before anything is written', async () => {
        for (const [output, report] of [
            ['out.md', 'here/out.md'],
            ['here/out.md', 'out.md'],
            ['there/out.md', 'here/out.md'],
        ]) {
            const dir = workspace({'t.yaml': TEMPLATE})
            fs.symlinkSync('.', path.join(dir, 'here'))
            fs.symlinkSync('here', path.join(dir, 'there'))
            const r = await runHere(['resolve', 't.yaml', '--set', 'mode=dev', '-o', output!, '--report', report!], {cwd: dir})
            expect(r.code).toBe(2)
            expect(r.stderr).toBe(`trellis: --output and --report name the same file (${report})\n`)
            expect(listing(dir)).toEqual(['here', 't.yaml', 'there'])
        }
    })

    it('an output naming an input through a linked folder is refused', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        fs.symlinkSync('.', path.join(dir, 'here'))
        const r = await runHere(['resolve', 't.yaml', '--set', 'mode=dev', '-o', 'here/t.yaml'], {cwd: dir})
        expect(r.code).toBe(2)
        expect(r.stderr).toBe('trellis: --output here/t.yaml is an input of this run (t.yaml): it would be overwritten\n')
        expect(fs.readFileSync(path.join(dir, 't.yaml'), 'utf8')).toBe(TEMPLATE)
    })

    it('different files through a linked folder are both written', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        fs.symlinkSync('.', path.join(dir, 'here'))
        const r = await runHere(['resolve', 't.yaml', '--set', 'mode=dev', '-o', 'out.yaml', '--report', 'here/out.md'], {cwd: dir})
        expect(r).toEqual({code: 0, stdout: '', stderr: ''})
        expect(listing(dir)).toEqual(['here', 'out.md', 'out.yaml', 't.yaml'])
    })
})
