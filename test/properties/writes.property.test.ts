// The atomic writer on a file system that misbehaves as real ones do (fast-check): a write takes
// fewer bytes than it is given, the disk fills up after some bytes, the file size limit is reached.
// Whatever happens, every output is complete or not changed at all: the run succeeds and each file
// holds all of its new text, or it fails with the system's error and each file holds what it held
// before (or is still absent), a replaced file keeps its mode, and no temporary file is left.
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {writeFilesAtomic} from '../../src/app/io.js'
import {tempDir, removeTempDirs} from '../cli/helpers.js'

afterAll(removeTempDirs)

const dirs: string[] = []
// each run of the writer listens for signals until a timer after it, and the runs here follow each
// other with no turn of the event loop in between: more listeners at once than Node's warning level
const listeners = process.getMaxListeners()
beforeAll(() => void process.setMaxListeners(0))
afterAll(() => {
    process.setMaxListeners(listeners)
    for (const dir of dirs) fs.rmSync(dir, {recursive: true, force: true})
})

/** An output of one run: its text in pieces, and what was there before (nothing, or a file with a mode). */
const output = fc.record({
    pieces: fc.array(fc.oneof(fc.string({maxLength: 40}), fc.constant('é✔'.repeat(3000)), fc.constant('x'.repeat(70_000))), {maxLength: 6}),
    whole: fc.boolean(),
    previous: fc.option(fc.record({text: fc.string({maxLength: 20}), mode: fc.constantFrom(0o600, 0o640, 0o644, 0o755, 0o400)}), {nil: undefined}),
})

/** How the file system behaves: the most one write takes, and how many bytes fit before a write fails (and with what). */
const disk = fc.record({
    mostPerWrite: fc.integer({min: 1, max: 100_000}),
    room: fc.option(fc.integer({min: 0, max: 300_000}), {nil: undefined}),
    failure: fc.constantFrom('ENOSPC', 'EFBIG', 'EDQUOT'),
})

describe('writing outputs on a file system that takes part of a write or fills up', () => {
    it('leaves each output complete, or every output as it was with the error thrown; modes kept, no temporary file', async () => {
        const write = fs.writeSync.bind(fs)
        await fc.assert(
            fc.asyncProperty(fc.array(output, {minLength: 1, maxLength: 3}), disk, async (outputs, behaviour) => {
                const dir = tempDir('trellis-writes-')
                dirs.push(dir)
                const files = outputs.map((o, i) => ({file: path.join(dir, `out-${i}.yaml`), content: o.whole ? o.pieces.join('') : o.pieces, expected: o.pieces.join('')}))
                outputs.forEach((o, i) => {
                    if (!o.previous) return
                    fs.writeFileSync(files[i]!.file, o.previous.text)
                    fs.chmodSync(files[i]!.file, o.previous.mode)
                })
                let room = behaviour.room ?? Infinity
                // only the writes of this test's files: a short one as often as the disk allows, then the failure
                const spy = vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buffer: Buffer, offset: number, length: number) => {
                    const n = Math.min(length, behaviour.mostPerWrite, room)
                    if (n === 0 && length > 0) throw Object.assign(new Error(`${behaviour.failure}: write`), {code: behaviour.failure, syscall: 'write', errno: -28})
                    room -= n
                    return write(fd, buffer, offset, n)
                }) as typeof fs.writeSync)
                let error: unknown
                try {
                    await writeFilesAtomic(files)
                } catch (e) {
                    error = e
                } finally {
                    spy.mockRestore()
                }
                const needed = files.reduce((sum, f) => sum + Buffer.byteLength(f.expected), 0)
                if (needed <= (behaviour.room ?? Infinity)) expect(error).toBeUndefined()
                if (error === undefined) {
                    outputs.forEach((o, i) => {
                        expect(fs.readFileSync(files[i]!.file, 'utf8')).toBe(files[i]!.expected)
                        if (o.previous) expect(fs.statSync(files[i]!.file).mode & 0o777).toBe(o.previous.mode)
                    })
                } else {
                    // the system's error, naming the file asked for
                    expect((error as NodeJS.ErrnoException).code).toBe(behaviour.failure)
                    expect(files.map(f => f.file)).toContain((error as NodeJS.ErrnoException).path)
                    outputs.forEach((o, i) => {
                        if (o.previous) {
                            expect(fs.readFileSync(files[i]!.file, 'utf8')).toBe(o.previous.text)
                            expect(fs.statSync(files[i]!.file).mode & 0o777).toBe(o.previous.mode)
                        } else expect(fs.existsSync(files[i]!.file)).toBe(false)
                    })
                }
                expect(fs.readdirSync(dir).filter(n => n.includes('.trellis-tmp-'))).toEqual([])
            }),
            {numRuns: 150},
        )
    })
})
