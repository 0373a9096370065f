#!/usr/bin/env node
// Differential testing: resolves generated templates (or the test cases of a folder of
// CSARs) with Trellis and with another resolver, and lists every case where they
// disagree. See docs/differential-testing.md.
//
//   node scripts/differential/compare.mjs --reference CMD [--count N] [--seed S] [--jobs J] [--keep DIR]
//   node scripts/differential/compare.mjs --reference CMD --examples DIR
//
// CMD is run as `CMD TEMPLATE OUTPUT INPUTS_FILE|- [PRESET...]`; it exits 0 after writing
// OUTPUT, or non-zero with its error on stderr.
import {execFile} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {isDeepStrictEqual} from 'node:util'
import {parse, stringify} from 'yaml'
import {generate} from './generate.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const TEMPLATE_NAMES = ['vst.yaml', 'variable-service-template.yaml', 'service-template.yaml', 'template.yaml']

function flags(argv) {
    const out = {count: 200, seed: 1, jobs: Math.max(1, os.availableParallelism?.() ?? 2)}
    for (let i = 0; i < argv.length; i++) {
        const [name, value] = [argv[i], argv[i + 1]]
        if (name === '--reference') out.reference = value
        else if (name === '--count') out.count = Number(value)
        else if (name === '--seed') out.seed = Number(value)
        else if (name === '--jobs') out.jobs = Number(value)
        else if (name === '--keep') out.keep = value
        else if (name === '--examples') out.examples = value
        else if (name === '--help' || name === '-h') usage(0)
        else usage(2, `unknown argument "${name}"`)
        i++
    }
    if (!out.reference) usage(2, '--reference is required')
    for (const key of ['count', 'seed', 'jobs']) if (!Number.isInteger(out[key]) || out[key] < 0) usage(2, `--${key} expects a whole number`)
    return out
}

function usage(code, problem) {
    if (problem) process.stderr.write(`compare: ${problem}\n`)
    process.stderr.write('usage: node scripts/differential/compare.mjs --reference CMD [--count N] [--seed S] [--jobs J] [--keep DIR] | --examples DIR\n')
    process.exit(code)
}

function run(command, args) {
    return new Promise(done =>
        execFile(command, args, {maxBuffer: 64 << 20, timeout: 120_000}, (error, stdout, stderr) =>
            done({ok: !error, stderr: String(stderr), code: error ? (error.code ?? 1) : 0}),
        ),
    )
}

/** The error line a resolver printed: the first line naming an error, else the first line. */
function errorLine(stderr) {
    const lines = stderr.split('\n').filter(l => l.trim())
    return (lines.find(l => /^(Error|trellis): /.test(l)) ?? lines[0] ?? '').replace(/^Error: /, '').replace(/^trellis: /, '')
}

/** Resolves one case with both resolvers; returns undefined when they agree, else what differs. */
async function compare(reference, {template, inputs, presets}, dir) {
    const args = (output, trellis) => {
        const list = trellis ? ['resolve', template, '--output', output] : [template, output, inputs ?? '-']
        if (trellis && inputs) list.push('--inputs', inputs)
        for (const p of presets) list.push(...(trellis ? ['--preset', p] : [p]))
        return list
    }
    const theirs = path.join(dir, 'reference.yaml')
    const ours = path.join(dir, 'trellis.yaml')
    const [a, b] = await Promise.all([run(reference, args(theirs, false)), run(process.execPath, [path.join(root, 'bin', 'trellis.js'), ...args(ours, true)])])
    if (!a.ok && !b.ok) return undefined
    if (a.ok !== b.ok) return a.ok ? `only the reference resolves; Trellis: ${errorLine(b.stderr)}` : `only Trellis resolves; reference: ${errorLine(a.stderr)}`
    const expected = parse(fs.readFileSync(theirs, 'utf8'))
    const actual = parse(fs.readFileSync(ours, 'utf8'))
    return isDeepStrictEqual(expected, actual) ? undefined : `outputs differ: ${firstDifference(expected, actual)}`
}

function firstDifference(a, b, at = '') {
    if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b))
        for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
            if (!(k in b)) return `${at}/${k} missing in Trellis`
            if (!(k in a)) return `${at}/${k} only in Trellis`
            if (!isDeepStrictEqual(a[k], b[k])) return firstDifference(a[k], b[k], `${at}/${k}`)
        }
    return `${at || '/'}: reference ${JSON.stringify(a)?.slice(0, 80)}, Trellis ${JSON.stringify(b)?.slice(0, 80)}`
}

/** Generated cases, written to their own folders. */
function* generated(count, seed, base) {
    for (let i = 0; i < count; i++) {
        const s = seed + i
        const dir = path.join(base, `seed-${s}`)
        fs.mkdirSync(dir, {recursive: true})
        const {template, inputs, presets} = generate(s)
        const file = path.join(dir, 'template.yaml')
        fs.writeFileSync(file, stringify(template))
        let inputsFile
        if (Object.keys(inputs).length) fs.writeFileSync((inputsFile = path.join(dir, 'inputs.yaml')), stringify(inputs))
        yield {name: `seed ${s}`, dir, template: file, inputs: inputsFile, presets}
    }
}

/** The test cases of every CSAR below `root` (`<csar>/tests/<case>/test.yaml`), as their resolvers would read them. */
function* examples(base, scratch) {
    for (const csar of fs.readdirSync(base).sort()) {
        const tests = path.join(base, csar, 'tests')
        if (!fs.existsSync(tests)) continue
        for (const name of fs.readdirSync(tests).sort()) {
            const dir = path.join(tests, name)
            if (!fs.statSync(dir).isDirectory() || name.endsWith('---disabled')) continue
            const configFile = path.join(dir, 'test.yaml')
            const config = (fs.existsSync(configFile) ? parse(fs.readFileSync(configFile, 'utf8')) : undefined) ?? {}
            const template = config.template ? path.join(base, csar, config.template) : TEMPLATE_NAMES.map(n => path.join(base, csar, n)).find(f => fs.existsSync(f))
            const inputs = config.inputs ? path.join(dir, config.inputs) : fs.existsSync(path.join(dir, 'inputs.yaml')) ? path.join(dir, 'inputs.yaml') : undefined
            const out = path.join(scratch, `${csar}--${name}`)
            fs.mkdirSync(out, {recursive: true})
            if (template) yield {name: `${csar}/${name}`, dir: out, template, inputs, presets: [config.presets ?? []].flat().map(String)}
        }
    }
}

const options = flags(process.argv.slice(2))
const scratch = options.keep ? path.resolve(options.keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-differential-'))
const cases = [...(options.examples ? examples(path.resolve(options.examples), scratch) : generated(options.count, options.seed, scratch))]
let agree = 0
const disagreements = []
const queue = [...cases]
await Promise.all(
    Array.from({length: options.jobs}, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
            const difference = await compare(options.reference, c, c.dir)
            if (difference === undefined) agree++
            else {
                disagreements.push(c.name)
                process.stdout.write(`DIFFER ${c.name} (${c.dir}): ${difference}\n`)
            }
        }
    }),
)
if (!options.keep) fs.rmSync(scratch, {recursive: true, force: true})
process.stdout.write(`${agree} agree, ${disagreements.length} differ (of ${cases.length})\n`)
process.exit(disagreements.length ? 1 : 0)
