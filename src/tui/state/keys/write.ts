// The write screen's keys: the paths edited, overwriting confirmed, then the offer to save a profile.
import type {Key} from 'ink'
import {STANDARD_OUTPUT} from '../../resolver/protocol.js'
import {missingInputs} from '../missing.js'
import {inputsView} from '../selectors.js'
import {withEffect, type WizardState, type WriteField} from '../wizard.js'
import {edited, globalKey, type KeyContext} from './common.js'
import {profilesKey} from './profiles.js'

/** The path tab moves to from the one edited: output, report, then the CSAR when one is offered; then none. */
function nextField(write: WizardState['write']): WriteField | undefined {
    if (write.field === 'output') return 'report'
    if (write.field === 'report' && write.csar !== undefined) return 'csar'
    return undefined
}

/**
 * Why the choices cannot be written, as the write screen says it and Enter answers; undefined when
 * they resolve. Inputs without a value are named, not called "no variant" (no condition was weighed).
 */
export function nothingToWrite(state: WizardState, ctx: KeyContext): string | undefined {
    const outcome = state.outcome
    if (outcome?.ok) return undefined
    if (!outcome) return 'nothing to write yet: resolving…'
    const missing = outcome.error.errorClass === 'resolution' ? [] : missingInputs(inputsView(ctx, state))
    if (missing.length > 0)
        return `nothing to write: ${missing.length === 1 ? `${missing[0]} needs a value` : `${missing.length} inputs need a value (${missing.join(', ')})`} — esc, then c lists ${missing.length === 1 ? 'it' : 'them'}`
    return `nothing to write: ${outcome.error.errorClass === 'resolution' ? 'no variant exists' : 'these choices do not resolve'} — esc, then c shows why`
}

export function writeKey(state: WizardState, input: string, key: Key, ctx: KeyContext): WizardState {
    const write = state.write
    // after writing: the offer to keep these choices as a profile
    if (write.offering && state.profiles.naming) return profilesKey(state, input, key, ctx)
    if (write.confirming) {
        if (input === 'y') return withEffect({...state, write: {...write, confirming: false}}, {kind: 'write'})
        if (input === 'n' || key.escape) return {...state, write: {...write, confirming: false}, message: 'nothing written'}
        return state
    }
    if (write.field) {
        if (key.escape || key.return) return {...state, write: {...write, field: undefined}}
        if (key.tab) return {...state, write: {...write, field: nextField(write)}}
        const text = edited(write[write.field] ?? '', input, key)
        return text === undefined ? state : {...state, write: {...write, [write.field]: text}}
    }
    if (key.escape) return {...state, screen: 'main', message: undefined}
    if (key.tab) return {...state, write: {...write, field: 'output'}}
    if (key.return) {
        const nothing = nothingToWrite(state, ctx)
        if (nothing !== undefined) return {...state, message: nothing}
        if (write.output.trim() === '') return {...state, message: 'name the output file'}
        if ([write.output, write.report, write.csar].includes(STANDARD_OUTPUT))
            return {...state, message: 'standard output ("-") is the screen here: name a file (trellis resolve -o - or --prompt write to standard output)'}
        const existing = [write.output, write.report, write.csar].filter(f => f && ctx.exists(f))
        return existing.length ? {...state, write: {...write, confirming: true}} : withEffect(state, {kind: 'write'})
    }
    return globalKey(state, input) ?? state
}
