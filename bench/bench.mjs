#!/usr/bin/env node
// npm run bench: resolves the public benchmark template at several seeds and
// prints the median time in memory (template already parsed; the first run at each
// seed is shown on its own) and end to end (read and parse the file, resolve, write
// the output file), then the parts of the end-to-end figure and how long the first
// source location takes (positions are looked up lazily, on the first line or
// column read). Each seed is measured in a process of its own.
// The command line is timed as a user meets it, a fresh process per run: `trellis --version` and
// `trellis resolve` from a file at the --cli-seeds, each with its peak memory (maximum resident set).
//   usage: node bench/bench.mjs [--seeds 10,1000,10000,100000] [--runs 5] [--memory-runs 11] [--file-max 100000] [--explain-seeds 125,10000|none]
//                              [--cli-seeds 10000,100000|none] [--cli-runs 3]
//                              [--against 'COMMAND {template} {output} {inputs}' [--against-runs 3]] [--template FILE]…
//                              [--technology none] [--examples DIR]
// Then `trellis analyze` on the iot-fleet and technology-rules samples, seed 1,000 and any
// --template FILE (bench/analyze.mjs); a generated technology template with a type library of 6 MB
// (bench/technology.mjs; --technology none skips it); and with --examples DIR every
// <csar>/tests/<case> of a folder such as the reference's examples/ (bench/examples.mjs, side by
// side with --against's command when given).
// --against also times `trellis resolve` and the given command (another resolver, e.g. the reference's
// CLI) side by side from the same files, seed by seed, and prints the ratio.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {stringify} from 'yaml'
import {loadTemplate, templateFromData} from '../dist/engine/load/index.js'
import {decide, outputOf, resolveTemplate} from '../dist/engine/resolve/index.js'
import {stringifyTemplate} from '../dist/engine/transform/index.js'
import {explanationDocument} from '../dist/engine/explain/index.js'
import {benchmarkTemplate} from './generate.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
/** A comma-separated list of seeds; `none` (or nothing) for no runs. */
const seedList = (name, fallback) => {
    const text = option(name, fallback) ?? ''
    if (text === '' || text === 'none') return []
    const list = text.split(',').map(Number)
    if (list.some(n => !Number.isInteger(n) || n < 1)) {
        console.error(`${name} expects seeds such as 10,1000 (positive whole numbers) or none, got "${text}"`)
        process.exit(2)
    }
    return list
}
const seeds = seedList('--seeds', '10,1000,10000,100000')
const runs = Number(option('--runs', '5'))
// in memory a run is cheap and the engine's code settles over the first few, so the median takes more of them
const memoryRuns = Number(option('--memory-runs', '11'))
const fileMax = Number(option('--file-max', '100000'))
const explainSeeds = seedList('--explain-seeds', '125,10000')
const cliSeeds = seedList('--cli-seeds', '10000,100000')
const cliRuns = Number(option('--cli-runs', '3'))
const request = {assignments: [{name: 'mode', value: 'present', source: {kind: 'set'}}]}
const here = path.dirname(fileURLToPath(import.meta.url))

