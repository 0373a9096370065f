// The text of a YAML file. YAML files are UTF-8 (a UTF-8 byte order mark is
// dropped); UTF-16 with a byte order mark is read too. Anything else is named
// instead of being read with replacement characters: a template silently changed
// by decoding is a wrong resolution, not a convenience.
import {TrellisError} from '../errors.js'

const fatal = new TextDecoder('utf-8', {fatal: true})

export function decodeText(bytes: Uint8Array, file: string): string {
    const b = bytes
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return utf8(b.subarray(3), file, 3)
    if ((b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) || (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff))
        throw new TrellisError('invalid-template', 'the file is UTF-32 encoded: save it as UTF-8', {file, line: 1, column: 1})
    if (b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b.subarray(2))
    if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2))
    // UTF-16 or UTF-32 without a byte order mark shows as zero bytes beside ASCII ones
    if (b.length >= 2 && (b[0] === 0 || b[1] === 0))
        throw new TrellisError('invalid-template', 'the file is not UTF-8 (it looks like UTF-16 or UTF-32 without a byte order mark): save it as UTF-8', {file, line: 1, column: 1})
    return utf8(b, file, 0)
}

function utf8(bytes: Uint8Array, file: string, skipped: number): string {
    try {
        return fatal.decode(bytes)
    } catch {
        const at = firstInvalid(bytes)
        // line and column of the bad byte, counted in characters of the valid text before it
        const before = new TextDecoder('utf-8').decode(bytes.subarray(0, at))
        const lines = before.split('\n')
        const column = [...lines[lines.length - 1]!].length + 1
        const byte = bytes[at]!.toString(16).padStart(2, '0')
        throw new TrellisError('invalid-template', `the file is not valid UTF-8: byte 0x${byte} at offset ${at + skipped}`, {file, line: lines.length, column})
    }
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalid(b: Uint8Array): number {
    let i = 0
    while (i < b.length) {
        const c = b[i]!
        const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0
        if (n === 0 || i + n > b.length) return i
        for (let k = 1; k < n; k++) if ((b[i + k]! & 0xc0) !== 0x80) return i
        // overlong three-byte forms, UTF-16 surrogates, and code points above U+10FFFF
        if ((c === 0xe0 && b[i + 1]! < 0xa0) || (c === 0xed && b[i + 1]! > 0x9f) || (c === 0xf0 && b[i + 1]! < 0x90) || (c === 0xf4 && b[i + 1]! > 0x8f)) return i
        i += n
    }
    return b.length - 1
}
