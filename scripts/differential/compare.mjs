#!/usr/bin/env node
// Differential testing: resolves generated templates (or the test cases of a folder of
// CSARs) with Trellis and with another resolver, and lists every case where they
// disagree: one resolves and the other fails, both resolve differently, or both fail
// for different reasons (error kinds, see error-kinds.mjs). See docs/differential-testing.md.
//
//   node scripts/differential/compare.mjs --reference CMD [--count N] [--seed S | --seeds S,S,…] [--generation G] [--jobs J] [--keep DIR] [--trellis BIN]
//   node scripts/differential/compare.mjs --reference CMD --examples DIR
//
// Generations (--generation, see generate.mjs): 1, the first, kept so its seeds replay; 2, the
// whole specification on small templates (the default); 3, templates shaped like realistic
// technology-aware deployments (environments chosen by an input, deep shared hosting stacks,
// technology rules inline or in files beside the template, type-specific conditions, a mistake
// in about a fifth of the cases). A generated case may bring files (rules, a lib/ type library),
// written into its folder next to template.yaml.
//
// CMD is run as `CMD TEMPLATE OUTPUT INPUTS_FILE|- [PRESET...]`; it exits 0 after writing
// OUTPUT, or non-zero with its error on stderr. With --reference-batch CMD instead, CMD is
// started once per job and answers one JSON line per case: it reads
// `{"template", "output", "inputs", "presets"}` lines on stdin and writes `{"ok": true}` or
// `{"ok": false, "error": "…"}` lines on stdout, in order.
import {execFile, spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {isDeepStrictEqual} from 'node:util'
import {parse, stringify} from 'yaml'
import {describeKind, errorKind, sameFailure} from './error-kinds.mjs'
import {generate, GENERATIONS, LATEST_GENERATION} from './generate.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const TEMPLATE_NAMES = ['vst.yaml', 'variable-service-template.yaml', 'service-template.yaml', 'template.yaml']

function flags(argv) {
    const out = {count: 200, seed: 1, generation: LATEST_GENERATION, jobs: Math.max(1, os.availableParallelism?.() ?? 2), trellis: path.join(root, 'bin', 'trellis.js')}
    for (let i = 0; i < argv.length; i++) {
        const [name, value] = [argv[i], argv[i + 1]]
        if (name === '--reference') out.reference = value
        else if (name === '--reference-batch') out.batch = value
        else if (name === '--trellis') out.trellis = path.resolve(value)
        else if (name === '--generation') out.generation = Number(value)
        else if (name === '--count') out.count = Number(value)
        else if (name === '--seed') out.seed = Number(value)
        else if (name === '--seeds') out.seeds = value.split(',').map(Number)
        else if (name === '--jobs') out.jobs = Number(value)
        else if (name === '--keep') out.keep = value
        else if (name === '--examples') out.examples = value
        else if (name === '--help' || name === '-h') usage(0)
        else usage(2, `unknown argument "${name}"`)
        i++
    }
    if (!out.reference === !out.batch) usage(2, 'one of --reference and --reference-batch is required')
    if (!GENERATIONS.includes(out.generation)) usage(2, `--generation expects one of ${GENERATIONS.join(', ')}`)
    if (out.seeds?.some(s => !Number.isInteger(s) || s < 0)) usage(2, '--seeds expects whole numbers separated by commas')
    for (const key of ['count', 'seed', 'jobs']) if (!Number.isInteger(out[key]) || out[key] < 0) usage(2, `--${key} expects a whole number`)
    return out
}

function usage(code, problem) {
    if (problem) process.stderr.write(`compare: ${problem}\n`)
    process.stderr.write(
        'usage: node scripts/differential/compare.mjs --reference CMD | --reference-batch CMD [--count N] [--seed S | --seeds S,S,…] [--generation G] [--jobs J] [--keep DIR] [--trellis BIN] | --examples DIR\n',
    )
    process.exit(code)
}

function run(command, args) {
    return new Promise(done =>
        execFile(command, args, {maxBuffer: 64 << 20, timeout: 120_000}, (error, stdout, stderr) =>
            done({ok: !error, stderr: String(stderr), code: error ? (error.code ?? 1) : 0}),
        ),
    )
}

/** The error line a resolver printed: the first line naming an error, else the first line (warnings are skipped). */
function errorLine(stderr) {
    const lines = stderr.split('\n').filter(l => l.trim() && !/^(trellis: )?warning(\[[a-z-]+\])?: /.test(l))
    return (lines.find(l => /^(Error|trellis): /.test(l)) ?? lines[0] ?? '')
        .replace(/^Error: /, '')
        .replace(/^trellis: /, '')
        .replace(/^error\[[a-z-]+\]: /, '')
}

/** A reference resolver run once per case through its command line. */
function perCase(command) {
    return {
        resolve: ({template, inputs, presets}, output) => run(command, [template, output, inputs ?? '-', ...presets]),
        close() {},
    }
}

/** A reference resolver started once, answering one JSON line per case (see the header). */
function batch(command) {
    const child = spawn(command, [], {stdio: ['pipe', 'pipe', 'inherit']})
    const waiting = []
    let buffer = ''
    child.stdout.on('data', chunk => {
        buffer += chunk
        for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
            const answer = JSON.parse(buffer.slice(0, at))
            buffer = buffer.slice(at + 1)
            waiting.shift()?.({ok: answer.ok, stderr: answer.error ?? ''})
        }
    })
    child.on('exit', () => waiting.splice(0).forEach(done => done({ok: false, stderr: 'Error: the batch reference stopped'})))
    return {
        resolve: ({template, inputs, presets}, output) =>
            new Promise(done => {
                waiting.push(done)
                child.stdin.write(JSON.stringify({template, output, inputs, presets}) + '\n')
            }),
        close: () => child.stdin.end(),
    }
}

