// npm run build, last step: the command line as a few files (dist/bundle/). Node's ES module
// loader reads each of dist/'s 230 modules on its own, asynchronously, and spent about 100 ms of
// every command's start on that (a third of resolving a small template); bundled, the same code
// loads in a fraction of it. Packages stay outside (node_modules, loaded as before); the wizard
// and its worker are chunks loaded when the wizard opens. Entry points keep their names: the worker
// is found beside the chunk that starts it (src/tui/resolver/client.ts), and dist/bundle/ is as deep
// as dist/cli/, so the paths the code computes from its own place still hold (src/cli/version.ts).
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
await build({
    entryPoints: [path.join(root, 'dist/cli/main.js'), path.join(root, 'dist/tui/resolver/worker.js')],
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