const median = list => {
    const sorted = [...list].sort((a, b) => a - b)
    const mid = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const time = fn => {
    const start = process.hrtime.bigint()
    fn()
    return Number(process.hrtime.bigint() - start) / 1e6
}
const timeAsync = async fn => {
    const start = process.hrtime.bigint()
    await fn()
    return Number(process.hrtime.bigint() - start) / 1e6
}
const ms = x => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`)
/** node_0 hosted on node_1 … on the last; the ends persistent, incoming-host pruning and the hosting stack constraint. */
const hostingStack = n => ({
    tosca_definitions_version: 'tosca_variability_1_0',
    topology_template: {
        variability: {options: {mode: 'semantic-loose', node_default_condition_mode: 'incoming-host', hosting_stack_constraint: true}},
        node_templates: Object.fromEntries(
            Array.from({length: n}, (_, i) => [
                `node_${i}`,
                {type: 'tosca.nodes.Root', ...(i + 1 < n ? {requirements: [{host: `node_${i + 1}`}]} : {}), ...(i === 0 || i === n - 1 ? {persistent: true} : {})},
            ]),
        ),
    },
})

/** One seed's figures, measured in a process of its own (see below). */
async function measureSeed(seed, dir) {
    const data = benchmarkTemplate(seed)
    // at seed 100,000 a run takes seconds: 3 at most
    const atSize = count => Math.max(1, seed >= 100000 ? Math.min(count, 3) : count)
    const n = atSize(runs)
    const inMemory = atSize(memoryRuns)
    let kept = 0
    const memory = []
    const resolveInMemory = () =>
        time(() => {
            const output = outputOf(resolveTemplate(templateFromData(data), request))
            kept = Object.keys(output.topology_template?.node_templates ?? {}).length
        })
    // the first run at a size is reported on its own: it also compiles the engine's code for
    // inputs of that size and grows the heap, which a one-shot command pays and the runs after do not
    const first = resolveInMemory()
    for (let i = 0; i < inMemory; i++) memory.push(resolveInMemory())
    const figures = {seed, memory: median(memory), first, kept}
    if (seed > fileMax) return figures
    const input = path.join(dir, `seed-${seed}.yaml`)
    const output = path.join(dir, `seed-${seed}.out.yaml`)
    fs.writeFileSync(input, stringify(data, {lineWidth: 0}))
    // end to end is the sum of the parts of one run: read and parse, resolve, write
    const total = []
    const load = []
    const resolving = []
    const write = []
    const locate = []
    for (let i = 0; i < n; i++) {
        let template
        let result
        load.push(await timeAsync(async () => (template = await loadTemplate(input))))
        resolving.push(time(() => (result = outputOf(resolveTemplate(template, request)))))
        write.push(time(() => fs.writeFileSync(output, stringifyTemplate(result))))
        total.push(load[i] + resolving[i] + write[i])
        result = undefined
        locate.push(time(() => template.sourceMap.locate(template.data.topology_template, 'node_templates')?.line))
    }
    return {...figures, file: median(total), load: median(load), resolve: median(resolving), write: median(write), locate: median(locate)}
}

/** Milliseconds of one run of a shell command; undefined when it fails. */
function timeCommand(command) {
    const start = process.hrtime.bigint()
    const r = spawnSync('sh', ['-c', command], {stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8'})
    return r.status === 0 ? Number(process.hrtime.bigint() - start) / 1e6 : undefined
}

/** `trellis resolve` and another command, from the same files, seed by seed: medians and the ratio. */
function sideBySide(command, n, dir) {
    const quote = s => `'${s.replace(/'/g, "'\\''")}'`
    const trellis = path.join(path.dirname(fileURLToPath(import.meta.url)), '../bin/trellis.js')
    console.log(`\nside by side (command line, from files, median of ${n}): trellis resolve vs ${command}`)
    console.log('seed      trellis      other        other / trellis')
    for (const seed of seeds.filter(s => s <= fileMax)) {
        const input = path.join(dir, `side-${seed}.yaml`)
        const inputs = path.join(dir, `side-${seed}.inputs.yaml`)
        fs.writeFileSync(input, stringify(benchmarkTemplate(seed), {lineWidth: 0}))
        fs.writeFileSync(inputs, 'mode: present\n')
        const ours = `${quote(process.execPath)} ${quote(trellis)} resolve ${quote(input)} --inputs ${quote(inputs)} -o ${quote(path.join(dir, 'ours.yaml'))}`
        const theirs = command
            .replaceAll('{template}', quote(input))
            .replaceAll('{output}', quote(path.join(dir, 'theirs.yaml')))
            .replaceAll('{inputs}', quote(inputs))
        const a = Array.from({length: n}, () => timeCommand(ours))
        const b = Array.from({length: n}, () => timeCommand(theirs))
        const fine = list => (list.every(x => x !== undefined) ? median(list) : undefined)
        const [x, y] = [fine(a), fine(b)]
        console.log(
            `${String(seed).padEnd(9)} ${(x === undefined ? 'failed' : ms(x)).padEnd(12)} ${(y === undefined ? 'failed' : ms(y)).padEnd(12)} ${x && y ? `${(y / x).toFixed(1)}×` : '—'}`,
        )
    }
}

/**
 * One run of `trellis ARGS` in a fresh process: milliseconds, and peak resident memory (MiB) as
 * bench/peak.cjs reports it. `tuned` runs it as bin/trellis.js runs explain --json and reports on
 * large templates (a Node with a larger young generation; measured directly, not as the child of a
 * parent whose own memory peak.cjs would report); `stdout` names a file for standard output.
 */
