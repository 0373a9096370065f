// Vitest global setup: the command-line tests run the built dist/ (bin/trellis.js imports
// dist/cli/main.js), so build first when dist/ is missing or older than any source file.
// `npm ci` already builds through the `prepare` script; this covers edits made since.
import {execFileSync} from 'node:child_process'
import fs from 'node:fs'
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

export default function setup(): void {
    if (!needsBuild()) return
    try {
        execFileSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'pipe', encoding: 'utf8', shell: process.platform === 'win32'})
    } catch (e) {
        const failure = e as {stdout?: string; stderr?: string; message: string}
        throw new Error(`npm run build failed before the tests:\n${failure.stdout ?? ''}${failure.stderr ?? failure.message}`)
    }
}
