// Packages that cost time to load and most runs never need, loaded the first time something does.
// `yaml` takes 40 ms, and resolving a template written in plain block YAML never needs it (the fast
// reader reads it, js-yaml writes the result): it is loaded for the exact reader, a position looked
// up in the text, a value given on the command line, data js-yaml cannot write as it is. `fflate`
// builds its Huffman tables when loaded (4–5 ms): only a CSAR archive written needs it; `yauzl` (with
// zlib and streams) only an archive read.
import {createRequire} from 'node:module'
import type * as Yaml from 'yaml'
import type * as Fflate from 'fflate'
import type * as Yauzl from 'yauzl'
import type * as Crc32 from 'buffer-crc32'

let yaml: typeof Yaml | undefined
let fflate: typeof Fflate | undefined
let yauzl: typeof Yauzl | undefined
let crc32: typeof Crc32 | undefined

export function yamlPackage(): typeof Yaml {
    return (yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml)
}

export function fflatePackage(): typeof Fflate {
    return (fflate ??= createRequire(import.meta.url)('fflate') as typeof Fflate)
}

export function yauzlPackage(): typeof Yauzl {
    return (yauzl ??= createRequire(import.meta.url)('yauzl') as typeof Yauzl)
}

export function crc32Package(): typeof Crc32 {
    return (crc32 ??= createRequire(import.meta.url)('buffer-crc32') as typeof Crc32)
}
