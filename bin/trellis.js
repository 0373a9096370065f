#!/usr/bin/env node
// The command-line entry; all logic lives in dist/ (built from src/ on install; dist/bundle/ holds the
// command line bundled by scripts/bundle.mjs, which loads several times faster than dist/cli/).

// A full disk or a closed pipe on standard output is the user's situation, not a crash: one line, no stack.
process.stdout.on('error', error => {
    if (error.code !== 'EPIPE') process.stderr.write(`trellis: cannot write to standard output: ${error.code ?? error.message}\n`)
    process.exit(error.code === 'EPIPE' ? 0 : 2)
})

const argv = process.argv.slice(2)

/** Commands that read a template and run to their end without asking anything. */
const HEADLESS = new Set(['resolve', 'explain', 'analyze'])

/**
 * Resolving, explaining or analyzing a large template (4 MiB or more) runs in a child Node, for two
 * reasons. Such a run may need more memory than V8 allows, and V8 then aborts with its collector's
 * log and a native stack on standard error (exit 134): the child's standard error passes through
 * this process, which says so in one line instead (exit 2). And explaining one (explain --json, a
 * --report) keeps most of what it makes alive, and V8's young generation at its default size copies
 * those objects again and again; a larger one, which can only be set when Node starts, cuts explain
 * --json at seed 100,000 from 30 s to 21 s for 2 % more memory. Everything else stays here.
 */
async function runInChild() {
    if (process.env.TRELLIS_TUNED || !HEADLESS.has(argv[0])) return undefined
    const {statSync} = await import('node:fs')
    const large = a => {
        try {
            return statSync(a).size >= 4 * 1024 * 1024
        } catch {
            return false
        }
    }
    if (!argv.slice(1).some(large)) return undefined
    const explaining = argv.some(a => a === '--report' || a.startsWith('--report=')) || (argv[0] === 'explain' && argv.includes('--json'))
    const {spawn} = await import('node:child_process')
    const {fileURLToPath} = await import('node:url')
    // the child learns who its parent is, to end with it (watchParent) and never write for a parent that is gone (src/app/parent.ts)
    const env = {...process.env, TRELLIS_TUNED: '1', TRELLIS_PARENT_PID: String(process.pid)}
    // Node's own flags (node --max-old-space-size=… bin/trellis.js) apply to the child as well
    const flags = [...process.execArgv, ...(explaining ? ['--max-semi-space-size=64'] : [])]
    const child = spawn(process.execPath, [...flags, fileURLToPath(import.meta.url), ...argv], {stdio: ['inherit', 'inherit', 'pipe'], env})
    const stderr = passStandardError(child.stderr)
    // Ctrl-C reaches the child from the terminal itself; signals sent to this process alone are passed on
    const pass = signal => child.kill(signal)
    process.on('SIGINT', () => {})
    for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, pass)
    // 'close': the child has ended and its standard error is read to the end
    const [code, signal] = await new Promise(resolve => child.on('close', (c, s) => resolve([c, s])))
    if (signal === 'SIGABRT' && stderr.outOfMemory()) {
        const {getHeapStatistics} = await import('node:v8')
        const limit = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)
        process.stderr.write(
            `trellis: out of memory: ${argv[0]} on this template needs more than the ${limit} MB Node allows; NODE_OPTIONS=--max-old-space-size=${2 * limit} raises the limit, given the memory\n`,
        )
        return 2
    }
    stderr.flush()
    return signal ? 128 + ((await import('node:os')).constants.signals[signal] ?? 1) : (code ?? 1)
}

/** The line V8's report of running out of memory begins with (the collector's log, a JavaScript and a native stack follow). */
const OUT_OF_MEMORY = '<--- Last few GCs --->'

/**
 * Passes a child's standard error on, line by line, until V8's report of running out of memory
 * begins: that is held back, and shown only if the child did not abort after all (a line that
 * merely quotes it).
 */
function passStandardError(stream) {
    let pending = ''
    let held
    stream.setEncoding('utf8')
    stream.on('data', text => {
        if (held !== undefined) return void (held += text)
        pending += text
        const end = pending.lastIndexOf('\n') + 1
        if (end === 0) return
        const lines = pending.slice(0, end)
        pending = pending.slice(end)
        const at = lines.indexOf(OUT_OF_MEMORY)
        if (at < 0) return void process.stderr.write(lines)
        // the blank lines V8 puts before its report go with it
        const before = lines.slice(0, at).replace(/\n+$/, '')
        if (before) process.stderr.write(`${before}\n`)
        held = lines.slice(at) + pending
        pending = ''
    })
    return {
        outOfMemory: () => held !== undefined,
        flush: () => process.stderr.write((held ?? '') + pending),
    }
}
/**
 * A child started by runInChild ends with the parent that started it. A parent killed outright
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
    const code = await runInChild()
    if (code !== undefined) process.exit(code)
    const {main} = await import('../dist/bundle/main.js')
    process.exitCode = await main(argv)
}
