// The fast path: the block reader (block.ts) for the plain block YAML most
// templates are, else js-yaml; both build the plain data (no positions, a few
// times faster than `yaml`) with the core schema as `yaml` reads it
// (../core-schema.ts). They read only what the screen (screen.ts) lets through and
// give up on any error or warning: the exact reader (../exact.ts) then speaks.
import {load} from 'js-yaml'
import {readBlock} from './block.js'
import {collectionKeyInFlowMap} from './flow-keys.js'
import {CORE_READ} from '../core-schema.js'
import type {RecordedPositions} from '../positions/recorded.js'
import {screen} from './screen.js'

class Declined extends Error {}

/** An explicit key (`? `), or a flow collection followed by a colon: maybe a key that is a map or a list (a false alarm costs only speed). */
const COLLECTION_KEY = /(?:^|[\s,[{])\?(?:\s|$)|[\]}]\s*:(?:\s|$)/m

/**
 * The data of `text`, or undefined when the fast reader declines it (screened out, or any error or
 * warning); `block`: the block reader read it, writing positions down in `record` when given.
 */
export function readFast(text: string, record?: RecordedPositions): {data: unknown; block: boolean} | undefined {
    if (screen(text) !== undefined) return undefined
    const block = readBlock(text, record)
    if (block) return {data: block.data, block: true}
    // js-yaml names a key that is a map or a list as String() does ("x,y"), not as the exact reader does (key-text.ts)
    if (COLLECTION_KEY.test(text) || collectionKeyInFlowMap(text)) return undefined
    try {
        const data = load(text, {
            schema: CORE_READ,
            onWarning: () => {
                throw new Declined()
            },
        })
        return {data: data === undefined ? null : data, block: false}
    } catch {
        return undefined
    }
}
