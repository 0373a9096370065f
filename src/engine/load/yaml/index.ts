// YAML with source positions, read fast. The fast reader (js-yaml) builds the data
// and the source map finds positions in the text when a line or column is first
// read; anything the fast reader declines or fails on is read by the exact reader,
// which also gives every syntax and duplicate-key message. A caller that will ask
// for nearly every position has the block reader write them down as it reads.
import {parseExact} from './exact.js'
import {readFast} from './fast/index.js'
import {checkExactSize} from '../limits.js'
import {Locator} from './positions/locator.js'
import {RecordedPositions} from './positions/recorded.js'
import {SourceMap} from './positions/source-map.js'

export {SourceMap} from './positions/source-map.js'
export {CORE, plainScalar} from './core-schema.js'
export {checkNesting, MAX_YAML_NESTING} from './nesting.js'

export interface ParsedYaml {
    readonly data: unknown
    readonly sourceMap: SourceMap
}

export interface ReadOptions {
    /**
     * Nearly every position will be asked for (every element explained): the block reader writes
     * them all down as it reads, instead of each being found in the text when first asked for.
     */
    readonly allPositions?: boolean
}

export function parseYaml(text: string, file: string, options: ReadOptions = {}): ParsedYaml {
    const record = options.allPositions ? new RecordedPositions(text) : undefined
    const fast = readFast(text, record)
    if (fast === undefined) {
        checkExactSize(text, file)
        return parseExact(text, file)
    }
    return {data: fast.data, sourceMap: new SourceMap(file, record && fast.block ? record : new Locator(text, fast.data))}
}
