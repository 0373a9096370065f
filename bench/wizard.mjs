#!/usr/bin/env node
// Wizard latency on a template of about 1,000 elements (the benchmark template,
// seed 125): the real App under Ink with the wizard's render options, its
// terminal replaced by streams that timestamp every frame written. Measures,
// as the median over repeated keys, the time from a key reaching stdin to the
// first frame that shows its effect:
//   - moving the topology cursor (no resolution);
//   - committing a new value of the input every element depends on: the
//     inputs update at once, the topology once the resolution lands off the
//     render path;
//   - a key pressed while that resolution runs (the help screen opened): keys
//     must not wait for the engine.
// The template is written to a file and read from it, as the trellis command
// does, so the resolver can run in its worker thread (--thread main runs it on
// the wizard's thread instead, for comparison).
//   usage: node bench/wizard.mjs [--runs 15] [--seed 125] [--thread worker|main] [--quiet 2000]
//   (--quiet: milliseconds left after opening for the work that follows the first resolution)
import {EventEmitter} from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {stringify} from 'yaml'
import {benchmarkTemplate} from './generate.mjs'

// as the trellis command runs the wizard: React's production build
process.env.NODE_ENV ??= 'production'
const React = (await import('react')).default
const {render} = await import('ink')
const {loadTemplate} = await import('../dist/engine/load/index.js')
const {App} = await import('../dist/tui/app.js')
// (absent in builds from before the resolver had its thread: then there is nothing to start early)
const prepareResolver = (await import('../dist/tui/resolver/client.js').catch(() => undefined))?.prepareResolver
const {RENDER_OPTIONS} = await import('../dist/tui/index.js')

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback)
const runs = option('--runs', 15)
const seed = option('--seed', 125)
const thread = args.includes('--thread') ? args[args.indexOf('--thread') + 1] : 'worker'
const quiet = option('--quiet', 2000)

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
        const timeout = setTimeout(() => reject(new Error(`no frame ${what} within 10 s:\n${frames()}`)), 10_000)
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

// both values of `mode` must give a variant, and with the 1_0 defaults (manual pruning, every
// check) mode = absent fails the checks: the relations of the absent "present" nodes stay, and
// the "removed" nodes lose their incoming relations. Consistency pruning removes such relations,
// and the incoming-relation check is switched off, as a modeller of this template would do.
const data = benchmarkTemplate(seed)
Object.assign(data.topology_template.variability.options, {mode: 'consistent-loose', expected_incoming_relation_check: false})
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-wizard-'))
const file = path.join(dir, 'template.yaml')
fs.writeFileSync(file, stringify(data))
const started = performance.now()
// as the trellis command does: the resolver's worker reads the template while this thread does
if (thread === 'worker') prepareResolver?.(file)
const template = loadTemplate(file)
const base = {assignments: [{name: 'mode', value: 'present', source: {kind: 'set'}}]}
const app = render(React.createElement(App, {template, base, thread}), {...RENDER_OPTIONS, stdout, stdin, stderr: new Terminal(), patchConsole: false})
await new Promise(resolve => {
    const check = () => /✔ \d+ present/.test(frames()) && (stdout.off('frame', check), resolve())
    stdout.on('frame', check)
})
const opened = performance.now() - started
const elements = Number(/✔ (\d+) present/.exec(frames())[1]) + Number(/✘ (\d+) pruned/.exec(frames())[1])

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
    // down and up again: the cursor stays on the first node, whose verdict the value step reads
    const row = i % 2 === 0 ? 2 : 1
    moves.push(await press(i % 2 === 0 ? 'j' : 'k', f => f.includes(`Topology (all) ${row}/`)))
}
// processor time of the whole process (every thread) per move: unlike latency, hardly moved by other processes
const used = process.cpuUsage(cpu)
const cpuPerMove = (used.user + used.system) / 1000 / runs

// a value: back to the inputs, open the choice list of `mode`, pick the other value
await send('\t')
await send('\t')
const inputs = []
const counts = []
const busyKeys = []
let value = 'present'
for (let i = 0; i < runs; i++) {
    await settle()
    await press('\r', f => f.includes('type a value…'))
    await settle()
    const next = value === 'present' ? 'absent' : 'present'
    // the list holds present, absent: move to the other one
    await press(next === 'absent' ? 'j' : 'k', f => new RegExp(`▸ ${next}`).test(f))
    await settle()
    // the row under the topology cursor, an element of a "present" node, shows the new variant
    const verdict = next === 'present' ? '▸✔ present' : '▸✘ pruned'
    const since = performance.now()
    inputs.push(await press('\r', f => f.includes(`mode ${next}`)))
    // while the new variant resolves: the help opens and closes again at once
    const resolving = !frames().includes(verdict)
    if (resolving) {
        busyKeys.push(await press('?', f => f.includes('Keys')))
        await press('\u001B', f => f.includes('Topology'))
    }
    counts.push(await waitFor(f => f.includes(verdict), since))
    value = next
}
app.unmount()
fs.rmSync(dir, {recursive: true, force: true})

const ms = x => `${x.toFixed(1)} ms`
console.log(`wizard on the benchmark template, seed ${seed} (${elements} elements), resolver on the ${thread} thread, node ${process.version}, ${runs} keys each`)
console.log(`  template read → first frame with counts ${ms(opened)}`)
console.log(`  cursor move → frame                 median ${ms(median(moves))}, worst ${ms(max(moves))}; processor time per move ${ms(cpuPerMove)}`)
console.log(`  new value → inputs updated          median ${ms(median(inputs))}, worst ${ms(max(inputs))}`)
console.log(`  new value → topology of the new variant median ${ms(median(counts))}, worst ${ms(max(counts))}`)
if (busyKeys.length) console.log(`  key while it resolves → frame       median ${ms(median(busyKeys))}, worst ${ms(max(busyKeys))} (${busyKeys.length} of ${runs} keys)`)
else console.log('  key while it resolves → frame       (every resolution landed before the next key)')
