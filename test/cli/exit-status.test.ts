// The exit status tells a script what happened: 1 a resolution that failed, 2 a mistake in the
// input, 70 a bug in Trellis (one line, the stack only with --debug), never confused.
import {describe, expect, it} from 'vitest'
import {EXIT_INTERNAL, EXIT_RESOLUTION, EXIT_USAGE, reportError, UsageError} from '../../src/cli/report-error.js'
import {ERROR_CODES, ERROR_MEANINGS, TrellisError} from '../../src/engine/errors.js'
import {runHere} from './run.js'

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
        const [first, report, ...rest] = bug.text.split('\n')
        expect(first).toBe("trellis: internal error: Cannot read properties of undefined (reading 'x') (run with --debug for details)")
        // and how to report it, not as the user's mistake
        expect(report).toMatch(/^trellis: this is a bug in Trellis, not in your files: please report it .*--debug$/)
        expect(rest).toEqual([''])
        expect(reported(new Error('boom'), true).text).toMatch(/^trellis: internal error: boom\ntrellis: this is a bug in Trellis[^\n]*\nError: boom\n\s+at /)
    })

    it('is 1 for a resolution that failed and 2 for a mistake in the input', () => {
        expect(reported(new TrellisError('unsatisfiable', 'Could not solve')).code).toBe(EXIT_RESOLUTION)
        expect(reported(new TrellisError('yaml-syntax', 'YAML syntax error: bad')).code).toBe(EXIT_USAGE)
        expect(reported(new UsageError('--output expects a file name')).code).toBe(EXIT_USAGE)
    })
})

describe('trellis help CODE', () => {
    it('says what the code in an error headline means and the exit status it gives; help codes lists every one', async () => {
        const one = await runHere(['help', 'unknown-operator'])
        expect(one.code).toBe(0)
        expect(one.stdout).toBe(`error[unknown-operator]: ${ERROR_MEANINGS['unknown-operator']}\nexit status 2: bad input or usage\n`)
        expect((await runHere(['help', 'check-failed'])).stdout).toContain('exit status 1: the resolution failed')
        const all = await runHere(['help', 'codes'])
        expect(all.code).toBe(0)
        for (const code of ERROR_CODES) expect(all.stdout).toMatch(new RegExp(`^  ${code} +exit ${new TrellisError(code, '').errorClass === 'resolution' ? 1 : 2}  `, 'm'))
        // a command's help is unchanged
        expect((await runHere(['help', 'resolve'])).stdout).toMatch(/^Usage: trellis resolve /)
    })
})
