// The wizard: presets → inputs → topology → why → write, over one resolution
// that follows every change. The reducer owns the state; hooks resolve,
// search and write off the render path; screens only draw.
import fs from 'node:fs'
import path from 'node:path'
import {Box, Text, useApp, useInput} from 'ink'
import {useCallback, useEffect, useMemo, useReducer, useRef} from 'react'
import {type Analysis, inputChoices, type LoadedTemplate, readDefinitionOf, type ResolveRequest} from '../engine/index.js'
import {ProfileStore} from '../profiles/store.js'
import {ConflictScreen} from './components/conflict-screen.js'
import {Header} from './components/header.js'
import {Help} from './components/help.js'
import {InputsPane, inputsWidth} from './components/inputs-pane.js'
import {PresetsScreen} from './components/presets-screen.js'
import {ProfilesScreen} from './components/profiles-screen.js'
import {TopologyPane} from './components/topology-pane.js'
import {WhyPane} from './components/why-pane.js'
import {WriteScreen} from './components/write-screen.js'
import {useEffects} from './hooks/use-effects.js'
import {useDecisive} from './hooks/use-decisive.js'
import {analysisMark, useAnalysis} from './hooks/use-analysis.js'
import {useLookup} from './hooks/use-lookup.js'
import {usePreview} from './hooks/use-preview.js'
import {useResolution} from './hooks/use-resolution.js'
import {useTerminalSize, type Size} from './hooks/use-terminal-size.js'
import {paint} from './components/paint.js'
import {layout} from './layout.js'
import {keyPresses} from './state/key-presses.js'
import {togglePreset, typedValue, type KeyContext} from './state/keys.js'
import {reducer} from './state/reduce.js'
import {explainedElement, inputsView, topologyView, whyView} from './state/selectors.js'
import {shortReason} from './state/reasons.js'
import {keptChoices} from './state/reload.js'
import {removedByKind, type Choices, type Outcome} from './state/session.js'
import {initialState, type Lookup, type Suggestion, type WizardState} from './state/wizard.js'

export interface AppProps {
    readonly template: LoadedTemplate
    readonly base?: ResolveRequest
    readonly initialPresets?: readonly string[]
    /** Where the resolved template goes by default: beside the template. */
    readonly output?: string
    /** The profile store; opened on first use when not given (tests pass one in a temporary folder). */
    readonly store?: ProfileStore | (() => ProfileStore)
    /** The screen to open on; by default the presets when the template has some and none were given, else the dashboard. */
    readonly opening?: 'main' | 'presets'
    /** Why the template as changed on disk could not be read (the wizard keeps the version it has). */
    readonly reloadError?: string
}

