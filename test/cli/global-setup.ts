// Vitest global setup: the command-line tests run the built dist/ (bin/trellis.js imports
// dist/cli/main.js), so build first when dist/ is missing or older than any source file.
// `npm ci` already builds through the `prepare` script; this covers edits made since.
// Afterwards it fails the run if the tests left anything outside their temporary folders: a new
// entry at the file system's root or in the home folder, in Trellis's own folders there, or a
// "trellis-…" folder left in the temporary folder (test/helpers/temp.ts removes its own).
import {execFileSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BUILT = path.join(ROOT, 'dist/cli/main.js')

/** The latest modification time of any file below dir. */
function newest(dir: string): number {
    let latest = 0
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) latest = Math.max(latest, newest(full))
        else if (entry.isFile()) latest = Math.max(latest, fs.statSync(full).mtimeMs)
    }
    return latest
}

function needsBuild(): boolean {
    if (!fs.existsSync(BUILT)) return true
    return fs.statSync(BUILT).mtimeMs < newest(path.join(ROOT, 'src'))
}

export default function setup(): () => void {
    build()
    const before = outside()
    return () => {
        const left = [...outside()].filter(entry => !before.has(entry))
        if (left.length === 0) return
        // vitest reports an error thrown here but still exits 0: the exit code is set instead
        process.stderr.write(`\nthe tests left these behind, outside their temporary folders:\n${left.join('\n')}\n`)
        process.exitCode = 1
    }
}

/** What the tests must not add to: the root, the home folder, Trellis's folders in it, Trellis's folders in the temporary folder. */
function outside(): Set<string> {
    const home = os.homedir()
    const watched = [path.parse(ROOT).root, home, path.join(home, '.cache', 'trellis'), path.join(home, '.config', 'trellis')]
    const entries = new Set<string>()
    for (const dir of watched) for (const name of list(dir)) entries.add(path.join(dir, name))
    for (const name of list(os.tmpdir())) if (name.startsWith('trellis')) entries.add(path.join(os.tmpdir(), name))
    return entries
}

function list(dir: string): string[] {
    try {
        return fs.readdirSync(dir)
    } catch {
        return []
    }
}

function build(): void {
    if (!needsBuild()) return
    try {
        execFileSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'pipe', encoding: 'utf8', shell: process.platform === 'win32'})
    } catch (e) {
        const failure = e as {stdout?: string; stderr?: string; message: string}
        throw new Error(`npm run build failed before the tests:\n${failure.stdout ?? ''}${failure.stderr ?? failure.message}`)
    }
}
