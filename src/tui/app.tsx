// The wizard: presets → inputs → topology → why → write, over one resolution
// that follows every change. The reducer owns the state; the resolver (a
// worker thread) reads the template, resolves, explains, searches and writes,
// so keys never wait for the engine; this thread holds only what it draws (the
// template's outline, the element rows, the latest resolution's presence); hooks
// carry requests to the resolver and answers back; screens only draw.
import {outputStem} from '../app/output-names.js'
import fs from 'node:fs'
import path from 'node:path'
import {Box, useApp, useInput, type Key} from 'ink'
import {useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type Dispatch, type RefObject} from 'react'
import type {ExplanationLine} from '../engine/index.js'
import {ProfileStore} from '../profiles/store.js'
import {ConflictScreen} from './components/conflict-screen.js'
import {Header} from './components/header.js'
import {Help} from './components/help.js'
import {keyLine} from './components/key-bar.js'
import {MainScreen, type MainScreenProps, shownRows} from './components/main-screen.js'
import {PresetsScreen} from './components/presets-screen.js'
import {ProfilesScreen} from './components/profiles-screen.js'
import {WriteScreen} from './components/write-screen.js'
import {nothingToWrite} from './state/keys/write.js'
import {paint} from './components/paint.js'
import {shortPath, Text, wrapText} from './components/text.js'
import {useAnalysis} from './hooks/use-analysis.js'
import {useEffects} from './hooks/use-effects.js'
import {useExplanation} from './hooks/use-explanation.js'
import {useLookup} from './hooks/use-lookup.js'
import {usePreview} from './hooks/use-preview.js'
import {useReasons} from './hooks/use-reasons.js'
import {useResolution, type ResolutionEvents} from './hooks/use-resolution.js'
import {useOutline, useResolver} from './hooks/use-resolver.js'
import {type Size, useTerminalSize} from './hooks/use-terminal-size.js'
import {FIXED_ROWS, messageRows} from './layout.js'
import type {Resolver, ResolverThread} from './resolver/client.js'
import type {BaseRequest, TemplateOutline} from './resolver/protocol.js'
import {Spinner} from './components/spinner.js'
import {keyPresses} from './state/key-presses.js'
import {togglePreset, type KeyContext} from './state/keys/index.js'
import {inputRules} from './input-rules.js'
import {missingInputs} from './state/missing.js'
import {type Action, reducer} from './state/reduce.js'
import {explainedElement, inputsView, whyView} from './state/selectors.js'
import {keptChoices} from './state/reload.js'
import {withoutValue, withValue, type Choices} from './resolver/protocol.js'
import {editorEntry, initialState, type Lookup, type Suggestion, type WizardState} from './state/wizard.js'

export interface AppProps {
    /** The template file: the resolver reads it (this thread never does). */
    readonly file: string
    /** A resolver opened on `file` already (the command line opens it, to report a template it cannot read); by default the wizard opens one. */
    readonly resolver?: Resolver
    /** What the command line asked for (presets, --set, a profile), before the wizard's own choices. */
    readonly base?: BaseRequest
    readonly initialPresets?: readonly string[]
    /** Where the resolved template goes by default: beside the template. */
    readonly output?: string
    /** The profile store; opened on first use when not given (tests pass one in a temporary folder). */
    readonly store?: ProfileStore | (() => ProfileStore)
    /** The screen to open on; by default the presets when the template has some and none were given, else the dashboard. */
    readonly opening?: 'main' | 'presets'
    /** Counts the edits of the template on disk (see live.tsx): each has the resolver read it again. */
    readonly edits?: number
    /** Where the resolver runs; by default a worker thread, when one can start. */
    readonly thread?: ResolverThread
    /** Files the template read beside itself (rules, conditions, lib/): edits of these are edits of the template. */
    readonly onRead?: (files: readonly string[]) => void
    /** Files the wizard wrote: never edits of the template. */
    readonly onWritten?: (files: readonly string[]) => void
    /** The first message shown: what the command line warned of before the wizard opened. */
    readonly notice?: string
}