function runCli(cliArgs, {tuned = false, stdout} = {}) {
    const report = path.join(os.tmpdir(), `trellis-bench-peak-${process.pid}.json`)
    const start = process.hrtime.bigint()
    const peakScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'peak.cjs')
    const out = stdout === undefined ? 'ignore' : fs.openSync(stdout, 'w')
    const r = spawnSync(process.execPath, [...(tuned ? ['--max-semi-space-size=64'] : []), peakScript, report, ...cliArgs], {
        stdio: ['ignore', out, 'pipe'],
        encoding: 'utf8',
        env: tuned ? {...process.env, TRELLIS_TUNED: '1'} : process.env,
    })
    if (out !== 'ignore') fs.closeSync(out)
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6
    if (r.status !== 0) throw new Error(`trellis ${cliArgs.join(' ')} failed (exit ${r.status}): ${r.stderr}`)
    const peak = JSON.parse(fs.readFileSync(report, 'utf8')).maxRSS / 1024
    fs.rmSync(report, {force: true})
    return {elapsed, peak}
}

/** `trellis --version` and `trellis resolve` from files (those the seeds above wrote, else new ones). */
function commandLine(dir) {
    console.log(`\ncommand line, a fresh process per run (median of ${cliRuns}; 1 at seed 100,000)   time       peak memory`)
    const show = (label, list) => console.log(`${label.padEnd(60)} ${ms(median(list.map(x => x.elapsed))).padEnd(10)} ${Math.max(...list.map(x => x.peak)).toFixed(0)} MiB`)
    show(
        'trellis --version',
        Array.from({length: Math.max(cliRuns, 5)}, () => runCli(['--version'])),
    )
    for (const seed of cliSeeds) {
        const input = path.join(dir, `seed-${seed}.yaml`)
        if (!fs.existsSync(input)) fs.writeFileSync(input, stringify(benchmarkTemplate(seed), {lineWidth: 0}))
        const n = seed >= 100000 ? 1 : cliRuns
        const output = path.join(dir, `cli-${seed}.out.yaml`)
        const label = `trellis resolve, seed ${seed} (${(fs.statSync(input).size / 1e6).toFixed(0)} MB file)`
        const resolved = Array.from({length: n}, () => runCli(['resolve', input, '--set', 'mode=present', '-o', output]))
        show(label, resolved)
        // explanations of every element, against resolve's time and memory (goal: at most 3× both)
        const base = {elapsed: median(resolved.map(x => x.elapsed)), peak: Math.max(...resolved.map(x => x.peak))}
        const tuned = fs.statSync(input).size >= 4 * 1024 * 1024
        const explained = path.join(dir, `cli-${seed}.explain.json`)
        for (const [what, cliArgs, stdout] of [
            ['  explain --json (to a file)', ['explain', '--json', input, '--set', 'mode=present'], explained],
            ['  resolve --report R.json', ['resolve', input, '--set', 'mode=present', '-o', output, '--report', path.join(dir, `cli-${seed}.report.json`)]],
            ['  resolve --report R.md', ['resolve', input, '--set', 'mode=present', '-o', output, '--report', path.join(dir, `cli-${seed}.report.md`)]],
        ]) {
            const runs = Array.from({length: n}, () => runCli(cliArgs, {tuned, stdout}))
            const t = median(runs.map(x => x.elapsed))
            const m = Math.max(...runs.map(x => x.peak))
            console.log(`${what.padEnd(60)} ${ms(t).padEnd(10)} ${m.toFixed(0)} MiB   ${(t / base.elapsed).toFixed(1)}× time, ${(m / base.peak).toFixed(1)}× memory of resolve`)
        }
        for (const file of [explained, path.join(dir, `cli-${seed}.report.json`), path.join(dir, `cli-${seed}.report.md`)]) fs.rmSync(file, {force: true})
    }
}

