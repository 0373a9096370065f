#!/usr/bin/env node
// Wizard latency and memory on a template: the benchmark template of a seed (1,000 elements at
// seed 125, the default) or any template file (--template FILE, e.g. a bundled sample). The real
// App under Ink with the wizard's render options, its terminal replaced by streams that timestamp
// every frame written. Measures, as the median over repeated keys, the time from a key reaching
// stdin to the first frame that shows its effect:
//   - moving the topology cursor (no resolution);
//   - committing a new value of an input (the first one with an offered value that changes how
//     many elements are present, chosen by bench/wizard-plan.mjs in a process of its own): the
//     inputs update at once, the header's counts once the resolution lands off the render path;
//   - a key pressed while that resolution runs (the help screen opened): keys must not wait for
//     the engine.
// The template is read from its file, as the trellis command does, so the resolver can run in its
// worker thread (--thread main runs it on the wizard's thread instead, for comparison); a seed's
// template is written by a child process, so this process never holds it but as the wizard does.
// --dist DIR measures another build (e.g. one of main, to compare before and after a change).
//   usage: node --expose-gc bench/wizard.mjs [--seed 125 | --template FILE] [--set NAME=VALUE]… [--runs 15]
//                                            [--thread worker|main] [--quiet 2000] [--dist dist]
//   (--quiet: milliseconds left after opening for the work that follows the first resolution)
import {spawnSync} from 'node:child_process'
import {EventEmitter} from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const runs = Number(option('--runs', 15))
const thread = option('--thread', 'worker')
const quiet = Number(option('--quiet', 2000))
const dist = path.resolve(option('--dist', fileURLToPath(new URL('../dist', import.meta.url))))
const sets = args.flatMap((a, i) => (a === '--set' ? [args[i + 1]] : []))
const from = module => import(pathToFileURL(path.join(dist, module)).href)

// as the trellis command runs the wizard: React's production build
process.env.NODE_ENV ??= 'production'
const React = (await import('react')).default
const {render} = await import('ink')
const {App} = await from('tui/app.js')
const {RENDER_OPTIONS} = await from('tui/index.js')
const {renderExpression} = await from('engine/index.js')
const client = await from('tui/resolver/client.js').catch(() => ({}))

// the template: a file, or the benchmark template of a seed written by a child process
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-wizard-'))
// removed however the run ends (a template that does not resolve with its defaults throws below)
process.on('exit', () => fs.rmSync(dir, {recursive: true, force: true}))
let file = option('--template')
const seed = Number(option('--seed', 125))
if (!file) {
    file = path.join(dir, 'template.yaml')
    // both values of `mode` must give a variant, and with the 1_0 defaults (manual pruning, every
    // check) mode = absent fails the checks: the relations of the absent "present" nodes stay, and
    // the "removed" nodes lose their incoming relations. Consistency pruning removes such relations,
    // and the incoming-relation check is switched off, as a modeller of this template would do.
    const write = `import fs from 'node:fs'; import {stringify} from 'yaml'; import {benchmarkTemplate} from ${JSON.stringify(pathToFileURL(fileURLToPath(new URL('./generate.mjs', import.meta.url))).href)}
const data = benchmarkTemplate(${seed})
Object.assign(data.topology_template.variability.options, {mode: 'consistent-loose', expected_incoming_relation_check: false})
fs.writeFileSync(${JSON.stringify(file)}, stringify(data))`
    run(['--input-type=module', '-e', write])
    if (sets.length === 0) sets.push('mode=present')
}
file = path.resolve(file)
const plan = JSON.parse(run([fileURLToPath(new URL('./wizard-plan.mjs', import.meta.url)), dist, file, ...sets]))

function run(argv) {
    const child = spawnSync(process.execPath, argv, {cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8', maxBuffer: 1 << 26})
    if (child.status !== 0) throw new Error(`${argv.join(' ')}: ${child.stderr}`)
    return child.stdout
}

class Terminal extends EventEmitter {
    columns = 120
    rows = 40
    isTTY = true
    frame = ''
    written = 0
    write = text => {
        // cursor show/hide arrive as writes of their own: a frame is a write with text
        const shown = text.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '')
        if (!shown.trim()) return true
        this.frame = shown
        this.written = performance.now()
        this.emit('frame')
        return true
    }
}

class Keyboard extends EventEmitter {
    isTTY = true
    data = null
    write(data) {
        this.data = data
        this.emit('readable')
        this.emit('data', data)
    }
    read = () => {
        const data = this.data
        this.data = null
        return data
    }
    setEncoding() {}
    setRawMode() {}
    resume() {}
    pause() {}
    ref() {}
    unref() {}
}

const stdout = new Terminal()
const stdin = new Keyboard()
const frames = () => stdout.frame

/** Milliseconds from `since` to the next frame written that passes the test. */
function nextFrame(shows, since, what) {
    return new Promise((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error(`no frame ${what} within 60 s:\n${frames()}`)), 60_000)
        const check = () => {
            if (!shows(frames())) return
            stdout.off('frame', check)
            clearTimeout(timeout)
            resolve(stdout.written - since)
        }
        stdout.on('frame', check)
    })
}

/** Milliseconds from `since` to the first frame (the current one included) that passes the test. */
function waitFor(shows, since) {
    return shows(frames()) ? Promise.resolve(stdout.written - since) : nextFrame(shows, since, 'that shows it')
}

