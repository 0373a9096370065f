#!/usr/bin/env node
// The command-line entry; all logic lives in dist/ (built from src/ on install; dist/bundle/ holds the
// command line bundled by scripts/bundle.mjs, which loads several times faster than dist/cli/).
// CommonJS (bin/package.json): Node starts a CommonJS entry without setting up its ES module loader,
// which the commands served from the headless bundle never need (about 8 ms of every start).
'use strict'
const fs = require('node:fs')
const path = require('node:path')
const vm = require('node:vm')
const {createRequire} = require('node:module')

const argv = process.argv.slice(2)

/** Commands that read a template and run to their end without asking anything. */
const HEADLESS = new Set(['resolve', 'explain', 'analyze'])
/**
 * Memory per byte of template, a little above what each took at seed 10,000 (a 10 MB template: peak
 * resident 172 MB resolving, 305 MB analyzing, 551 MB explaining as text): from half of V8's heap
 * limit on (4 GB on a machine of 16 GB or more), the run goes to a child.
 */
const MEMORY_PER_BYTE = {resolve: 20, analyze: 40, explain: 60}

/**
 * Explaining a large template (explain --json or a --report, 4 MiB or more) runs in a child Node,
 * and so does resolving, explaining or analyzing one that is large for the memory V8 allows. Such a
 * run may need more memory than V8 allows, and V8 then aborts with its collector's log and a native
 * stack on standard error (exit 134): the child's standard error passes through this process, which
 * says so in one line instead (exit 2). And explaining one keeps most of what it makes alive, and
 * V8's young generation at its default size copies those objects again and again; a larger one,
 * which can only be set when Node starts, cuts explain --json at seed 100,000 from 30 s to 21 s for
 * 2 % more memory. A child costs a second Node's start (0.1–0.2 s of a 10 MB template's 1.5 s), so
 * the other commands use one only when their template could come near the limit (MEMORY_PER_BYTE).
 */
async function runInChild() {
    if (process.env.TRELLIS_TUNED) return undefined
    const extra = childFlags(argv, () => require('node:v8').getHeapStatistics().heap_size_limit)
    if (!extra) return undefined
    const {spawn} = require('node:child_process')
    // the child learns who its parent is, to end with it (watchParent) and never write for a parent that is gone (src/app/parent.ts)
    const env = {...process.env, TRELLIS_TUNED: '1', TRELLIS_PARENT_PID: String(process.pid)}
    // Node's own flags (node --max-old-space-size=… bin/trellis.js) apply to the child as well
    const flags = [...process.execArgv, ...extra]
    // signals sent to this process alone are passed on; Ctrl-C reaches the child from the terminal as
    // well, and a second SIGINT changes nothing (a child writing its outputs stops at the first). Listened
    // for before the child starts: one that arrives while it starts is handled once it has
    let child
    const pass = signal => child.kill(signal)
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, pass)
    child = spawn(process.execPath, [...flags, __filename, ...argv], {stdio: ['inherit', 'inherit', 'pipe'], env})
    const stderr = passStandardError(child.stderr)
    // 'close': the child has ended and its standard error is read to the end
    const [code, signal] = await new Promise(resolve => child.on('close', (c, s) => resolve([c, s])))
    if (signal === 'SIGABRT' && stderr.outOfMemory()) {
        const {getHeapStatistics} = require('node:v8')
        const limit = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)
        process.stderr.write(
            `trellis: out of memory: ${argv[0]} on this template needs more than the ${limit} MB Node allows; NODE_OPTIONS=--max-old-space-size=${2 * limit} raises the limit, given the memory\n`,
        )
        return 2
    }
    stderr.flush()
    return signal ? 128 + (require('node:os').constants.signals[signal] ?? 1) : (code ?? 1)
}

/** The line V8's report of running out of memory begins with (the collector's log, a JavaScript and a native stack follow). */
const OUT_OF_MEMORY = '<--- Last few GCs --->'

/**
 * Passes a child's standard error on, line by line, until V8's report of running out of memory
 * begins: that is held back, and shown only if the child did not abort after all (a line that
 * merely quotes it).
 */
/**
 * The Node flags of the child a command line runs in (see runInChild), or undefined when it runs here;
 * `heapLimit` is read only when a template is large enough for it to matter.
 */
function childFlags(args, heapLimit) {
    if (!HEADLESS.has(args[0])) return undefined
    const size = a => {
        try {
            return fs.statSync(a).size
        } catch {
            return 0
        }
    }
    const largest = Math.max(0, ...args.slice(1).map(size))
    if (largest < 4 * 1024 * 1024) return undefined
    const explaining = args.some(a => a === '--report' || a.startsWith('--report=')) || (args[0] === 'explain' && args.includes('--json'))
    if (explaining) return ['--max-semi-space-size=64']
    return largest * MEMORY_PER_BYTE[args[0]] >= heapLimit() / 2 ? [] : undefined
}

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
    const {Worker} = require('node:worker_threads')
    const check = `setInterval(() => { if (process.ppid !== ${parent}) process.kill(process.pid, 'SIGTERM') }, 200)`
    new Worker(check, {eval: true}).unref()
}
/** The commands the headless bundle serves (first word of the command line, past --debug). */
const HEADLESS_COMMANDS = new Set(['resolve', 'explain', 'analyze', 'test', 'profile', 'completion', '__complete'])
const HEADLESS_BUNDLE = path.join(__dirname, '../dist/bundle/headless.cjs')

