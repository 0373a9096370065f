// npm run build, last step: the command line as a few files (dist/bundle/). Node's ES module
// loader reads each of dist/'s 230 modules on its own, asynchronously, and spent about 100 ms of
// every command's start on that (a third of resolving a small template); bundled, the same code
// loads in a fraction of it. Packages stay outside (node_modules, loaded as before); the wizard
// and its worker are chunks loaded when the wizard opens. Every other command also gets a CommonJS
// bundle of its own, headless.cjs, which starts from a code cache (loadHeadless in bin/trellis.js): the
// pure-JavaScript packages it needs are inside it, the wizard's modules are not. Entry points keep their names: the worker
// is found beside the chunk that starts it (src/tui/resolver/client.ts), and dist/bundle/ is as deep
// as dist/cli/, so the paths the code computes from its own place still hold (src/cli/version.ts).
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {spawnSync} from 'node:child_process'
import {build} from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
await build({
    entryPoints: [path.join(root, 'dist/cli/main.js'), path.join(root, 'dist/tui/resolver/worker.js'), path.join(root, 'dist/lsp/analysis-worker.js')],
    outdir: path.join(root, 'dist/bundle'),
    entryNames: '[name]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
})

/** The wizard's and the language server's modules, which the headless bundle leaves out: bin/trellis.js never sends them there. */
const WIZARD = /\/(tui\/(index|line-mode|resolver\/client)|lsp\/server)\.js$/
const withoutWizard = {
    name: 'without-wizard',
    setup(bundle) {
        bundle.onResolve({filter: WIZARD}, args => ({path: args.path, namespace: 'without-wizard'}))
        bundle.onLoad({filter: /.*/, namespace: 'without-wizard'}, () => ({contents: "throw new Error('the wizard is not part of the headless bundle')"}))
    },
}
/** The plugins' import(): the loader's (see src/engine/load/import-module.ts). */
const loaderImport = {
    name: 'loader-import',
    setup(bundle) {
        bundle.onLoad({filter: /[\\/]engine[\\/]load[\\/]import-module\.js$/}, () => ({contents: 'export const importModule = url => __import(url)'}))
    },
}
/** The build's identity: the one bin/trellis.js took of the bundle as it loaded it (see src/engine/load/build-identity.ts). */
const buildIdentity = {
    name: 'build-identity',
    setup(bundle) {
        bundle.onLoad({filter: /[\\/]engine[\\/]load[\\/]build-identity\.js$/}, () => ({contents: 'export const buildIdentity = () => __build'}))
    },
}
/**
 * commander requires child_process at its start for executable subcommands, which Trellis has
 * none of; loading it (with net, dgram and the stream internals they need) was 2–3 ms of every
 * command's start. commander gets it when it first uses it instead.
 */
const lazyChildProcess = {
    name: 'lazy-child-process',
    setup(bundle) {
        bundle.onResolve({filter: /^node:child_process$/}, args =>
            /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? {path: 'child_process', namespace: 'lazy-child-process'} : undefined,
        )
        bundle.onLoad({filter: /.*/, namespace: 'lazy-child-process'}, () => ({
            contents: "module.exports = new Proxy({}, {get: (_, name) => require('node:child_process')[name]})",
            loader: 'js',
        }))
    },
}
// no code cache of another bundle is left beside this one (the training run below makes its own)
fs.rmSync(path.join(root, 'dist/bundle/headless.cjs.cache'), {force: true})
await build({
    entryPoints: [path.join(root, 'dist/cli/main.js')],
    outfile: path.join(root, 'dist/bundle/headless.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // loaded when needed (the YAML and SAT packages take 40 and 120 ms to load; ajv, which conf loads
    // but never uses here, 450 kB), or the wizard's; conf, an ES module, is inside (require gives no
    // ES module's default export in Node 20)
    external: ['yaml', 'logic-solver', 'ajv', 'ajv-formats', '@inquirer/prompts', 'ink', 'react', 'react/*'],
    plugins: [withoutWizard, loaderImport, buildIdentity, lazyChildProcess],
    // the code finds files beside itself (package.json, the worker); dist/bundle/ is as deep as dist/cli/
    define: {'import.meta.url': 'moduleUrl'},
    banner: {js: "const moduleUrl = require('node:url').pathToFileURL(__filename).href;"},
    logLevel: 'warning',
})

// esbuild gives each module that imports a Node built-in a copy of it, made property by property
// (`import fs from 'node:fs'` in 21 modules: 21 copies of fs, 2–3 ms of each start): one per module is
// enough, as in an ES module graph
const headless = path.join(root, 'dist/bundle/headless.cjs')
const helper = 'var __toESM = ('
let bundled = fs.readFileSync(headless, 'utf8')
if (bundled.includes(helper)) {
    const once =
        'var __toESMOnce = [new WeakMap(), new WeakMap()];\nvar __toESM = (mod, isNodeMode) => { if (mod === null || typeof mod !== "object") return __toESMEach(mod, isNodeMode); const made = __toESMOnce[isNodeMode ? 1 : 0]; let copy = made.get(mod); if (!copy) made.set(mod, (copy = __toESMEach(mod, isNodeMode))); return copy };\n'
    bundled = bundled.replace(helper, `${once}var __toESMEach = (`)
}
// ASCII only, so that bin/trellis.js reads it as Latin-1, a copy, instead of decoding UTF-8 (2–3 ms
// of each start): esbuild writes every other character of the code as an escape, and the comments it
// keeps lose theirs to "?"; anything else that is not ASCII stops the build rather than being misread
bundled = bundled.replace(/^.*[^\x00-\x7f].*$/gm, line => {
    if (!/^\s*(\/\/|\/\*|\*)/.test(line)) throw new Error(`dist/bundle/headless.cjs: a character that is not ASCII outside a comment: ${line.trim()}`)
    return line.replace(/[^\x00-\x7f]/g, '?')
})
fs.writeFileSync(headless, bundled)

// its code cache: a build that cannot make one still works, only its commands start slower
// (run as a user would, minus what the environment could change: TRELLIS_* settings, a disk cache)
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TRELLIS_')))
const training = spawnSync(process.execPath, [path.join(root, 'scripts/train-code-cache.mjs')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    env: {...env, TRELLIS_CACHE: 'off'},
})
if (training.status !== 0) process.stderr.write(`bundle: no code cache for dist/bundle/headless.cjs (commands start slower): ${training.stderr || training.error}\n`)