/** Presses a key; resolves with the milliseconds until a frame written after it passes the test. */
function press(key, shows) {
    const waiting = nextFrame(shows, performance.now(), `after ${JSON.stringify(key)}`)
    stdin.write(key)
    return waiting
}
const settle = () => new Promise(resolve => setTimeout(resolve, 60))
const median = list => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const max = list => Math.max(...list)
const cpuSince = start => {
    const used = process.cpuUsage(start)
    return (used.user + used.system) / 1000
}

const started = performance.now()
const startCpu = process.cpuUsage()
const props = {base: plan.base, thread, opening: 'main'}
if (client.openResolver) {
    // as the trellis command does: the resolver reads the template, this thread waits for what it draws
    const resolver = client.openResolver(file, {thread})
    await resolver.loaded
    Object.assign(props, {file, resolver})
} else {
    // (a build from before the resolver read the template alone: this thread reads it too, while the worker does)
    if (thread === 'worker') client.prepareResolver?.(file)
    Object.assign(props, {template: await (await from('engine/index.js')).loadTemplate(file)})
}
const app = render(React.createElement(App, props), {...RENDER_OPTIONS, stdout, stdin, stderr: new Terminal(), patchConsole: false})
const header = counts => `✔ ${counts.present} present ✘ ${counts.pruned} pruned`
await waitFor(f => f.includes(header(plan.counts.from)), started)
const opened = performance.now() - started
const openedCpu = cpuSince(startCpu)

// topology cursor: tab to the topology, then j moves the row counter
const send = async key => {
    stdin.write(key)
    await settle()
}
await send('\t')
// the work that follows the first resolution (which inputs decide something, the analysis of a small
// template) is left to finish: the keys below measure the wizard as it is used, not as it starts
await new Promise(resolve => setTimeout(resolve, quiet))
const moves = []
const cpu = process.cpuUsage()
for (let i = 0; i < runs; i++) {
    await settle()
    // down and up again
    const row = i % 2 === 0 ? 2 : 1
    moves.push(await press(i % 2 === 0 ? 'j' : 'k', f => f.includes(`Topology (all) ${row}/`)))
}
// processor time of the whole process (every thread) per move: unlike latency, hardly moved by other processes
const cpuPerMove = cpuSince(cpu) / runs

// a value: back to the inputs, down to the input the plan changes
await send('\t')
await send('\t')
for (let i = 0; i < plan.index; i++) await send('j')
const shown = value => (plan.type === 'boolean' ? (value === true ? '☑ on' : '☐ off') : renderExpression(value, 24))
const inputs = []
const counts = []
const busyKeys = []
let value = plan.from
const valueCpu = process.cpuUsage()
for (let i = 0; i < runs; i++) {
    await settle()
    const next = value === plan.from ? plan.to : plan.from
    if (plan.type !== 'boolean') {
        // the list of offered values opens on the current one: move to the other
        await press('\r', f => f.includes('type a value…'))
        await settle()
        const at = plan.list.findIndex(v => JSON.stringify(v) === JSON.stringify(value))
        const to = plan.list.findIndex(v => JSON.stringify(v) === JSON.stringify(next))
        for (let k = Math.max(at, 0); k !== to; k += Math.sign(to - k)) await send(to > k ? 'j' : 'k')
        await waitFor(f => f.includes(`▸ ${renderExpression(next, 30)}`), performance.now())
        await settle()
    }
    const since = performance.now()
    const variant = header(next === plan.to ? plan.counts.to : plan.counts.from)
    inputs.push(await press('\r', f => f.includes(`${plan.name} ${shown(next)} set here`)))
    // while the new variant resolves: the help opens and closes again at once
    if (!frames().includes(variant)) {
        busyKeys.push(await press('?', f => f.includes('Keys')))
        await press('\u001B', f => f.includes('Topology'))
    }
    counts.push(await waitFor(f => f.includes(variant), since))
    value = next
}
const cpuPerValue = cpuSince(valueCpu) / runs
app.unmount()

const ms = x => `${x.toFixed(1)} ms`
const what = option('--template') ? path.relative(process.cwd(), file) : `the benchmark template, seed ${seed}`
console.log(
    `wizard on ${what} (${plan.elements} elements), ${path.relative(process.cwd(), dist) || dist}, resolver on the ${thread} thread, node ${process.version}, ${runs} keys each`,
)
console.log(`  template read → first frame with counts ${ms(opened)} (processor time, every thread: ${ms(openedCpu)})`)
console.log(`  cursor move → frame                 median ${ms(median(moves))}, worst ${ms(max(moves))}; processor time per move ${ms(cpuPerMove)}`)
console.log(`  new value of ${plan.name} → inputs updated  median ${ms(median(inputs))}, worst ${ms(max(inputs))}`)
console.log(`  new value → counts of the new variant median ${ms(median(counts))}, worst ${ms(max(counts))}; processor time per value ${ms(cpuPerValue)}`)
if (busyKeys.length) console.log(`  key while it resolves → frame       median ${ms(median(busyKeys))}, worst ${ms(max(busyKeys))} (${busyKeys.length} of ${runs} keys)`)
else console.log('  key while it resolves → frame       (every resolution landed before the next key)')
globalThis.gc?.()
const mb = bytes => `${(bytes / 1048576).toFixed(0)} MB`
console.log(
    `  peak memory (resident, every thread) ${mb(process.resourceUsage().maxRSS * 1024)}; this thread's heap after the keys ${mb(process.memoryUsage().heapUsed)}${globalThis.gc ? '' : ' (without --expose-gc: garbage included)'}`,
)
