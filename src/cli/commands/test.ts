// trellis test DIR: runs a directory of variability tests in-process.
import type {Command} from 'commander'
import {wrappedHelp} from '../help-text.js'
import {EXIT_OK, EXIT_RESOLUTION, EXIT_USAGE, oneLine, reportError} from '../report-error.js'
import {printLines} from '../print.js'
import {pluginPolicy, type PluginFlags} from '../../app/plugins.js'
import {addPluginFlags} from '../plugins.js'
import {runCases} from '../test-cases.js'
import fs from 'node:fs'
import {isDirectory} from '../../engine/index.js'

export function registerTest(program: Command, setExit: (code: number) => void): void {
    addPluginFlags(
        program
            .command('test')
            .description('run a directory of Variability4TOSCA variability tests (case folders with test.yaml / expected.yaml, as trellis profile test writes)')
            .argument('<dir>', 'a case folder or a folder of them'),
    )
        .option(
            '--root <folder>',
            "let a case's test.yaml name files anywhere inside this folder (by default only inside the case or its CSAR), as cases sharing a sibling's expected.yaml need",
        )
        .addHelpText('after', wrappedHelp('\nPrints one line per failing case and a closing "N passed, N failed". Exit status: 0 all passed, 1 any failed, 2 bad usage.'))
        .action(async (dir: string, flags: PluginFlags & {root?: string}, command: Command) => {
            const debug = Boolean(command.optsWithGlobals().debug)
            try {
                if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
                    process.stderr.write(`trellis: no such folder: ${oneLine(dir)}\n`)
                    setExit(EXIT_USAGE)
                    return
                }
                if (flags.root !== undefined && !isDirectory(flags.root)) {
                    process.stderr.write(`trellis: --root: no such folder: ${oneLine(flags.root)}\n`)
                    setExit(EXIT_USAGE)
                    return
                }
                const results = await runCases(dir, {policy: pluginPolicy(flags), root: flags.root})
                let failed = 0
                for (const r of results) {
                    if (r.ok) continue
                    failed++
                    printLines([`FAIL ${r.name}: ${r.reason}`])
                }
                process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`)
                setExit(failed ? EXIT_RESOLUTION : EXIT_OK)
            } catch (e) {
                setExit(reportError(e, debug))
            }
        })
}
