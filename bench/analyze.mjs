#!/usr/bin/env node
// Times `trellis analyze` in memory (template parsed once): the iot-fleet and technology-rules
// samples and the public benchmark template at seed 1,000, each the median of a few runs of
// CPU time, with what the analysis found and how many combinations of input values it resolved.
// --template FILE (repeatable) adds any template, e.g. one of the reference's examples.
//   usage: node bench/analyze.mjs [--runs 3] [--seeds 1000] [--template FILE]…
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {loadTemplate, templateFromData} from '../dist/engine/load/index.js'
import {analyzeTemplate} from '../dist/engine/analyze/index.js'
import {benchmarkTemplate} from './generate.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const runs = Number(option('--runs', '3'))
const seeds = option('--seeds', '1000').split(',').filter(Boolean).map(Number)
const templates = args.flatMap((a, i) => (a === '--template' && args[i + 1] ? [args[i + 1]] : []))
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const median = list => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const ms = x => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`)

function measure(name, template) {
    const times = []
    let analysis
    for (let i = 0; i < runs; i++) {
        const start = process.cpuUsage()
        // the default budget: what a user gets
        analysis = analyzeTemplate(template)
        const used = process.cpuUsage(start)
        times.push((used.user + used.system) / 1000)
    }
    const v = analysis.variants
    const variants = v.more ? `more than ${v.count}` : v.exact ? `${v.count} exact` : `at least ${v.count}`
    const incomplete = analysis.findings.some(f => f.code === 'analysis-incomplete') ? ', INCOMPLETE' : ''
    console.log(
        `analyze ${name}: ${ms(median(times))} CPU (median of ${runs}; first ${ms(times[0])}) — ${analysis.findings.length} findings, ${analysis.dead.size} dead, ${analysis.core.size} core, variants ${variants}, ${v.explored} of ${v.combinations} combinations${incomplete}`,
    )
}

measure('iot-fleet sample', await loadTemplate(path.join(root, 'sample-templates/iot-fleet/variable-service-template.yaml')))
measure('technology-rules sample', await loadTemplate(path.join(root, 'sample-templates/technology-rules/variable-service-template.yaml')))
for (const seed of seeds) measure(`benchmark seed ${seed.toLocaleString('en')}`, templateFromData(benchmarkTemplate(seed)))
for (const file of templates) measure(path.basename(path.dirname(path.resolve(file))), await loadTemplate(file))
