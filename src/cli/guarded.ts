// The action wrapper of commands that print and exit: one line on stderr and the exit code on failure.
import type {Command} from 'commander'
import {EXIT_OK, reportError} from './report-error.js'

/** Runs a command body, turning any failure into one line on stderr and the exit code. */
export function guarded<A extends unknown[]>(setExit: (code: number) => void, body: (...args: A) => void | Promise<void>) {
    return async (...args: A) => {
        const command = args[args.length - 1] as Command
        try {
            await body(...args)
            setExit(EXIT_OK)
        } catch (e) {
            setExit(reportError(e, Boolean(command.optsWithGlobals().debug)))
        }
    }
}
