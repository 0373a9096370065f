// How large a YAML file may be, so that reading it finishes instead of running out of memory. The
// fast readers need about 9 bytes of memory per byte of text (a 100 MB template of block YAML reads
// in 0.9 GB); the exact reader (`yaml`'s documents, for anchors and aliases, tags, flow collections
// over several lines such as pretty-printed JSON, …) about 60 (a 50 MB template with one anchor took
// 3 GB, and 100 MB ran Node's heap out). So a file may have MAX_YAML_MB megabytes, and a text the
// exact reader must read an eighth of that. TRELLIS_MAX_YAML_MB (read by the shells) moves both.
import {TrellisError} from '../errors.js'

export const MB = 1024 * 1024
export const DEFAULT_MAX_YAML_MB = 256
/** The share of the limit a text that needs the exact reader may have. */
const EXACT_SHARE = 8

// a setting of the process (each thread's copy: the wizard hands its own to its resolver's worker), which
// the shells set on purpose from TRELLIS_MAX_YAML_MB before reading anything
let maxYamlMB = DEFAULT_MAX_YAML_MB

/** Sets the largest YAML file read, in megabytes (a positive number). */
export function setMaxYamlSize(megabytes: number): void {
    if (!(megabytes > 0) || !Number.isFinite(megabytes)) throw new TrellisError('invalid-option', `the largest YAML file must be a positive number of megabytes, got ${megabytes}`)
    maxYamlMB = megabytes
}

export function maxYamlBytes(): number {
    return maxYamlMB * MB
}

/** A size as megabytes (in bytes below the 0.005 MB that would show as 0 MB). */
const megabytes = (n: number) => (n < MB / 200 ? `${Math.round(n)} bytes` : `${(n / MB).toFixed(n < 10 * MB ? 2 : 1).replace(/\.?0+$/, '')} MB`)
const RAISE = 'TRELLIS_MAX_YAML_MB raises the limit, given the memory'

/** Why a file of `size` bytes is not read. */
export function tooLargeFile(file: string, size: number): string {
    return `"${file}" has ${megabytes(size)}, more than the ${megabytes(maxYamlBytes())} a YAML file may have (${RAISE})`
}

/** Refuses a text the exact reader could not finish within memory. */
export function checkExactSize(text: string, file: string): void {
    const max = maxYamlBytes() / EXACT_SHARE
    if (text.length <= max) return
    throw new TrellisError(
        'too-large',
        `"${file}" has ${megabytes(text.length)} of YAML that needs the exact reader (anchors and aliases, tags, flow collections over several lines, …), which reads at most ${megabytes(max)} (${RAISE}; block style without anchors reads up to ${megabytes(maxYamlBytes())})`,
        {file, line: 1, column: 1},
    )
}