export function App(props: AppProps) {
    const resolver = useResolver(props.file, props.base, {presets: props.initialPresets ?? [], values: {}}, props.resolver, props.thread)
    const loaded = useOutline(resolver)
    useEffect(() => {
        if (props.edits) resolver.reload()
    }, [resolver, props.edits])
    const {exit} = useApp()
    // keys are heard from the first frame on: those typed before the wizard can take them (while the
    // template is read) wait for it, so none is lost
    const keys = useRef<KeySink>({queued: []})
    useInput((input, key) => {
        if (keys.current.take) return keys.current.take(input, key)
        if (key.ctrl && input === 'c') return exit(new Interrupted())
        keys.current.queued.push([input, key])
    })
    if (loaded.outline) return <Wizard {...props} resolver={resolver} outline={loaded.outline} keys={keys} />
    // only a wizard that opened its resolver itself waits here: the command line opens it once the template is read
    return <Text wrap="wrap">{loaded.failed ? `trellis: ${loaded.failed}` : <Spinner label={`reading ${path.basename(props.file)}…`} />}</Text>
}

/** Where keys go: the wizard once it is drawn, else a queue it takes them from. */
interface KeySink {
    take?: (input: string, key: Key) => void
    readonly queued: [string, Key][]
}

interface WizardProps extends AppProps {
    readonly resolver: Resolver
    readonly outline: TemplateOutline
    readonly keys: RefObject<KeySink>
}

function Wizard({outline, resolver, keys, onRead, onWritten, ...props}: WizardProps) {
    const size = useTerminalSize()
    const {ctx, state, dispatch} = useWizardState(outline, props, size)
    const {busy, progress, preview, analysis} = useResolverWork(resolver, outline, ctx, state, dispatch, {store: props.store, onRead, onWritten})
    useKeys(keys, dispatch)
    // the message lines: as many as the text needs, wrapped, so an error is read in full
    const messageLines = [...(state.quitting ? ['Your choices are not written. Quit anyway? y / n'] : []), ...(state.message ? wrapText(state.message, size.columns) : [])]
    const message = messageRows(size, messageLines.length)
    const reasonOf = useReasons(resolver, state.outcome, shownRows(state, size, message))

    // below this the panes cannot be drawn whole: say so instead of drawing a broken frame
    if (size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows)
        return (
            <Text wrap="wrap">
                The terminal is {size.columns}×{size.rows}; the wizard needs at least {MIN_SIZE.columns}×{MIN_SIZE.rows}. Enlarge it (the wizard redraws), or press ctrl-c and use{' '}
                trellis {path.basename(outline.file)} --prompt.
            </Text>
        )
    const rows = inputsView(ctx, state)
    const missing = missingInputs(rows)
    return (
        <Box flexDirection="column" width={size.columns} height={size.rows}>
            <Header
                file={path.basename(outline.file)}
                version={outline.version}
                mode={state.outcome?.ok ? state.outcome.mode : undefined}
                outcome={state.outcome}
                missing={missing}
                busy={busy}
                stopped={state.stopped}
            />
            <Box flexDirection="column" height={size.rows - FIXED_ROWS - message} overflowY="hidden">
                <Screen state={state} ctx={ctx} size={size} message={message} preview={preview} progress={progress} analysis={analysis} reasonOf={reasonOf} />
            </Box>
            <Box flexDirection="column" height={message}>
                {messageLines.length === 0 ? <Text> </Text> : null}
                {messageLines.slice(0, message).map((line, i) => (
                    <Text key={i} color={state.quitting && i === 0 ? paint('yellow') : undefined} wrap="truncate">
                        {i === message - 1 && messageLines.length > message ? `${line.slice(0, -1)}…` : line}
                    </Text>
                ))}
            </Box>
            <Text dimColor wrap="truncate">
                {keyLine(state, missing.length, size.columns, rows[state.inputCursor]?.given === true)}
            </Text>
        </Box>
    )
}

