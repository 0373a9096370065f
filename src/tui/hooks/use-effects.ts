// Carries out what the reducer asked for: writing the resolved template and
// its report, reading and saving profiles, leaving. Each result goes back to
// the reducer as an action.
import path from 'node:path'
import {useEffect, type Dispatch} from 'react'
import {useApp} from 'ink'
import type {LoadedTemplate, ResolveRequest} from '../../engine/index.js'
import {sha256File} from '../../profiles/staleness.js'
import type {ProfileStore} from '../../profiles/store.js'
import type {Profile} from '../../profiles/types.js'
import type {Action} from '../state/reduce.js'
import {writeResolution} from '../state/write.js'
import type {Effect, WizardState} from '../state/wizard.js'
import {describeSystemError} from '../../app/errors.js'

export function useEffects(template: LoadedTemplate, base: ResolveRequest | undefined, store: () => ProfileStore, state: WizardState, dispatch: Dispatch<Action>): void {
    const {exit} = useApp()
    useEffect(() => {
        if (state.effects.length === 0) return
        const effects = state.effects
        dispatch({type: 'effects-taken', count: effects.length})
        for (const effect of effects) dispatch(carryOut(effect, template, base, store, state, exit))
    }, [state.effects])
}

function carryOut(effect: Effect, template: LoadedTemplate, base: ResolveRequest | undefined, store: () => ProfileStore, state: WizardState, exit: () => void): Action {
    const profiles = (): Profile[] =>
        store()
            .list()
            .filter(p => path.resolve(p.template.path) === template.file)
    try {
        switch (effect.kind) {
            case 'exit':
                exit()
                return {type: 'effects-taken', count: 0}
            case 'load-profiles':
                return {type: 'profiles', list: profiles()}
            case 'save-profile': {
                const {presets, values} = state.choices
                store().save(
                    {name: effect.name, template: {path: template.file, sha256: sha256File(template.file)}, presets: [...presets], inputs: {...values}},
                    {force: effect.force},
                )
                return {type: 'profile-saved', name: effect.name, list: profiles()}
            }
            case 'write': {
                const {output, report} = state.write
                writeResolution(template, base, state.choices, output, report)
                return {type: 'written', message: `wrote ${output}${report ? ` and ${report}` : ''}`}
            }
        }
    } catch (e) {
        const what = effect.kind === 'write' ? 'not written' : effect.kind === 'save-profile' ? 'not saved' : 'profiles unavailable'
        // one sentence naming the user's path (never a temporary file), and what to do
        return {type: 'failed', message: `${what}: ${describeSystemError(e) ?? (e as Error).message}`}
    }
}
