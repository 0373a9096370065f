// Explaining a large template, or resolving or analyzing one large for V8's heap, runs in a child Node
// (bin/trellis.js), with a larger young generation when explaining: the child's output, exit code and
// files are what the command gives without it, running out of memory is one line, and it ends with
// its parent, writing nothing, when the parent is killed outright.
import {createRequire} from 'node:module'
import {spawn, spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {stringify} from 'yaml'
import {benchmarkTemplate} from '../../bench/generate.mjs'
import {BIN, tempDir, trellis, removeTempDirs} from './helpers.js'

afterAll(removeTempDirs)

/** Over the 4 MiB from which explain --json and --report run tuned (made when the tests start, not when the file is only listed). */
let dir = ''
let large = ''
beforeAll(() => {
    dir = tempDir('trellis-tuned-')
    large = path.join(dir, 'large.yaml')
    fs.writeFileSync(large, stringify(benchmarkTemplate(5000)))
})

const {childFlags} = createRequire(import.meta.url)(BIN) as {childFlags: (args: string[], heapLimit: () => number) => string[] | undefined}

describe('which runs go to a child', () => {
    const MiB = 1024 * 1024
    const GiB = 1024 * MiB
    /** A file of `size` bytes (sparse: nothing is written), in the suite's folder. */
    const sized = (name: string, size: number) => {
        const file = path.join(dir, name)
        fs.writeFileSync(file, '')
        fs.truncateSync(file, size)
        return file
    }

    it('a template under 4 MiB runs here, whatever the command and the heap', () => {
        const small = sized('small.yaml', 4 * MiB - 1)
        for (const args of [
            ['resolve', small],
            ['explain', small, '--json'],
            ['resolve', small, '--report', 'r.md'],
            ['analyze', small],
        ])
            expect(childFlags(args, () => 40 * MiB)).toBeUndefined()
    })

    it('explain --json and --report of 4 MiB or more: a child with a larger young generation', () => {
        const file = sized('explained.yaml', 4 * MiB)
        expect(childFlags(['explain', file, '--json'], () => 4 * GiB)).toEqual(['--max-semi-space-size=64'])
        expect(childFlags(['resolve', file, '-o', 'out.yaml', '--report=r.md'], () => 4 * GiB)).toEqual(['--max-semi-space-size=64'])
    })

    it('resolve, analyze and explain as text: here while the template is small for the heap, a child once it is not', () => {
        const file = sized('ten.yaml', 10 * MiB)
        for (const command of ['resolve', 'analyze', 'explain']) {
            expect(childFlags([command, file], () => 4 * GiB)).toBeUndefined()
            expect(childFlags([command, file], () => 200 * MiB)).toEqual([])
        }
        // the heap matters more to explaining than to resolving (each keeps more per byte)
        expect(childFlags(['resolve', file], () => 600 * MiB)).toBeUndefined()
        expect(childFlags(['explain', file], () => 600 * MiB)).toEqual([])
    })

    it('other commands never', () => {
        const file = sized('other.yaml', 10 * MiB)
        expect(childFlags(['test', file], () => 40 * MiB)).toBeUndefined()
        expect(childFlags(['wizard', file], () => 40 * MiB)).toBeUndefined()
    })
})

describe('explaining a large template', () => {
    it('is above the size that starts a tuned child', () => {
        expect(fs.statSync(large).size).toBeGreaterThan(4 * 1024 * 1024)
    })

    it('explain --json prints the same document as without the child', () => {
        const tuned = trellis(['explain', large, '--set', 'mode=present', '--json', 'node.component_0_present'], {})
        const plain = trellis(['explain', large, '--set', 'mode=present', '--json', 'node.component_0_present'], {TRELLIS_TUNED: '1'})
        expect(tuned.code).toBe(0)
        expect(tuned.stdout).toBe(plain.stdout)
        expect(JSON.parse(tuned.stdout).elements[0].id).toBe('node.component_0_present')
    })

    it('a failing --report run exits as without the child, one line, nothing written', () => {
        const out = path.join(dir, 'out.yaml')
        const r = trellis(['resolve', large, '--set', 'mode=present', '-o', out, '--report', path.join(dir, 'missing', 'r.md')], {})
        expect(r.code).toBe(2)
        expect(r.stderr.trim().split('\n')).toHaveLength(1)
        expect(fs.existsSync(out)).toBe(false)
    })
})

describe('a large template that needs more memory than Node allows', () => {
    it.each([
        ['analyze', () => ['analyze', large]],
        ['resolve --report', () => ['resolve', large, '--set', 'mode=present', '-o', path.join(dir, 'oom.yaml'), '--report', path.join(dir, 'oom.md')]],
    ])('%s: one line naming the limit, exit 2, no native stack, nothing written', (_, args) => {
        // the heap Node is given here (its flag applies to the child too) is far below what the template needs
        const r = spawnSync(process.execPath, ['--max-old-space-size=40', BIN, ...args()], {encoding: 'utf8', env: {...process.env, CI: 'true', TRELLIS_TUNED: ''}})
        expect(r.status).toBe(2)
        expect(r.stderr).toMatch(
            /^trellis: out of memory: \w+ on this template needs more than the \d+ MB Node allows; NODE_OPTIONS=--max-old-space-size=\d+ raises the limit, given the memory\n$/,
        )
        expect(fs.readdirSync(dir).filter(name => name.startsWith('oom') || name.includes('.trellis-tmp-'))).toEqual([])
    })
})

/** The fields of /proc/PID/stat after the command name (which may hold spaces): state, parent, …; undefined when gone. */
function procStat(pid: number): string[] | undefined {
    try {
        const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
        return text.slice(text.lastIndexOf(')') + 2).split(' ')
    } catch {
        return undefined
    }
}

/** A process that has ended (a zombie no one reaped has ended too). */
const ended = (pid: number) => ['Z', 'X', undefined].includes(procStat(pid)?.[0])

/** The tuned child of `parent`, once it runs trellis (after exec: its command line has the child's flag). */
function tunedChild(parent: number): number | undefined {
    for (const name of fs.readdirSync('/proc')) {
        const pid = Number(name)
        if (!Number.isInteger(pid) || procStat(pid)?.[1] !== String(parent)) continue
        try {
            if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--max-semi-space-size')) return pid
        } catch {
            // ended meanwhile
        }
    }
    return undefined
}

/** Polls `probe` until it gives a value; fails after a ceiling far above any wait a working machine needs. */
async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
    const ceiling = Date.now() + 120_000
    for (;;) {
        const value = probe()
        if (value !== undefined) return value
        if (Date.now() > ceiling) throw new Error(`gave up waiting for ${what}`)
        await new Promise(resolve => setTimeout(resolve, 10))
    }
}