export function App({template, base, initialPresets = [], output, store, opening, reloadError}: AppProps) {
    const definition = useMemo(() => readDefinitionOf(template), [template])
    const choices = useMemo(() => inputChoices(template), [template])
    const stem = path.join(template.dir, path.basename(template.file).replace(/\.ya?ml$/, ''))
    const target = output ?? `${stem}.resolved.yaml`
    const size = useTerminalSize()
    const page = Math.max(1, size.rows - 12)
    const ctx: KeyContext = useMemo(
        () => ({template, base, definition, choicesFor: name => choices.get(name) ?? [], exists: file => fs.existsSync(file), page}),
        [template, base, definition, choices, page],
    )
    const [state, dispatch] = useReducer(reducer(ctx), undefined, () =>
        initialState(
            {presets: initialPresets, values: {}},
            target,
            `${target.replace(/(\.resolved)?\.ya?ml$/, '')}.report.md`,
            // the walk starts with the presets when there are some to choose and none were given
            opening ?? (definition.presets.size > 0 && initialPresets.length === 0 ? 'presets' : 'main'),
        ),
    )
    const opened = useRef<ProfileStore | undefined>(undefined)
    const openStore = useCallback(() => {
        if (typeof store === 'object') return store
        return (opened.current ??= store ? store() : new ProfileStore())
    }, [store])

    const land = useCallback((outcome: Outcome) => dispatch({type: 'outcome', outcome}), [])
    const busy = useResolution(template, base, state.choices, land)
    const found = useCallback((lookup: Lookup, items: Suggestion[], note: string) => dispatch({type: 'suggestions', lookup, items, note}), [])
    const progress = useLookup(template, base, state.lookup, found)
    const decided = useCallback((resolved: Choices, inputs: ReadonlySet<string>) => dispatch({type: 'decisive', choices: resolved, inputs}), [])
    useDecisive(state.outcome, decided)
    const preview = usePreview(template, base, state.outcome?.choices === state.choices ? state.outcome : undefined, candidate(state, ctx))
    useEffects(template, base, openStore, state, dispatch)
    const analysis = useAnalysis(template, base, state.outcome?.ok ? state.outcome.model.graph.elements.length : undefined)
    // a template read again (see live.tsx) keeps the choices it still has; the next outcome says what changed
    const shown = useRef(template)
    useEffect(() => {
        if (shown.current === template) return
        shown.current = template
        dispatch({type: 'reloaded', ...keptChoices(state.choices, definition)})
    }, [template, definition, state.choices])
    useEffect(() => {
        if (reloadError) dispatch({type: 'reload-failed', message: reloadError})
    }, [reloadError])
    const {exit} = useApp()
    useInput((input, key) => {
        // ctrl-c leaves at once, as in any terminal program; the command exits 130 (see runWizard)
        if (key.ctrl && input === 'c') return exit(new Interrupted())
        for (const press of keyPresses(input, key)) dispatch({type: 'key', ...press})
    })

    const mode = state.outcome?.ok ? state.outcome.model.options.mode.value : undefined
    // below this the panes cannot be drawn whole: say so instead of drawing a broken frame
    if (size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows)
        return (
            <Text wrap="wrap">
                The terminal is {size.columns}×{size.rows}; the wizard needs at least {MIN_SIZE.columns}×{MIN_SIZE.rows}. Enlarge it (the wizard redraws), or press ctrl-c and use{' '}
                trellis {path.basename(template.file)} --prompt.
            </Text>
        )
    return (
        <Box flexDirection="column" width={size.columns}>
            <Header file={path.basename(template.file)} version={template.version} mode={mode} outcome={state.outcome} busy={busy} />
            <Screen state={state} ctx={ctx} size={size} preview={preview} progress={progress} analysis={analysis} />
            {state.quitting ? <Text color={paint('yellow')}>Your choices are not written. Quit anyway? y / n</Text> : null}
            <Text wrap="truncate">{state.message ?? ' '}</Text>
            <Text dimColor wrap="truncate">
                {FOOTER[state.screen]}
            </Text>
        </Box>
    )
}

/** The smallest terminal the wizard draws in. */
export const MIN_SIZE = {columns: 60, rows: 16} as const

const FOOTER: Readonly<Record<WizardState['screen'], string>> = {
    main: '? keys · q quit · ↑↓ move · tab pane · ⏎ edit/explain/follow · / search · f filter · w what-if · p presets · o s profiles · W write',
    presets: '? keys · ↑↓ move · space/⏎ choose · tab/esc on to the inputs · o profiles',
    profiles: '↑↓ move · ⏎ load · s save · esc back',
    write: '⏎ write · tab edit paths · esc back',
    help: 'esc back',
    conflict: '1–9 apply a repair · p presets · esc back',
}

interface ScreenProps {
    readonly state: WizardState
    readonly ctx: KeyContext
    readonly size: Size
    readonly preview?: string
    readonly progress?: ReturnType<typeof useLookup>
    readonly analysis?: Analysis
}

function Screen({state, ctx, size, preview, progress, analysis}: ScreenProps) {
    const height = size.rows - 3
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
                    summary={state.outcome?.ok ? removedByKind(state.outcome.model) : 'no variant exists: nothing to write'}
                    write={state.write}
                    exists={ctx.exists}
                    naming={state.profiles.naming}
                />
            )
        case 'conflict':
            return <ConflictScreen outcome={state.outcome} suggestions={state.suggestions} progress={progress} />
        case 'main':
            return <Main state={state} ctx={ctx} size={size} preview={preview} progress={progress} analysis={analysis} />
    }
}

