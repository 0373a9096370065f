#!/usr/bin/env node
// The command-line entry; all logic lives in dist/cli (built from src/cli on install).
import {main} from '../dist/cli/main.js'

process.exitCode = await main(process.argv.slice(2))