/** What the key handlers read (the template's definition, the page size) and the reducer's state over them; the walk starts where the props say. */
function useWizardState(outline: TemplateOutline, {base, initialPresets = [], output, opening, notice}: AppProps, size: Size) {
    const {definition, choices} = outline
    const stem = outputStem(outline)
    // the paths as the user reads and edits them: relative to the current folder when below it
    const target = output ?? shortPath(`${stem}.resolved.yaml`)
    const page = Math.max(1, size.rows - 12)
    const ctx: KeyContext = useMemo(
        () => ({base, definition, choicesFor: name => choices.get(name) ?? [], exists: file => fs.existsSync(file), page, rules: inputRules}),
        [base, definition, choices, page],
    )
    const [state, dispatch] = useReducer(reducer(ctx), undefined, () =>
        initialState(
            {presets: initialPresets, values: {}},
            target,
            `${target.replace(/(\.resolved)?\.ya?ml$/, '')}.report.md`,
            // the walk starts with the presets when there are some to choose and none were given
            opening ?? (definition.presets.size > 0 && initialPresets.length === 0 ? 'presets' : 'main'),
            notice,
            // a template read from a CSAR is offered one back, deployable
            outline.origin !== outline.file ? shortPath(`${stem}.resolved.csar`) : undefined,
        ),
    )
    return {ctx, state, dispatch}
}

/**
 * What the resolver does for the wizard, each answer dispatched: resolving the choices, repairs and
 * what-if searches, explanations, previews, writing and profiles, the analysis, and reading the
 * template again after an edit (the choices it still has are kept).
 */
function useResolverWork(
    resolver: Resolver,
    outline: TemplateOutline,
    ctx: KeyContext,
    state: WizardState,
    dispatch: Dispatch<Action>,
    {store, onRead, onWritten}: Pick<AppProps, 'store' | 'onRead' | 'onWritten'>,
) {
    const opened = useRef<ProfileStore | undefined>(undefined)
    const openStore = useCallback(() => {
        if (typeof store === 'object') return store
        return (opened.current ??= store ? store() : new ProfileStore())
    }, [store])
    const events: ResolutionEvents = useMemo(
        () => ({outcome: outcome => dispatch({type: 'outcome', outcome}), decisive: (choices, inputs) => dispatch({type: 'decisive', choices, inputs})}),
        [dispatch],
    )
    const busy = useResolution(resolver, outline, state.choices, events)
    const found = useCallback((lookup: Lookup, items: Suggestion[], note: string) => dispatch({type: 'suggestions', lookup, items, note}), [dispatch])
    const progress = useLookup(resolver, state.lookup, found)
    const explained = useCallback((resolution: number, element: string, lines: readonly ExplanationLine[]) => dispatch({type: 'explained', resolution, element, lines}), [dispatch])
    useExplanation(resolver, state.outcome, explainedElement(state), whyView(state).length > 0, explained)
    const preview = usePreview(resolver, state.outcome?.choices === state.choices ? state.outcome : undefined, candidate(state, ctx))
    useEffects(resolver, outline.origin, openStore, ctx, state, dispatch, onWritten ?? ignore)
    const analysis = useAnalysis(resolver, outline, state.outcome?.ok ? state.outcome.rows.length : undefined)
    useEffect(
        () =>
            resolver.listen(response => {
                if (response.type === 'reads') onRead?.(response.files)
                if (response.type === 'reload-failed') dispatch({type: 'reload-failed', message: response.message})
                if (response.type === 'restarted' || response.type === 'stopped') dispatch({type: response.type, message: response.message})
            }),
        [resolver, onRead, dispatch],
    )
    // a template read again (see live.tsx) keeps the choices it still has; the next outcome says what changed
    const shown = useRef(outline)
    useEffect(() => {
        if (shown.current === outline) return
        shown.current = outline
        dispatch({type: 'reloaded', ...keptChoices(state.choices, outline.definition)})
    }, [outline, state.choices, dispatch])
    return {busy, progress, preview, analysis}
}

