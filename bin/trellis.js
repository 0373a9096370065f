#!/usr/bin/env node
// The command-line entry; all logic lives in dist/cli (built from src/cli on install).
import {main} from '../dist/cli/main.js'

// A full disk or a closed pipe on standard output is the user's situation, not a crash: one line, no stack.
process.stdout.on('error', error => {
    if (error.code !== 'EPIPE') process.stderr.write(`trellis: cannot write to standard output: ${error.code ?? error.message}\n`)
    process.exit(error.code === 'EPIPE' ? 0 : 2)
})

process.exitCode = await main(process.argv.slice(2))
