#!/usr/bin/env node
// The command-line entry; all logic lives in dist/cli (built from src/cli on install).

// A full disk or a closed pipe on standard output is the user's situation, not a crash: one line, no stack.
process.stdout.on('error', error => {
    if (error.code !== 'EPIPE') process.stderr.write(`trellis: cannot write to standard output: ${error.code ?? error.message}\n`)
    process.exit(error.code === 'EPIPE' ? 0 : 2)
})

const argv = process.argv.slice(2)
// `trellis --version` alone is answered without loading the commands and the engine (about 0.1 s of
// module loading); it prints what commander's version flag prints
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    const {VERSION} = await import('../dist/cli/version.js')
    process.stdout.write(`${VERSION}\n`)
} else {
    const {main} = await import('../dist/cli/main.js')
    process.exitCode = await main(argv)
}