/** Keys go to the reducer from the commit that first draws the wizard on, those typed before it first; ctrl-c leaves at once. */
function useKeys(keys: RefObject<KeySink>, dispatch: Dispatch<Action>): void {
    const {exit} = useApp()
    const take = useCallback(
        (input: string, key: Key) => {
            for (const press of keyPresses(input, key)) {
                // ctrl-c leaves at once, as in any terminal program, even among keys typed ahead; the command exits 130 (see runWizard)
                if (press.key.ctrl && press.input === 'c') return exit(new Interrupted())
                dispatch({type: 'key', ...press})
            }
        },
        [exit, dispatch],
    )
    // taken in the commit that first draws the wizard, before any key can come
    useLayoutEffect(() => {
        const sink = keys.current
        sink.take = take
        for (const [input, key] of sink.queued.splice(0)) take(input, key)
        return () => {
            sink.take = undefined
        }
    }, [keys, take])
}

const ignore = () => {}

/** The smallest terminal the wizard draws in. */
const MIN_SIZE = {columns: 60, rows: 16} as const

/** Every screen gets what the main screen gets. */
type ScreenProps = MainScreenProps

function Screen({state, ctx, size, message, preview, progress, analysis, reasonOf}: ScreenProps) {
    const height = size.rows - FIXED_ROWS - message
    switch (state.screen) {
        case 'help':
            return <Help height={height} width={size.columns} offset={state.helpOffset ?? 0} />
        case 'presets':
            return <PresetsScreen presets={[...ctx.definition.presets.values()]} chosen={state.choices.presets} cursor={state.presetCursor} preview={preview} height={height} />
        case 'profiles':
            return <ProfilesScreen profiles={state.profiles} height={height} />
        case 'write':
            return (
                <WriteScreen
                    summary={state.outcome?.ok ? state.outcome.removed : nothingToWrite(state, ctx)!}
                    write={state.write}
                    exists={ctx.exists}
                    naming={state.profiles.naming}
                    width={size.columns}
                />
            )
        case 'conflict':
            return (
                <ConflictScreen
                    outcome={state.outcome}
                    missing={missingInputs(inputsView(ctx, state))}
                    suggestions={state.suggestions}
                    progress={progress}
                    width={size.columns}
                    height={height}
                    offset={state.conflictOffset ?? 0}
                />
            )
        case 'main':
            return <MainScreen state={state} ctx={ctx} size={size} message={message} preview={preview} progress={progress} analysis={analysis} reasonOf={reasonOf} />
    }
}

/** The change the focused value or preset would make, to preview before it is committed. */
function candidate(state: WizardState, ctx: KeyContext): Choices | undefined {
    const {choices} = state
    const set = (name: string, value: unknown): Choices => withValue(choices, name, value)
    if (state.screen === 'presets') {
        const name = [...ctx.definition.presets.keys()][state.presetCursor]
        return name ? {...choices, presets: togglePreset(choices.presets, name)} : undefined
    }
    if (state.screen !== 'main' || state.pane !== 'inputs') return undefined
    const editor = state.editor
    if (editor) {
        if (!editor.typing) {
            const entry = editorEntry(editor)
            return entry.kind === 'value' ? set(editor.name, entry.value) : entry.kind === 'remove' ? withoutValue(choices, editor.name, ctx.base) : undefined
        }
        const typed = ctx.rules.typed(ctx.definition.inputs.get(editor.name)?.type, editor.text)
        return typed.ok ? set(editor.name, typed.value) : undefined
    }
    const row = inputsView(ctx, state)[state.inputCursor]
    return row?.type === 'boolean' && row.value !== undefined ? set(row.name, row.value !== true) : undefined
}

/** Ctrl-C in the wizard: nothing more is written, and the command says it was interrupted. */
export class Interrupted extends Error {
    constructor() {
        super('interrupted')
        this.name = 'Interrupted'
    }
}
