// The wizard's whole state and how it changes: one reducer, so every key acts
// on the latest state however fast keys arrive, and every change is a plain
// function a test can call. Work that touches the world (resolving, searching,
// writing files, profiles) is not done here: the reducer asks for it with an
// effect, or the hooks derive it from the state.
import type {ExplanationLine} from '../../engine/index.js'
import type {Profile} from '../../profiles/types.js'
import type {Choices, ElementRow, Lookup, ResolutionData, Suggestion} from '../resolver/protocol.js'

export type {Lookup, Suggestion}

/** A resolution as the wizard holds it: what the resolver sent, and the rows of its template's elements. */
export type Outcome = ResolutionData & {readonly rows: readonly ElementRow[]}

/** Which elements the topology lists. */
export type Filter = 'all' | 'present' | 'pruned'
export const FILTERS: readonly Filter[] = ['all', 'present', 'pruned']

export type Screen = 'main' | 'presets' | 'profiles' | 'write' | 'help' | 'conflict'
type Pane = 'inputs' | 'topology' | 'why'

/** Editing one input: a list of candidate values (previewed as the cursor moves), or free text. */
export interface Editor {
    readonly name: string
    readonly choices: readonly unknown[]
    /** The entry that removes the value given for the input, saying what applies then; none when no value was given. */
    readonly removal?: string
    /** Index into the entries: the choices, then the removal (when offered), then "type a value". */
    readonly cursor: number
    readonly typing: boolean
    readonly text: string
    readonly error?: string
}

/** What the entry under the editor's cursor does: set a value offered, remove the value given, or type one. */
export type EditorEntry = {readonly kind: 'value'; readonly value: unknown} | {readonly kind: 'remove'} | {readonly kind: 'type'}

export function editorEntry(editor: Editor): EditorEntry {
    if (editor.cursor < editor.choices.length) return {kind: 'value', value: editor.choices[editor.cursor]}
    return editor.removal !== undefined && editor.cursor === editor.choices.length ? {kind: 'remove'} : {kind: 'type'}
}

/** How many entries the editor's list has: the choices, the removal when offered, "type a value". */
export function editorEntries(editor: Editor): number {
    return editor.choices.length + (editor.removal === undefined ? 0 : 1) + 1
}

/** Whether the editor has a list to go back to from typing (else typing is all it does). */
export function hasList(editor: Editor): boolean {
    return editorEntries(editor) > 1
}

export type Effect =
    {readonly kind: 'write'} | {readonly kind: 'save-profile'; readonly name: string; readonly force: boolean} | {readonly kind: 'load-profiles'} | {readonly kind: 'exit'}

export interface WriteState {
    readonly output: string
    readonly report: string
    /** Where a deployable CSAR goes (empty: none), offered when the template is read from a CSAR (a folder or an archive). */
    readonly csar?: string
    /** The path being edited. */
    readonly field?: WriteField
    readonly confirming: boolean
    /** After a write: offering to keep these choices as a profile (the name is typed in profiles.naming). */
    readonly offering: boolean
}

/** The paths the write screen edits, in the order tab visits them. */
export type WriteField = 'output' | 'report' | 'csar'

export interface ProfilesState {
    readonly list: readonly Profile[]
    readonly cursor: number
    readonly naming?: {readonly text: string; readonly confirming: boolean}
}

export interface WizardState {
    readonly screen: Screen
    readonly quitting: boolean
    readonly pane: Pane
    /** The why pane on the whole screen, its lines wrapped instead of cut (z). */
    readonly whyFull?: boolean
    /** The first row of the help shown. */
    readonly helpOffset?: number
    /** The conflict screen's first line shown (it clamps it). */
    readonly conflictOffset?: number
    readonly choices: Choices
    /** Choices changed since the last write. */
    readonly dirty: boolean
    readonly outcome?: Outcome
    /** The inputs some element's verdict reads, worked out after a resolution lands (for "decides nothing"). */
    readonly decisive?: {readonly choices: Choices; readonly inputs: ReadonlySet<string>}
    readonly inputCursor: number
    readonly editor?: Editor
    readonly topologyCursor: number
    readonly filter: Filter
    /** The topology search; `typing` while the user types it after `/`. */
    readonly search?: {readonly text: string; readonly typing: boolean}
    /** Elements followed in the why pane, the last one shown; the line cursor moves among its lines. */
    readonly why: {readonly stack: readonly string[]; readonly cursor: number}
    /** Explanations the resolver sent, the latest last, by `resolution:element`: coming back to an element shows it at once. */
    readonly explained?: ReadonlyMap<string, readonly ExplanationLine[]>
    readonly presetCursor: number
    readonly profiles: ProfilesState
    readonly write: WriteState
    readonly lookup?: Lookup
    /** The result of the last lookup, kept while its choices are current. */
    readonly suggestions?: {readonly lookup: Lookup; readonly items: readonly Suggestion[]; readonly note: string}
    readonly message?: string
    readonly effects: readonly Effect[]
    /** The resolver stopped for good (see client.ts): the header says so instead of waiting. */
    readonly stopped?: boolean
    /** The template changed on disk: what it resolved to before, to say what the edit changed once it resolves again. */
    readonly reloaded?: {readonly before: Outcome | undefined; readonly dropped: readonly string[]}
}

/** `opening`: the screen the walk starts on (the presets, when the template has some and none were given). */
export function initialState(choices: Choices, output: string, report: string, opening: Screen = 'main', message?: string, csar?: string): WizardState {
    return {
        screen: opening,
        quitting: false,
        pane: 'inputs',
        choices,
        dirty: false,
        inputCursor: 0,
        topologyCursor: 0,
        filter: 'all',
        why: {stack: [], cursor: 0},
        presetCursor: 0,
        profiles: {list: [], cursor: 0},
        write: {output, report, ...(csar === undefined ? {} : {csar}), confirming: false, offering: false},
        effects: [],
        ...(message ? {message} : {}),
    }
}

/** New choices: the resolution, suggestions and previews of the old ones are stale. */
export function choose(state: WizardState, choices: Choices, message?: string): WizardState {
    return {...state, choices, dirty: true, suggestions: undefined, lookup: undefined, message}
}

export function withEffect(state: WizardState, effect: Effect): WizardState {
    return {...state, effects: [...state.effects, effect]}
}

export const clamp = (value: number, length: number): number => Math.max(0, Math.min(value, length - 1))
