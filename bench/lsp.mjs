#!/usr/bin/env node
// The language server's latencies, as an editor meets them (docs/editor.md, "Speed"): `trellis lsp`
// in a process of its own, driven over stdio; a copy of a template's folder (the reference's
// industry example by default) opened under an inputs file of its tests; then, warm, the
// diagnostics after an edit (from the moment the debounce ends to the publication), hover on
// elements, inlay hints over the whole file, completion, and the server's resident memory.
//   usage: node bench/lsp.mjs [--template DIR/FILE.yaml] [--inputs FILE] [--runs 15] [--cache] [--no-analyze]
// (--cache: with the parsed-file cache as a user has it, docs/cli.md "Type libraries are read once"; off by default;
// --no-analyze: without the background analysis, which otherwise runs beside each measure)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {spawn} from 'node:child_process'
import {fileURLToPath, pathToFileURL} from 'node:url'
import rpc from 'vscode-jsonrpc/node.js'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const INDUSTRY = '/tmp/examples/unfurl-technology---industry---plus-maintenance-automated'
const template = path.resolve(option('--template', path.join(INDUSTRY, 'variable-service-template.yaml')))
const inputs = option('--inputs', path.join(path.dirname(template), 'tests/customer/inputs.yaml'))
const runs = Number(option('--runs', '15'))
const DEBOUNCE_MS = 200
if (!fs.existsSync(template)) {
    console.error(`bench/lsp.mjs: no template at ${template} (pass --template FILE)`)
    process.exit(2)
}

const here = path.dirname(fileURLToPath(import.meta.url))
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-lsp-'))
const median = list => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const ms = n => `${n.toFixed(1)} ms`
try {
    fs.cpSync(path.dirname(template), work, {recursive: true})
    const file = path.join(work, path.basename(template))
    const uri = pathToFileURL(file).href
    const child = spawn(process.execPath, [path.join(here, '../bin/trellis.js'), 'lsp', '--stdio'], {
        cwd: work,
        stdio: ['pipe', 'pipe', 'inherit'],
        env: {...process.env, TRELLIS_CACHE: args.includes('--cache') ? process.env.TRELLIS_CACHE : 'off'},
    })
    const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin))
    const waiting = []
    connection.onNotification('textDocument/publishDiagnostics', p => {
        for (const w of waiting.splice(0))
            if (p.uri === uri && p.version === w.version) w.resolve(p)
            else waiting.push(w)
    })
    connection.onRequest('workspace/inlayHint/refresh', () => null)
    connection.listen()
    const published = version => new Promise(resolve => waiting.push({version, resolve}))
    await connection.sendRequest('initialize', {
        processId: process.pid,
        rootUri: pathToFileURL(work).href,
        capabilities: {},
        initializationOptions: {analyze: !args.includes('--no-analyze')},
    })
    await connection.sendNotification('initialized', {})
    const chosen = fs.existsSync(inputs) ? path.relative(work, path.join(work, path.relative(path.dirname(template), inputs))) : undefined
    if (chosen) await connection.sendRequest('workspace/executeCommand', {command: 'trellis.setChoice', arguments: [uri, {inputs: chosen}]})

    const text = fs.readFileSync(file, 'utf8')
    let start = performance.now()
    const opened = published(1)
    await connection.sendNotification('textDocument/didOpen', {textDocument: {uri, languageId: 'yaml', version: 1, text}})
    const first = await opened
    const firstOpen = performance.now() - start
    const errors = first.diagnostics.filter(d => d.severity === 1).length

    // edits: a comment line added and taken away again, each resolved after the debounce
    const afterEdit = []
    for (let version = 2; version < 2 + runs; version++) {
        const edited = version % 2 ? text : `# edit ${version}\n${text}`
        const settled = published(version)
        start = performance.now()
        await connection.sendNotification('textDocument/didChange', {textDocument: {uri, version}, contentChanges: [{text: edited}]})
        await settled
        afterEdit.push(performance.now() - start - DEBOUNCE_MS)
    }
    // the last text is the original (an odd count of edits) or one line down: hovers on the original's keys
    const lines = ((2 + runs - 1) % 2 ? text : `# edit\n${text}`).split('\n')
    const keys = lines.flatMap((l, line) => (/^ {8}[A-Za-z_][\w-]*:\s*$/.test(l) ? [{line, character: 10}] : [])).slice(0, runs)
    const timed = async (method, params) => {
        const t = performance.now()
        const result = await connection.sendRequest(method, {textDocument: {uri}, ...params})
        return [performance.now() - t, result]
    }
    // an editor asks for a hover once the pointer has rested (~300 ms): the first one comes no sooner after the last edit
    await new Promise(resolve => setTimeout(resolve, 400))
    const hover = []
    for (const position of keys) hover.push((await timed('textDocument/hover', {position}))[0])
    const inlay = []
    let hints = 0
    for (let i = 0; i < runs; i++) {
        const [t, result] = await timed('textDocument/inlayHint', {range: {start: {line: 0, character: 0}, end: {line: lines.length, character: 0}}})
        inlay.push(t)
        hints = result.length
    }
    const readAt = lines.findIndex(l => l.includes('variability_input: '))
    const completion = []
    for (let i = 0; i < runs && readAt >= 0; i++) {
        const character = lines[readAt].indexOf('variability_input: ') + 'variability_input: '.length
        completion.push((await timed('textDocument/completion', {position: {line: readAt, character}}))[0])
    }
    // the background analysis of the last version (it starts once the text has been still for a second): its time and the memory with it
    let analyzed
    if (!args.includes('--no-analyze')) {
        const version = 1 + runs
        start = performance.now()
        const done = new Promise(resolve => {
            connection.onNotification('textDocument/publishDiagnostics', p => {
                if (p.uri === uri && p.version === version && p.diagnostics.some(d => d.source === 'trellis analyze')) resolve(p)
            })
        })
        const found = await Promise.race([done, new Promise(resolve => setTimeout(() => resolve(undefined), 20_000))])
        analyzed = found ? performance.now() - start : undefined
    }
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024
    await connection.sendRequest('shutdown')
    await connection.sendNotification('exit')
    connection.dispose()

    console.log(`language server on ${path.relative(process.cwd(), template) || template}${chosen ? ` under ${chosen}` : ''} (${errors} errors)`)
    console.log(`  first open, to the first diagnostics:         ${ms(firstOpen)}   (goal ≤ 1 s)`)
    console.log(`  diagnostics after an edit settles (median):   ${ms(median(afterEdit))}   (goal ≤ 150 ms; ${runs} edits)`)
    console.log(`  hover on an element (median of ${hover.length}):          ${ms(median(hover))}   (goal ≤ 30 ms; max ${ms(Math.max(...hover))})`)
    console.log(`  inlay hints, whole file (median; ${hints} hints):  ${ms(median(inlay))}   (goal ≤ 30 ms)`)
    if (completion.length) console.log(`  completion of an input (median):              ${ms(median(completion))}   (goal ≤ 50 ms)`)
    if (!args.includes('--no-analyze'))
        console.log(
            `  background analysis published after:          ${analyzed === undefined ? 'not within 20 s' : ms(analyzed)}   (from the end of the last measure; it waits 1 s of stillness)`,
        )
    console.log(`  memory: ${rss.toFixed(0)} MB resident, ${hwm.toFixed(0)} MB at the peak   (goal ≤ 300 MB)`)
} finally {
    fs.rmSync(work, {recursive: true, force: true})
}
