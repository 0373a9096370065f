// A CSAR archive is untrusted: it is read through its central directory as every zip tool reads it
// (nothing hidden in the comment or between entries is taken), every entry's CRC-32 and size are
// checked, what it may hold is bounded before and while inflating, names are judged by one rule,
// and a refused archive leaves no folder behind.
import {spawn, spawnSync} from 'node:child_process'
import {once} from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {strToU8, zipSync} from 'fflate'
import {pathToFileURL} from 'node:url'
import {afterAll, describe, expect, it, vi} from 'vitest'
import {releaseArchives, unpackArchive} from '../../src/engine/load/archive.js'
import {tempDir} from '../helpers/temp.js'

const unpacked = () => fs.readdirSync(os.tmpdir()).filter(name => name.startsWith('trellis-csar-'))
const before = unpacked()
afterAll(() => {
    releaseArchives()
    expect(unpacked()).toEqual(before)
})

const SMALL = {bytes: 1 << 20, entries: 10, unpacked: 1 << 20}

function archive(entries: Record<string, Uint8Array> | Uint8Array, options: {level?: 0 | 6} = {}): string {
    const file = path.join(tempDir('trellis-archive-'), 'a.zip')
    fs.writeFileSync(file, entries instanceof Uint8Array ? entries : zipSync(entries, {level: options.level ?? 6}))
    return file
}

/** The offset of the end of central directory record (an archive without a comment). */
const eocd = (bytes: Buffer) => bytes.length - 22
/** The offset of the central directory's first header. */
const centralDirectory = (bytes: Buffer) => bytes.readUInt32LE(eocd(bytes) + 16)

const refusal = (file: string, limits = SMALL) =>
    unpackArchive(file, 'a.zip', limits).then(
        () => '',
        (e: Error) => e.message,
    )

