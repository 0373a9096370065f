// Packages that cost time to load and most runs never need, loaded the first time something does.
// `yaml` takes 40 ms, and resolving a template written in plain block YAML never needs it (the fast
// reader reads it, js-yaml writes the result): it is loaded for the exact reader, a position looked
// up in the text, a value given on the command line, data js-yaml cannot write as it is. `fflate`
// builds its Huffman tables when loaded (4–5 ms): only a CSAR archive read or written needs it.
import {createRequire} from 'node:module'
import type * as Yaml from 'yaml'
import type * as Fflate from 'fflate'

let yaml: typeof Yaml | undefined
let fflate: typeof Fflate | undefined

export function yamlPackage(): typeof Yaml {
    return (yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml)
}

export function fflatePackage(): typeof Fflate {
    return (fflate ??= createRequire(import.meta.url)('fflate') as typeof Fflate)
}
