// The dashboard: inputs, topology and the why pane, laid out for the terminal
// (see layout.ts), or the why pane alone on the whole screen (z).
import {Box} from 'ink'
import {aboutChoices, type Analysis} from '../../engine/index.js'
import type {LookupProgress} from '../hooks/use-lookup.js'
import type {Size} from '../hooks/use-terminal-size.js'
import {analysisMark} from '../hooks/use-analysis.js'
import {layout} from '../layout.js'
import type {KeyContext} from '../state/keys/index.js'
import {displayOf, explainedElement, inputsView, topologyView, whyView} from '../state/selectors.js'
import type {WizardState} from '../state/wizard.js'
import {missingInputs} from '../state/missing.js'
import type {InputRow} from '../state/inputs.js'
import {InputsPane, inputsWidth} from './inputs-pane.js'
import {TopologyPane} from './topology-pane.js'
import {WhyPane} from './why-pane.js'
import {window} from './window.js'

export interface MainScreenProps {
    readonly state: WizardState
    readonly ctx: KeyContext
    readonly size: Size
    /** Rows the message lines take below the screen. */
    readonly message: number
    readonly preview?: string
    readonly progress?: LookupProgress
    readonly analysis?: Analysis
    /** A few words on why, for a row's element (by sequence number), once the resolver said them. */
    readonly reasonOf: (seq: number) => string
}

/** What the topology says when it lists nothing: why there is nothing to list. */
function emptyTopology(state: WizardState, inputs: readonly InputRow[]): string {
    if (!state.outcome) return state.stopped ? 'nothing resolved: the resolver stopped' : 'resolving…'
    if (state.outcome.ok) return 'no element matches'
    if (state.outcome.error.errorClass === 'resolution') return 'no variant exists (c shows why)'
    if (missingInputs(inputs).length > 0) return 'nothing resolves until every input has a value'
    return aboutChoices(state.outcome.error.code) ? 'these choices cannot be resolved (c shows why)' : 'the template has a mistake, whatever the choices (c shows it)'
}

/** The topology rows on screen, whose reasons are worth asking for. */
export function shownRows(state: WizardState, size: Size, message: number): number[] {
    const rows = topologyView(state)
    if (state.screen !== 'main' || state.whyFull) return []
    const {start, end} = window(Math.min(state.topologyCursor, rows.length - 1), rows.length, layout(size, state.pane, message).topology)
    return rows.slice(start, end).map(r => r.element.seq)
}

/** What the why pane shows, on the dashboard or the whole screen: the explanation, what-if and the analysis. */
function useWhy(state: WizardState, progress: LookupProgress | undefined, analysis: Analysis | undefined) {
    const lines = whyView(state)
    const explained = explainedElement(state)
    const suggestions = state.suggestions && (state.suggestions.lookup.target === undefined || state.suggestions.lookup.target === explained) ? state.suggestions : undefined
    return {
        lines,
        trail: state.why.stack.map(id => displayOf(state, id)),
        cursor: state.why.cursor,
        suggestions,
        progress: state.lookup?.kind === 'what-if' ? progress : undefined,
        note: explained ? analysisMark(analysis, explained)?.note : undefined,
        waiting: explained !== undefined && lines.length === 0 && state.outcome?.ok === true && !state.stopped,
    }
}

export function MainScreen({state, ctx, size, message, preview, progress, analysis, reasonOf}: MainScreenProps) {
    const panes = layout(size, state.pane, message)
    const rows = topologyView(state)
    const shared = useWhy(state, progress, analysis)
    // the whole explanation, wrapped: nothing of it is cut off, the what-if list included
    if (state.whyFull) return <WhyPane {...shared} focused={true} height={Math.max(3, size.rows - 2 - message - 3)} wrapWidth={Math.max(20, size.columns - 4)} />
    const inputRows = inputsView(ctx, state)
    // side by side, the inputs take what their rows need, between a third and 45% of the width (the topology needs room for reasons)
    const inputsColumns = Math.round(Math.min(size.columns * 0.45, Math.max(size.columns / 3, inputsWidth(inputRows, state.editor))))
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
            room={(panes.stacked ? size.columns : inputsColumns) - 4}
        />
    )
    const topology = (
        <TopologyPane
            rows={rows}
            cursor={Math.min(state.topologyCursor, rows.length - 1)}
            focused={state.pane === 'topology'}
            filter={state.filter}
            search={state.search}
            height={panes.topology}
            reasonOf={row => [reasonOf(row.element.seq), analysisMark(analysis, row.element.id)?.short ?? ''].filter(Boolean).join(' ')}
            empty={emptyTopology(state, inputRows)}
        />
    )
    const why = <WhyPane {...shared} focused={state.pane === 'why'} height={panes.why} width={size.columns - 4} />
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
