import type {Because, Explanation, ExplanationLine} from '../src/engine/explain/index.js'
import type {Element} from '../src/engine/model/index.js'
import type {ResolvedModel} from '../src/engine/resolve/index.js'

export declare const CUT_DEPTHS: readonly number[]

export interface Audit {
    readonly elements: number
    /** Each miss as `element: what`, by promise. */
    readonly misses: {readonly revisits: string[]; readonly namesItself: string[]; readonly whyView: string[]; readonly codes: string[]; readonly cut: string[]}
    readonly longest: {readonly lines: number; readonly element: string}
    readonly mean: number
}

export declare function auditExplanations(
    model: ResolvedModel,
    engine: {
        explainElement(model: ResolvedModel, element: Element, options?: {depth?: number}): Explanation
        explanationLines(e: Explanation): ExplanationLine[]
        renderExplanation(e: Explanation): string
    },
): Audit
export declare function revisits(list: readonly Because[], path: readonly string[]): string[]
export declare function links(list: readonly Because[], out?: Because[]): Because[]
