// What the wizard and its resolver say to each other. The resolver runs the
// engine (in a worker thread, so keys never wait for it); the wizard keeps only
// what it draws. Everything here is plain data that crosses a thread boundary,
// and the few plain functions both sides read it with (choices as a request, the
// table of rows, which changed files the template reads).
import path from 'node:path'
import type {
    Analysis,
    ConflictItem,
    Diagnostic,
    Element,
    ExplanationLine,
    InputAssignment,
    InputValue,
    ResolveRequest,
    TrellisError,
    VariabilityDefinition,
} from '../../engine/index.js'
import type {ShownFailure} from '../../app/conflict-text.js'

/**
 * What the wizard's thread knows of the template, sent by the resolver once it read it: plain data to
 * draw from. The template itself (its data, source positions, elements) stays with the resolver.
 */
export interface TemplateOutline {
    /** Absolute path of the template. */
    readonly file: string
    /** Absolute path of what the user named: the template, or the CSAR folder or archive it is in (profiles name it; outputs go beside an archive). */
    readonly origin: string
    /** Its `tosca_definitions_version`. */
    readonly version: string
    /**
     * The variability inputs and presets, and the expressions their values may name (enough to show
     * the inputs' values at once after a key); no source positions.
     */
    readonly definition: VariabilityDefinition
    /** Values worth offering per input (see inputChoices). */
    readonly choices: ReadonlyMap<string, readonly unknown[]>
    /** What reading it warned of: technology plugins it has that were not run. */
    readonly warnings: readonly string[]
}

/** The request the command line made (presets, --set, a profile): plugins are code, loaded where the resolver runs. */
export type BaseRequest = Omit<ResolveRequest, 'plugins'>

/** Why the template could not be read, as data that crosses a thread boundary (see failure.ts). */
export type LoadFailure =
    /** The template's mistakes: the first, then those found beside it. */
    | {readonly kind: 'template'; readonly errorClass: TrellisError['errorClass']; readonly diagnostics: readonly Diagnostic[]}
    /** A file operation that failed (ENOENT, EACCES, …), with what describes it. */
    | {readonly kind: 'system'; readonly message: string; readonly code: string; readonly syscall: string; readonly path?: string}
    | {readonly kind: 'other'; readonly message: string}

/**
 * For tests: the resolvers started first (`resolvers` of them) fail when they do the work of a
 * request of type `on`, by an exception or by running out of memory, as a bug in the engine would.
 */
export interface Fault {
    readonly on: Request['type']
    readonly by: 'exception' | 'out-of-memory'
    readonly resolvers: number
}

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
type ErrorData = ShownFailure

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
    /** What resolving warned of, one line each (`warning: t.yaml:3:9: …`). */
    readonly warnings: readonly string[]
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
    | {readonly type: 'write'; readonly id: number; readonly choices: Choices; readonly output: string; readonly report: string; readonly csar?: string}

export type Response =
    /** The template as read (again, after an edit): what the wizard draws from. */
    | {readonly type: 'loaded'; readonly outline: TemplateOutline}
    /** The template cannot be read at all (before the wizard opens). */
    | {readonly type: 'load-failed'; readonly failure: LoadFailure}
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
    | {readonly type: 'written'; readonly id: number; readonly files: readonly string[]; readonly notes: readonly string[]}
    | {readonly type: 'failed'; readonly id: number; readonly message: string}
    /** Files the template read so far (beside it: rules, conditions, lib/), for the watcher. */
    | {readonly type: 'reads'; readonly files: readonly string[]}
    /** The template as changed on disk could not be read by the resolver. */
    | {readonly type: 'reload-failed'; readonly message: string}
    /** The resolver stopped (an exception, out of memory) and was started again with the latest choices. */
    | {readonly type: 'restarted'; readonly message: string}
    /** The resolver stopped again, or could not be started again: nothing more is answered. */
    | {readonly type: 'stopped'; readonly message: string}

/** The wizard's choices: presets in order, values set, and values of the command line removed. */
export interface Choices {
    readonly presets: readonly string[]
    /** Values set in the wizard, by input name. */
    readonly values: Readonly<Record<string, unknown>>
    /**
     * Inputs whose values from the command line (a profile, an inputs file, --set, the environment)
     * are dropped, so that a preset's value or the template's default applies again (or the input needs
     * a value). None of them is in `values`: setting a value takes the input out of this list.
     */
    readonly removed?: readonly string[]
}

