// Runs the built command line as a process: `node bin/trellis.js ARGS` in a temporary
// working directory, with an environment free of the caller's TRELLIS_INPUT_* variables.
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

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
}

const created: string[] = []

/** A fresh temporary directory holding the given files (relative path → content; folders are made). */
export function workspace(files: Readonly<Record<string, string | Buffer>> = {}): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-cli-'))
    created.push(dir)
    for (const [name, content] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), {recursive: true})
        fs.writeFileSync(path.join(dir, name), content)
    }
    return dir
}

/** Removes every directory workspace() created (call it in afterAll). */
export function removeWorkspaces(): void {
    for (const dir of created.splice(0)) fs.rmSync(dir, {recursive: true, force: true})
}

export function run(args: readonly string[], options: RunOptions = {}): Promise<Run> {
    const cwd = options.cwd ?? workspace()
    const env: Record<string, string | undefined> = {...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: undefined}
    for (const name of Object.keys(env)) if (name.startsWith('TRELLIS_')) delete env[name]
    // a profile store of its own, outside the working directory, should anything open it
    env.TRELLIS_CONFIG_DIR = path.join(os.tmpdir(), `trellis-cli-config-${process.pid}`)
    for (const [name, value] of Object.entries(options.env ?? {})) {
        if (value === undefined) delete env[name]
        else env[name] = value
    }
    for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name]
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [BIN, ...args], {cwd, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe']})
        let stdout = ''
        let stderr = ''
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
        child.on('error', reject)
        child.on('close', code => resolve({code, stdout, stderr}))
    })
}