/**
 * Loads the command line without the wizard: dist/bundle/headless.cjs, one CommonJS file, started
 * from V8's code cache beside it (`.cache`), the bytecode of every function a training run compiled
 * when Trellis was built (scripts/train-code-cache.mjs). ES modules cannot start from a code cache
 * in Node 20, and compiling the bundle at every start, then each function on its first call, was
 * about 60 ms of resolving a real template (a quarter of it). A cache V8 does not take (another
 * Node's) is left unused: the bundle compiles as any script does. But V8 checks only a cache's
 * header (its version, flags, and the source's length), not its payload: one changed byte in it
 * can abort Node. So the cache begins with a SHA-256 of the bundle and the payload together
 * (cacheOf), and one that is damaged, cut short or made of another bundle is never handed to V8.
 * The bundle's own SHA-256, taken on the way, is the build's identity, which the parsed-file
 * cache's entries carry (src/engine/load/build-identity.ts).
 */
function loadHeadless(file = HEADLESS_BUNDLE) {
    const bytes = fs.readFileSync(file)
    // the bundle is ASCII (scripts/bundle.mjs makes it so): Latin-1 reads it as UTF-8 would, without decoding
    const source = bytes.toString('latin1')
    const bundleHash = require('node:crypto').createHash('sha256').update(bytes)
    const build = bundleHash.copy().digest()
    const cacheOf = payload => bundleHash.copy().update(payload).digest()
    let cachedData
    try {
        const stored = fs.readFileSync(`${file}.cache`)
        const payload = stored.subarray(32)
        if (stored.length > 32 && stored.subarray(0, 32).equals(cacheOf(payload))) cachedData = payload
    } catch {
        cachedData = undefined
    }
    // CommonJS's own wrapper, on the first line so that positions in stack traces stay true, this
    // file's import() for plugins (V8 forgets the loader of code started from a code cache, so the
    // bundle's own import() cannot work: src/engine/load/import-module.ts), and the build's identity
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __import, __build) {${source}\n})`, {
        filename: file,
        cachedData,
    })
    const module = {exports: {}}
    script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file), url => import(url), build)
    const main = module.exports.main
    if (typeof main !== 'function') throw new Error(`${file} exports no main`)
    const cache = () => {
        const payload = script.createCachedData()
        return Buffer.concat([cacheOf(payload), payload])
    }
    return {main, cache, cached: cachedData !== undefined && !script.cachedDataRejected}
}

/** The command line's main: every command but the wizard from the headless bundle, the wizard from the ES modules (Ink loads only as one). */
async function commandLine() {
    const first = argv.find(a => a !== '--debug')
    if (HEADLESS_COMMANDS.has(first)) return loadHeadless().main
    return (await import('../dist/bundle/main.js')).main
}

/**
 * A full disk or a closed pipe on standard output is the user's situation, not a crash: one line,
 * no stack. Node makes the stream when it is first asked for (2–3 ms, its stream modules with it),
 * and a command that writes only files never asks: the listener is added as the stream is made.
 */
function watchStandardOutput() {
    const made = Object.getOwnPropertyDescriptor(process, 'stdout')
    if (typeof made?.get !== 'function' || !made.configurable) return void listen(process.stdout)
    let listened = false
    Object.defineProperty(process, 'stdout', {
        configurable: true,
        enumerable: made.enumerable,
        get() {
            const stream = made.get.call(process)
            if (!listened) listen(stream)
            return stream
        },
    })
    function listen(stream) {
        listened = true
        stream.on('error', error => {
            if (error.code !== 'EPIPE') process.stderr.write(`trellis: cannot write to standard output: ${error.code ?? error.message}\n`)
            process.exit(error.code === 'EPIPE' ? 0 : 2)
        })
    }
}

async function run() {
    watchStandardOutput()
    // `trellis --version` alone is answered without loading the commands and the engine; it prints
    // what commander's version flag prints
    if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
        process.stdout.write(`${require('../package.json').version}\n`)
        return
    }
    await watchParent()
    const code = await runInChild()
    if (code !== undefined) process.exit(code)
    process.exitCode = await (await commandLine())(argv)
}

if (require.main === module) run()
// for the build's training run, the benchmarks (which run the command line in a process of theirs) and the tests
else module.exports = {loadHeadless, HEADLESS_COMMANDS, run, childFlags}