describe('an untrusted archive', () => {
    it('with more entries than allowed is refused', async () => {
        const file = archive(Object.fromEntries(Array.from({length: 11}, (_, i) => [`f${i}.txt`, strToU8('x')])))
        expect(await refusal(file)).toBe('"a.zip" is not a CSAR Trellis reads: it holds more than 10 entries')
    })

    it('that declares more than the limit is refused before anything inflates', async () => {
        // 4 MiB of zeros compress to a few KiB
        const file = archive({'bomb.bin': new Uint8Array(4 << 20)})
        expect(fs.statSync(file).size).toBeLessThan(64 * 1024)
        expect(await refusal(file)).toBe('"a.zip" is not a CSAR Trellis reads: it unpacks to more than 1 MiB')
    })

    it('that lies about its sizes is refused while inflating, after no more than it declared', async () => {
        const bytes = Buffer.from(zipSync({'bomb.bin': new Uint8Array(4 << 20)}))
        // the central directory (and the local header) now say 100 bytes
        bytes.writeUInt32LE(100, centralDirectory(bytes) + 24)
        bytes.writeUInt32LE(100, 22)
        const message = await refusal(archive(bytes))
        expect(message).toMatch(/^"a\.zip" is not a CSAR Trellis reads: the entry "bomb\.bin" is damaged \(.*\)$/)
    })

    it('larger than allowed is not read', async () => {
        const file = archive({'big.bin': crypto.getRandomValues(new Uint8Array(64 * 1024))})
        expect(await refusal(file, {bytes: 1024, entries: 10, unpacked: 1 << 20})).toMatch(/"a\.zip" is 0\.\d\d MiB; archives of up to 0\.00 MiB are read/)
    })

    it('with a flipped bit in a stored entry is refused: its CRC-32 does not match', async () => {
        const bytes = Buffer.from(zipSync({'service.yaml': strToU8('tosca_definitions_version: tosca_variability_1_0\n')}, {level: 0}))
        const at = bytes.indexOf('variability')
        bytes[at] = bytes[at]! ^ 0x01
        expect(await refusal(archive(bytes))).toBe('"a.zip" is not a CSAR Trellis reads: the entry "service.yaml" is damaged: its CRC-32 does not match its content')
    })

    it('cut before its central directory is refused', async () => {
        const bytes = Buffer.from(zipSync({'service.yaml': strToU8('tosca_definitions_version: tosca_variability_1_0\n')}))
        expect(await refusal(archive(bytes.subarray(0, centralDirectory(bytes))))).toMatch(
            /^"a\.zip" is not a CSAR Trellis reads: it is not a zip archive, or a damaged or cut one/,
        )
    })

    it('reads only what its central directory lists: entries hidden in the comment or before the first are never unpacked', async () => {
        const hidden = Buffer.from(zipSync({'TOSCA-Metadata/TOSCA.meta': strToU8('Entry-Definitions: evil.yaml\n'), 'evil.yaml': strToU8('evil: true\n')}))
        const local = hidden.subarray(0, centralDirectory(hidden))
        const visible = Buffer.from(zipSync({'service.yaml': strToU8('tosca_definitions_version: tosca_variability_1_0\n')}))
        // in the comment: the record's comment length, then the hidden entries
        const commented = Buffer.concat([visible, local])
        commented.writeUInt16LE(local.length, eocd(visible) + 20)
        // before the first entry, the offsets the central directory gives shifted past them
        const prefixed = Buffer.concat([local, visible])
        const cd = local.length + centralDirectory(visible)
        prefixed.writeUInt32LE(prefixed.readUInt32LE(cd + 42) + local.length, cd + 42)
        prefixed.writeUInt32LE(cd, prefixed.length - 22 + 16)
        for (const bytes of [commented, prefixed]) {
            const dir = await unpackArchive(archive(bytes), 'a.zip')
            expect(fs.readdirSync(dir)).toEqual(['service.yaml'])
        }
    })

    it('with an encrypted entry is refused, naming it', async () => {
        // traditional encryption: 12 bytes of header before the data, the flag's bit 0 set, the size without them
        const bytes = Buffer.from(zipSync({'service.yaml': strToU8('123456789012x')}, {level: 0}))
        for (const header of [0, centralDirectory(bytes)]) {
            const flags = header === 0 ? 6 : 8
            bytes.writeUInt16LE(bytes.readUInt16LE(header + flags) | 1, header + flags)
            bytes.writeUInt32LE(1, header + (header === 0 ? 22 : 24))
        }
        expect(await refusal(archive(bytes))).toBe('"a.zip" is not a CSAR Trellis reads: the entry "service.yaml" is encrypted')
    })

    it.each([
        ['a name leading out', '../out.yaml', /the entry "\.\.\/out\.yaml" cannot be read: it would land outside the archive's folder$/],
        ['a backslash', 'lib\\types.yaml', /the entry "lib\\types\.yaml" cannot be read: its name holds a backslash/],
        // a name marked UTF-8 (fflate marks one that is not ASCII): in CP437 a byte 0x0a is a character, not a line break
        ['a line break', 'ä\nb.yaml', /cannot be read: its name holds a control character/],
        ['a name too long', `${'n'.repeat(300)}.yaml`, /cannot be read: a part of its name is longer than 255 bytes$/],
        ['2,000 folders deep', `${'d/'.repeat(2000)}f.yaml`, /cannot be read: it lies more than 64 folders deep$/],
    ])('with %s is refused by the one rule for names, and leaves nothing behind', async (_, name, message) => {
        expect(await refusal(archive({[name]: strToU8('x')}))).toMatch(message)
    })

    it('with a file and then a folder of the same name, or one name in two Unicode forms, is refused as a name there twice', async () => {
        const twice = /the entry "(a\/|cafe\u0301\.sh)" is there twice, or where a folder of the same name is$/
        expect(await refusal(archive({a: strToU8('x'), 'a/': new Uint8Array(0)}))).toMatch(twice)
        expect(await refusal(archive({'caf\u00e9.sh': strToU8('x'), 'cafe\u0301.sh': strToU8('y')}))).toMatch(twice)
    })

    it('unpacking, a signal removes what was unpacked and then ends the process as it would have', async () => {
        const file = path.join(tempDir('trellis-archive-'), 'zeros.zip')
        // 300 MB of zeros: a few hundred KB to read, seconds to inflate and write
        fs.writeFileSync(file, zipSync({'zeros.bin': new Uint8Array(300 << 20)}))
        const script = `
            const {unpackArchive} = await import(${JSON.stringify(pathToFileURL(path.resolve(__dirname, '../../dist/engine/load/archive.js')).href)})
            await unpackArchive(${JSON.stringify(file)})
            console.log('unpacked before the signal')`
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['ignore', 'pipe', 'pipe']})
        const mine = () => fs.readdirSync(os.tmpdir()).filter(name => name.startsWith(`trellis-csar-${child.pid}-`))
        await vi.waitFor(() => expect(mine()).toHaveLength(1), {timeout: 60_000, interval: 5})
        child.kill('SIGTERM')
        // (on a machine so fast that the unpacking was over first, the process ends as usual and removes it too)
        await once(child, 'exit')
        expect(mine()).toEqual([])
    })

    it("opened, leaves another user's folder of a process that is gone (theirs to remove)", async () => {
        if (process.getuid?.() !== 0) return
        const gone = spawnSync(process.execPath, ['-e', '']).pid!
        const theirs = path.join(os.tmpdir(), `trellis-csar-${gone}-t0-other`)
        fs.mkdirSync(theirs)
        fs.chownSync(theirs, 65534, 65534)
        try {
            await refusal(archive({'../out.yaml': strToU8('x')}))
            expect(fs.existsSync(theirs)).toBe(true)
        } finally {
            fs.rmSync(theirs, {recursive: true, force: true})
        }
    })

    it('of 3,000 entries is read in a loop (no stack to overflow)', async () => {
        const entries = {'service.yaml': strToU8('x'), ...Object.fromEntries(Array.from({length: 3000}, (_, i) => [`files/f${i}.txt`, strToU8(String(i))]))}
        const dir = await unpackArchive(archive(entries), 'a.zip')
        expect(fs.readdirSync(path.join(dir, 'files'))).toHaveLength(3000)
        expect(fs.readFileSync(path.join(dir, 'files/f2999.txt'), 'utf8')).toBe('2999')
    })

    it('read again with the same bytes gives the same folder; other bytes give a new one, and the old one goes', async () => {
        const file = archive({'service.yaml': strToU8('a')})
        const first = await unpackArchive(file, 'a.zip')
        expect(await unpackArchive(file, 'a.zip')).toBe(first)
        fs.writeFileSync(file, zipSync({'service.yaml': strToU8('b')}))
        const second = await unpackArchive(file, 'a.zip')
        expect(second).not.toBe(first)
        expect(fs.existsSync(first)).toBe(false)
        expect(fs.readFileSync(path.join(second, 'service.yaml'), 'utf8')).toBe('b')
    })

    it('opened, removes what a process that is gone left unpacked (a signal ends Node without its exit handlers)', async () => {
        const gone = spawnSync(process.execPath, ['-e', '']).pid!
        const orphan = path.join(os.tmpdir(), `trellis-csar-${gone}-t0-test`)
        fs.mkdirSync(orphan)
        await refusal(archive({'../out.yaml': strToU8('x')}))
        expect(fs.existsSync(orphan)).toBe(false)
    })
})
