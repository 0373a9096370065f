// Mutants of every conformance and sample template (see mutate.ts) go through everything a user
// can run on a template: resolving, the explanation document, the report in Markdown and JSON and
// the one-line error. Whatever a mutant does, the answer is a result or a TrellisError (a clear,
// located message), never an internal error, and every outcome has its report; through the command
// line, a failed run writes no output, also when a file size limit stops it half way: each output
// is then complete or as it was. Without ../shared the samples alone are mutated (fewer templates).
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {analyzeTemplate} from '../../src/engine/analyze/index.js'
import {explanationDocument} from '../../src/engine/explain/index.js'
import {reportError} from '../../src/cli/report-error.js'
import {rawControls} from '../helpers/hostile.js'
import {isTrellisError} from '../../src/engine/errors.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {resolveTemplate} from '../../src/engine/resolve/index.js'
import {renderReport} from '../../src/app/report-file.js'
import {withoutExcerpts} from '../helpers/stderr.js'
import {removeWorkspaces, run, runHere, workspace} from '../cli/run.js'
import {BIN} from '../cli/helpers.js'
import {CONFORMANCE, conformanceAndSampleFiles} from '../helpers/files.js'
import {iterations} from '../helpers/deep.js'
import {mutant} from './mutate.js'
import {resolved} from '../helpers/v4t.js'

afterAll(removeWorkspaces)

// sized for npm test; npm run test:deep tries ten times as many (TRELLIS_MUTANTS sets the first count)
const MUTANTS = iterations(500, 5000, 'TRELLIS_MUTANTS')
const ANALYZED_MUTANTS = iterations(60, 600)
const CLI_MUTANTS = iterations(10, 100)
// each limit (1, 4, 16 and 64 KB) once
const LIMITED_MUTANTS = iterations(4, 40)
const POSIX_SHELL = process.platform !== 'win32' && fs.existsSync('/bin/bash')

/** The parsed templates to mutate: every template.yaml of the suite and every sample. */
function originals(): Record<string, unknown>[] {
    return conformanceAndSampleFiles()
        .filter(f => /(^|[\\/])(template|variable-service-template)\.yaml$/.test(f))
        .map(f => parse(fs.readFileSync(f, 'utf8')) as unknown)
        .filter((d): d is Record<string, unknown> => d !== null && typeof d === 'object' && !Array.isArray(d))
}

/**
 * Everything the engine does for a user with one template text; the first non-TrellisError, if any,
 * or an error naming a control character that reached the Markdown report or the error lines.
 */
function internalError(text: string): unknown {
    const dir = path.join(path.sep, 'nonexistent-trellis-dir')
    try {
        const template = templateFromText(text, 'mutant.yaml', dir)
        // every outcome, failed ones included, has its report in both formats
        const outcome = resolveTemplate(template, {})
        let lines = ''
        if (outcome.kind === 'resolved') explanationDocument(template, outcome.model)
        else reportError(outcome.error, false, line => (lines += line))
        for (const file of ['report.md', 'report.json']) {
            const report = [...renderReport({file, templateName: 'mutant.yaml', template, request: {}, argv: ['resolve', 'mutant.yaml'], now: new Date(0)}, outcome)].join('')
            if (rawControls(report + lines).length) return new Error(`a control character reached ${file} or the error lines: ${JSON.stringify(rawControls(report + lines))}`)
        }
    } catch (e) {
        return isTrellisError(e) ? undefined : e
    }
    return undefined
}

