// For bench/wizard.mjs, in a process of its own (so the wizard's process never holds the
// template): which input the benchmark changes and what the wizard then shows. The first
// input (in declaration order) with a value the wizard offers that changes how many elements
// are present; its position among the inputs, its value now and that value, and both counts.
//   usage: node bench/wizard-plan.mjs DIST FILE [NAME=VALUE]...  (prints JSON)
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {parse} from 'yaml'

const [dist, file, ...sets] = process.argv.slice(2)
const from = module => import(pathToFileURL(path.resolve(dist, module)).href)
const {loadTemplate, readDefinitionOf, inputChoices, sameValue} = await from('engine/index.js')
// (builds before the wizard's state and its resolver were split kept it in tui/state/)
const {evaluateChoices} = await from('tui/resolver/session.js').catch(() => from('tui/state/session.js'))

const template = await loadTemplate(file)
const definition = readDefinitionOf(template)
const offered = inputChoices(template)
const assignments = sets.map(set => ({name: set.slice(0, set.indexOf('=')), value: parse(set.slice(set.indexOf('=') + 1)), source: {kind: 'set'}}))
const base = {assignments}
const now = evaluateChoices(template, {presets: [], values: {}}, base)
if (!now.ok) throw new Error(`${file} does not resolve with its defaults: ${now.error.message}`)
const counts = e => ({present: e.present, pruned: e.pruned})
let plan
for (const [index, name] of [...definition.inputs.keys()].entries()) {
    const type = definition.inputs.get(name).type
    const current = now.inputs.find(i => i.name === name)?.value
    // the values the wizard's list offers (a boolean toggles)
    const list = offered.get(name) ?? []
    for (const value of type === 'boolean' ? [true, false] : list) {
        if (sameValue(value, current)) continue
        const next = evaluateChoices(template, {presets: [], values: {[name]: value}}, base)
        if (!next.ok || next.present === now.present) continue
        plan = {index, name, type, from: current, to: value, list, counts: {from: counts(now), to: counts(next)}}
        break
    }
    if (plan) break
}
if (!plan) throw new Error(`no input of ${file} has an offered value that changes how many elements are present`)
process.stdout.write(JSON.stringify({...plan, elements: now.present + now.pruned, base}))