/** Resolves one case with both resolvers; returns undefined when they agree, else `{class, text}` naming what differs. */
async function compare(reference, trellis, c, dir) {
    const {template, inputs, presets} = c
    const theirs = path.join(dir, 'reference.yaml')
    const ours = path.join(dir, 'trellis.yaml')
    const args = ['resolve', template, '--output', ours, ...(inputs ? ['--inputs', inputs] : []), ...presets.flatMap(p => ['--preset', p])]
    const [a, b] = await Promise.all([reference.resolve(c, theirs), run(process.execPath, [trellis, ...args])])
    if (!a.ok && !b.ok) {
        const [kindA, kindB] = [errorKind(errorLine(a.stderr)), errorKind(errorLine(b.stderr))]
        if (sameFailure(kindA, kindB)) return undefined
        return {
            class: kindA.kind === kindB.kind ? `both fail: ${kindA.kind}, another element` : `both fail: reference ${kindA.kind}, Trellis ${kindB.kind}`,
            text: `both fail differently; reference: ${errorLine(a.stderr)} [${describeKind(kindA)}]; Trellis: ${errorLine(b.stderr)} [${describeKind(kindB)}]`,
        }
    }
    if (a.ok !== b.ok) {
        const failed = errorKind(errorLine(a.ok ? b.stderr : a.stderr)).kind
        return a.ok
            ? {class: `only the reference resolves (Trellis: ${failed})`, text: `only the reference resolves; Trellis: ${errorLine(b.stderr)}`}
            : {class: `only Trellis resolves (reference: ${failed})`, text: `only Trellis resolves; reference: ${errorLine(a.stderr)}`}
    }
    const expected = parse(fs.readFileSync(theirs, 'utf8'))
    const actual = parse(fs.readFileSync(ours, 'utf8'))
    return isDeepStrictEqual(expected, actual) ? undefined : {class: 'outputs differ', text: `outputs differ: ${firstDifference(expected, actual)}`}
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
function* generated(seeds, generation, base) {
    for (const s of seeds) {
        const dir = path.join(base, `seed-${s}`)
        fs.mkdirSync(dir, {recursive: true})
        const {template, inputs, presets, files = {}} = generate(s, generation)
        const file = path.join(dir, 'template.yaml')
        fs.writeFileSync(file, stringify(template))
        // files beside the template (rules, type libraries), in their sub-folders
        for (const [relative, data] of Object.entries(files)) {
            const target = path.join(dir, relative)
            fs.mkdirSync(path.dirname(target), {recursive: true})
            fs.writeFileSync(target, stringify(data))
        }
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
const cases = [
    ...(options.examples
        ? examples(path.resolve(options.examples), scratch)
        : generated(options.seeds ?? Array.from({length: options.count}, (_, i) => options.seed + i), options.generation, scratch)),
]
let agree = 0
const classes = new Map()
const queue = [...cases]
await Promise.all(
    Array.from({length: options.jobs}, async () => {
        const reference = options.batch ? batch(options.batch) : perCase(options.reference)
        for (let c = queue.shift(); c; c = queue.shift()) {
            const difference = await compare(reference, options.trellis, c, c.dir)
            if (difference === undefined) agree++
            else {
                classes.set(difference.class, (classes.get(difference.class) ?? 0) + 1)
                process.stdout.write(`DIFFER ${c.name} (${c.dir}): ${difference.text}\n`)
            }
        }
        reference.close()
    }),
)
if (!options.keep) fs.rmSync(scratch, {recursive: true, force: true})
const differ = cases.length - agree
for (const [name, count] of [...classes].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${String(count).padStart(4)}  ${name}\n`)
process.stdout.write(`${agree} agree, ${differ} differ (of ${cases.length})\n`)
process.exit(differ ? 1 : 0)
