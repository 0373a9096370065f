// The `yaml` package takes 40 ms to load, and resolving a template written in plain block YAML
// never needs it (the fast reader reads it, js-yaml writes the result): it is loaded the first time
// something does (the exact reader, a position looked up in the text, a value given on the command
// line, data written that js-yaml cannot write as it is).
import {createRequire} from 'node:module'
import type * as Yaml from 'yaml'

let loaded: typeof Yaml | undefined

export function yamlPackage(): typeof Yaml {
    return (loaded ??= createRequire(import.meta.url)('yaml') as typeof Yaml)
}