const PROC = fs.existsSync('/proc/self/stat')
describe.skipIf(!PROC)(`a tuned child whose parent is killed outright (SIGKILL)${PROC ? '' : ' (skipped: needs /proc)'}`, () => {
    it.each([
        ['resolve -o --report', (out: string, report: string) => ['resolve', large, '--set', 'mode=present', '-o', out, '--report', report]],
        ['explain --json', () => ['explain', large, '--set', 'mode=present', '--json']],
    ])(
        '%s: ends, and writes no output',
        async (_, args) => {
            const work = tempDir('trellis-orphan-')
            const out = path.join(work, 'out.yaml')
            const report = path.join(work, 'r.json')
            fs.writeFileSync(out, 'previous output\n')
            fs.writeFileSync(report, 'previous report\n')
            const env: Record<string, string | undefined> = {...process.env, CI: 'true'}
            for (const name of Object.keys(env)) if (name.startsWith('TRELLIS_')) delete env[name]
            const stdout = fs.openSync(path.join(work, 'stdout'), 'w')
            const parent = spawn(process.execPath, [BIN, ...args(out, report)], {cwd: work, env, stdio: ['ignore', stdout, 'ignore']})
            fs.closeSync(stdout)
            const exited = new Promise(resolve => parent.on('exit', resolve))
            const child = await until(() => tunedChild(parent.pid!), 'the tuned child')
            // held still while its parent is killed: whatever it would do next, it does as an orphan
            process.kill(child, 'SIGSTOP')
            parent.kill('SIGKILL')
            await exited
            expect(fs.readFileSync(out, 'utf8')).toBe('previous output\n')
            process.kill(child, 'SIGCONT')
            await until(() => ended(child) || undefined, 'the orphaned child to end')
            expect(fs.readFileSync(out, 'utf8')).toBe('previous output\n')
            expect(fs.readFileSync(report, 'utf8')).toBe('previous report\n')
            expect(fs.readFileSync(path.join(work, 'stdout'), 'utf8')).toBe('')
            expect(fs.readdirSync(work).filter(name => name.includes('.trellis-tmp-'))).toEqual([])
            fs.rmSync(work, {recursive: true, force: true})
        },
        300_000,
    )

    it('SIGINT sent to the trellis process (not from a terminal) ends its child too, nothing written', async () => {
        const work = tempDir('trellis-interrupted-')
        const out = path.join(work, 'out.yaml')
        const report = path.join(work, 'r.md')
        fs.writeFileSync(out, 'previous output\n')
        const env: Record<string, string | undefined> = {...process.env, CI: 'true'}
        for (const name of Object.keys(env)) if (name.startsWith('TRELLIS_')) delete env[name]
        const parent = spawn(process.execPath, [BIN, 'resolve', large, '--set', 'mode=present', '-o', out, '--report', report], {cwd: work, env, stdio: 'ignore'})
        const exited = new Promise<number | null>(resolve => parent.on('exit', code => resolve(code)))
        const child = await until(() => tunedChild(parent.pid!), 'the tuned child')
        parent.kill('SIGINT')
        // as a command ended by Ctrl-C ends: 128 + the signal's number
        expect(await exited).toBe(130)
        await until(() => ended(child) || undefined, 'the child to end')
        expect(fs.readFileSync(out, 'utf8')).toBe('previous output\n')
        expect(fs.existsSync(report)).toBe(false)
        expect(fs.readdirSync(work).filter(name => name.includes('.trellis-tmp-'))).toEqual([])
    }, 300_000)
})
