// YAML with source positions, read fast. The fast reader (js-yaml) builds the data
// and the source map finds positions in the text when a line or column is first
// read; anything the fast reader declines or fails on is read by the exact reader,
// which also gives every syntax and duplicate-key message.
import {parseExact} from './exact.js'
import {readFast} from './fast.js'
import {Locator} from './locator.js'
import {SourceMap} from './source-map.js'

export {SourceMap} from './source-map.js'

export interface ParsedYaml {
    readonly data: unknown
    readonly sourceMap: SourceMap
}

export function parseYaml(text: string, file: string): ParsedYaml {
    const fast = readFast(text)
    if (fast === undefined) return parseExact(text, file)
    return {data: fast.data, sourceMap: new SourceMap(file, new Locator(text, fast.data))}
}