describe(`mutated templates${fs.existsSync(CONFORMANCE) ? '' : ' (../shared not found: the samples only)'}`, () => {
    const templates = originals()

    it(`${MUTANTS} mutants: a result or a clear error, never an internal one`, () => {
        const failures: string[] = []
        for (let i = 0; i < MUTANTS; i++) {
            const text = mutant(templates[i % templates.length]!, i)
            const error = internalError(text)
            if (error) failures.push(`mutant ${i}: ${(error as Error)?.stack?.split('\n').slice(0, 3).join(' | ') ?? String(error)}`)
        }
        expect(failures).toEqual([])
    })

    it(`${ANALYZED_MUTANTS} mutants analyzed: findings or a clear error, never an internal one, and never a dead element the defaults keep`, () => {
        const failures: string[] = []
        for (let i = 0; i < ANALYZED_MUTANTS; i++) {
            const text = mutant(templates[(i * 3) % templates.length]!, 200_000 + i)
            try {
                const template = templateFromText(text, 'mutant.yaml', path.join(path.sep, 'nonexistent-trellis-dir'))
                const analysis = analyzeTemplate(template, {budget: 400, combinations: 200})
                // soundness on one assignment at least: what the defaults resolve to keeps nothing reported dead
                let model
                try {
                    model = resolved(template, {}).model
                } catch {
                    continue
                }
                for (const id of analysis.dead.keys())
                    if (model.present(model.graph.element(id)!)) failures.push(`mutant ${200_000 + i}: ${id} reported dead, present with the defaults`)
            } catch (e) {
                if (!isTrellisError(e)) failures.push(`mutant ${200_000 + i}: ${(e as Error)?.stack?.split('\n').slice(0, 3).join(' | ') ?? String(e)}`)
            }
        }
        expect(failures).toEqual([])
    })

    it(`${CLI_MUTANTS} mutants through trellis resolve: a failed run writes nothing and says one line`, async () => {
        for (let i = 0; i < CLI_MUTANTS; i++) {
            const dir = workspace({'t.yaml': mutant(templates[(i * 7) % templates.length]!, 100_000 + i), 'out.yaml': 'previous output\n'})
            const r = await run(['resolve', 't.yaml', '--output', 'out.yaml', '--report', 'report.md'], {cwd: dir})
            expect(r.stderr, `mutant ${100_000 + i}`).not.toMatch(/internal error|^\s+at /m)
            expect(rawControls(r.stderr), `mutant ${100_000 + i}`).toEqual([])
            if (r.code === 0) continue
            // one message per mistake found (with the source line it points at), each a trellis: line
            const messages = withoutExcerpts(r.stderr)
                .trimEnd()
                .split('\n')
                .filter(l => !l.startsWith('trellis: warning:'))
            expect(messages.length, `mutant ${100_000 + i}`).toBeGreaterThanOrEqual(1)
            expect(
                messages.every(l => l.startsWith('trellis: ')),
                `mutant ${100_000 + i}: ${r.stderr}`,
            ).toBe(true)
            expect(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).toBe('previous output\n')
            expect(fs.readdirSync(dir).filter(f => f.includes('trellis-tmp'))).toEqual([])
        }
    })

    it.skipIf(!POSIX_SHELL)(
        `${LIMITED_MUTANTS} mutants through trellis resolve under a file size limit: each output complete or as it was${POSIX_SHELL ? '' : ' (skipped: no bash)'}`,
        async () => {
            for (let i = 0; i < LIMITED_MUTANTS; i++) {
                const seed = 300_000 + i
                const dir = workspace({'t.yaml': mutant(templates[(i * 11) % templates.length]!, seed), 'out.yaml': 'previous output\n', 'report.json': 'previous report\n'})
                // what the run writes when nothing stops it
                const whole = await runHere(['resolve', 't.yaml'], {cwd: dir})
                const r = await limited(dir, ['resolve', 't.yaml', '--output', 'out.yaml', '--report', 'report.json'], [1, 4, 16, 64][i % 4]!)
                const out = fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')
                const report = fs.readFileSync(path.join(dir, 'report.json'), 'utf8')
                expect(r.stderr, `mutant ${seed}`).not.toMatch(/internal error|^\s+at /m)
                // complete or as it was: a failed run keeps the output, and its report is the previous one or the whole report of the failure
                const complete = (text: string) => JSON.parse(text) as {status: string}
                if (r.code === 0) {
                    expect(out, `mutant ${seed}`).toBe(whole.stdout)
                    expect(complete(report).status, `mutant ${seed}`).toBe('resolved')
                } else {
                    expect(out, `mutant ${seed}`).toBe('previous output\n')
                    if (report !== 'previous report\n') expect(complete(report).status, `mutant ${seed}`).not.toBe('resolved')
                }
                expect(fs.readdirSync(dir).filter(f => f.includes('trellis-tmp'))).toEqual([])
            }
        },
    )
})

/** Runs trellis with files limited to `limitKb` KB (ulimit -f). */
function limited(cwd: string, args: readonly string[], limitKb: number): Promise<{code: number | null; stderr: string}> {
    const env: Record<string, string | undefined> = {...process.env, CI: 'true'}
    for (const name of Object.keys(env)) if (name.startsWith('TRELLIS_')) delete env[name]
    return new Promise((resolve, reject) => {
        const child = spawn('bash', ['-c', `ulimit -f ${limitKb} && exec "$0" "$@"`, process.execPath, BIN, ...args], {cwd, env, stdio: ['ignore', 'ignore', 'pipe']})
        let stderr = ''
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
        child.on('error', reject)
        child.on('close', code => resolve({code, stderr}))
    })
}
