// Mutated CSAR archives (fast-check): bytes flipped, cut, repeated or spliced into a real CSAR of
// the bundled samples. Whatever the bytes, reading and resolving one ends in a result or one typed
// error (never an internal error nor a hang), nothing is unpacked outside the folder made for it,
// and that folder goes once the archive is let go; an archive that still reads gives the template
// the untouched one gives, or a refusal (a changed byte never changes an answer silently).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import {zipSync} from 'fflate'
import {afterAll, describe, expect, it} from 'vitest'
import {isTrellisError} from '../../src/engine/errors.js'
import {loadTemplate, releaseArchives} from '../../src/engine/load/index.js'
import {outputOf, resolveTemplate} from '../../src/engine/resolve/index.js'
import {stringifyTemplate} from '../../src/engine/transform/index.js'
import {iterations} from '../helpers/deep.js'
import {tempDir} from '../helpers/temp.js'

const RUNS = iterations(60, 1500, 'ARCHIVE_FUZZ_RUNS')
const SAMPLE = path.resolve(__dirname, '../../sample-templates/technology-rules')

/** Every file of the sample's folder, as a CSAR archive holds them (stored: a flipped byte lands in the text itself). */
function sampleEntries(): Record<string, Uint8Array> {
    const entries: Record<string, Uint8Array> = {}
    const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
            const full = path.join(dir, entry.name)
            if (entry.isDirectory()) walk(full)
            else entries[path.relative(SAMPLE, full).split(path.sep).join('/')] = fs.readFileSync(full)
        }
    }
    walk(SAMPLE)
    return entries
}

const STORED = Buffer.from(zipSync(sampleEntries(), {level: 0}))
const DEFLATED = Buffer.from(zipSync(sampleEntries(), {level: 6}))

/** One change to an archive's bytes. */
const mutation = fc.oneof(
    fc.record({kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({min: 0, max: 7})}),
    fc.record({kind: fc.constant('cut' as const), at: fc.nat()}),
    fc.record({kind: fc.constant('repeat' as const), at: fc.nat(), length: fc.integer({min: 1, max: 200})}),
    fc.record({kind: fc.constant('byte' as const), at: fc.nat(), value: fc.integer({min: 0, max: 255})}),
)

function mutated(bytes: Buffer, changes: readonly {kind: string; at: number; bit?: number; length?: number; value?: number}[]): Buffer {
    let out = Buffer.from(bytes)
    for (const change of changes) {
        const at = change.at % out.length
        if (change.kind === 'flip') out[at] = out[at]! ^ (1 << change.bit!)
        else if (change.kind === 'byte') out[at] = change.value!
        else if (change.kind === 'cut') out = out.subarray(0, at)
        else out = Buffer.concat([out.subarray(0, at), out.subarray(at, at + change.length!), out.subarray(at)])
        if (out.length === 0) break
    }
    return out
}

/** What reading and resolving an archive gives: the resolved text, or the refusal's message. */
async function outcome(file: string): Promise<{resolved: string} | {refused: string}> {
    try {
        const template = await loadTemplate(file)
        return {resolved: stringifyTemplate(outputOf(resolveTemplate(template, {presets: ['vms']})))}
    } catch (e) {
        if (!isTrellisError(e)) throw e
        return {refused: e.message}
    }
}

const unpacked = () => fs.readdirSync(os.tmpdir()).filter(name => name.startsWith(`trellis-csar-${process.pid}-`))
afterAll(() => {
    releaseArchives()
    expect(unpacked()).toEqual([])
})

describe('a mutated CSAR archive', () => {
    it(`read and resolved ${RUNS} times: a result or one typed error, the same answer or a refusal, nothing left behind`, async () => {
        const dir = tempDir('trellis-archive-fuzz-')
        const file = path.join(dir, 'sample.csar')
        fs.writeFileSync(file, STORED)
        const expected = await outcome(file)
        expect(expected).toHaveProperty('resolved')
        const outside = () => fs.readdirSync(dir).sort()
        await fc.assert(
            fc.asyncProperty(fc.boolean(), fc.array(mutation, {minLength: 1, maxLength: 3}), async (stored, changes) => {
                fs.writeFileSync(file, mutated(stored ? STORED : DEFLATED, changes))
                const result = await outcome(file)
                // a changed archive that still reads is the same CSAR: the same answer (a change in a
                // field no reader uses, such as a date), or it is refused
                if ('resolved' in result) expect(result).toEqual(expected)
                else expect(result.refused).not.toMatch(/internal|stack|undefined|\[object /i)
                expect(outside()).toEqual(['sample.csar'])
                releaseArchives()
                expect(unpacked()).toEqual([])
            }),
            {numRuns: RUNS, seed: 20_261_206},
        )
    })
})
