#!/usr/bin/env node
// Times `trellis analyze` in memory (template parsed once): the iot-fleet sample
// (goal ≤ 2 s) and the public benchmark template at seed 1,000 (goal ≤ 10 s), each
// the median of a few runs, with what the analysis found.
//   usage: node bench/analyze.mjs [--runs 3] [--seeds 1000]
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {loadTemplate, templateFromData} from '../dist/engine/load/index.js'
import {analyzeTemplate} from '../dist/engine/analyze/index.js'
import {benchmarkTemplate} from './generate.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const runs = Number(option('--runs', '3'))
const seeds = option('--seeds', '1000').split(',').filter(Boolean).map(Number)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const median = list => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const ms = x => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`)

function measure(name, template) {
    const times = []
    let analysis
    for (let i = 0; i < runs; i++) {
        const start = process.hrtime.bigint()
        analysis = analyzeTemplate(template, {budget: 60_000})
        times.push(Number(process.hrtime.bigint() - start) / 1e6)
    }
    const v = analysis.variants
    const variants = v.more ? `more than ${v.count}` : v.exact ? `${v.count} exact` : `at least ${v.count}`
    console.log(
        `analyze ${name}: ${ms(median(times))} (median of ${runs}; first ${ms(times[0])}) — ${analysis.findings.length} findings, ${analysis.dead.size} dead, ${analysis.core.size} core, variants ${variants}, ${v.explored} of ${v.combinations} combinations`,
    )
}

measure('iot-fleet sample', loadTemplate(path.join(root, 'sample-templates/iot-fleet/variable-service-template.yaml')))
for (const seed of seeds) measure(`benchmark seed ${seed.toLocaleString('en')}`, templateFromData(benchmarkTemplate(seed)))
