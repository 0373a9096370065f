// A CSAR archive is untrusted: what it may hold is bounded, counted as it is read (a zip bomb
// declares small sizes), and a refused archive leaves no folder behind.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {strToU8, zipSync} from 'fflate'
import {afterAll, describe, expect, it} from 'vitest'
import {unpackArchive} from '../../src/engine/load/archive.js'
import {tempDir} from '../helpers/temp.js'

const unpacked = () => fs.readdirSync(os.tmpdir()).filter(name => name.startsWith('trellis-csar-'))
const before = unpacked()
afterAll(() => expect(unpacked()).toEqual(before))

function archive(entries: Record<string, Uint8Array>): string {
    const file = path.join(tempDir('trellis-archive-'), 'a.zip')
    fs.writeFileSync(file, zipSync(entries))
    return file
}

describe('an untrusted archive', () => {
    it('with more entries than allowed is refused', () => {
        const file = archive(Object.fromEntries(Array.from({length: 11}, (_, i) => [`f${i}.txt`, strToU8('x')])))
        expect(() => unpackArchive(file, 'a.zip', {bytes: 1 << 20, entries: 10, unpacked: 1 << 20})).toThrow('"a.zip" is not a CSAR Trellis reads: it holds more than 10 entries')
    })

    it('that inflates beyond the limit is refused while inflating, whatever it declares', () => {
        // 4 MiB of zeros compress to a few KiB
        const file = archive({'bomb.bin': new Uint8Array(4 << 20)})
        expect(fs.statSync(file).size).toBeLessThan(64 * 1024)
        expect(() => unpackArchive(file, 'a.zip', {bytes: 1 << 20, entries: 10, unpacked: 1 << 20})).toThrow(
            /^"a\.zip" is not a CSAR Trellis reads: it unpacks to more than 1 MiB$/,
        )
    })

    it('larger than allowed is not read', () => {
        const file = archive({'big.bin': crypto.getRandomValues(new Uint8Array(64 * 1024))})
        expect(() => unpackArchive(file, 'a.zip', {bytes: 1024, entries: 10, unpacked: 1 << 20})).toThrow(/"a\.zip" is 0\.\d\d MiB; archives of up to 0\.00 MiB are read/)
    })

    it('opened, removes what a process that is gone left unpacked (a signal ends Node without its exit handlers)', () => {
        const gone = spawnSync(process.execPath, ['-e', '']).pid!
        const orphan = path.join(os.tmpdir(), `trellis-csar-${gone}-test`)
        fs.mkdirSync(orphan)
        const file = archive({'../out.yaml': strToU8('x')})
        expect(() => unpackArchive(file, 'a.zip')).toThrow('would land outside')
        expect(fs.existsSync(orphan)).toBe(false)
    })
})
