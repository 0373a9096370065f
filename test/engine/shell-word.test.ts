// A word of a command Trellis prints to paste (the report's "Reproduce with", the repairs, explain's
// next step) is the same word to the shell: bash reads it back exactly, whatever a template's names
// and values hold, and the printed text holds no control character a terminal would act on.
import {spawnSync} from 'node:child_process'
import {describe, expect, it} from 'vitest'
import {shellWord} from '../../src/engine/index.js'
import {commandLine} from '../../src/engine/report/command.js'
import {PAYLOAD, rawControls} from '../helpers/hostile.js'

const NO_BASH = spawnSync('bash', ['--version']).status !== 0

const WORDS = [
    'plain-word_1.2:x@y%z+a=b,c/d',
    '',
    'two words',
    "it's",
    '$(touch x) `id` ;|&<>*?[a] ~ #',
    '\\ back\\slash',
    'line\nbreak\ttab\rreturn',
    PAYLOAD,
    // C1 controls and the soft hyphen: below U+0100 but beyond ASCII, so `\x85` would be one raw byte
    'next\u0085line\u00adsoft\u009bcsi',
    'tag\u{e0041}\u{e007f} and \u202e override',
    "$'quoted' \\x41",
    '-starts-with-a-dash',
]

describe('a word of a command to paste', () => {
    /** The words bash reads from a command line (printf's arguments). */
    const read = (command: string) => {
        const r = spawnSync('bash', ['-c', command], {encoding: 'utf8', env: {...process.env, LC_ALL: 'C.UTF-8'}})
        expect(r.stderr).toBe('')
        return r.stdout.split('\0').slice(0, -1)
    }

    it.skipIf(NO_BASH)("is read back by bash as the very text, alone and in the report's command", () => {
        expect(read(`printf '%s\\0' ${WORDS.map(shellWord).join(' ')}`)).toEqual(WORDS)
        expect(read(commandLine(['printf', '%s\\0', ...WORDS]))).toEqual(WORDS)
    })

    it('shows no control character, and leaves a safe word as it is', () => {
        for (const word of WORDS) expect(rawControls(shellWord(word)), JSON.stringify(word)).toEqual([])
        expect(shellWord(WORDS[0]!)).toBe(WORDS[0])
        expect(shellWord('next\u0085line')).toBe("$'next\\u0085line'")
        expect(shellWord('tag\u{e0041}')).toBe("$'tag\\U000e0041'")
    })
})

describe.skipIf(NO_BASH)("the report's command, run by bash", () => {
    /** The environment variables a command line hands its command (printenv's output), of those named. */
    const handed = (command: string, names: readonly string[], env: Record<string, string> = {}) => {
        const r = spawnSync('bash', ['-c', command], {encoding: 'utf8', env: {...process.env, ...env}})
        expect(r.stderr).toBe('')
        return Object.fromEntries(names.flatMap(name => (r.stdout.includes(`${name}=`) ? [[name, new RegExp(`^${name}=(.*)$`, 'm').exec(r.stdout)![1]]] : [])))
    }

    it('sets a variable named after an input whose name a shell cannot assign (log-level), and unsets those asked', () => {
        const names = ['TRELLIS_INPUT_log-level', 'TRELLIS_INPUT_zone', 'TRELLIS_INPUT_region']
        expect(handed(commandLine(['printenv'], {'TRELLIS_INPUT_log-level': 'debug', TRELLIS_INPUT_zone: 'a b'}), names)).toEqual({
            'TRELLIS_INPUT_log-level': 'debug',
            TRELLIS_INPUT_zone: 'a b',
        })
        expect(handed(commandLine(['printenv'], {TRELLIS_INPUT_zone: 'b'}, ['TRELLIS_INPUT_region']), names, {TRELLIS_INPUT_region: 'us'})).toEqual({TRELLIS_INPUT_zone: 'b'})
        // a name a shell takes reads as typed
        expect(commandLine(['trellis'], {TRELLIS_INPUT_zone: 'a b'})).toBe("TRELLIS_INPUT_zone='a b' trellis")
    })
})