// A child process measures one seed and prints its figures as JSON.
if (args.includes('--measure-seed')) {
    console.log(JSON.stringify(await measureSeed(Number(option('--measure-seed')), option('--dir'))))
    process.exit(0)
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-'))
const parts = []
console.log(`node ${process.version}, ${os.cpus().length} cores, each seed in a process of its own; medians of ${runs} runs from files and of ${memoryRuns} in memory`)
console.log('(3 at seed 100,000); in memory: the runs after a first one, which is shown alone')
console.log('seed      templates  in memory   first run   file (read+resolve+write)  nodes kept')
try {
    for (const seed of seeds) {
        // each seed in a fresh process, in memory before from files: what one size leaves behind
        // (code compiled for other inputs, a grown heap) would otherwise weigh on the next
        const child = spawnSync(
            process.execPath,
            [
                fileURLToPath(import.meta.url),
                '--measure-seed',
                String(seed),
                '--dir',
                dir,
                '--runs',
                String(runs),
                '--memory-runs',
                String(memoryRuns),
                '--file-max',
                String(fileMax),
            ],
            {
                encoding: 'utf8',
                stdio: ['ignore', 'pipe', 'inherit'],
            },
        )
        if (child.status !== 0) throw new Error(`measuring seed ${seed} failed (exit ${child.status})`)
        const f = JSON.parse(child.stdout)
        const file = f.file === undefined ? '-' : ms(f.file)
        if (f.file !== undefined) parts.push([String(seed), ms(f.load), ms(f.resolve), ms(f.write), ms(f.locate)])
        console.log(`${String(seed).padEnd(9)} ${String(seed * 4).padEnd(10)} ${ms(f.memory).padEnd(11)} ${ms(f.first).padEnd(11)} ${file.padEnd(26)} ${f.kept}`)
    }
    if (parts.length > 0) {
        const row = cells => cells.map((cell, i) => cell.padEnd([9, 18, 10, 10, 0][i])).join(' ')
        console.log(`\n${row(['seed', 'load (read+parse)', 'resolve', 'write', 'first location (after resolving)'])}`)
        for (const cells of parts) console.log(row(cells))
    }
    if (cliSeeds.length > 0) commandLine(dir)
    const against = option('--against')
    if (against) sideBySide(against, Number(option('--against-runs', '3')), dir)
    // explanations: every element of a template with about 1,000 elements
    const template = templateFromData(benchmarkTemplate(125))
    let count = 0
    const explain = []
    for (let i = 0; i < runs; i++)
        explain.push(
            time(() => {
                const model = decide(template, request)
                count = explanationDocument(template, model).elements.length
            }),
        )
    console.log(`explain every element (seed 125, ${count} elements, resolving included): ${ms(median(explain))}`)
    // the explanation document alone, for a model already resolved (a new one each run: explanations are kept per model)
    const documentOf = (data, n, req = request) => {
        const documented = templateFromData(data)
        const times = []
        for (let i = 0; i < n; i++) {
            const model = decide(documented, req)
            times.push(time(() => (count = explanationDocument(documented, model).elements.length)))
        }
        return ms(median(times))
    }
    for (const seed of explainSeeds)
        console.log(`explanation document (seed ${seed}, ${seed * 8} elements): ${documentOf(benchmarkTemplate(seed), seed >= 10000 ? Math.min(runs, 3) : runs)}`)
    // a hosting stack of 150 nodes held up by the hosting stack constraint: every verdict decided by the solver
    console.log(`explanation document (hosting stack of 150 nodes, solver-decided): ${documentOf(hostingStack(150), runs, {})} (${count} elements)`)
    // trellis analyze: the iot-fleet and technology-rules samples, seed 1,000 and any --template FILE, in a process of its own
    const extra = process.argv.slice(2).flatMap((a, i, all) => (a === '--template' && all[i + 1] ? ['--template', all[i + 1]] : []))
    const analyzed = spawnSync(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'analyze.mjs'), '--runs', String(Math.min(runs, 3)), ...extra], {
        encoding: 'utf8',
    })
    process.stdout.write(analyzed.stdout)
    if (analyzed.status !== 0) process.stderr.write(analyzed.stderr)
    // the shape real templates take: technologies and a type library of several MB (bench/technology.mjs)
    if (option('--technology') !== 'none') {
        console.log('')
        const technology = spawnSync(process.execPath, [path.join(here, 'technology.mjs'), '--runs', String(Math.min(runs, 3))], {stdio: 'inherit'})
        if (technology.status !== 0) process.exitCode = 1
    }
    // real templates: every <csar>/tests/<case> of a folder such as the reference's examples/ (bench/examples.mjs)
    const examples = option('--examples')
    if (examples) {
        console.log('')
        const against = option('--against')
        const timed = spawnSync(process.execPath, [path.join(here, 'examples.mjs'), examples, '--runs', String(Math.min(runs, 3)), ...(against ? ['--against', against] : [])], {
            stdio: 'inherit',
        })
        if (timed.status !== 0) process.exitCode = 1
    }
} finally {
    fs.rmSync(dir, {recursive: true, force: true})
}
