// Reading YAML with source positions: this file is the folder's only door (nothing outside
// src/engine/load/yaml/ imports any other file of it; test/engine/import-graph.test.ts checks).
//
// One reference, one fallback: the exact reader (exact.ts, `yaml`'s parseDocument) decides what a
// text means, and gives every syntax and duplicate-key message. The fast path (fast/) stands in
// for it only where the two agree: the screen (fast/screen.ts) sends every text with a corner
// where they part ways to the exact reader, the block reader (fast/block.ts) reads the plain block
// YAML templates are written in and leaves the rest to js-yaml, and any error or warning of
// js-yaml sends the text to the exact reader too. test/engine/yaml-readers.test.ts holds them to
// the same data and positions on every conformance and sample file and on random texts.
//
// Where things were written (positions/): a SourceMap answers every question about positions
// through one interface, PositionSource (positions/source-map.ts), from one of three sources:
// - the exact reader's: a Positions object per map and sequence, kept as it builds the data
//   (positions/collections.ts), because it read the text anyway;
// - the locator's (positions/locator.ts), for the fast path's data: nothing is found until a line or
//   column is read (resolving a valid template never reads one), then each collection is found by
//   following its path through the text; where its scan meets text it does not read, it reads the
//   positions of the whole text at once (positions/whole-text.ts);
// - the recorded table's (positions/recorded.ts): when nearly every position will be asked for
//   (every element explained), the block reader writes them all down as it reads, for less than
//   the locator would spend finding them one by one.
import {checkExactSize} from '../limits.js'
import {TrellisError} from '../../errors.js'
import {documentData, parseExact, readDocument} from './exact.js'
import {readFast} from './fast/index.js'
import {checkNesting} from './nesting.js'
import {Locator} from './positions/locator.js'
import {RecordedPositions} from './positions/recorded.js'
import {SourceMap} from './positions/source-map.js'

export {SourceMap} from './positions/source-map.js'
export {CORE, plainScalar} from './core-schema.js'
export {checkNesting, MAX_YAML_NESTING} from './nesting.js'
export {floatLiteralKeys, floatLiteralsRead, floatText, isFloatLiteral, noteFloatLiteral} from './float-literals.js'

export interface ParsedYaml {
    readonly data: unknown
    readonly sourceMap: SourceMap
    /** Read by the fast reader, whose positions are found in the text when asked for: the same data read again needs only the text. */
    readonly fast?: boolean
}

export interface ReadOptions {
    /**
     * Nearly every position will be asked for (every element explained): the block reader writes
     * them all down as it reads, instead of each being found in the text when first asked for.
     */
    readonly allPositions?: boolean
}

/**
 * The data of a YAML text and where each of its maps, sequences, keys and items was written; `file`
 * names it in messages. No reader sees a text nested deeper than it can read without running out of
 * stack (nesting.ts), nor one larger than it can read within memory (../limits.ts).
 */
export function readYaml(text: string, file: string, options: ReadOptions = {}): ParsedYaml {
    checkNesting(text, file)
    const record = options.allPositions ? new RecordedPositions(text) : undefined
    const fast = readFast(text, record)
    if (fast === undefined) {
        checkExactSize(text, file)
        return parseExact(text, file)
    }
    return {data: fast.data, sourceMap: new SourceMap(file, record && fast.block ? record : new Locator(text, fast.data)), fast: true}
}

/**
 * A value given on the command line (`--set name=VALUE`), read as a template's value is (exact.ts), and
 * refused, as a template's would be, when it would not come out as written (kept-values.ts).
 * Throws the message of the first mistake (a syntax error, a refused value) as an Error.
 */
export function readValueText(text: string): unknown {
    const {doc, positions, sourceMap} = readDocument(text, 'the value', true)
    const error = doc.errors[0]
    if (error) {
        const {line, col} = positions.linePos(error.pos[0])
        throw new ValueTextError(`the value is not valid YAML: ${error.message} at line ${line}, column ${col}`)
    }
    try {
        return documentData(doc, positions, sourceMap)
    } catch (e) {
        if (!(e instanceof TrellisError)) throw e
        throw new ValueTextError([e.message, ...e.help].join('; '))
    }
}

/** A value given on the command line that is refused (readValueText). */
export class ValueTextError extends Error {}

/** What the fast reader read from `text` before (`data`, kept), with positions found in the text when asked for. */
export function parsedFromData(text: string, file: string, data: unknown): ParsedYaml {
    return {data, sourceMap: new SourceMap(file, new Locator(text, data)), fast: true}
}
