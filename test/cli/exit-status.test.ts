// The exit status tells a script what happened: 1 a resolution that failed, 2 a mistake in the
// input, 70 a bug in Trellis (one line, the stack only with --debug), never confused.
import {describe, expect, it} from 'vitest'
import {EXIT_INTERNAL, EXIT_RESOLUTION, EXIT_USAGE, reportError, UsageError} from '../../src/cli/report-error.js'
import {TrellisError} from '../../src/engine/errors.js'

function reported(e: unknown, debug = false): {code: number; text: string} {
    const lines: string[] = []
    const code = reportError(e, debug, line => lines.push(line))
    return {code, text: lines.join('')}
}

describe('the exit status of a failure', () => {
    it('is 70 for an internal error, said in one line, with its stack only on --debug', () => {
        const bug = reported(new TypeError("Cannot read properties of undefined (reading 'x')"))
        expect(bug.code).toBe(EXIT_INTERNAL)
        expect(EXIT_INTERNAL).toBe(70)
        expect(bug.text).toBe("trellis: internal error: Cannot read properties of undefined (reading 'x') (run with --debug for details)\n")
        expect(reported(new Error('boom'), true).text).toMatch(/^trellis: internal error: boom\nError: boom\n\s+at /)
    })

    it('is 1 for a resolution that failed and 2 for a mistake in the input', () => {
        expect(reported(new TrellisError('unsatisfiable', 'Could not solve')).code).toBe(EXIT_RESOLUTION)
        expect(reported(new TrellisError('yaml-syntax', 'YAML syntax error: bad')).code).toBe(EXIT_USAGE)
        expect(reported(new UsageError('--output expects a file name')).code).toBe(EXIT_USAGE)
    })
})
