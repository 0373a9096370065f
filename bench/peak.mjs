// Runs `trellis ARGS` in this process and, as it exits, writes its peak resident memory to REPORT
// (for bench.mjs: node bench/peak.mjs REPORT ARGS...). Nothing else is loaded, so the figures are the command's.
import fs from 'node:fs'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

const [report, ...rest] = process.argv.slice(2)
const bin = fileURLToPath(new URL('../bin/trellis.js', import.meta.url))
process.on('exit', () => fs.writeFileSync(report, JSON.stringify({maxRSS: process.resourceUsage().maxRSS})))
process.argv = [process.argv[0], bin, ...rest]
await createRequire(import.meta.url)(bin).run()
