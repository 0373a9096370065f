// The action wrapper of commands that print and exit: one line on stderr and the exit code on failure.
import type {Command} from 'commander'
import {EXIT_OK, reportError} from './report-error.js'

/** Runs a command body, turning any failure into one line on stderr and the exit code; a body may return its own (profile diff: 1 when the profiles differ). */
export function guarded<A extends unknown[]>(setExit: (code: number) => void, body: (...args: A) => void | number | Promise<void | number>) {
    return async (...args: A) => {
        const command = args[args.length - 1] as Command
        try {
            setExit((await body(...args)) ?? EXIT_OK)
        } catch (e) {
            setExit(reportError(e, Boolean(command.optsWithGlobals().debug)))
        }
    }
}
