// One value text typed into each shell that reads one: `--set n=TEXT` and `TRELLIS_INPUT_n=TEXT`
// as the command line collects them, the wizard's value editor driven through its reducer with the
// rules the wizard hands it, and line mode's question for the input with scripted answers. Each
// says what the shell made of the text: a refusal (its message, without the shell's prefix) or the
// value, and, for the command line, the type the engine warned the value does not fit.
import type {Key} from 'ink'
import {PassThrough} from 'node:stream'
import {collectInputs} from '../../src/app/inputs.js'
import {UsageError} from '../../src/app/errors.js'
import {VariabilityInputs, type VariabilityDefinition} from '../../src/engine/inputs/index.js'
import {SourceMap, templateFromText} from '../../src/engine/load/index.js'
import {readDefinitionOf} from '../../src/engine/resolve/index.js'
import {inputRules} from '../../src/tui/input-rules.js'
import {askValue} from '../../src/tui/line-mode.js'
import {NONE} from '../../src/tui/state/key-presses.js'
import type {Prompts} from '../../src/tui/plain-prompts.js'
import {reducer} from '../../src/tui/state/reduce.js'
import type {KeyContext} from '../../src/tui/state/keys/index.js'
import {inputsView} from '../../src/tui/state/selectors.js'
import {initialState, type WizardState} from '../../src/tui/state/wizard.js'

/** The one input every reading is of. */
export const INPUT = 'n'

/** A template's variability definition with one input `n` of `type` (none: untyped) and no default. */
export function definitionWith(type: string | undefined): VariabilityDefinition {
    const declared = type === undefined ? '{}' : `{type: ${type}}`
    const text = `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    variability:\n        inputs:\n            ${INPUT}: ${declared}\n`
    return readDefinitionOf(templateFromText(text))
}

export type Refused = {readonly refused: string}
/** `value`: the input's value as the engine then has it (undefined: none, as for `~`). */
export type CommandLineReading = Refused | {readonly value: unknown; readonly mistyped?: string}
/** `value`: the value the wizard commits; `shown`: the input's value as its list then shows it. */
export type WizardReading = Refused | {readonly value: unknown; readonly shown: unknown}
/** `kept`: the answer keeps the current value (an empty answer). */
export type LineModeReading = Refused | {readonly value: unknown} | {readonly kept: true}

/** `--set n=TEXT` (`via: 'set'`) or `TRELLIS_INPUT_n=TEXT` (`via: 'env'`), then the engine's input values. */
export function commandLine(definition: VariabilityDefinition, text: string, via: 'set' | 'env'): CommandLineReading {
    const prefix = via === 'set' ? `--set ${INPUT}: ` : `TRELLIS_INPUT_${INPUT}: `
    let collected
    try {
        collected = via === 'set' ? collectInputs({set: [`${INPUT}=${text}`]}, [INPUT], {}) : collectInputs({}, [INPUT], {[`TRELLIS_INPUT_${INPUT}`]: text})
    } catch (e) {
        if (!(e instanceof UsageError)) throw e
        if (!e.message.startsWith(prefix)) throw new Error(`"${e.message}" does not start with "${prefix}"`)
        return {refused: e.message.slice(prefix.length)}
    }
    const inputs = new VariabilityInputs(definition, new SourceMap(''), collected.presets, collected.assignments)
    const [value] = inputs.all()
    const warning = inputs.warnings.find(w => w.code === 'input-type')
    const mistyped = warning && /expects (.+?), got /.exec(warning.message)?.[1]
    return {value: value?.value, ...(mistyped ? {mistyped} : {})}
}

/**
 * The wizard's inputs pane: Enter opens the input's value editor ("type a value…" for a boolean,
 * which offers true and false first), the text arrives as one paste (a single line: Enter commits),
 * Enter again commits it or shows why not.
 */
export function wizard(definition: VariabilityDefinition, text: string): WizardReading {
    if (/[\r\n]/.test(text)) throw new Error('the value editor takes one line')
    const ctx: KeyContext = {definition, choicesFor: () => [], exists: () => false, page: 10, rules: inputRules}
    const reduce = reducer(ctx)
    let state: WizardState = initialState({presets: [], values: {}}, 't.resolved.yaml', 't.report.md')
    const press = (input: string, key: Partial<Key> = {}) => (state = reduce(state, {type: 'key', input, key: {...NONE, ...key}}))
    press('', {return: true})
    if (!state.editor) throw new Error('Enter opened no editor')
    if (!state.editor.typing) {
        // the list's last entry, "type a value…"
        press('G')
        press('', {return: true})
    }
    if (!state.editor?.typing) throw new Error('the editor does not take text')
    press(text)
    press('', {return: true})
    if (state.editor) return {refused: state.editor.error ?? '(no error shown)'}
    return {value: state.choices.values[INPUT], shown: inputsView(ctx, state)[0]?.value}
}

/** Line mode's question for the input, not set yet, answered with the text; a refused answer is followed by an empty one. */
export async function lineMode(definition: VariabilityDefinition, text: string): Promise<LineModeReading> {
    const refusals: string[] = []
    const answers = [text, '']
    const prompts: Prompts = {
        checkbox: () => Promise.reject(new Error('no checkbox is asked')),
        select: () => Promise.reject(new Error('nothing is offered')),
        confirm: () => Promise.reject(new Error('a boolean is no typed text')),
        close: () => {},
        async input({validate}) {
            for (;;) {
                const answer = answers.shift()
                if (answer === undefined) throw new Error('asked once too often')
                const verdict = validate ? validate(answer) : true
                if (verdict === true) return answer
                refusals.push(verdict)
            }
        },
    }
    const context = {input: new PassThrough(), output: new PassThrough()}
    const value = await askValue(definition.inputs.get(INPUT)!, {name: INPUT, value: undefined, source: {kind: 'unset'}, overridden: []}, [], {
        prompts,
        context,
        say: () => {},
    })
    if (refusals.length > 0) return {refused: refusals[0]!}
    return value === undefined ? {kept: true} : {value}
}
