// Carries out what the reducer asked for: writing the resolved template and
// its report (by the resolver, which holds the template), reading and saving
// profiles, leaving. Each result goes back to the reducer as an action.
import {andList} from '../../app/shown-text.js'
import path from 'node:path'
import {useEffect, type Dispatch} from 'react'
import {useApp} from 'ink'
import {saveChoices} from '../../profiles/choices.js'
import type {ProfileStore} from '../../profiles/store.js'
import type {Profile} from '../../profiles/types.js'
import type {Resolver} from '../resolver/client.js'
import {givenValues} from '../resolver/protocol.js'
import type {KeyContext} from '../state/keys/index.js'
import {valuesView} from '../state/selectors.js'
import type {Action} from '../state/reduce.js'
import type {Effect, WizardState} from '../state/wizard.js'
import {describeSystemError} from '../../app/errors.js'

export function useEffects(
    resolver: Resolver,
    /** What the user named for the template (absolute: the file, or its CSAR folder or archive): profiles name it. */
    file: string,
    store: () => ProfileStore,
    /** What the inputs' values are worked out from: a profile keeps the values given. */
    ctx: KeyContext,
    state: WizardState,
    dispatch: Dispatch<Action>,
    written: (files: readonly string[]) => void,
): void {
    const {exit} = useApp()
    useEffect(() => {
        if (state.effects.length === 0) return
        const effects = state.effects
        dispatch({type: 'effects-taken', count: effects.length})
        for (const effect of effects) {
            if (effect.kind === 'write') write(resolver, state, dispatch, written)
            else dispatch(carryOut(effect, file, store, ctx, state, exit))
        }
    }, [state.effects])
}

/** The resolver writes (it holds the template); the answer comes back as a message. */
function write(resolver: Resolver, state: WizardState, dispatch: Dispatch<Action>, written: (files: readonly string[]) => void): void {
    const {output, report, csar} = state.write
    const id = resolver.nextId()
    const stop = resolver.listen(response => {
        if (response.type === 'written' && response.id === id) {
            stop()
            written(response.files)
            // what the command line says as notes (an output whose files are not beside it) is said here too
            dispatch({type: 'written', message: [`wrote ${andList([output, report, csar ?? ''].filter(Boolean))}`, ...response.notes.map(n => `note: ${n}`)].join(' · ')})
        } else if (response.type === 'failed' && response.id === id) {
            stop()
            dispatch({type: 'failed', message: `not written: ${response.message}`})
        }
    })
    resolver.send({type: 'write', id, choices: state.choices, output, report, ...(csar ? {csar} : {})})
}

function carryOut(effect: Exclude<Effect, {kind: 'write'}>, file: string, store: () => ProfileStore, ctx: KeyContext, state: WizardState, exit: () => void): Action {
    const profiles = (): Profile[] =>
        store()
            .list()
            .filter(p => path.resolve(p.template.path) === file)
    try {
        switch (effect.kind) {
            case 'exit':
                exit()
                return {type: 'effects-taken', count: 0}
            case 'load-profiles':
                return {type: 'profiles', list: profiles()}
            case 'save-profile': {
                // every value given, the command line's included (less those removed): the profile resolves as the wizard does
                saveChoices(store(), {name: effect.name, template: file, presets: state.choices.presets, inputs: givenValues(valuesView(ctx, state))}, {force: effect.force})
                return {type: 'profile-saved', name: effect.name, list: profiles()}
            }
        }
    } catch (e) {
        const what = effect.kind === 'save-profile' ? 'not saved' : 'profiles unavailable'
        // one sentence naming the user's path (never a temporary file), and what to do
        return {type: 'failed', message: `${what}: ${describeSystemError(e) ?? (e as Error).message}`}
    }
}