function Main({state, ctx, size, preview, progress, analysis}: ScreenProps) {
    const panes = layout(size, state.pane)
    const rows = topologyView(state)
    const lines = whyView(state)
    const explained = explainedElement(state)
    const trail = state.why.stack.map(id => (state.outcome?.ok ? (state.outcome.model.graph.element(id)?.display ?? id) : id))
    const suggestions = state.suggestions && (state.suggestions.lookup.target === undefined || state.suggestions.lookup.target === explained) ? state.suggestions : undefined
    const inputRows = inputsView(ctx, state)
    // side by side, the inputs take what their rows need, between a third and 45% of the width (the topology needs room for reasons)
    const inputsColumns = Math.round(Math.min(size.columns * 0.45, Math.max(size.columns / 3, inputsWidth(inputRows))))
    const inputs = (
        <InputsPane
            rows={inputRows}
            presets={state.choices.presets}
            cursor={state.inputCursor}
            focused={state.pane === 'inputs'}
            editor={state.editor}
            preview={preview}
            height={panes.inputs}
            width={panes.stacked ? undefined : inputsColumns}
        />
    )
    const model = state.outcome?.ok ? state.outcome.model : undefined
    const topology = (
        <TopologyPane
            rows={rows}
            cursor={Math.min(state.topologyCursor, rows.length - 1)}
            focused={state.pane === 'topology'}
            filter={state.filter}
            search={state.search}
            height={panes.topology}
            reasonOf={row => [model ? shortReason(model, row) : '', analysisMark(analysis, row.element.id)?.short ?? ''].filter(Boolean).join(' ')}
        />
    )
    const why = (
        <WhyPane
            lines={lines}
            trail={trail}
            cursor={state.why.cursor}
            focused={state.pane === 'why'}
            height={panes.why}
            suggestions={suggestions}
            progress={state.lookup?.kind === 'what-if' ? progress : undefined}
            note={explained ? analysisMark(analysis, explained)?.note : undefined}
        />
    )
    // the whole explanation, wrapped: nothing of it is cut off
    if (state.whyFull)
        return (
            <WhyPane
                lines={lines}
                trail={trail}
                cursor={state.why.cursor}
                focused={true}
                height={Math.max(3, size.rows - 6)}
                wrapWidth={Math.max(20, size.columns - 4)}
                suggestions={suggestions}
                progress={state.lookup?.kind === 'what-if' ? progress : undefined}
                note={explained ? analysisMark(analysis, explained)?.note : undefined}
            />
        )
    return panes.stacked ? (
        <Box flexDirection="column">
            {inputs}
            {topology}
            {why}
        </Box>
    ) : (
        <Box flexDirection="column">
            <Box>
                {inputs}
                {topology}
            </Box>
            {why}
        </Box>
    )
}

/** The change the focused value or preset would make, to preview before it is committed. */
function candidate(state: WizardState, ctx: KeyContext): Choices | undefined {
    const {choices} = state
    const set = (name: string, value: unknown): Choices => ({...choices, values: {...choices.values, [name]: value}})
    if (state.screen === 'presets') {
        const name = [...ctx.definition.presets.keys()][state.presetCursor]
        return name ? {...choices, presets: togglePreset(choices.presets, name)} : undefined
    }
    if (state.screen !== 'main' || state.pane !== 'inputs') return undefined
    const editor = state.editor
    if (editor) {
        if (!editor.typing) return editor.cursor < editor.choices.length ? set(editor.name, editor.choices[editor.cursor]) : undefined
        const typed = typedValue(ctx.definition.inputs.get(editor.name)?.type, editor.text)
        return typed.ok ? set(editor.name, typed.value) : undefined
    }
    const row = inputsView(ctx, state)[state.inputCursor]
    return row?.type === 'boolean' ? set(row.name, row.value !== true) : undefined
}

/** Ctrl-C in the wizard: nothing more is written, and the command says it was interrupted. */
export class Interrupted extends Error {
    constructor() {
        super('interrupted')
        this.name = 'Interrupted'
    }
}
