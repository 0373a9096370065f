// npm run build, after bundling: runs the headless bundle (dist/bundle/headless.cjs) on the bundled
// samples, in one process, and keeps V8's code cache of what that compiled beside the bundle
// (headless.cjs.cache), so that a command starts from bytecode instead of compiling (see
// loadHeadless in bin/trellis.js). Run in a child of scripts/bundle.mjs with its output discarded: the
// commands print as they would for a user. Writes nothing else outside a temporary folder it removes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

const {loadHeadless} = createRequire(import.meta.url)('../bin/trellis.js')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bundle = path.join(root, 'dist/bundle/headless.cjs')
const samples = path.join(root, 'sample-templates')
const technology = path.join(samples, 'technology-rules/variable-service-template.yaml')
const shop = path.join(samples, 'web-shop/variable-service-template.yaml')
const fleet = path.join(samples, 'iot-fleet/variable-service-template.yaml')

fs.rmSync(`${bundle}.cache`, {force: true})
const {main, cache} = loadHeadless(bundle)
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-train-'))
try {
    // what users run most: resolving (with a type library and technology rules), explaining, failing
    const runs = [
        ['resolve', technology, '--preset', 'vms', '-o', path.join(out, 'a.yaml')],
        ['resolve', technology, '--preset', 'kubernetes', '--report', path.join(out, 'a.md'), '-o', path.join(out, 'b.yaml')],
        ['resolve', shop, '-o', path.join(out, 'c.yaml')],
        ['resolve', fleet, '--set', 'no_such_input=1', '-o', path.join(out, 'd.yaml')],
        ['explain', technology, '--preset', 'vms', '--json'],
        ['analyze', shop],
    ]
    for (const argv of runs) await main(argv)
    // complete or absent: written beside the bundle, then renamed over
    const file = `${bundle}.cache.${process.pid}`
    fs.writeFileSync(file, cache())
    fs.renameSync(file, `${bundle}.cache`)
} finally {
    fs.rmSync(out, {recursive: true, force: true})
}
