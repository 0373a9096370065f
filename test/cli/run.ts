// Runs the command line in a temporary working directory, with an environment free of the
// caller's TRELLIS_INPUT_* variables: as a process (`node bin/trellis.js ARGS`, run), or in this
// process (main(ARGS), what bin/trellis.js calls, runHere), which spares starting a Node and
// loading the command line for each case. runHere is for what main() decides (messages, exit
// codes, files written); what only a process shows (signals, the stack a process has, standard
// output that fails, plugins loaded into a Node of their own) keeps to run.
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {removeTempDirs, tempDir} from '../helpers/temp.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BIN = path.join(ROOT, 'bin/trellis.js')

export interface Run {
    readonly code: number | null
    readonly stdout: string
    readonly stderr: string
}

export interface RunOptions {
    /** The working directory; a fresh temporary one when not given. */
    readonly cwd?: string
    /** Added to (or, as undefined, removed from) the environment. */
    readonly env?: Readonly<Record<string, string | undefined>>
    /** Standard input, written at once and closed; none (ignored) when not given. */
    readonly input?: string
    /** The command line to run instead of the project's bin/trellis.js (a copy beside another build); run only. */
    readonly bin?: string
}

/** A fresh temporary directory holding the given files (relative path → content; folders are made). */
export function workspace(files: Readonly<Record<string, string | Buffer>> = {}): string {
    const dir = tempDir('trellis-cli-')
    for (const [name, content] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), {recursive: true})
        fs.writeFileSync(path.join(dir, name), content)
    }
    return dir
}

/** Removes every directory workspace() created (also done after every test file: test/helpers/setup.ts). */
export const removeWorkspaces = removeTempDirs

/** The environment a command runs with: the caller's, without TRELLIS_*, changed by `extra`. */
function commandEnv(extra: RunOptions['env']): Record<string, string> {
    const env: Record<string, string | undefined> = {...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: undefined}
    for (const name of Object.keys(env)) if (name.startsWith('TRELLIS_')) delete env[name]
    // a profile store of its own, outside the working directory, should anything open it
    env.TRELLIS_CONFIG_DIR = path.join(os.tmpdir(), `trellis-cli-config-${process.pid}`)
    // no parsed-file cache in the user's home (test/engine/parsed-cache.test.ts gives it a folder)
    env.TRELLIS_CACHE = 'off'
    for (const [name, value] of Object.entries(extra ?? {})) {
        if (value === undefined) delete env[name]
        else env[name] = value
    }
    for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name]
    return env as Record<string, string>
}

export function run(args: readonly string[], options: RunOptions = {}): Promise<Run> {
    const cwd = options.cwd ?? workspace()
    const env = commandEnv(options.env)
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [options.bin ?? BIN, ...args], {cwd, env, stdio: ['pipe', 'pipe', 'pipe']})
        // no input is an input that has ended
        child.stdin.end(options.input)
        let stdout = ''
        let stderr = ''
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
        child.on('error', reject)
        child.on('close', code => resolve({code, stdout, stderr}))
    })
}

/** One command at a time: each takes over this process's working directory, environment and output. */
let queue: Promise<unknown> = Promise.resolve()

/** Runs main(args) here, as bin/trellis.js would in a process of its own (see the top of this file). */
export function runHere(args: readonly string[], options: RunOptions = {}): Promise<Run> {
    const next = queue.then(() => runNow(args, options))
    queue = next.catch(() => {})
    return next
}

async function runNow(args: readonly string[], options: RunOptions): Promise<Run> {
    const cwd = options.cwd ?? workspace()
    const env = commandEnv(options.env)
    const {main} = await import('../../src/cli/main.js')
    const saved = {cwd: process.cwd(), env: {...process.env}, stdout: process.stdout.write, stderr: process.stderr.write}
    const output = {stdout: '', stderr: ''}
    const capture = (stream: 'stdout' | 'stderr') =>
        function write(chunk: string | Uint8Array, encoding?: BufferEncoding | ((e?: Error | null) => void), done?: (e?: Error | null) => void): boolean {
            output[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
            const callback = typeof encoding === 'function' ? encoding : done
            if (callback) process.nextTick(callback)
            return true
        } as typeof process.stdout.write
    setEnv(env)
    process.chdir(cwd)
    process.stdout.write = capture('stdout')
    process.stderr.write = capture('stderr')
    try {
        const code = await main([...args])
        return {code, ...output}
    } catch (e) {
        // what a process would print dying of it: the stack, exit code 1
        return {code: 1, stdout: output.stdout, stderr: `${output.stderr}${(e as Error)?.stack ?? String(e)}\n`}
    } finally {
        process.stdout.write = saved.stdout
        process.stderr.write = saved.stderr
        process.chdir(saved.cwd)
        setEnv(saved.env)
    }
}

function setEnv(env: Readonly<Record<string, string | undefined>>): void {
    for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name]
    for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value
}
