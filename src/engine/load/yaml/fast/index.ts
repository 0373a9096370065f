// The fast path: the block reader (block.ts) for the plain block YAML most
// templates are, else js-yaml; both build the plain data (no positions, a few
// times faster than `yaml`) with the core schema as `yaml` reads it
// (../core-schema.ts). They read only what the screen (screen.ts) lets through and
// give up on any error or warning: the exact reader (../exact.ts) then speaks.
import {load} from 'js-yaml'
import {readBlock} from './block.js'
import {CORE} from '../core-schema.js'
import type {RecordedPositions} from '../positions/recorded.js'
import {screen} from './screen.js'

class Declined extends Error {}

/**
 * The data of `text`, or undefined when the fast reader declines it (screened out, or any error or
 * warning); `block`: the block reader read it, writing positions down in `record` when given.
 */
export function readFast(text: string, record?: RecordedPositions): {data: unknown; block: boolean} | undefined {
    if (screen(text) !== undefined) return undefined
    const block = readBlock(text, record)
    if (block) return {data: block.data, block: true}
    try {
        const data = load(text, {
            schema: CORE,
            onWarning: () => {
                throw new Declined()
            },
        })
        return {data: data === undefined ? null : data, block: false}
    } catch {
        return undefined
    }
}
