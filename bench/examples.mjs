#!/usr/bin/env node
// Times `trellis resolve` on real templates: every <csar>/tests/<case> below a folder such as the
// reference implementation's examples/ (outside this project), as a user runs it, a fresh process
// per run. A case is the folder's test.yaml (template, presets, inputs; all optional) or else its
// inputs.yaml beside the CSAR's variable-service-template.yaml.
//   usage: node bench/examples.mjs DIR [--runs 3] [--only REGEX] [--commands]
//                                      [--against 'COMMAND {template} {output} {inputs} {presets}']
// --against times another resolver from the same files in the same run, alternating with Trellis
// run by run, and prints the ratio ({inputs} is "-" when a case has none, {presets} the presets
// separated by spaces). --commands also times `explain --json`, `resolve --report R.md` and
// `analyze` on each case, as multiples of resolve's time. Peak memory is the resident set's.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {load} from 'js-yaml'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const root = args[0] && !args[0].startsWith('--') ? path.resolve(args[0]) : undefined
if (!root || !fs.existsSync(root)) {
    console.error('usage: node bench/examples.mjs DIR [--runs 3] [--only REGEX] [--commands] [--against COMMAND]')
    process.exit(2)
}
const runs = Number(option('--runs', '3'))
const only = new RegExp(option('--only', ''))
const against = option('--against')
const commands = args.includes('--commands')
const here = path.dirname(fileURLToPath(import.meta.url))
const peakScript = path.join(here, 'peak.cjs')

const median = list => {
    const sorted = [...list].sort((a, b) => a - b)
    const mid = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const ms = x => (x === undefined ? '—' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`)
const quote = s => `'${s.replace(/'/g, "'\\''")}'`

/** Every test case below the folder: {name, template, inputs (file or undefined), presets}. */
function cases() {
    const out = []
    for (const csar of fs.readdirSync(root).sort()) {
        const tests = path.join(root, csar, 'tests')
        if (!fs.existsSync(tests) || !fs.statSync(tests).isDirectory()) continue
        for (const name of fs.readdirSync(tests).sort()) {
            const dir = path.join(tests, name)
            if (!fs.statSync(dir).isDirectory()) continue
            const testFile = path.join(dir, 'test.yaml')
            const test = fs.existsSync(testFile) ? (load(fs.readFileSync(testFile, 'utf8')) ?? {}) : {}
            const inputs = test.inputs ? path.join(dir, test.inputs) : path.join(dir, 'inputs.yaml')
            const label = `${csar}/${name}`
            if (!only.test(label)) continue
            out.push({
                label,
                template: path.join(root, csar, test.template ?? 'variable-service-template.yaml'),
                inputs: fs.existsSync(inputs) ? inputs : undefined,
                presets: test.presets === undefined ? [] : [].concat(test.presets).map(String),
                fails: test.error !== undefined,
            })
        }
    }
    return out
}

/** One run of `trellis ARGS` in a fresh process: {elapsed ms, peak MiB, ok}. */
function trellis(cliArgs, cwd) {
    const report = path.join(os.tmpdir(), `trellis-bench-examples-${process.pid}.json`)
    const start = process.hrtime.bigint()
    const r = spawnSync(process.execPath, [peakScript, report, ...cliArgs], {cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8'})
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6
    const peak = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')).maxRSS / 1024 : undefined
    fs.rmSync(report, {force: true})
    return {elapsed, peak, ok: r.status === 0, status: r.status, stderr: r.stderr}
}

/** One run of the other command: elapsed ms, undefined when it failed. */
function other(c, output) {
    const command = against
        .replaceAll('{template}', quote(c.template))
        .replaceAll('{output}', quote(output))
        .replaceAll('{inputs}', c.inputs ? quote(c.inputs) : '-')
        .replaceAll('{presets}', c.presets.map(quote).join(' '))
    const start = process.hrtime.bigint()
    const r = spawnSync('sh', ['-c', command], {stdio: ['ignore', 'ignore', 'ignore']})
    return r.status === 0 ? Number(process.hrtime.bigint() - start) / 1e6 : undefined
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-examples-'))
try {
    const list = cases()
    console.log(`${list.length} cases below ${root}; node ${process.version}, ${os.cpus().length} cores; median of ${runs} runs, a fresh process each`)
    const head = ['case', 'trellis', 'peak', ...(against ? ['other', 'other / trellis'] : []), ...(commands ? ['explain', 'report', 'analyze'] : [])]
    console.log(head.join('\t'))
    const ratios = []
    for (const c of list) {
        const cwd = path.dirname(c.template)
        const request = [...(c.inputs ? ['--inputs', c.inputs] : []), ...c.presets.flatMap(p => ['--preset', p])]
        const ours = []
        const theirs = []
        // each command once per round, the rounds one after another: a ratio compares runs made
        // at the same moment, whatever else the machine was doing then
        const command = {explain: [], report: [], analyze: []}
        for (let i = 0; i < runs; i++) {
            ours.push(trellis(['resolve', c.template, ...request, '-o', path.join(dir, 'ours.yaml')], cwd))
            if (against) theirs.push(other(c, path.join(dir, 'theirs.yaml')))
            if (!commands) continue
            command.explain.push(trellis(['explain', c.template, ...request, '--json'], cwd).elapsed)
            command.report.push(trellis(['resolve', c.template, ...request, '-o', path.join(dir, 'ours.yaml'), '--report', path.join(dir, 'report.md')], cwd).elapsed)
            command.analyze.push(trellis(['analyze', c.template], cwd).elapsed)
        }
        const time = median(ours.map(r => r.elapsed))
        const row = [c.label, `${ms(time)}${ours.every(r => r.ok) ? '' : ` (exit ${ours[0].status})`}`, `${Math.max(...ours.map(r => r.peak ?? 0)).toFixed(0)} MiB`]
        if (against) {
            const fine = theirs.every(x => x !== undefined) ? median(theirs) : undefined
            row.push(fine === undefined ? 'failed' : ms(fine), fine === undefined ? '—' : `${(fine / time).toFixed(1)}×`)
            if (fine !== undefined) ratios.push(fine / time)
        }
        if (commands) row.push(...[command.explain, command.report, command.analyze].map(median).map(t => `${ms(t)} (${(t / time).toFixed(1)}×)`))
        console.log(row.join('\t'))
    }
    if (ratios.length > 0) console.log(`other / trellis: median ${median(ratios).toFixed(1)}×, least ${Math.min(...ratios).toFixed(1)}× over ${ratios.length} cases`)
} finally {
    fs.rmSync(dir, {recursive: true, force: true})
}
