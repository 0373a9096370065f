#!/usr/bin/env node
// The command-line entry; all logic lives in dist/cli (built from src/cli on install).

// A full disk or a closed pipe on standard output is the user's situation, not a crash: one line, no stack.
process.stdout.on('error', error => {
    if (error.code !== 'EPIPE') process.stderr.write(`trellis: cannot write to standard output: ${error.code ?? error.message}\n`)
    process.exit(error.code === 'EPIPE' ? 0 : 2)
})

const argv = process.argv.slice(2)

/**
 * Explaining a large template (explain --json, a --report) keeps most of what it makes alive, and
 * V8's young generation at its default size copies those objects again and again; a larger one,
 * which can only be set when Node starts, cuts explain --json at seed 100,000 from 30 s to 21 s for
 * 2 % more memory. Those runs go to a child Node started with it; everything else stays here.
 */
async function runTuned() {
    if (process.env.TRELLIS_TUNED || !(argv.some(a => a === '--report' || a.startsWith('--report=')) || (argv[0] === 'explain' && argv.includes('--json')))) return undefined
    const {statSync} = await import('node:fs')
    const large = a => {
        try {
            return statSync(a).size >= 4 * 1024 * 1024
        } catch {
            return false
        }
    }
    if (!argv.some(large)) return undefined
    const {spawn} = await import('node:child_process')
    const {fileURLToPath} = await import('node:url')
    // the child learns who its parent is, to end with it (watchParent) and never write for a parent that is gone (src/app/parent.ts)
    const env = {...process.env, TRELLIS_TUNED: '1', TRELLIS_PARENT_PID: String(process.pid)}
    const child = spawn(process.execPath, ['--max-semi-space-size=64', fileURLToPath(import.meta.url), ...argv], {stdio: 'inherit', env})
    // Ctrl-C reaches the child from the terminal itself; signals sent to this process alone are passed on
    const pass = signal => child.kill(signal)
    process.on('SIGINT', () => {})
    for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, pass)
    const [code, signal] = await new Promise(resolve => child.on('exit', (c, s) => resolve([c, s])))
    return signal ? 128 + ((await import('node:os')).constants.signals[signal] ?? 1) : (code ?? 1)
}
/**
 * A child started by runTuned ends with the parent that started it. A parent killed outright
 * (SIGKILL) cannot pass that on, and the child, busy resolving on its main thread (whose event
 * loop may not turn for many seconds), would run on for minutes and then write its outputs. So a
 * thread of its own checks every 200 ms that the parent is still there, and when not, sends the
 * process SIGTERM: it ends at once, or, while outputs are being staged, once their temporary files
 * are removed (the writer renames nothing for a parent that is gone).
 */
async function watchParent() {
    const parent = Number(process.env.TRELLIS_PARENT_PID)
    if (!Number.isSafeInteger(parent) || parent <= 0) return
    const {Worker} = await import('node:worker_threads')
    const check = `setInterval(() => { if (process.ppid !== ${parent}) process.kill(process.pid, 'SIGTERM') }, 200)`
    new Worker(check, {eval: true}).unref()
}
// `trellis --version` alone is answered without loading the commands and the engine (about 0.1 s of
// module loading); it prints what commander's version flag prints
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    const {VERSION} = await import('../dist/cli/version.js')
    process.stdout.write(`${VERSION}\n`)
} else {
    await watchParent()
    const tuned = await runTuned()
    if (tuned !== undefined) process.exit(tuned)
    const {main} = await import('../dist/cli/main.js')
    process.exitCode = await main(argv)
}
