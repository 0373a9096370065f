// Regenerates docs/example-report.md from the web-shop sample (preset prod),
// exactly as `trellis resolve … --report` writes it. Uses the build in dist/.
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {loadTemplate} from '../dist/engine/load/index.js'
import {resolveTemplate} from '../dist/engine/resolve/index.js'
import {renderMarkdown} from '../dist/app/report/index.js'
import {buildReport} from '../dist/engine/report/index.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root) // locations in the report are relative to the project root
const templateName = 'sample-templates/web-shop/variable-service-template.yaml'
const presets = ['prod']
const target = 'docs/example-report.md'

const template = await loadTemplate(templateName)
const outcome = resolveTemplate(template, {presets})
if (outcome.kind !== 'resolved') throw outcome.error
const {model} = outcome
const argv = ['trellis', 'resolve', templateName, ...presets.flatMap(p => ['--preset', p]), '--output', 'web-shop-prod.yaml', '--report', target]
const report = buildReport({template, templateName, presets, argv, now: new Date()}, {model})
// files are named from the report's folder, as the command line writes it; the checkout's own
// folder, which only the header names, is shown as /path/to/trellis so the page is the same anywhere
const checkout = '/path/to/trellis'
fs.mkdirSync(path.dirname(target), {recursive: true})
fs.writeFileSync(target, renderMarkdown(report, {report: path.posix.join(checkout, path.dirname(target)), working: checkout}))
console.log(`wrote ${target}`)
