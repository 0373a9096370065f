// Twenty writers of the profile store started at once while a lock left by a crashed process sits
// in it: the stale lock is broken once, and every profile is kept. The writers (profile-saver.mjs)
// block on their standard input until the test writes to all of them, so they reach the lock at
// once, and stay up across trials, so many trials cost twenty processes. Against the two earlier
// locks (removing a stale lock outright; renaming it away and comparing inodes) a profile was lost
// in 10 of 10 runs of 30 trials (first at trials 0 to 19); spawning a `trellis profile save` per
// writer lost one in about every fourth trial with the first, and none in 36 trials with the
// second. One trial goes through `trellis profile save` itself.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, expect, it} from 'vitest'
import {iterations} from '../helpers/deep.js'
import {BIN, ROOT, tempDir, writeTemplate, removeTempDirs} from './helpers.js'

afterAll(removeTempDirs)

const WRITERS = 20
const TRIALS = iterations(15, 300)
const COMMANDS = iterations(8, 20)
const names = Array.from({length: WRITERS}, (_, i) => `p${i}`)

/** A lock file as a crashed process leaves it: its holder no longer runs, and it is two minutes old. */
function plantStaleLock(config: string): void {
    fs.mkdirSync(config, {recursive: true})
    const lock = path.join(config, 'config.json.lock')
    fs.writeFileSync(lock, '99999999\n')
    const old = new Date(Date.now() - 120_000)
    fs.utimesSync(lock, old, old)
}

function expectAllKept(config: string, kept: readonly string[], trial: string): void {
    const stored = JSON.parse(fs.readFileSync(path.join(config, 'config.json'), 'utf8'))
    expect(Object.keys(stored.profiles).sort(), trial).toEqual([...kept].sort())
    expect(
        fs.readdirSync(config).filter(f => f.includes('.lock')),
        trial,
    ).toEqual([])
}

/** The lines a process prints, each awaited as it comes. */
function lines(child: ChildProcessWithoutNullStreams): (n: number) => Promise<string> {
    const seen: string[] = []
    const waiting: (() => void)[] = []
    let rest = ''
    let ended = false
    const wake = () => waiting.splice(0).forEach(w => w())
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n')
        rest = parts.pop()!
        seen.push(...parts)
        wake()
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('close', () => {
        ended = true
        wake()
    })
    return async n => {
        while (seen.length <= n) {
            if (ended) throw new Error(`the writer ended after ${seen.length} lines: ${stderr}`)
            await new Promise<void>(resolve => waiting.push(resolve))
        }
        return seen[n]!
    }
}

it(`${WRITERS} writers saving at once over a stale lock keep all ${WRITERS} profiles, in ${TRIALS} trials`, async () => {
    const base = tempDir('trellis-stale-lock-')
    const writers = names.map((_, i) => spawn(process.execPath, [path.join(ROOT, 'test/cli/profile-saver.mjs'), ROOT, String(i), base, String(TRIALS)]))
    try {
        const line = writers.map(lines)
        expect(await Promise.all(line.map(l => l(0)))).toEqual(names.map(() => 'ready'))
        for (let trial = 0; trial < TRIALS; trial++) {
            const config = path.join(base, `store-${trial}`)
            plantStaleLock(config)
            for (const w of writers) w.stdin.write('g')
            expect(await Promise.all(line.map(l => l(trial + 1))), `trial ${trial}`).toEqual(names.map(() => `${trial} ok`))
            expectAllKept(config, names, `trial ${trial}`)
        }
    } finally {
        // (the store's file writer holds signals for its clean-up; a writer has nothing to clean up)
        for (const w of writers) w.kill('SIGKILL')
        fs.rmSync(base, {recursive: true, force: true})
    }
})

// the command itself, end to end: fewer processes, as each loads the whole command line
it(`${COMMANDS} trellis profile save commands started at once over a stale lock keep all ${COMMANDS} profiles`, async () => {
    const work = tempDir('trellis-stale-lock-')
    writeTemplate(work)
    const config = path.join(work, 'config')
    plantStaleLock(config)
    const env = {...process.env, TRELLIS_CONFIG_DIR: config}
    const save = (name: string) =>
        new Promise<number>(resolve => {
            const p = spawn(process.execPath, [BIN, 'profile', 'save', name, '--template', 'template.yaml', '--preset', 'dev'], {cwd: work, env, stdio: 'ignore'})
            p.on('close', code => resolve(code ?? -1))
        })
    const saved = names.slice(0, COMMANDS)
    expect(await Promise.all(saved.map(save))).toEqual(saved.map(() => 0))
    expectAllKept(config, saved, 'trellis profile save')
    fs.rmSync(work, {recursive: true, force: true})
})
