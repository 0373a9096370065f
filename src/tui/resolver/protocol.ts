// What the wizard and its resolver say to each other. The resolver runs the
// engine (in a worker thread, so keys never wait for it); the wizard keeps only
// what it draws. Everything here is plain data that crosses a thread boundary.
import type {Analysis, ConflictItem, ExplanationLine, InputValue, TrellisError} from '../../engine/index.js'
import type {Choices, Counts, ElementTable} from '../state/session.js'

/** A verified search running off the render path: what would flip an element, or what would repair a failed resolution. */
export interface Lookup {
    readonly kind: 'what-if' | 'repairs'
    /** The element asked about (what-if). */
    readonly target?: string
    /** The choices it was asked for: a result for other choices is stale. */
    readonly choices: Choices
}

/** A verified change of choices, shown numbered; its number applies it. */
export interface Suggestion {
    readonly text: string
    readonly choices: Choices
}

/** A failed resolution's error, as the wizard shows it. */
export interface ErrorData {
    readonly code: TrellisError['code']
    /** No variant exists ('resolution'), or the choices themselves are wrong ('input': an unknown input, a missing value). */
    readonly errorClass: TrellisError['errorClass']
    readonly message: string
}

/** A resolution of some choices, without its model (which stays with the resolver). */
export type ResolutionData = (
    | {
          readonly ok: true
          readonly present: number
          readonly pruned: number
          /** 1 for each element kept, 0 for each pruned, by sequence number. */
          readonly presence: Uint8Array
          /** The pruning mode in effect. */
          readonly mode: string
          /** "removes 5 nodes, 3 relations": the write screen's summary. */
          readonly removed: string
      }
    | {readonly ok: false; readonly error: ErrorData; readonly conflict: readonly ConflictItem[]}
) & {
    /** The request it answers: a result for an older request is stale. */
    readonly id: number
    readonly choices: Choices
    /** Input values and their sources; known even when no variant exists (empty when the inputs themselves are wrong). */
    readonly inputs: readonly InputValue[]
}

/** Presence of a candidate's resolution, for a preview. */
export type CountData = Counts

export type Request =
    | {readonly type: 'resolve'; readonly id: number; readonly choices: Choices}
    /** The explanation of one element in a resolution. */
    | {readonly type: 'explain'; readonly id: number; readonly resolution: number; readonly element: string}
    /** A few words each on why these elements (by sequence number) are pruned, or chosen by the optimizer. */
    | {readonly type: 'reasons'; readonly id: number; readonly resolution: number; readonly seqs: readonly number[]}
    | {readonly type: 'count'; readonly id: number; readonly choices: Choices}
    | {readonly type: 'lookup'; readonly id: number; readonly lookup: Lookup}
    | {readonly type: 'cancel'; readonly id: number}
    /** Dead and core elements, for a template of `elements` elements (a large one is not analyzed). */
    | {readonly type: 'analyze'; readonly id: number; readonly elements: number}
    | {readonly type: 'write'; readonly id: number; readonly choices: Choices; readonly output: string; readonly report: string}

export type Response =
    /** `rows` comes with the first resolution of a template (it is the same for every later one). */
    | {readonly type: 'resolved'; readonly resolution: ResolutionData; readonly rows?: ElementTable; readonly template: number}
    /** Which inputs some element's verdict reads, once every element of the resolution was explained. */
    | {readonly type: 'decisive'; readonly resolution: number; readonly inputs: readonly string[]}
    /** `lines` is undefined when the resolution is no longer kept (a newer one replaced it). */
    | {readonly type: 'explained'; readonly id: number; readonly resolution: number; readonly element: string; readonly lines?: readonly ExplanationLine[]}
    | {readonly type: 'reasons'; readonly id: number; readonly resolution: number; readonly reasons?: readonly (readonly [number, string])[]}
    | {readonly type: 'counted'; readonly id: number; readonly counts: CountData}
    | {readonly type: 'progress'; readonly id: number; readonly tried: number; readonly total: number}
    | {readonly type: 'found'; readonly id: number; readonly items: readonly Suggestion[]; readonly note: string}
    | {readonly type: 'analyzed'; readonly id: number; readonly analysis?: Analysis}
    | {readonly type: 'written'; readonly id: number; readonly files: readonly string[]}
    | {readonly type: 'failed'; readonly id: number; readonly message: string}
    /** Files the template read so far (beside it: rules, conditions, lib/), for the watcher. */
    | {readonly type: 'reads'; readonly files: readonly string[]}
    /** The template as changed on disk could not be read by the resolver. */
    | {readonly type: 'reload-failed'; readonly message: string}
