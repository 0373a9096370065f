// Runs `trellis ARGS` in this process and, as it exits, writes its peak resident memory to REPORT
// (for bench.mjs and examples.mjs: node bench/peak.cjs REPORT ARGS...). Nothing else is loaded, so
// the figures are the command's. CommonJS, as bin/trellis.js is: an ES module here would make Node
// set up its ES module loader, which a user's `trellis` never pays for (5–6 ms of every run).
'use strict'
const fs = require('node:fs')
const path = require('node:path')

const [report, ...rest] = process.argv.slice(2)
const bin = path.join(__dirname, '../bin/trellis.js')
process.on('exit', () => fs.writeFileSync(report, JSON.stringify({maxRSS: process.resourceUsage().maxRSS})))
process.argv = [process.argv[0], bin, ...rest]
require(bin).run()