/** The request resolving the choices makes: the command line's, less the values removed, then the choices. */
export function requestOf(choices: Choices, base: ResolveRequest = {}): ResolveRequest {
    const removed = new Set(choices.removed)
    const kept = (base.assignments ?? []).filter(a => !removed.has(a.name))
    const set: InputAssignment[] = Object.entries(choices.values).map(([name, value]) => ({name, value, source: {kind: 'wizard'}}))
    return {...base, presets: [...choices.presets], assignments: [...kept, ...set]}
}

/** The choices with the input set to `value` (a value of the command line removed before is overridden, no longer removed). */
export function withValue(choices: Choices, name: string, value: unknown): Choices {
    const removed = choices.removed?.filter(n => n !== name)
    return {presets: choices.presets, values: {...choices.values, [name]: value}, ...(removed?.length ? {removed} : {})}
}

/** The choices without a value given for the input: the wizard's dropped, the command line's removed. */
export function withoutValue(choices: Choices, name: string, base: ResolveRequest | undefined): Choices {
    const values = Object.fromEntries(Object.entries(choices.values).filter(([n]) => n !== name))
    const given = base?.assignments?.some(a => a.name === name) === true
    const removed = [...(choices.removed ?? []).filter(n => n !== name), ...(given ? [name] : [])]
    return {presets: choices.presets, values, ...(removed.length ? {removed} : {})}
}

/** The command line's assignment each removed input had (the last one given), by input name. */
export function removedAssignments(choices: Choices, base: ResolveRequest | undefined): ReadonlyMap<string, InputAssignment> {
    const removed = new Set(choices.removed)
    return new Map((base?.assignments ?? []).filter(a => removed.has(a.name)).map(a => [a.name, a]))
}

/** Whether a value was given (by a profile, an inputs file, --set, the environment, the wizard), not taken from a preset or the template: only such a value can be removed. */
export function isGiven(source: InputValue['source']): boolean {
    return GIVEN.has(source.kind)
}

const GIVEN: ReadonlySet<InputValue['source']['kind']> = new Set(['profile', 'file', 'set', 'env', 'wizard'])

/** The values given for inputs, by name: what a profile saved from these choices keeps (never a preset's value or a default). */
export function givenValues(inputs: readonly InputValue[]): Record<string, unknown> {
    return Object.fromEntries(inputs.filter(i => isGiven(i.source)).map(i => [i.name, i.value]))
}

/** The name that sends an output to standard output, as in `trellis resolve -o -`. */
export const STANDARD_OUTPUT = '-'

/** What a preview needs of a resolution: which elements it keeps (1) and prunes (0), by sequence number; no explanations. */
export type Counts =
    | {readonly ok: true; readonly present: number; readonly pruned: number; readonly presence: Uint8Array}
    /** `missing`: resolving stopped at an input without a value, before any condition was weighed. */
    | {readonly ok: false; readonly missing: boolean}

/** An element as the topology lists it, the same in every resolution of one template (rows are kept by sequence number). */
export interface ElementRow {
    readonly seq: number
    readonly id: string
    readonly display: string
    readonly kind: Element['kind']
    readonly name: string
    readonly depth: number
    /** What the row says: the full display at the top level, below it the element's own name (its container is the row above). */
    readonly label: string
}

/** The rows column by column: arrays of strings and numbers cross a thread boundary far faster than as many small objects. */
export interface ElementTable {
    readonly seq: Int32Array
    readonly depth: Int32Array
    readonly id: readonly string[]
    readonly display: readonly string[]
    readonly kind: readonly Element['kind'][]
    readonly name: readonly string[]
    readonly label: readonly string[]
}

export function elementTable(rows: readonly ElementRow[]): ElementTable {
    return {
        seq: Int32Array.from(rows, r => r.seq),
        depth: Int32Array.from(rows, r => r.depth),
        id: rows.map(r => r.id),
        display: rows.map(r => r.display),
        kind: rows.map(r => r.kind),
        name: rows.map(r => r.name),
        label: rows.map(r => r.label),
    }
}

export function tableRows(table: ElementTable): ElementRow[] {
    return table.id.map((id, i) => ({
        seq: table.seq[i]!,
        id,
        display: table.display[i]!,
        kind: table.kind[i]!,
        name: table.name[i]!,
        depth: table.depth[i]!,
        label: table.label[i]!,
    }))
}

/** Whether a change of `file` (absolute) is an edit of what the template reads (the `reads` message; a folder ends with a separator): the template itself, a file it read, or a file below a folder it read. */
export function readsFile(template: string, reads: Iterable<string>, file: string): boolean {
    if (file === template) return true
    for (const read of reads) if (read === file || (read.endsWith(path.sep) && file.startsWith(read))) return true
    return false
}
